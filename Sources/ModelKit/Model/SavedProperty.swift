import Foundation

/// One saved property of a model class: its key, where its storage lies in an instance, and
/// the operations that data needs, without knowing the value type.
class AnySavedProperty: @unchecked Sendable {
    let key: String
    let offset: Int
    let quotedKey: [UInt8]
    let quotedKeyUnescapedSlashes: [UInt8]
    let containsModelObjects: Bool

    init(key: String, offset: Int, containsModelObjects: Bool) {
        self.key = key
        self.offset = offset
        self.containsModelObjects = containsModelObjects
        quotedKey = JSONWriter.quotedKey(key, escapingSlashes: true)
        quotedKeyUnescapedSlashes = JSONWriter.quotedKey(key, escapingSlashes: false)
    }

    func load(_ savedValue: Any, into object: ModelObject, context: LoadContext) throws {}
    func savedValue(of object: ModelObject, context: SaveContext) throws -> Any? { nil }
    func writeJSON(of object: ModelObject, to writer: inout JSONWriter, isFirst: Bool) throws -> Bool { false }
    func isNil(in object: ModelObject) -> Bool { true }
    func value(of object: ModelObject) -> Any { () }
    func setValue(_ value: Any, of object: ModelObject) {}
    func isEqual(_ lhs: ModelObject, _ rhs: ModelObject) -> Bool { true }
    func isEqual(_ value: Any, toValueOf object: ModelObject) -> Bool { false }
    func hash(of object: ModelObject, into hasher: inout Hasher) {}
    func copyValue(from source: ModelObject, to target: ModelObject, context: CopyContext) {}
    func visitModelObjects(of object: ModelObject, _ visitor: (ModelObject) -> Bool) -> Bool { true }
}

// Immutable after creation: the key, the offset and the pre-quoted keys are `let` constants.
final class SavedProperty<Value: SavedValue>: AnySavedProperty, @unchecked Sendable {
    init(key: String, offset: Int) {
        super.init(key: key, offset: offset, containsModelObjects: Value.containsModelObjects)
    }

    /// The storage of the property inside `object`.
    ///
    /// `offset` comes from the runtime's reflection metadata for the field whose type is
    /// `Saved<Value>`, so the pointer is of the right type; the caller keeps `object` alive.
    @inline(__always)
    static func storage(of object: ModelObject, at offset: Int) -> UnsafeMutablePointer<Saved<Value>> {
        UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque())
            .advanced(by: offset)
            .assumingMemoryBound(to: Saved<Value>.self)
    }

    @inline(__always)
    private func storage(of object: ModelObject) -> UnsafeMutablePointer<Saved<Value>> {
        Self.storage(of: object, at: offset)
    }

    override func load(_ savedValue: Any, into object: ModelObject, context: LoadContext) throws {
        let value = try Value.make(savedValue: savedValue, context: context)
        storage(of: object).pointee.value = value
    }

    override func savedValue(of object: ModelObject, context: SaveContext) throws -> Any? {
        let value = storage(of: object).pointee.value
        if value.isNilSavedValue { return nil }
        return try value.savedValue(context: context)
    }

    override func writeJSON(of object: ModelObject, to writer: inout JSONWriter, isFirst: Bool) throws -> Bool {
        let value = storage(of: object).pointee.value
        if value.isNilSavedValue { return false }
        let slashes = writer.options.contains(.withoutEscapingSlashes)
        writer.writeKey(quoted: slashes ? quotedKeyUnescapedSlashes : quotedKey, isFirst: isFirst)
        try value.writeJSON(to: &writer)
        return true
    }

    override func isNil(in object: ModelObject) -> Bool {
        storage(of: object).pointee.value.isNilSavedValue
    }

    override func value(of object: ModelObject) -> Any {
        storage(of: object).pointee.value
    }

    override func setValue(_ value: Any, of object: ModelObject) {
        guard let value = value as? Value else { return }
        storage(of: object).pointee.value = value
    }

    override func isEqual(_ lhs: ModelObject, _ rhs: ModelObject) -> Bool {
        storage(of: lhs).pointee.value == storage(of: rhs).pointee.value
    }

    override func isEqual(_ value: Any, toValueOf object: ModelObject) -> Bool {
        guard let value = value as? Value else { return false }
        return value == storage(of: object).pointee.value
    }

    override func hash(of object: ModelObject, into hasher: inout Hasher) {
        // Model objects are left out, so that a hash never walks a cycle; equal objects still
        // hash alike because everything hashed is also compared.
        guard !containsModelObjects, let hashable = storage(of: object).pointee.value as? any Hashable else { return }
        hasher.combine(AnyHashable(hashable))
    }

    override func copyValue(from source: ModelObject, to target: ModelObject, context: CopyContext) {
        let value = storage(of: source).pointee.value
        storage(of: target).pointee.value = containsModelObjects ? value.savedCopy(context: context) : value
    }

    override func visitModelObjects(of object: ModelObject, _ visitor: (ModelObject) -> Bool) -> Bool {
        guard containsModelObjects else { return true }
        return storage(of: object).pointee.value.visitModelObjects(visitor)
    }
}
