import Foundation

// What a `PartialLoader` does with each token the scanner reports: it keeps a frame for each
// open array and object, which says where that container's values go, and reads each value
// that ends with the reader of a whole load, into the property its key names.
//
// For `{"title":"Pie","steps":[{"n":1}]}` into a `Recipe` whose `steps` are `[Step]`:
//
//     event                 frames after                   shown
//     object at 0           object(recipe)
//     key "title"           object(recipe), title          title growing
//     string opens at 9     (the piece ends inside it)     title = "P", then "Pie"
//     value 9..<14          object(recipe)                 title = "Pie", complete
//     key "steps"           object(recipe), steps
//     array at 23           …, elements(steps)             steps = [], growing
//     object at 24          …, elements, object(step 0)    steps = [Step()]
//     key "n", value 1      …                              steps[0].n = 1, complete
//     end, end, end                                        steps complete
//
// A value whose shape or tag decides what it becomes (a union, a `Codable` value, an object
// of a class with known subclasses) or that holds no model objects to fill (an array of
// numbers, a dictionary) is read whole when it ends, as the load reads it.

/// What the values of an open array or object go into.
enum PartialFrame {
    /// The entries of an object go into the properties of a model object.
    case object(PartialObjectFrame)
    /// Each element of an array of model objects is added to `property` of `owner` as it
    /// opens.
    case elements(owner: ModelObject, property: AnySavedProperty, index: Int)
    /// The value that began at `start` is read whole into `property` of `owner` when it ends.
    case whole(owner: ModelObject, property: AnySavedProperty, index: Int, start: Int)
    /// A model object whose class its data has yet to settle: its entries wait in the text
    /// until its class name or first other key comes.
    case pending(PendingObject)
    /// Each element of an array of other values is read and added to `property` of `owner`
    /// as it ends.
    case values(owner: ModelObject, property: AnySavedProperty, index: Int)
    /// Each entry of a dictionary is read and added to `property` of `owner` as it ends.
    case entries(PartialEntries)
    /// An element of an array of other values, or a value of a dictionary, that is itself an
    /// array or an object, read whole into the collection of the frame below when it ends.
    case element(start: Int)
    /// Nothing is shown: a value inside one read whole, or under a key that only the whole
    /// load settles.
    case skipped
}

/// An object whose entries go into the properties of a model object.
final class PartialObjectFrame {
    /// What the key of the entry being read names.
    enum Target {
        case nothing
        case property(Int)
        case version
        case className
    }

    let object: ModelObject
    let metadata: ModelMetadata
    var target = Target.nothing
    /// The properties whose keys have come.
    var found: Set<Int> = []
    /// Whether values are shown: not for data of another version, or naming another class,
    /// or with a key twice, which only the whole load settles.
    var isShowing: Bool
    var hasShownValue = false

    init(object: ModelObject) {
        self.object = object
        metadata = ModelMetadata.of(type(of: object))
        isShowing = metadata.versionOfUnversionedData == metadata.modelVersion
    }
}

/// A model object whose class is not yet known, for a property or as an element of an array.
final class PendingObject {
    let owner: ModelObject
    let property: AnySavedProperty
    let index: Int
    /// The offset of the object's `{`.
    let start: Int
    /// Whether the object is an element of the array that `property` holds.
    let isElement: Bool
    let declaredClass: ModelObject.Type
    let metadata: ModelMetadata
    /// Whether the value of the entry being read is the class name.
    var isReadingClassName = false
    /// Whether a version or a class name came, which the object's frame reads again.
    var hasHeader = false

    init(
        owner: ModelObject, property: AnySavedProperty, index: Int, start: Int, isElement: Bool,
        declaredClass: ModelObject.Type
    ) {
        (self.owner, self.property, self.index, self.start) = (owner, property, index, start)
        self.isElement = isElement
        self.declaredClass = declaredClass
        metadata = ModelMetadata.of(declaredClass)
    }
}

