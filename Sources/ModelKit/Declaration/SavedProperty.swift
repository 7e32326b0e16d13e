import Foundation

/// One saved property of a model class: its key, where its storage lies in an instance, and
/// the operations that data needs, without knowing the value type.
class AnySavedProperty: @unchecked Sendable {
    /// The key that the value is stored under in its object: for a property inside nested
    /// objects, the key in the innermost one.
    let key: String
    /// The keys from the object's data to the value, outermost first, when the value is
    /// stored inside nested objects; else empty.
    let path: [String]
    /// Other keys that loading accepts, in order of preference after ``key``; never for a
    /// property inside nested objects.
    let alternatives: [String]
    /// The key path from the object to the value, which errors are prefixed with; empty for
    /// a flattened object, whose values live at the object's own level.
    let keyPath: [ModelKeyPath.Component]
    /// The property's name among the keys of its class, as ``ModelObject/savedKeys`` and
    /// ``ModelObject/changedKeys`` give it: its key, or for a property inside nested objects,
    /// the path in the form `stats.stars`.
    let displayKey: String
    /// The date format made ready, when the property's value holds dates and the format is
    /// not ISO 8601; the property hands it on while its value is converted.
    let dateCoding: DateCoding?
    /// What a raw value that an enum does not know loads as.
    let fallback: SavedFallback?
    /// The declared class of a flattened object (`@Saved(flattened: true)`), whose saved
    /// properties live at the top level of this object's data; else `nil`.
    let flattenedClass: ModelObject.Type?
    /// The offset of the property's `Saved` field inside an instance, which also identifies the
    /// property in change records and among skipped values.
    let offset: Int
    /// The offset of the property's value inside an instance, past its field's offset by the
    /// value's offset inside `Saved`.
    ///
    /// Here rather than in the generic subclass, whose fields after one of a generic type lie at
    /// offsets found at run time.
    let valueOffset: Int
    let quotedKey: [UInt8]
    let quotedKeyUnescapedSlashes: [UInt8]
    let containsModelObjects: Bool
    /// Whether the value is an optional, which reads `null` as `nil`.
    let isOptional: Bool

    init(
        key: String, declaration: SavedDeclaration, dateFormat: DateFormat, holdsDates: Bool, offset: Int,
        valueOffset: Int, containsModelObjects: Bool, isOptional: Bool
    ) {
        self.key = key
        path = declaration.path
        alternatives = declaration.alternatives
        flattenedClass = declaration.flattenedClass
        keyPath = declaration.flattenedClass != nil ? [] : path.isEmpty ? [.key(key)] : path.map { .key($0) }
        displayKey = path.isEmpty ? key : ModelKeyPath(keyPath).description
        dateCoding = holdsDates ? DateCoding(dateFormat) : nil
        fallback = declaration.fallback
        self.offset = offset
        self.valueOffset = valueOffset
        self.containsModelObjects = containsModelObjects
        self.isOptional = isOptional
        quotedKey = JSONWriter.quotedKey(key, escapingSlashes: true)
        quotedKeyUnescapedSlashes = JSONWriter.quotedKey(key, escapingSlashes: false)
    }

    /// Whether the property holds a flattened object, whose saved properties live at the top
    /// level of this object's data.
    var isFlattened: Bool { flattenedClass != nil }

