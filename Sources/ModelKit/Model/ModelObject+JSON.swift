import Foundation

extension ModelObject {
    /// Loads JSON into a new object of this class, for ``init(json:options:)``.
    func loadNewObject(json: Data, options: LoadOptions) throws {
        try loadNewObject(dictionary: Self.parseJSON(json), options: options)
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
    public class func make(json: Data, options: LoadOptions = []) throws -> Self {
        try make(dictionary: parseJSON(json), options: options)
    }

    /// Creates an object of the class that the JSON string names.
    ///
    /// - Parameters:
    ///   - json: JSON whose top level is an object.
    ///   - options: How to load; strict by default.
    /// - Returns: An object of this class or of a subclass.
    /// - Throws: A ``ModelError`` for invalid JSON, a class name that does not resolve to
    ///   one subclass, or a value that does not fit.
    public class func make(json: String, options: LoadOptions = []) throws -> Self {
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
        try load(dictionary: Self.parseJSON(json), options: options)
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
    ///   deeply.
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
        var writer = JSONWriter(options: [.compact])
        // JSONSerialization cannot hold NaN or infinity either; find them with their key path.
        try writer.writeAny(dictionary)
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
