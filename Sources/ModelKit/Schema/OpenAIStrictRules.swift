import Foundation

/// The rules of ``SchemaProfile/openAIStrict``, applied to the schema of each property's
/// value, including schemas that ``CodableSavedValue`` types give.
///
/// They follow OpenAI's list of what strict structured outputs support
/// (platform.openai.com/docs/guides/structured-outputs, "Supported schemas"): the types
/// string, number, boolean, integer, object, array and null; `enum`, `anyOf`, `$ref` and
/// `$defs`; `pattern` and the formats `date-time`, `time`, `date`, `duration`, `email`,
/// `hostname`, `ipv4`, `ipv6` and `uuid` for strings; `multipleOf`, `minimum`,
/// `exclusiveMinimum`, `maximum` and `exclusiveMaximum` for numbers; `minItems` and
/// `maxItems` for arrays; every object with `additionalProperties: false` and all of its
/// properties required.
///
/// ```
/// {"oneOf": [{"const": "a"}, {"$ref": "#/$defs/B", "description": "…"}]}
///   → {"anyOf": [{"enum": ["a"]}, {"$ref": "#/$defs/B"}]}
/// {"type": "object", "additionalProperties": {"type": "integer"}}   → Unsupported
/// ```
enum OpenAIStrictRules {
    /// A part of a schema that the profile has no form for.
    struct Unsupported: Error {
        /// What it is, in words: `a dictionary with arbitrary keys`.
        let what: String
        /// Why the profile cannot say it.
        let why: String
    }

    static let keywords: Set<String> = [
        "type", "properties", "required", "additionalProperties", "items", "enum", "anyOf", "$ref", "$defs",
        "description", "title", "pattern", "format", "multipleOf", "minimum", "exclusiveMinimum", "maximum",
        "exclusiveMaximum", "minItems", "maxItems",
    ]

    static let formats: Set<String> = [
        "date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid",
    ]

    /// `schema` in the profile's terms.
    ///
    /// - Throws: ``Unsupported`` for a schema that accepts any value, an object with keys
    ///   that it does not list, or a schema that cannot be rewritten without the keywords
    ///   that the profile leaves out.
    static func conform(_ schema: SchemaJSON) throws -> SchemaJSON {
        guard case .object(var keywords) = schema else {
            throw Unsupported(what: "a schema that accepts any value", why: "which names a type for every value")
        }
        if let reference = keywords["$ref"] { return ["$ref": reference] }
        if let oneOf = keywords.removeValue(forKey: "oneOf") { keywords["anyOf"] = oneOf }
        if let value = keywords.removeValue(forKey: "const") { keywords["enum"] = [value] }
        if case .string(let format)? = keywords["format"], !formats.contains(format) {
            keywords["format"] = nil
        }
        if keywords["not"] != nil || keywords["allOf"] != nil {
            throw Unsupported(what: "a schema with \"not\" or \"allOf\"", why: "which has neither")
        }
        keywords = keywords.filter { Self.keywords.contains($0.key) }
        if keywords.keys.allSatisfy({ $0 == "description" || $0 == "title" }) {
            throw Unsupported(what: "a value of any type", why: "which names a type for every value")
        }
        if case .array(let branches)? = keywords["anyOf"] {
            keywords["anyOf"] = .array(try branches.map(conform))
        }
        if let items = keywords["items"] { keywords["items"] = try conform(items) }
        if isObject(keywords) { try close(&keywords) }
        return .object(keywords)
    }

    private static func isObject(_ keywords: [String: SchemaJSON]) -> Bool {
        switch keywords["type"] {
        case .string("object")?: true
        case .array(let types)?: types.contains("object")
        default: keywords["properties"] != nil
        }
    }

    /// Closes an object: no other keys, each of its own required.
    private static func close(_ keywords: inout [String: SchemaJSON]) throws {
        let additional = keywords["additionalProperties"]
        guard additional == nil || additional == false, case .object(let properties)? = keywords["properties"] else {
            throw Unsupported(
                what: "a dictionary with arbitrary keys", why: "whose objects list their keys and take no others")
        }
        keywords["properties"] = .object(try properties.mapValues(conform))
        keywords["required"] = .array(properties.keys.sorted(by: JSONOutput.keyOrder).map { .string($0) })
        keywords["additionalProperties"] = false
    }
}
