import Foundation

// Documents whose top level is an array of model objects, as many servers send a list:
// `[{"id":1,…},{"id":2,…}]`. Each element loads as a nested object of the element type does,
// in the one pass of ModelKit's reader, and its problems are named from its index on:
// `[3].owner.login: expected a string, found 5`.

extension Array where Element: ModelObject {
    /// Creates models from JSON whose top level is an array of objects.
    ///
    /// ```swift
    /// let repositories = try [Repository](json: data)
    /// // [3].owner.login: expected a string, found 5
    /// ```
    ///
    /// Each element is an object of `Element`, or of the subclass that its
    /// `representedClassName` names, by the rules for a nested object of a property of type
    /// `Element` (see ``ModelObject/make(dictionary:options:)``):
    /// - a name that resolves to `Element` or one of its subclasses creates that class;
    /// - a name that resolves to no class loads as `Element`, which keeps the name and writes
    ///   it back unchanged;
    /// - a name of a class that is not `Element` or a subclass, or of more than one class,
    ///   throws, naming the element (`[2].representedClassName`).
    ///
    /// The elements are read from the bytes by ModelKit's reader in one pass, or, with
    /// ``LoadOptions/foundationReader``, parsed by `JSONSerialization` and loaded from their
    /// dictionary forms; both give equal elements and the same errors.
    ///
    /// In a lenient load, each element records the problems found in it in its own
    /// ``ModelObject/loadIssues``, with key paths from the element, as loading it alone
    /// would. An element that is not an object, or that does not load at all, still throws:
    /// no element is left out without a trace.
    ///
    /// - Parameters:
    ///   - json: UTF-8 JSON whose top level is an array of objects.
    ///   - options: How to load; strict by default.
    /// - Throws: A ``ModelError`` for invalid JSON, a top level that is not an array, an
    ///   element that is not an object, a class name outside `Element`'s subclasses, or (in a
    ///   strict load) the first value that does not fit; its key path starts at the element's
    ///   index.
    public init(json: Data, options: LoadOptions = []) throws {
        let objects = try ModelObject.readArray(of: Element.self, fromJSON: json, options: options)
        // Reading created each object as `Element` or a subclass and checked it; the loop
        // checks again, an object of exactly `Element` by comparing its class, which costs
        // less than the runtime's cast of a generic element.
        self = []
        reserveCapacity(objects.count)
        let elementClass = ObjectIdentifier(Element.self)
        for index in objects.indices {
            let object = objects[index]
            if ObjectIdentifier(type(of: object)) == elementClass {
                append(unsafeDowncast(object, to: Element.self))
            } else if let element = object as? Element {
                append(element)
            } else {
                throw KeyPathStep.prefixing(
                    ModelError.unrelatedClass(type(of: object), expected: Element.self), with: .index(index))
            }
        }
    }

    /// Creates models from a JSON string whose top level is an array of objects.
    ///
    /// - Parameters:
    ///   - json: JSON whose top level is an array of objects.
    ///   - options: How to load; strict by default.
    /// - Throws: A ``ModelError`` as ``init(json:options:)-(Data,_)`` throws it.
    public init(json: String, options: LoadOptions = []) throws {
        try self.init(json: Data(json.utf8), options: options)
    }
}

extension ModelObject {
    /// Reads a document whose top level is an array of objects of `elementClass` or of its
    /// subclasses, for `[Model](json:options:)`.
    static func readArray(
        of elementClass: ModelObject.Type,
        fromJSON json: Data,
        options: LoadOptions
    ) throws -> [ModelObject] {
        let context = LoadContext(options: options)
        if options.contains(.foundationReader) {
            let value = try readTopLevelWithFoundation(fromJSON: json)
            return try elementClass.loadElements(of: value, context: context)
        }
        return try JSONReader.withDocument(json) { reader in
            try reader.readDocument { reader in
                guard reader.peekToken() == UInt8(ascii: "[") else {
                    let value = try reader.readFoundationValue()
                    try reader.finish()
                    throw ModelError.notAnArray(found: value)
                }
                var objects: [ModelObject] = []
                if try reader.beginArray() {
                    repeat {
                        // Malformed JSON too is named from the element, as in an array of a property.
                        let element: ModelObject
                        do {
                            element = try elementClass.readElement(from: &reader, context: context)
                        } catch {
                            throw KeyPathStep.prefixing(error, with: .index(objects.count))
                        }
                        objects.append(element)
                    } while try reader.nextElement()
                }
                try reader.finish()
                return objects
            }
        }
    }