    /// The type of the property's value.
    var valueType: Any.Type { Void.self }
    func load(_ savedValue: Any, into object: ModelObject, context: LoadContext) throws {}
    func read(from reader: inout JSONReader, into object: ModelObject, context: LoadContext) throws {}
    func savedValue(of object: ModelObject, context: SaveContext) throws -> Any? { nil }
    func writeJSON(of object: ModelObject, to writer: inout JSONWriter, isFirst: Bool) throws -> Bool { false }
    /// Writes the value, which is not `nil`, as ``writeJSON(of:to:isFirst:)`` writes it after
    /// the key.
    func writeJSONValue(of object: ModelObject, to writer: inout JSONWriter) throws {}
    func isNil(in object: ModelObject) -> Bool { true }
    func value(of object: ModelObject) -> Any { () }
    func setValue(_ value: Any, of object: ModelObject) {}
    func isEqual(_ lhs: ModelObject, _ rhs: ModelObject) -> Bool { true }
    func isEqual(_ value: Any, toValueOf object: ModelObject) -> Bool { false }
    /// Whether `value` is of the property's type, as the originals in a change record are.
    func canHold(_ value: Any) -> Bool { false }
    func hash(of object: ModelObject, into hasher: inout Hasher) {}
    func copyValue(from source: ModelObject, to target: ModelObject, context: CopyContext) {}
    /// A deep copy of the property's value in `object`.
    func copiedValue(of object: ModelObject) -> Any { () }
    func visitModelObjects(of object: ModelObject, _ visitor: (ModelObject) -> Bool) -> Bool { true }
    /// The storage of the property in `object` when its type is a model class, else `nil`.
    func modelStorage(in object: ModelObject) -> UnsafeMutablePointer<ModelObject>? { nil }
    /// Moves the value out of `object`, which is being deallocated, leaving the class's default
    /// in its place; for ``ReleaseQueue``, and only for properties that hold model objects.
    func takeValue(of object: ModelObject) -> Any { () }
    /// The model object that the property holds in `object`, directly or as an optional;
    /// `nil` when it holds none or a collection.
    func modelObject(in object: ModelObject) -> ModelObject? { nil }
    /// The dictionary form of `value`, a value of the property's type; `nil` for `nil`.
    func savedValue(from value: Any, context: SaveContext) throws -> Any? { nil }
    /// A value of the property's type read from its dictionary form, without storing it.
    func makeValue(from savedValue: Any, context: LoadContext) throws -> Any { () }
    /// Sets the property in `object` as its setter does, through
    /// ``ModelObject/recordAssignment(of:replacing:atOffset:)``, leaving the notification of
    /// observers to the caller.
    func assign(_ value: Any, to object: ModelObject) {}
    /// Sets the property in `object` to the value that `fresh`, a new object of the same
    /// class, holds, without recording a change.
    func takeDefault(from fresh: ModelObject, into object: ModelObject) {}
    /// Appends `part` in place to the `String` or `String?` that the property holds in
    /// `object`, or sets it to `part` when `startsOver`, without recording a change; `false`
    /// for a property of another type.
    func appendString(_ part: String, startsOver: Bool, in object: ModelObject) -> Bool { false }
}

// Immutable after creation: the key, the offset, the kind and the pre-quoted keys are `let`
// constants.
final class SavedProperty<Value: SavedValue>: AnySavedProperty, @unchecked Sendable {
    let kind: ValueKind
    /// The wrapped class when `Value` is an optional model class, whose references are
    /// stored alike.
    private let optionalModelClass: ModelObject.Type?
    /// The default value of the property, for ``takeValue(of:)``; `nil` for types that hold no
    /// model objects.
    private let defaultValue: Value?

    init(key: String, declaration: SavedDeclaration, dateFormat: DateFormat, offset: Int, defaultValue: Value) {
        // The fast paths below reach the value itself, inside the field's `Saved<Value>`.
        // `MemoryLayout.offset(of:)` is `nil` only for a key path that is not a stored property;
        // `value` is `Saved`'s stored property, so this depends on the declaration alone.
        guard let offsetInSaved = FieldStorage.valueOffset(in: Saved<Value>.self) else {
            preconditionFailure("Saved<\(Value.self)> does not store its value at a fixed offset")
        }
        kind = ValueKind(Value.self)
        optionalModelClass = (Value.self as? any OptionalModel.Type)?.wrappedModelClass
        self.defaultValue = Value._containsModelObjects ? defaultValue : nil
        super.init(
            key: key, declaration: declaration, dateFormat: dateFormat, holdsDates: DateCoding.applies(to: Value.self),
            offset: offset, valueOffset: offset + offsetInSaved, containsModelObjects: Value._containsModelObjects,
            isOptional: Value.self is any SavedOptional.Type)
    }

