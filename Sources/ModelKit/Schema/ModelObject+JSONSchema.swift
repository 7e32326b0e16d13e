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
    /// A reading schema of draft 2020-12 accepts what a strict load of the class's objects
    /// reads: where the reader takes more than a `format` says (ISO 8601 dates with a space,
    /// DejalDate's dates without a zone, 0 and 1 for a `Bool`), so does the schema, and a type
    /// tag takes no name that resolves to a class which cannot stand for the class. What the
    /// schema cannot say is left out: the conversions of ``acceptsLosslessConversions``, what
    /// ``validate()`` checks, and the rest that <doc:JSONSchemaForAPIsAndLanguageModels>
    /// lists.
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
        let document = try SchemaBuilder.document(of: self, purpose: purpose, profile: profile)
        var writer = JSONWriter(options: [.sortedKeys, .withoutEscapingSlashes])
        try document.write(to: &writer)
        return writer.output.buffer.data()
    }
}