/// A dictionary whose entries a loader adds as they end, and the key of the entry being read.
final class PartialEntries {
    let owner: ModelObject
    let property: AnySavedProperty
    let index: Int
    var key: String?

    init(owner: ModelObject, property: AnySavedProperty, index: Int) {
        (self.owner, self.property, self.index) = (owner, property, index)
    }
}

/// A string value shown as it grows; a class, so that each piece updates it in place.
final class GrowingString {
    let owner: ModelObject
    let property: AnySavedProperty
    /// The offset in the text past the bytes decoded so far.
    var decodedEnd: Int
    /// Whether nothing of the string is shown yet, so that the property holds another value.
    var isFirst = true

    init(owner: ModelObject, property: AnySavedProperty, decodedEnd: Int) {
        (self.owner, self.property, self.decodedEnd) = (owner, property, decodedEnd)
    }
}

/// The state of each saved property of an object that a loader fills, and of the object as an
/// element of an array.
final class ObjectStates {
    let object: ModelObject
    var properties: [PartialState]
    var whole = PartialState.growing

    init(object: ModelObject, properties: [PartialState]) {
        self.object = object
        self.properties = properties
    }
}

/// An array of a model class, which a loader adds elements to as they open.
protocol StreamedObjectArray {
    static var elementClass: ModelObject.Type { get }
    static var empty: Self { get }
    /// Appends `object` in place to the array stored at `offset` in `owner`.
    static func append(_ object: ModelObject, toArrayAt offset: Int, in owner: ModelObject)
}

/// An array of values other than model objects, which a loader adds elements to as they end.
protocol StreamedValueArray {
    static var noValues: Self { get }
    /// Reads an element at the reader and appends it in place to the array stored at `offset`
    /// in `owner`.
    static func appendElement(
        from reader: inout JSONReader, context: LoadContext, toArrayAt offset: Int, in owner: ModelObject) throws
}

extension Array: StreamedValueArray where Element: SavedValue {
    static var noValues: Self { [] }

    static func appendElement(
        from reader: inout JSONReader, context: LoadContext, toArrayAt offset: Int, in owner: ModelObject
    ) throws {
        let element = try Element._read(from: &reader, context: context)
        FieldStorage.pointer(in: owner, at: offset, as: Self.self).pointee.append(element)
    }
}

/// A dictionary of values, which a loader adds entries to as they end.
protocol StreamedValueDictionary {
    static var noEntries: Self { get }
    /// Reads a value at the reader and sets it in place under `key` in the dictionary stored
    /// at `offset` in `owner`.
    static func setValue(
        forKey key: String, from reader: inout JSONReader, context: LoadContext, inDictionaryAt offset: Int,
        in owner: ModelObject) throws
}

extension Dictionary: StreamedValueDictionary where Key == String, Value: SavedValue {
    static var noEntries: Self { [:] }

    static func setValue(
        forKey key: String, from reader: inout JSONReader, context: LoadContext, inDictionaryAt offset: Int,
        in owner: ModelObject
    ) throws {
        let value = try Value._read(from: &reader, context: context)
        FieldStorage.pointer(in: owner, at: offset, as: Self.self).pointee[key] = value
    }
}

extension Array: StreamedObjectArray where Element: ModelObject {
    static var elementClass: ModelObject.Type { Element.self }
    static var empty: Self { [] }

    static func append(_ object: ModelObject, toArrayAt offset: Int, in owner: ModelObject) {
        guard let element = object as? Element else { return }
        FieldStorage.pointer(in: owner, at: offset, as: Self.self).pointee.append(element)
    }
}

extension PartialState {
    /// The later of two states.
    func advanced(to other: PartialState) -> PartialState {
        switch (self, other) {
        case (.complete, _), (_, .complete): .complete
        case (.growing, _), (_, .growing): .growing
        default: .absent
        }
    }
}

