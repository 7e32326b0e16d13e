import Foundation

extension ModelObject {
    /// Loads JSON into a new object of this class, for ``init(json:options:)``.
    func loadNewObject(json: Data, options: LoadOptions) throws {
        if options.contains(.foundationReader) {
            return try loadNewObject(dictionary: Self.parseJSON(json), options: options)
        }
        try loadRoot(fromJSON: json, context: LoadContext(options: options))
    }

    /// Creates an object of the class that the JSON names: this class or a subclass, as
    /// ``make(dictionary:options:)`` does.
    ///
    /// - Parameters:
    ///   - json: UTF-8 JSON whose top level is an object.
    ///   - options: How to load; strict by default.
    /// - Returns: An object of this class or of a subclass.
    /// - Throws: A ``ModelError`` for invalid JSON, a class name that resolves to no class,
    ///   to a class that is not a subclass or to two classes, or a value that does not fit.
    public class func make(json: Data, options: LoadOptions = []) throws -> sending Self {
        if options.contains(.foundationReader) {
            return try make(dictionary: parseJSON(json), options: options)
        }
        let context = LoadContext(options: options)
        let object = try JSONReader.withReader(json) { reader -> ModelObject in
            switch try readTopLevel(from: &reader, into: nil, context: context) {
            case .loaded(let object):
                object.loadIssues = context.issues
                return object
            case .dictionary(let dictionary):
                let resolved = try resolveClass(in: dictionary, context: context, use: .root)
                let object = resolved.modelClass.init()
                try object.loadRoot(from: dictionary, context: context)
                object.keepClassName(of: resolved)
                return object
            }
        }
        guard let typed = object as? Self else {
            throw ModelError(.unrelatedClass(type(of: object).modelName, expected: modelName))
        }
        return typed
    }

    /// Creates an object of the class that the JSON string names.
    ///
    /// - Parameters:
    ///   - json: JSON whose top level is an object.
    ///   - options: How to load; strict by default.
    /// - Returns: An object of this class or of a subclass.
    /// - Throws: A ``ModelError`` for invalid JSON, a class name that does not resolve to
    ///   one subclass, or a value that does not fit.
    public class func make(json: String, options: LoadOptions = []) throws -> sending Self {
        try make(json: Data(json.utf8), options: options)
    }

    /// Loads JSON into this object; see ``load(dictionary:options:)``.
    ///
    /// - Parameters:
    ///   - json: UTF-8 JSON whose top level is an object.
    ///   - options: How to load; strict by default.
    /// - Throws: A ``ModelError`` for invalid JSON or a value that does not fit; the object is
    ///   then unchanged.
    public func load(json: Data, options: LoadOptions = []) throws {
        if options.contains(.keepingLocalChanges) {
            let options = options.subtracting(.keepingLocalChanges)
            return try loadKeepingLocalChanges { try load(json: json, options: options) }
        }
        if options.contains(.foundationReader) {
            return try load(dictionary: Self.parseJSON(json), options: options)
        }
        let context = LoadContext(options: options)
        let scratch = try JSONReader.withReader(json) { reader -> ModelObject in
            let scratch = deepCopy()
            switch try Self.readTopLevel(from: &reader, into: scratch, context: context) {
            case .loaded:
                scratch.loadIssues = context.issues
                return scratch
            case .dictionary(let dictionary):
                let fresh = deepCopy()
                try fresh.loadRootOfOwnClass(from: dictionary, context: context)
                return fresh
            }
        }
        // The nested objects are replaced too, which observers of `hasAnyChanges` follow even
        // when this object itself had no changes to forget.
        withMutationOfNestedObjects {
            withMutationOfSavedValues {
                scratch.moveValues(to: self)
            }
        }
    }

    /// Loads a JSON string into this object; see ``load(dictionary:options:)``.
    ///
    /// - Parameters:
    ///   - json: JSON whose top level is an object.
    ///   - options: How to load; strict by default.
    /// - Throws: A ``ModelError`` for invalid JSON or a value that does not fit; the object is
    ///   then unchanged.
    public func load(json: String, options: LoadOptions = []) throws {
        try load(json: Data(json.utf8), options: options)
    }

    /// The JSON form, as UTF-8 bytes.
    ///
    /// Pretty-printed by default, with keys in a fixed order, so the same object always gives
    /// the same bytes.
    ///
    /// - Parameter options: The layout; `[]` is pretty-printed.
    /// - Returns: The JSON.
    /// - Throws: A ``ModelError`` for NaN or infinity, for a date that has no ISO 8601 string
    ///   that reads back, for model objects that contain themselves, or that are nested too
    ///   deeply; with ``WriteOptions/foundationWriter``, also for a value under an unknown key
    ///   that `JSONSerialization` cannot write, such as a `Date`.
    public func jsonData(options: WriteOptions = []) throws -> Data {
        if options.contains(.foundationWriter) {
            return try foundationJSON(options: options)
        }
        var writer = JSONWriter(options: options)
        try writer.writeModelObject(self)
        return writer.buffer.data()
    }