    /// The storage of the property inside `object`, whose field is at `offset`.
    @inline(__always)
    static func storage(of object: ModelObject, at offset: Int) -> UnsafeMutablePointer<Saved<Value>> {
        FieldStorage.pointer(in: object, at: offset, as: Saved<Value>.self)
    }

    @inline(__always)
    private func storage(of object: ModelObject) -> UnsafeMutablePointer<Saved<Value>> {
        Self.storage(of: object, at: offset)
    }

    /// The storage of the property's value inside `object`, typed as `T`, which the caller
    /// has checked through ``kind`` to be `Value` (or, for a model class, its superclass
    /// `ModelObject`, whose references are stored alike).
    ///
    /// - Warning: Binds the object's memory at ``valueOffset`` to `T` (assumption 2 of
    ///   ``RuntimeAssumptions``).
    @inline(__always)
    func value<T>(in object: ModelObject, as type: T.Type) -> UnsafeMutablePointer<T> {
        FieldStorage.pointer(in: object, at: valueOffset, as: T.self)
    }

    override var valueType: Any.Type { Value.self }

    override func load(_ savedValue: Any, into object: ModelObject, context: LoadContext) throws {
        object.isPristine = false
        switch kind {
        case .string:
            value(in: object, as: String.self).pointee = try String._make(savedValue: savedValue, context: context)
        case .int: value(in: object, as: Int.self).pointee = try Int._make(savedValue: savedValue, context: context)
        case .double:
            value(in: object, as: Double.self).pointee = try Double._make(savedValue: savedValue, context: context)
        case .bool: value(in: object, as: Bool.self).pointee = try Bool._make(savedValue: savedValue, context: context)
        case .date:
            value(in: object, as: Date.self).pointee =
                try dateCoding?.date(fromSavedValue: savedValue, context: context)
                ?? Date._make(savedValue: savedValue, context: context)
        case .optionalString:
            value(in: object, as: String?.self).pointee = try String?._make(savedValue: savedValue, context: context)
        case .stringArray:
            value(in: object, as: [String].self).pointee = try [String]._make(savedValue: savedValue, context: context)
        case .model(let modelClass):
            let storage = value(in: object, as: ModelObject.self)
            storage.pointee = try modelClass.loadNestedObject(
                fromSavedValue: savedValue, context: context, reusing: storage)
        case .other:
            guard let dateCoding else {
                value(in: object, as: Value.self).pointee = try Value._make(savedValue: savedValue, context: context)
                return
            }
            value(in: object, as: Value.self).pointee = try context.converting(datesAs: dateCoding) {
                try Value._make(savedValue: savedValue, context: context)
            }
        }
    }

    override func read(from reader: inout JSONReader, into object: ModelObject, context: LoadContext) throws {
        object.isPristine = false
        // Each case reads what the type's `_read(from:context:)` reads. Only the cases that
        // can hold model objects are here: loading recursion passes through this frame, so
        // the others are read in a function of their own.
        switch kind {
        case .model(let modelClass):
            let storage = value(in: object, as: ModelObject.self)
            storage.pointee = try modelClass.readNestedObject(from: &reader, context: context, reusing: storage)
        case .other:
            if let modelClass = optionalModelClass {
                let storage = value(in: object, as: ModelObject?.self)
                if try reader.readNull() {
                    storage.pointee = nil
                    context.nullEnd = reader.position
                } else {
                    storage.pointee = try modelClass.readNestedObject(from: &reader, context: context, reusing: nil)
                }
            } else if dateCoding != nil {
                try readScalar(from: &reader, into: object, context: context)
            } else {
                value(in: object, as: Value.self).pointee = try Value._read(from: &reader, context: context)
            }
        default:
            try readScalar(from: &reader, into: object, context: context)
        }
    }