extension PartialLoader {
    /// Shows what `event` completes, in `whole`, the text so far.
    func handle(_ event: JSONPieceScanner.Event, in whole: UnsafeBufferPointer<UInt8>) {
        switch event {
        case .key(let range, let hasEscapes):
            switch frames.last {
            case .object(let frame)?:
                guard frame.isShowing else {
                    isSettled = false
                    frame.target = .nothing
                    return
                }
                frame.target = target(ofKey: range, hasEscapes: hasEscapes, in: frame, whole)
            case .pending(let pending)?:
                readKey(range, hasEscapes: hasEscapes, of: pending, in: whole)
            case .entries(let entries)?:
                entries.key = name(in: range, whole)
            default:
                break
            }
        case .objectStart(let start):
            frames.append(openObject(at: start))
        case .arrayStart(let start):
            frames.append(openArray(at: start))
        case .stringStart(let start):
            growingString = nil
            guard case .object(let frame)? = frames.last, case .property(let index) = frame.target else { return }
            let property = frame.metadata.properties[index]
            setState(.growing, ofPropertyAt: index, in: frame.object)
            if partialOptions.contains(.growingStrings),
                property.valueType == String.self || property.valueType == String?.self
            {
                growingString = GrowingString(owner: frame.object, property: property, decodedEnd: start + 1)
            }
        case .scalar(let range):
            growingString = nil
            if case .pending(let pending)? = frames.last, pending.isReadingClassName {
                pending.isReadingClassName = false
                return make(pending, ofClassNamed: range, in: whole, through: range.upperBound)
            }
            if case .values(let owner, let property, _)? = frames.last {
                return appendElement(range, to: property, of: owner, in: whole)
            }
            if case .entries(let entries)? = frames.last {
                return setEntry(range, in: entries, in: whole)
            }
            guard case .object(let frame)? = frames.last else {
                // A value that is not an object where one belongs: at the top, or an element
                // of an array of model objects.
                if frames.isEmpty || Self.isElements(frames.last) { isSettled = false }
                return
            }
            defer { frame.target = .nothing }
            switch frame.target {
            case .property(let index):
                read(range, into: frame.metadata.properties[index], at: index, of: frame.object, in: whole)
                frame.hasShownValue = true
            case .version:
                let version = Int(String(decoding: UnsafeBufferPointer(rebasing: whole[range]), as: UTF8.self))
                frame.isShowing = version == frame.metadata.modelVersion && !frame.hasShownValue
            case .className:
                let name = self.name(in: range, whole)
                frame.isShowing = frame.isShowing && (name == frame.metadata.modelName)
                // A legacy name is kept to write back, which only the whole load does.
                if name != frame.metadata.modelName { isSettled = false }
            case .nothing:
                break
            }
        case .end(let end):
            switch frames.removeLast() {
            case .object(let frame):
                closedObjects.append(frame)
                if !frame.isShowing { isSettled = false }
                if let row = states[ObjectIdentifier(frame.object)], row.whole != .complete {
                    if statesAreObserved {
                        registrar.withMutation(of: self, keyPath: statesKeyPath) { row.whole = .complete }
                    } else {
                        row.whole = .complete
                    }
                }
            case .whole(let owner, let property, let index, let start):
                read(start..<end, into: property, at: index, of: owner, in: whole)
            case .pending(let pending):
                // No class name came. An element is one of the declared class, as the whole
                // load makes it, read from its entries now, so that the elements after it keep
                // their places; a property's object is read as the whole load reads it.
                if pending.isElement {
                    frames.append(.pending(pending))
                    make(pending, of: pending.declaredClass, in: whole, through: end)
                    return
                }
                read(pending.start..<end, into: pending.property, at: pending.index, of: pending.owner, in: whole)
            case .element(let start):
                switch frames.last {
                case .values(let owner, let property, _)?:
                    appendElement(start..<end, to: property, of: owner, in: whole)
                case .entries(let entries)?: setEntry(start..<end, in: entries, in: whole)
                default: break
                }
                return
            case .elements, .values, .entries, .skipped:
                break
            }
            // The value of the enclosing object's entry is whole.
            if case .object(let parent)? = frames.last {
                if case .property(let index) = parent.target {
                    setState(.complete, ofPropertyAt: index, in: parent.object)
                }
                parent.target = .nothing
            }
        }
    }

