/// The dialect of JSON Schema that ``ModelObject/jsonSchema(for:profile:)`` writes.
public enum SchemaProfile: Sendable, Hashable {
    // The draft's name, as JSON Schema spells it.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// JSON Schema draft 2020-12, the dialect of OpenAPI 3.1: nested models in `$defs`,
    /// tagged families as `oneOf`, every keyword that says what ModelKit reads or writes.
    case draft2020_12

    /// The subset that OpenAI's structured outputs accept with `"strict": true`, for
    /// `response_format` and tool parameters.
    ///
    /// An object at the root; `additionalProperties: false` on every object; every property
    /// required, optionals as nullable; nothing beside a `$ref`; `anyOf` in place of `oneOf`
    /// and `enum` in place of `const`; only the keywords and formats that OpenAI lists as
    /// supported. Header keys are written only where they mean something: the type tag of a
    /// class in a tagged family, and, for ``SchemaPurpose/writing``, the header the class
    /// writes. Alternative keys are left out. A value that the subset cannot say, such as a
    /// dictionary with arbitrary keys or a ``CodableSavedValue`` without a schema, is left out
    /// when its property is optional (it then loads as `nil`) and is an error otherwise.
    case openAIStrict
}