    override func savedValue(of object: ModelObject, context: SaveContext) throws -> Any? {
        // Each case gives what the type's `_savedValue(context:)` gives.
        switch kind {
        case .string: return value(in: object, as: String.self).pointee
        case .int: return value(in: object, as: Int.self).pointee
        case .double: return value(in: object, as: Double.self).pointee
        case .bool: return value(in: object, as: Bool.self).pointee
        case .date:
            let date = value(in: object, as: Date.self).pointee
            if let dateCoding { return try dateCoding.savedValue(of: date) }
            return try ISO8601.string(from: context.options.writtenDate(date))
        case .optionalString: return value(in: object, as: String?.self).pointee
        case .stringArray: return value(in: object, as: [String].self).pointee.map { $0 as Any }
        case .model: return try value(in: object, as: ModelObject.self).pointee.dictionaryForm(context: context)
        case .other:
            let value = value(in: object, as: Value.self).pointee
            if value._isNilSavedValue { return nil }
            guard let dateCoding else { return try value._savedValue(context: context) }
            return try context.converting(datesAs: dateCoding) { try value._savedValue(context: context) as Any? }
        }
    }

    override func writeJSON(of object: ModelObject, to writer: inout JSONWriter, isFirst: Bool) throws -> Bool {
        // Each case writes what the type's `_writeJSON(to:)` writes.
        switch kind {
        case .optionalString:
            guard let string = value(in: object, as: String?.self).pointee else { return false }
            writeKey(to: &writer, isFirst: isFirst)
            writer.output.writeString(string)
        case .other:
            let value = value(in: object, as: Value.self).pointee
            if value._isNilSavedValue { return false }
            writeKey(to: &writer, isFirst: isFirst)
            if let dateCoding {
                try writer.writing(datesAs: dateCoding) { try value._writeJSON(to: &$0) }
            } else {
                try value._writeJSON(to: &writer)
            }
        default:
            writeKey(to: &writer, isFirst: isFirst)
            try writeValue(of: object, to: &writer)
        }
        return true
    }

    override func writeJSONValue(of object: ModelObject, to writer: inout JSONWriter) throws {
        if case .other = kind, let dateCoding {
            let value = value(in: object, as: Value.self).pointee
            return try writer.writing(datesAs: dateCoding) { try value._writeJSON(to: &$0) }
        }
        try writeValue(of: object, to: &writer)
    }

    @inline(__always)
    private func writeKey(to writer: inout JSONWriter, isFirst: Bool) {
        writer.output.writeKey(
            quoted: writer.output.escapesSlashes ? quotedKey : quotedKeyUnescapedSlashes, isFirst: isFirst)
    }

    @inline(__always)
    private func writeValue(of object: ModelObject, to writer: inout JSONWriter) throws {
        switch kind {
        case .string: writer.output.writeString(value(in: object, as: String.self).pointee)
        case .int: writer.output.writeInteger(value(in: object, as: Int.self).pointee)
        case .double: try writer.writeDouble(value(in: object, as: Double.self).pointee)
        case .bool: writer.output.writeBool(value(in: object, as: Bool.self).pointee)
        case .date:
            let date = value(in: object, as: Date.self).pointee
            if let dateCoding {
                try dateCoding.write(date, to: &writer)
            } else {
                try writer.writeDate(date)
            }
        case .stringArray: try writer.writeArray(value(in: object, as: [String].self).pointee)
        case .model: try value(in: object, as: ModelObject.self).pointee.writeJSON(to: &writer)
        case .optionalString, .other: try value(in: object, as: Value.self).pointee._writeJSON(to: &writer)
        }
    }

    override func isNil(in object: ModelObject) -> Bool {
        value(in: object, as: Value.self).pointee._isNilSavedValue
    }