    /// What the key in `range` names in the object of `frame`: a property whose value is shown
    /// as it comes, the version or the class name; else nothing.
    private func target(
        ofKey range: Range<Int>, hasEscapes: Bool, in frame: PartialObjectFrame, _ whole: UnsafeBufferPointer<UInt8>
    ) -> PartialObjectFrame.Target {
        let match = match(range, hasEscapes: hasEscapes, in: frame.metadata, whole)
        switch match {
        case .property(let index)?:
            guard frame.found.insert(index).inserted else {
                // A key twice: the whole load decides which value counts.
                frame.isShowing = false
                isSettled = false
                return .nothing
            }
            // A property with alternative keys takes the one that ranks first, which only
            // the whole text shows.
            guard frame.metadata.properties[index].alternatives.isEmpty else {
                isSettled = false
                return .nothing
            }
            return .property(index)
        case .version?:
            return .version
        case .className?:
            return .className
        default:
            // An undeclared key, a container's or a flattened object's: the whole load keeps or
            // reads it.
            isSettled = false
            return .nothing
        }
    }

    /// What the key in `range` names in the class of `metadata`.
    private func match(
        _ range: Range<Int>, hasEscapes: Bool, in metadata: ModelMetadata, _ whole: UnsafeBufferPointer<UInt8>
    ) -> KeyTable.Match? {
        guard let base = whole.baseAddress else { return nil }
        let token = JSONReader.StringToken(
            start: range.lowerBound + 1, end: range.upperBound - 1, hasEscapes: hasEscapes,
            isASCII: !whole[range].contains { $0 >= 0x80 })
        let reader = JSONReader(base: base, count: whole.count)
        if let keyTable = metadata.keyTable {
            return reader.match(token, in: metadata, keyTable: keyTable)
        }
        let property = metadata.propertiesByKey[reader.makeString(token)]
        return metadata.properties.firstIndex { $0 === property }.map { .property($0) }
    }

    /// The string in `range`, or `nil` when it is not one.
    private func name(in range: Range<Int>, _ whole: UnsafeBufferPointer<UInt8>) -> String? {
        guard let base = whole.baseAddress else { return nil }
        var reader = JSONReader(base: base, count: range.upperBound)
        reader.position = range.lowerBound
        return try? reader.readString()
    }

    /// Whether `frame` is one of a value that is read whole, or inside one.
    private static func isInsideWholeValue(_ frame: PartialFrame?) -> Bool {
        switch frame {
        case .whole?, .pending?, .element?, .skipped?: true
        default: false
        }
    }

    /// Whether `frame` is the frame of an array of model objects.
    private static func isElements(_ frame: PartialFrame?) -> Bool {
        if case .elements? = frame { return true }
        return false
    }

    /// The frame of an object that opens at `start`.
    private func openObject(at start: Int) -> PartialFrame {
        guard let parent = frames.last else {
            return .object(PartialObjectFrame(object: object))
        }
        switch parent {
        case .object(let frame):
            guard case .property(let index) = frame.target else {
                isSettled = false
                return .skipped
            }
            let property = frame.metadata.properties[index]
            setState(.growing, ofPropertyAt: index, in: frame.object)
            guard let modelClass = Self.nestedModelClass(of: property) else {
                guard let dictionaryType = property.valueType as? any StreamedValueDictionary.Type else {
                    return .whole(owner: frame.object, property: property, index: index, start: start)
                }
                if !property.isEqual(dictionaryType.noEntries, toValueOf: frame.object) {
                    accessLog.withMutation(of: frame.object, offset: property.offset, holdsObjects: false) {
                        property.setValue(dictionaryType.noEntries, of: frame.object)
                    }
                }
                frame.hasShownValue = true
                return .entries(PartialEntries(owner: frame.object, property: property, index: index))
            }
            frame.hasShownValue = true
            return .pending(
                PendingObject(
                    owner: frame.object, property: property, index: index, start: start, isElement: false,
                    declaredClass: modelClass))
        case .elements(let owner, let property, let index):
            guard let arrayType = property.valueType as? any StreamedObjectArray.Type else { return .skipped }
            return .pending(
                PendingObject(
                    owner: owner, property: property, index: index, start: start, isElement: true,
                    declaredClass: arrayType.elementClass))
        case .values, .entries:
            return .element(start: start)
        case .whole, .pending, .element, .skipped:
            return .skipped
        }
    }