    /// Reads one record of a stream, the whole document in `json`, as an element of a top-level
    /// array of this class: with the rules, the options and the errors of `[Model](json:)`,
    /// its key paths starting inside the record.
    static func readRecord(fromJSON json: UnsafeBufferPointer<UInt8>, context: LoadContext) throws -> ModelObject {
        if context.options.contains(.foundationReader) {
            let value = try readTopLevelWithFoundation(fromJSON: Data(buffer: json))
            let object = try _make(savedValue: value, context: context)
            object.keepElementIssues(context: context)
            return object
        }
        return try JSONReader.withDocument(json) { reader in
            try reader.readDocument { reader in
                let object = try readElement(from: &reader, context: context)
                try reader.finish()
                return object
            }
        }
    }

    /// Reads the record of a stream that begins at the start of `json`, an object, as
    /// ``readRecord(fromJSON:context:)`` reads it, where the bytes may go on past its end: the
    /// object and how many bytes it took, so that the record's end is found by reading it.
    ///
    /// `nil` when it does not read, because its bytes are cut off or faulty, or because the
    /// load takes Foundation's reader: the caller then finds the record's end and reads its exact
    /// bytes with ``readRecord(fromJSON:context:)``, which gives its error, with a new context.
    static func readLeadingRecord(fromJSON json: UnsafeBufferPointer<UInt8>, context: LoadContext)
        -> (object: ModelObject, length: Int)?
    {
        guard let base = json.baseAddress, !context.options.contains(.foundationReader) else { return nil }
        var reader = JSONReader(base: base, count: json.count)
        guard let object = try? readElement(from: &reader, context: context) else { return nil }
        return (object, reader.position)
    }

    /// Reads an element of a top-level array, as a nested object of this class; the caller
    /// names the element in the key path of what it throws.
    ///
    /// A value that ModelKit's reader does not load, such as one that is not an object, is
    /// loaded from its dictionary form instead, which gives its error.
    private static func readElement(from reader: inout JSONReader, context: LoadContext) throws -> ModelObject {
        let reading = ValueReading(reader, context)
        let object: ModelObject
        do {
            object = try readNestedObject(from: &reader, context: context, reusing: nil)
        } catch let settled as any SettledError {
            throw settled
        } catch {
            object = try loadElement(from: &reader, reading: reading, context: context)
        }
        object.keepElementIssues(context: context)
        return object
    }

    /// Reads an element of a top-level array as its dictionary form, and loads it from that;
    /// kept apart so that ``readElement(from:context:)``, under which loading recursion goes
    /// as deep as the stack allows, keeps a small frame.
    @inline(never)
    private static func loadElement(from reader: inout JSONReader, reading: ValueReading, context: LoadContext)
        throws -> ModelObject
    {
        let value = try reading.dictionaryForm(&reader, context, nil)
        return try _make(savedValue: value, context: context)
    }

    /// Loads the elements of `value`, the top level of a document as `JSONSerialization`
    /// parsed it, as nested objects of this class.
    private static func loadElements(of value: Any, context: LoadContext) throws -> [ModelObject] {
        guard let elements = FastCast.array(value) else { throw ModelError.notAnArray(found: value) }
        var objects: [ModelObject] = []
        objects.reserveCapacity(elements.count)
        for element in elements {
            let object = try loadElement(at: objects.count, fromSavedValue: element, context: context)
            object.keepElementIssues(context: context)
            objects.append(object)
        }
        return objects
    }

    /// Loads the element at `index` of a top-level array from its dictionary form, as a
    /// nested object of this class.
    private static func loadElement(at index: Int, fromSavedValue value: Any, context: LoadContext) throws
        -> ModelObject
    {
        return try KeyPathStep.at(.index(index)) { try _make(savedValue: value, context: context) }
    }

    /// Moves the problems that a lenient load recorded while loading this element of a
    /// top-level array into its ``loadIssues``, so that the next element starts with none.
    private func keepElementIssues(context: LoadContext) {
        context.droppedValueCount = 0
        guard !context.issues.isEmpty else { return }
        loadIssues = context.issues
        context.issues.removeAll()
    }
}