    override func value(of object: ModelObject) -> Any {
        storage(of: object).pointee.value
    }

    override func setValue(_ value: Any, of object: ModelObject) {
        guard let value = value as? Value else { return }
        object.isPristine = false
        storage(of: object).pointee.value = value
    }

    override func isEqual(_ lhs: ModelObject, _ rhs: ModelObject) -> Bool {
        storage(of: lhs).pointee.value == storage(of: rhs).pointee.value
    }

    override func isEqual(_ value: Any, toValueOf object: ModelObject) -> Bool {
        guard let value = value as? Value else { return false }
        return value == storage(of: object).pointee.value
    }

    override func canHold(_ value: Any) -> Bool {
        value is Value
    }

    override func hash(of object: ModelObject, into hasher: inout Hasher) {
        // Model objects are left out, so that a hash never walks a cycle; equal objects still
        // hash alike because everything hashed is also compared.
        guard !containsModelObjects, let hashable = storage(of: object).pointee.value as? any Hashable else { return }
        hasher.combine(AnyHashable(hashable))
    }

    override func copyValue(from source: ModelObject, to target: ModelObject, context: CopyContext) {
        target.isPristine = false
        let value = storage(of: source).pointee.value
        storage(of: target).pointee.value = containsModelObjects ? value._savedCopy(context: context) : value
    }

    override func copiedValue(of object: ModelObject) -> Any {
        CopyContext.copy(of: storage(of: object).pointee.value)
    }

    override func takeDefault(from fresh: ModelObject, into object: ModelObject) {
        storage(of: object).pointee.value = storage(of: fresh).pointee.value
    }

    override func takeValue(of object: ModelObject) -> Any {
        guard let defaultValue else { return () }
        let storage = storage(of: object)
        let value = storage.pointee.value
        storage.pointee.value = defaultValue
        return value
    }

    override func modelStorage(in object: ModelObject) -> UnsafeMutablePointer<ModelObject>? {
        guard case .model = kind else { return nil }
        return value(in: object, as: ModelObject.self)
    }

    override func visitModelObjects(of object: ModelObject, _ visitor: (ModelObject) -> Bool) -> Bool {
        guard containsModelObjects else { return true }
        return storage(of: object).pointee.value._visitModelObjects(visitor)
    }

    override func modelObject(in object: ModelObject) -> ModelObject? {
        guard containsModelObjects else { return nil }
        if case .model = kind { return value(in: object, as: ModelObject.self).pointee }
        // An optional model unwraps in the cast; a collection does not cast.
        return storage(of: object).pointee.value as Any as? ModelObject
    }

    override func savedValue(from value: Any, context: SaveContext) throws -> Any? {
        guard let value = value as? Value, !value._isNilSavedValue else { return nil }
        guard let dateCoding else { return try value._savedValue(context: context) }
        return try context.converting(datesAs: dateCoding) { try value._savedValue(context: context) as Any? }
    }

    override func makeValue(from savedValue: Any, context: LoadContext) throws -> Any {
        guard let dateCoding else { return try Value._make(savedValue: savedValue, context: context) }
        return try context.converting(datesAs: dateCoding) { try Value._make(savedValue: savedValue, context: context) }
    }

    override func appendString(_ part: String, startsOver: Bool, in object: ModelObject) -> Bool {
        switch kind {
        case .string:
            let string = value(in: object, as: String.self)
            if startsOver { string.pointee = part } else { string.pointee += part }
        case .optionalString:
            let string = value(in: object, as: String?.self)
            if startsOver || string.pointee == nil { string.pointee = part } else { string.pointee?.append(part) }
        default:
            return false
        }
        object.isPristine = false
        return true
    }

    override func assign(_ value: Any, to object: ModelObject) {
        guard let value = value as? Value else { return }
        let storage = storage(of: object)
        _ = object.recordAssignment(of: value, replacing: storage.pointee.value, atOffset: offset)
        storage.pointee.value = value
    }
}