    /// Reads the key in `range` of an object whose class is not yet known: its class name is
    /// read next; any other key makes an object of the declared class, unless the class has
    /// known subclasses, whose data may name one later.
    private func readKey(
        _ range: Range<Int>, hasEscapes: Bool, of pending: PendingObject, in whole: UnsafeBufferPointer<UInt8>
    ) {
        switch match(range, hasEscapes: hasEscapes, in: pending.metadata, whole) {
        case .className?:
            (pending.isReadingClassName, pending.hasHeader) = (true, true)
        case .version?:
            pending.hasHeader = true
        default:
            guard pending.declaredClass.knownSubclasses.isEmpty else { return }
            if pending.hasHeader {
                make(pending, of: pending.declaredClass, in: whole, through: range.upperBound)
            } else {
                // The first key: nothing to read again.
                make(pending, of: pending.declaredClass, in: whole, through: nil)
                handle(.key(range, hasEscapes: hasEscapes), in: whole)
            }
        }
    }

    /// Makes the object of the class that the string in `range` names, when it resolves to
    /// the declared class or a subclass.
    private func make(
        _ pending: PendingObject, ofClassNamed range: Range<Int>, in whole: UnsafeBufferPointer<UInt8>, through end: Int
    ) {
        guard let name = name(in: range, whole),
            let resolved = try? pending.declaredClass.resolveClass(
                named: name, metadata: pending.metadata, context: LoadContext(options: readingOptions), use: .nested),
            resolved.modelClass == pending.declaredClass || resolved.modelClass.isSubclass(of: pending.declaredClass)
        else {
            isSettled = false
            return
        }
        // A legacy name is kept to write back, which only the whole load does.
        if name != ModelMetadata.of(resolved.modelClass).modelName { isSettled = false }
        make(pending, of: resolved.modelClass, in: whole, through: end)
    }

    /// Makes the object of `pending` as an object of `modelClass`, shows it, and reads the
    /// entries that came before, up to `end`, into it.
    private func make(
        _ pending: PendingObject, of modelClass: ModelObject.Type, in whole: UnsafeBufferPointer<UInt8>,
        through end: Int?
    ) {
        let made = modelClass.init()
        attach(to: made)
        let (owner, property) = (pending.owner, pending.property)
        accessLog.withMutation(of: owner, offset: property.offset, holdsObjects: true) {
            if pending.isElement {
                Self.append(made, to: property, of: owner)
            } else {
                property.setValue(made, of: owner)
            }
        }
        frames[frames.count - 1] = .object(PartialObjectFrame(object: made))
        // The entries so far are scanned again, once, into the object's frame.
        guard let end else { return }
        var replay = JSONPieceScanner(startingAt: pending.start)
        try? replay.scan(UnsafeBufferPointer(rebasing: whole[pending.start..<end])) { event in
            if case .objectStart(pending.start) = event { return }
            handle(event, in: whole)
        }
    }

