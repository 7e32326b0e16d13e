import Foundation

/// A saved type of ModelKit's own that describes its JSON Schema.
///
/// The types users declare are described by the protocol they conform through (see
/// ``SchemaBuilder/schema(of:)``); ModelKit's own describe themselves here, each as it reads
/// and writes itself.
///
/// | Saved type | Schema |
/// |---|---|
/// | `String`, `Double` | `string`, `number` |
/// | `Bool` | `boolean`; reading, also the numbers 0 and 1 that old data wrote |
/// | the integer types, `Float` | `integer` or `number`, between the type's bounds |
/// | `Decimal` | a number within its bounds; reading, also a string that holds one |
/// | `Date` | by its property's ``DateFormat``: ISO 8601 (writing, `date-time` or the text of the years its checks may refuse; reading, the `pattern` of what the reader takes), `date`, a number, a string in the pattern |
/// | `Data` | a Base64 string (`contentEncoding`, and a `pattern`) |
/// | `URL` | a string that is not empty; writing, of `format` `uri-reference` |
/// | `UUID` | a string of `format` `uuid`; reading, with the `pattern` of either case |
/// | `Optional` | its wrapped type's, or `null` |
/// | `Array`, `Set` | an array of its elements' schema (writing, a set's `uniqueItems`) |
/// | `Dictionary` | an object whose `additionalProperties` are its values' schema |
/// | a model class | a `$ref` to its objects, or to its tagged family |
protocol SchemaDescribing {
    /// The schema of a value of this type.
    static func schema(in builder: SchemaBuilder) throws -> SchemaJSON

    /// Whether a value may be `nil`, so that its key is left out of the data.
    static var canBeNil: Bool { get }
}

extension SchemaDescribing {
    static var canBeNil: Bool { false }
}

extension String: SchemaDescribing {
    static func schema(in builder: SchemaBuilder) -> SchemaJSON { ["type": "string"] }
}

extension Bool: SchemaDescribing {
    // Read also from the numbers 0 and 1, which old data wrote for booleans.
    static func schema(in builder: SchemaBuilder) -> SchemaJSON {
        guard builder.describesAllThatIsRead else { return ["type": "boolean"] }
        return ["type": ["boolean", "integer"], "enum": [false, true, 0, 1]]
    }
}

extension SchemaDescribing where Self: FixedWidthInteger {
    static func schema(in builder: SchemaBuilder) -> SchemaJSON { .integer(boundsOf: Self.self) }
}

extension Int: SchemaDescribing {}
extension Int8: SchemaDescribing {}
extension Int16: SchemaDescribing {}
extension Int32: SchemaDescribing {}
extension Int64: SchemaDescribing {}
extension UInt: SchemaDescribing {}
extension UInt8: SchemaDescribing {}
extension UInt16: SchemaDescribing {}
extension UInt32: SchemaDescribing {}
extension UInt64: SchemaDescribing {}

extension Double: SchemaDescribing {
    static func schema(in builder: SchemaBuilder) -> SchemaJSON { ["type": "number"] }
}

extension Float: SchemaDescribing {
    static func schema(in builder: SchemaBuilder) -> SchemaJSON {
        let largest = SchemaJSON.number(Double(Float.greatestFiniteMagnitude))
        return ["type": "number", "minimum": .number(-Double(Float.greatestFiniteMagnitude)), "maximum": largest]
    }
}

extension Decimal: SchemaDescribing {
    /// The largest number that a `Decimal` reads: the `Double` just below its greatest
    /// magnitude, as numbers reach it through their shortest text.
    static let largestNumber = Double("\(Decimal.greatestFiniteMagnitude)") ?? .greatestFiniteMagnitude

    // Written as a number; read also from a string that holds one.
    static func schema(in builder: SchemaBuilder) -> SchemaJSON {
        let bounds = (SchemaJSON.number(-largestNumber), SchemaJSON.number(largestNumber))
        var schema: SchemaJSON = ["type": "number", "minimum": bounds.0, "maximum": bounds.1]
        guard builder.purpose == .reading else { return schema }
        schema["type"] = ["number", "string"]
        schema["pattern"] = .string(SchemaPatterns.decimal)
        return schema
    }
}

