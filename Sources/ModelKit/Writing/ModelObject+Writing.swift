import Foundation

extension ModelObject {
    /// The dictionary form: property-list and `JSONSerialization` compatible, with the header
    /// (`version` and `representedClassName` unless the class renames or drops them; see
    /// ``versionKey`` and ``typeKey``), every saved value except `nil` optionals, and the
    /// preserved unknown values.
    ///
    /// Numbers are kept as they are, NaN and infinity included: property lists hold them, and
    /// the JSON writers throw for them with their key path. Dates become ISO 8601 strings, so
    /// a date that has no such string cannot be in the dictionary form.
    ///
    /// - Throws: A ``ModelError`` with the key path of the value at fault: for model objects
    ///   that contain themselves, or that are nested more than ``SaveContext/maximumDepth``
    ///   levels deep, and for a date that has no ISO 8601 string that reads back
    ///   (``ModelError/Reason/unencodableDate(_:)``).
    public var dictionary: [String: Any] {
        get throws {
            try dictionaryForm(context: SaveContext())
        }
    }

    func dictionaryForm(context: SaveContext) throws -> [String: Any] {
        try context.enter(self)
        defer { context.leave() }
        if context.writesBaseline { return try baselineForm(context: context) }
        let metadata = ModelMetadata.of(type(of: self))
        var result: [String: Any] = [:]
        result.reserveCapacity(metadata.properties.count + unknowns.count + 2)
        var writer = DictionaryEntryWriter(object: self, context: context)
        try writeSavedEntries(
            with: &writer, into: &result, metadata: metadata, options: context.options, order: .unordered)
        return result
    }

    /// The JSON form, as UTF-8 bytes.
    ///
    /// Pretty-printed by default, with keys in a fixed order, so the same object always gives
    /// the same bytes.
    ///
    /// Writing does not call ``validate()``: a model being edited can be written, sent or
    /// logged. ``save(to:options:)`` checks before it writes a file.
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
        try writeJSON(to: &writer)
        return writer.output.buffer.data()
    }

    /// The JSON form, as a string.
    ///
    /// - Parameter options: The layout; `[]` is pretty-printed.
    /// - Returns: The JSON.
    /// - Throws: A ``ModelError`` for values that JSON cannot hold; see ``jsonData(options:)``.
    public func jsonString(options: WriteOptions = []) throws -> String {
        String(decoding: try jsonData(options: options), as: UTF8.self)
    }

    private func foundationJSON(options: WriteOptions) throws -> Data {
        try Self.foundationJSON(of: dictionaryForm(context: SaveContext(options: options)), options: options)
    }

    /// Writes `dictionary`, the dictionary form of a model or an array of them, through
    /// `JSONSerialization`, after checking that it can.
    ///
    /// Keys are always sorted: unsorted, `JSONSerialization` writes them in the order of the
    /// dictionary's storage, which differs between two dictionaries of the same keys, so two
    /// writes of one object would differ.
    static func foundationJSON(of dictionary: Any, options: WriteOptions) throws -> Data {
        try JSONSerializationCheck.check(dictionary)
        var writingOptions: JSONSerialization.WritingOptions = [.sortedKeys]
        if !options.contains(.compact) { writingOptions.insert(.prettyPrinted) }
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
