import Foundation

/// A saved type of ModelKit's own that describes its JSON Schema.
///
/// The types users declare are described by the protocol they conform through (see
/// ``SchemaBuilder/schema(of:)``); ModelKit's own describe themselves here, each as it reads
/// and writes itself.
///
/// | Saved type | Schema |
/// |---|---|
/// | `String`, `Bool`, `Double` | `string`, `boolean`, `number` |
/// | the integer types, `Float` | `integer` or `number`, between the type's bounds |
/// | `Decimal` | a number; reading, also a string that holds one |
/// | `Date` | by its property's ``DateFormat``: `date-time`, `date`, a number, a string |
/// | `Data` | a Base64 string (`contentEncoding`, and a `pattern`) |
/// | `URL`, `UUID` | a string of `format` `uri`, `uuid` |
/// | `Optional` | its wrapped type's, or `null` |
/// | `Array`, `Set` | an array of its elements' schema (a set's `uniqueItems`) |
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
    static func schema(in builder: SchemaBuilder) -> SchemaJSON { ["type": "boolean"] }
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
    // Written as a number; read also from a string that holds one.
    static func schema(in builder: SchemaBuilder) -> SchemaJSON {
        builder.purpose == .reading ? ["type": ["number", "string"]] : ["type": "number"]
    }
}

extension Date: SchemaDescribing {
    static func schema(in builder: SchemaBuilder) -> SchemaJSON {
        switch builder.dateFormat {
        case .iso8601: ["type": "string", "format": "date-time"]
        case .dateOnly: ["type": "string", "format": "date"]
        case .secondsSince1970:
            ["type": "number", "description": "A date, as the number of seconds since 1970-01-01T00:00:00Z."]
        case .millisecondsSince1970:
            ["type": "number", "description": "A date, as the number of milliseconds since 1970-01-01T00:00:00Z."]
        case .pattern(let pattern):
            ["type": "string", "description": .string("A date in the form \"\(pattern)\" (Unicode date fields).")]
        }
    }
}

extension Data: SchemaDescribing {
    /// Base64 text as `Data(base64Encoded:)` reads it: groups of four, padded.
    static let base64Pattern = "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"

    static func schema(in builder: SchemaBuilder) -> SchemaJSON {
        ["type": "string", "contentEncoding": "base64", "pattern": .string(base64Pattern)]
    }
}

extension URL: SchemaDescribing {
    static func schema(in builder: SchemaBuilder) -> SchemaJSON { ["type": "string", "format": "uri"] }
}

extension UUID: SchemaDescribing {
    static func schema(in builder: SchemaBuilder) -> SchemaJSON { ["type": "string", "format": "uuid"] }
}