    /// The frame of an array that opens at `start`.
    private func openArray(at start: Int) -> PartialFrame {
        switch frames.last {
        case .values?, .entries?: return .element(start: start)
        default: break
        }
        guard case .object(let frame)? = frames.last, case .property(let index) = frame.target else {
            // An array at the top, as an element of an array of model objects, or under a key
            // that only the whole load reads.
            if !Self.isInsideWholeValue(frames.last) { isSettled = false }
            return .skipped
        }
        let property = frame.metadata.properties[index]
        setState(.growing, ofPropertyAt: index, in: frame.object)
        guard let arrayType = property.valueType as? any StreamedObjectArray.Type else {
            guard let valuesType = property.valueType as? any StreamedValueArray.Type else {
                return .whole(owner: frame.object, property: property, index: index, start: start)
            }
            if !property.isEqual(valuesType.noValues, toValueOf: frame.object) {
                accessLog.withMutation(of: frame.object, offset: property.offset, holdsObjects: false) {
                    property.setValue(valuesType.noValues, of: frame.object)
                }
            }
            frame.hasShownValue = true
            return .values(owner: frame.object, property: property, index: index)
        }
        if !property.isEqual(arrayType.empty, toValueOf: frame.object) {
            accessLog.withMutation(of: frame.object, offset: property.offset, holdsObjects: true) {
                property.setValue(arrayType.empty, of: frame.object)
            }
        }
        frame.hasShownValue = true
        return .elements(owner: frame.object, property: property, index: index)
    }

    /// The model class of a property that holds one model object, or an optional one.
    private static func nestedModelClass(of property: AnySavedProperty) -> ModelObject.Type? {
        if property.isFlattened { return nil }
        return property.valueType as? ModelObject.Type
            ?? (property.valueType as? any OptionalModel.Type)?.wrappedModelClass
    }

    /// Adds `element` to the array of model objects that `property` of `owner` holds, in place.
    private static func append(_ element: ModelObject, to property: AnySavedProperty, of owner: ModelObject) {
        guard let arrayType = property.valueType as? any StreamedObjectArray.Type else { return }
        owner.isPristine = false
        arrayType.append(element, toArrayAt: property.valueOffset, in: owner)
    }

    /// Reads the element in `range` of the text, as the array's load reads it, and appends it
    /// in place to the array that `property` of `owner` holds; an element that does not fit is
    /// left to the whole load, which reports it or, when lenient, leaves it out too.
    private func appendElement(
        _ range: Range<Int>, to property: AnySavedProperty, of owner: ModelObject, in whole: UnsafeBufferPointer<UInt8>
    ) {
        guard let arrayType = property.valueType as? any StreamedValueArray.Type else { return }
        readInPlace(range, of: property, in: owner, whole) { reader, context in
            try arrayType.appendElement(from: &reader, context: context, toArrayAt: property.valueOffset, in: owner)
        }
    }

    /// Reads the value in `range` of the text, as the dictionary's load reads it, and sets it
    /// in place under the entry's key in the dictionary that the property holds; a value that
    /// does not fit is left to the whole load.
    private func setEntry(_ range: Range<Int>, in entries: PartialEntries, in whole: UnsafeBufferPointer<UInt8>) {
        let (owner, property) = (entries.owner, entries.property)
        guard let key = entries.key, let dictionaryType = property.valueType as? any StreamedValueDictionary.Type
        else { return }
        entries.key = nil
        readInPlace(range, of: property, in: owner, whole) { reader, context in
            try dictionaryType.setValue(
                forKey: key, from: &reader, context: context, inDictionaryAt: property.valueOffset, in: owner)
        }
    }