extension Date: SchemaDescribing {
    static func schema(in builder: SchemaBuilder) -> SchemaJSON {
        switch builder.dateFormat {
        case .iso8601: iso8601Schema(in: builder)
        case .dateOnly:
            // Some checks of the format take the year 0000, which the reader does not.
            builder.purpose == .reading
                ? ["type": "string", "format": "date", "pattern": .string(SchemaPatterns.dateOnly)]
                : ["type": "string", "format": "date"]
        case .secondsSince1970:
            ["type": "number", "description": "A date, as the number of seconds since 1970-01-01T00:00:00Z."]
        case .millisecondsSince1970:
            ["type": "number", "description": "A date, as the number of milliseconds since 1970-01-01T00:00:00Z."]
        case .pattern(let pattern): patternSchema(pattern)
        }
    }

    /// ISO 8601 text: what RFC 3339 calls a `date-time` when written (``writtenSchema(in:)``);
    /// reading, the text that the reader takes, which has forms that `date-time` has not and
    /// lacks its leap second.
    private static func iso8601Schema(in builder: SchemaBuilder) -> SchemaJSON {
        guard builder.purpose == .reading else { return writtenSchema(in: builder) }
        let pattern = SchemaJSON.string(SchemaPatterns.iso8601)
        guard builder.isStrict else { return ["type": "string", "pattern": pattern] }
        // The profile's `format` guides what a language model writes; the pattern keeps what
        // it allows to what loads.
        return ["type": "string", "format": "date-time", "pattern": pattern]
    }

    /// The ISO 8601 text that a date is written in.
    ///
    /// A `date-time`, or, for a date in the years that some checks of it turn down
    /// (`Date.distantPast` is in the year 0000), the text that ModelKit writes there. The
    /// strict profile has only the format, which guides what a language model writes.
    static func writtenSchema(in builder: SchemaBuilder) -> SchemaJSON {
        guard !builder.isStrict else { return ["type": "string", "format": "date-time"] }
        let beyond = SchemaJSON.string(SchemaPatterns.iso8601BeyondRFC3339)
        return ["type": "string", "anyOf": [["format": "date-time"], ["pattern": beyond]]]
    }

    /// Text in a Unicode date pattern; with the `pattern` of its fields when ModelKit reads the
    /// pattern itself rather than through a `DateFormatter`.
    private static func patternSchema(_ pattern: String) -> SchemaJSON {
        var schema: SchemaJSON = [
            "type": "string", "description": .string("A date in the form \"\(pattern)\" (Unicode date fields)."),
        ]
        if let compiled = DatePattern(pattern) {
            schema["pattern"] = .string(SchemaPatterns.datePattern(compiled))
        }
        return schema
    }
}

extension Data: SchemaDescribing {
    static func schema(in builder: SchemaBuilder) -> SchemaJSON {
        ["type": "string", "contentEncoding": "base64", "pattern": .string(SchemaPatterns.base64)]
    }
}

extension URL: SchemaDescribing {
    // Written as `absoluteString`, which is relative for a relative URL; read from any text
    // that `URL(string:)` takes, which encodes what a URI may not hold (`a b` is `a%20b`).
    // Never empty: the strict profile has no `minLength`, and a pattern of one character
    // says the same.
    static func schema(in builder: SchemaBuilder) -> SchemaJSON {
        var schema: SchemaJSON =
            builder.isStrict ? ["type": "string", "pattern": #"[\s\S]"#] : ["type": "string", "minLength": 1]
        if builder.purpose == .writing { schema["format"] = "uri-reference" }
        return schema
    }
}

extension UUID: SchemaDescribing {
    // Written in capitals; read in either case, and only as 8-4-4-4-12 hexadecimal digits,
    // which is less than some checks of the `uuid` format take.
    static func schema(in builder: SchemaBuilder) -> SchemaJSON {
        guard builder.purpose == .reading else { return ["type": "string", "format": "uuid"] }
        return ["type": "string", "format": "uuid", "pattern": .string(SchemaPatterns.uuid)]
    }
}
