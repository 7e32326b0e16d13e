import Foundation

// Arrays of model objects written as a document whose top level is the array, as
// `[Model](json:options:)` reads it back. Each element is written as it is in an array of a
// saved property: byte for byte what it writes on its own, indented one level deeper.

extension Array where Element: ModelObject {
    /// The JSON form of the models, as UTF-8 bytes: an array of their JSON objects.
    ///
    /// ```swift
    /// let data = try repositories.jsonData()
    /// let again = try [Repository](json: data)  // equal to repositories
    /// ```
    ///
    /// Each element is written as ``ModelObject/jsonData(options:)`` writes it, under the same
    /// options: pretty-printed by default in the layout of `JSONSerialization`, one level
    /// deeper; compact with ``WriteOptions/compact``; every key sorted with
    /// ``WriteOptions/sortedKeys``; through `JSONSerialization` with
    /// ``WriteOptions/foundationWriter``. An empty array is written as `[]`, with
    /// `JSONSerialization`'s blank line between the brackets when pretty-printed.
    ///
    /// - Parameter options: The layout; `[]` is pretty-printed.
    /// - Returns: The JSON.
    /// - Throws: A ``ModelError`` for a value that JSON cannot hold, as
    ///   ``ModelObject/jsonData(options:)`` throws it, with a key path that starts at the
    ///   element's index (`[3].score`).
    public func jsonData(options: WriteOptions = []) throws -> Data {
        try ModelObject.jsonData(ofArray: self, options: options)
    }

    /// The JSON form of the models, as a string: an array of their JSON objects.
    ///
    /// - Parameter options: The layout; `[]` is pretty-printed.
    /// - Returns: The JSON.
    /// - Throws: A ``ModelError`` for a value that JSON cannot hold; see
    ///   ``jsonData(options:)``.
    public func jsonString(options: WriteOptions = []) throws -> String {
        String(decoding: try jsonData(options: options), as: UTF8.self)
    }
}

extension ModelObject {
    /// Writes `objects` as a JSON array, for `jsonData(options:)` on an array of models.
    static func jsonData(ofArray objects: [ModelObject], options: WriteOptions) throws -> Data {
        guard options.contains(.foundationWriter) else {
            var writer = JSONWriter(options: options)
            try writer.writeArray(objects)
            return writer.output.buffer.data()
        }
        let context = SaveContext(options: options)
        var dictionaries: [Any] = []
        dictionaries.reserveCapacity(objects.count)
        for object in objects {
            try KeyPathStep.at(.index(dictionaries.count)) {
                dictionaries.append(try object.dictionaryForm(context: context))
            }
        }
        return try foundationJSON(of: dictionaries, options: options)
    }
}