    /// Runs `read` over a reader of the value in `range` of the text, with the property's date
    /// format, changing the collection that `property` of `owner` holds in place and notifying
    /// its observers; what does not fit, or reads with a problem, is left to the whole load.
    private func readInPlace(
        _ range: Range<Int>, of property: AnySavedProperty, in owner: ModelObject, _ whole: UnsafeBufferPointer<UInt8>,
        _ read: (inout JSONReader, LoadContext) throws -> Void
    ) {
        guard let base = whole.baseAddress else { return }
        var reader = JSONReader(base: base, count: range.upperBound)
        reader.position = range.lowerBound
        if !context.issues.isEmpty { context = LoadContext(options: readingOptions) }
        let context = context
        let outerDates = context.dateCoding
        if let dateCoding = property.dateCoding { context.dateCoding = dateCoding }
        defer { context.dateCoding = outerDates }
        accessLog.withMutation(of: owner, offset: property.offset, holdsObjects: property.containsModelObjects) {
            do {
                owner.isPristine = false
                try read(&reader, context)
            } catch {
                isSettled = false
            }
        }
        if !context.issues.isEmpty { isSettled = false }
    }

    /// Reads the whole value in `range` of the text, as a load reads it, into `property` (at
    /// `index`) of `owner`, when it fits and differs from what the property holds.
    private func read(
        _ range: Range<Int>, into property: AnySavedProperty, at index: Int, of owner: ModelObject,
        in whole: UnsafeBufferPointer<UInt8>
    ) {
        setState(.complete, ofPropertyAt: index, in: owner)
        guard let base = whole.baseAddress else { return }
        var reader = JSONReader(base: base, count: range.upperBound)
        reader.position = range.lowerBound
        // A `null` the whole load keeps, to write back as it came.
        if reader.current == UInt8(ascii: "n") { isSettled = false }
        if !context.issues.isEmpty { context = LoadContext(options: readingOptions) }
        // Nobody observes an object without a registrar: a value that holds no model object is
        // read into it as a load reads it, which sets it only once it is whole.
        let isObserved = owner.lazyObservationRegistrar != nil || property.containsModelObjects
        let target = isObserved ? scratchObject(of: type(of: owner)) : owner
        do {
            try property.read(from: &reader, into: target, context: context)
        } catch {
            context = LoadContext(options: readingOptions)
            // The whole load reports it, or, when lenient, skips it as this does.
            isSettled = false
            return
        }
        if !context.issues.isEmpty { isSettled = false }
        guard isObserved else { return }
        let value = property.value(of: target)
        guard !property.isEqual(value, toValueOf: owner) else {
            // Equal is not always identical (-0.0 equals 0.0): the value read, unobserved.
            return property.setValue(value, of: owner)
        }
        accessLog.withMutation(of: owner, offset: property.offset, holdsObjects: property.containsModelObjects) {
            property.setValue(value, of: owner)
        }
    }

    /// An object of `modelClass` to read values into before they move into the object filled.
    private func scratchObject(of modelClass: ModelObject.Type) -> ModelObject {
        if let scratch = scratchObjects[ObjectIdentifier(modelClass)] { return scratch }
        let scratch = modelClass.init()
        scratchObjects[ObjectIdentifier(modelClass)] = scratch
        return scratch
    }

    /// Shows the part of the string value that has come, after a piece, appended in place to
    /// the string the property holds: a long string costs its length, not its length times
    /// its pieces.
    func showGrowingString(in whole: UnsafeBufferPointer<UInt8>) {
        guard let growing = growingString, let safeEnd = scanner.openStringSafeEnd, safeEnd > growing.decodedEnd,
            let base = whole.baseAddress
        else { return }
        let bytes = UnsafeBufferPointer(rebasing: whole[growing.decodedEnd..<safeEnd])
        let part: String
        if bytes.contains(UInt8(ascii: "\\")) {
            let token = JSONReader.StringToken(
                start: growing.decodedEnd, end: safeEnd, hasEscapes: true, isASCII: false)
            part = JSONReader(base: base, count: whole.count).makeString(token)
        } else {
            // Whole characters of UTF-8 that the scanner checked.
            part = String(decoding: bytes, as: UTF8.self)
        }
        let (owner, property, isFirst) = (growing.owner, growing.property, growing.isFirst)
        accessLog.withMutation(of: owner, offset: property.offset, holdsObjects: false) {
            _ = property.appendString(part, startsOver: isFirst, in: owner)
        }
        growing.decodedEnd = safeEnd
        growing.isFirst = false
    }

