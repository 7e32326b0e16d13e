import Foundation

extension ModelObject {
    /// A JSON Schema of the data that this class reads or writes, from its declaration.
    ///
    /// ```swift
    /// let schema = try Recipe.jsonSchema()                            // draft 2020-12, reading
    /// let output = try Recipe.jsonSchema(for: .writing)              // what `jsonData()` gives
    /// let strict = try Recipe.jsonSchema(profile: .openAIStrict)     // OpenAI structured outputs
    /// ```
    ///
    /// The schema describes the class's objects at the top of the document, and every other
    /// model class its data nests in `$defs`, referred to with `$ref` (`#` for the class
    /// itself, so that recursive models are described). A class with a tagged family
    /// (``knownSubclasses`` and a ``typeKey``) is a `oneOf` of its own objects and each
    /// subclass's, told apart by the tag. Each saved property is described by its type and by
    /// what its declaration says: its key and path, its alternatives (reading), its date format
    /// and its fallback; ``schemaDescriptions`` and ``schemaTitle`` add words for people and
    /// language models. See <doc:JSONSchemaForAPIsAndLanguageModels> for the whole mapping.
    ///
    /// The schema says which values a strict load accepts as they are; the conversions that
    /// the class also accepts (0 and 1 for a `Bool`, ``acceptsLosslessConversions``) and what
    /// ``validate()`` checks are not part of it.
    ///
    /// - Parameters:
    ///   - purpose: What the schema describes: the data the class reads (the default), or the
    ///     data it writes with the default ``WriteOptions``.
    ///   - profile: The dialect: JSON Schema draft 2020-12 (the default), or the subset that
    ///     OpenAI's strict structured outputs accept.
    /// - Returns: The schema, as pretty-printed JSON with sorted keys.
    /// - Throws: A ``ModelError`` naming the key path of a value that the profile cannot
    ///   describe, or of a value in a ``CodableSavedValue/jsonSchema`` that JSON cannot hold.
    public static func jsonSchema(
        for purpose: SchemaPurpose = .reading, profile: SchemaProfile = .draft2020_12
    ) throws -> Data {
        let document = try SchemaBuilder(root: self, purpose: purpose, profile: profile).document()
        var writer = JSONWriter(options: [.sortedKeys, .withoutEscapingSlashes])
        try document.write(to: &writer)
        return writer.buffer.data()
    }
}