    /// The JSON form, as a string.
    ///
    /// - Parameter options: The layout; `[]` is pretty-printed.
    /// - Returns: The JSON.
    /// - Throws: A ``ModelError`` for values that JSON cannot hold; see ``jsonData(options:)``.
    public func jsonString(options: WriteOptions = []) throws -> String {
        String(decoding: try jsonData(options: options), as: UTF8.self)
    }

    /// Reads JSON into this new object, whose class is fixed: `representedClassName` is only
    /// checked, as ``init(dictionary:options:)`` checks it.
    func loadRoot(fromJSON json: Data, context: LoadContext) throws {
        try JSONReader.withReader(json) { reader in
            switch try Self.readTopLevel(from: &reader, into: self, context: context) {
            case .loaded:
                loadIssues = context.issues
            case .dictionary(let dictionary):
                // The pass that found the dictionary way was needed changed this object: start
                // again from new values.
                type(of: self).init().moveValues(to: self)
                try loadRootOfOwnClass(from: dictionary, context: context)
            }
        }
    }

    /// Reads the top-level value of a document, which must be an object, into `fixedObject` or
    /// into an object of the class that it names; then checks that nothing follows.
    static func readTopLevel(from reader: inout JSONReader, into fixedObject: ModelObject?, context: LoadContext)
        throws -> ReadResult
    {
        try reader.readDocument { reader in
            guard reader.peekToken() == UInt8(ascii: "{") else {
                let value = try reader.readFoundationValue()
                try reader.finish()
                throw ModelError(.typeMismatch(expected: "an object", found: FoundValue.describe(value)))
            }
            let use: ClassNameUse = fixedObject == nil ? .root : .fixed
            let result = try readEntries(
                from: &reader, into: fixedObject, reusing: nil, classNames: use, context: context)
            try reader.finish()
            return result
        }
    }

    /// The dictionary form of a document whose top level is an object, read by ModelKit's
    /// reader into the values that ``parseJSON(_:)`` gives, under the reader's rules: strict
    /// JSON, and syntax errors with their line, column and key path.
    static func readJSONDictionary(_ json: Data) throws -> [String: Any] {
        try JSONReader.withReader(json) { reader in
            try reader.readDocument { reader in
                let value = try reader.readFoundationValue()
                try reader.finish()
                guard let dictionary = value as? [String: Any] else {
                    throw ModelError(.typeMismatch(expected: "an object", found: FoundValue.describe(value)))
                }
                return dictionary
            }
        }
    }

    static func parseJSON(_ json: Data) throws -> [String: Any] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw ModelError(.invalidJSON(detail), underlyingError: error)
        }
        guard let dictionary = object as? [String: Any] else {
            throw ModelError(.typeMismatch(expected: "an object", found: FoundValue.describe(object)))
        }
        return dictionary
    }

    private func foundationJSON(options: WriteOptions) throws -> Data {
        let dictionary = try dictionaryForm(context: SaveContext(options: options))
        try JSONSerializationCheck.check(dictionary)
        var writingOptions: JSONSerialization.WritingOptions = []
        if !options.contains(.compact) { writingOptions.insert(.prettyPrinted) }
        if options.contains(.sortedKeys) { writingOptions.insert(.sortedKeys) }
        if options.contains(.withoutEscapingSlashes) { writingOptions.insert(.withoutEscapingSlashes) }
        do {
            return Self.escapingByteOrderMarks(
                try JSONSerialization.data(withJSONObject: dictionary, options: writingOptions))
        } catch {
            throw ModelError(.custom("JSONSerialization could not write the object: \(error)"), underlyingError: error)
        }
    }

    /// Escapes U+FEFF as `\ufeff`, as ModelKit's own writer does: `JSONSerialization` writes it
    /// as it is, and on Linux drops it again when it reads it at the start of a string.
    ///
    /// Its UTF-8 bytes `EF BB BF` encode nothing else, and in JSON they can only be inside a
    /// string, so replacing them keeps every other byte as it is.
    private static func escapingByteOrderMarks(_ json: Data) -> Data {
        let mark = Data([0xEF, 0xBB, 0xBF])
        guard json.range(of: mark) != nil else { return json }
        var result = Data()
        result.reserveCapacity(json.count + 16)
        var rest = json[...]
        while let range = rest.range(of: mark) {
            result += rest[..<range.lowerBound]
            result += Data(#"\ufeff"#.utf8)
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}