    // MARK: States

    /// Starts showing values in `object`: its properties have states, and its getters log
    /// their accesses when it is the first object of its class or states are read.
    ///
    /// One object of a class whose getters log is enough for the notifications, since the key
    /// paths that observers track are the class's; the others log once a state is read, which
    /// finds a property by its getter (``attachAll()``). So the objects of a long array do not
    /// each take room for a log until a view asks for one's state.
    func attach(to object: ModelObject) {
        let id = ObjectIdentifier(object)
        guard states[id] == nil else { return }
        let count = ModelMetadata.of(type(of: object)).properties.count
        states[id] = ObjectStates(object: object, properties: Array(repeating: .absent, count: count))
        if statesAreObserved || loggingClasses.insert(ObjectIdentifier(type(of: object))).inserted {
            object.madeExtras.partialAccessLog = accessLog
        } else {
            quietObjects.append(object)
        }
    }

    /// Makes the getters of every object filled log their accesses.
    func attachAll() {
        object.madeExtras.partialAccessLog = accessLog
        for quiet in quietObjects { quiet.madeExtras.partialAccessLog = accessLog }
        quietObjects = []
    }

    /// Stops the getters of the objects filled from logging their accesses.
    func detachFromObjects() {
        for row in states.values where row.object.extras?.partialAccessLog === accessLog {
            row.object.extras?.partialAccessLog = nil
        }
        accessLog.forgetLastAccess()
    }

    /// Moves the property at `index` of `object` forward to `state`.
    func setState(_ state: PartialState, ofPropertyAt index: Int, in object: ModelObject) {
        // Most changes are to the object of the one before.
        let row: ObjectStates
        if let last = lastStates, last.object === object {
            row = last
        } else {
            guard let found = states[ObjectIdentifier(object)] else { return }
            (row, lastStates) = (found, found)
        }
        let current = row.properties[index]
        let next = state.advanced(to: current)
        guard next != current else { return }
        guard statesAreObserved else {
            row.properties[index] = next
            return
        }
        registrar.withMutation(of: self, keyPath: statesKeyPath) { row.properties[index] = next }
    }

    /// The state of the property whose storage is at `offset` in `owner`.
    func state(ofPropertyAt offset: Int, in owner: ModelObject) -> PartialState {
        statesAreObserved = true
        registrar.access(self, keyPath: statesKeyPath)
        let metadata = ModelMetadata.of(type(of: owner))
        guard let index = metadata.properties.firstIndex(where: { $0.offset == offset }),
            let row = states[ObjectIdentifier(owner)]
        else { return isFinished ? .complete : .absent }
        return row.properties[index]
    }

    /// The state of `element`, an element of an array of model objects.
    func state(of element: ModelObject) -> PartialState {
        statesAreObserved = true
        registrar.access(self, keyPath: statesKeyPath)
        return states[ObjectIdentifier(element)]?.whole ?? (isFinished ? .complete : .absent)
    }

    /// After the whole load: every value that began is complete, and so is every property that
    /// the load set and streaming did not show.
    func completeStates() {
        registrar.withMutation(of: self, keyPath: statesKeyPath) {
            var freshObjects: [ObjectIdentifier: ModelObject] = [:]
            for row in states.values {
                let modelClass = type(of: row.object)
                let metadata = ModelMetadata.of(modelClass)
                let fresh = freshObjects[ObjectIdentifier(modelClass)] ?? modelClass.init()
                freshObjects[ObjectIdentifier(modelClass)] = fresh
                row.whole = .complete
                for (index, property) in metadata.properties.enumerated() where row.properties[index] != .complete {
                    if row.properties[index] == .growing || !property.isEqual(row.object, fresh) {
                        row.properties[index] = .complete
                    }
                }
            }
        }
    }
}
