import Foundation

extension Optional: SchemaDescribing where Wrapped: SavedValue {
    static func schema(in builder: SchemaBuilder) throws -> SchemaJSON {
        builder.nullable(try builder.schema(of: Wrapped.self))
    }

    static var canBeNil: Bool { true }
}

extension Array: SchemaDescribing where Element: SavedValue {
    static func schema(in builder: SchemaBuilder) throws -> SchemaJSON {
        ["type": "array", "items": try builder.schema(of: Element.self)]
    }
}

extension Set: SchemaDescribing where Element: SavedValue {
    static func schema(in builder: SchemaBuilder) throws -> SchemaJSON {
        ["type": "array", "items": try builder.schema(of: Element.self), "uniqueItems": true]
    }
}

extension Dictionary: SchemaDescribing where Key == String, Value: SavedValue {
    static func schema(in builder: SchemaBuilder) throws -> SchemaJSON {
        ["type": "object", "additionalProperties": try builder.schema(of: Value.self)]
    }
}

extension ModelObject: SchemaDescribing {
    static func schema(in builder: SchemaBuilder) throws -> SchemaJSON {
        try builder.reference(to: self)
    }
}

// The storage of the value classes, as they write it.

extension SavedDate: SchemaDescribing {
    static func schema(in builder: SchemaBuilder) -> SchemaJSON {
        ["type": ["string", "null"], "format": "date-time"]
    }

    static var canBeNil: Bool { true }
}

extension SavedBase64: SchemaDescribing {
    static func schema(in builder: SchemaBuilder) -> SchemaJSON {
        ["type": ["string", "null"], "contentEncoding": "base64"]
    }

    static var canBeNil: Bool { true }
}

extension SavedDictionary: SchemaDescribing {
    static func schema(in builder: SchemaBuilder) -> SchemaJSON { ["type": "object"] }
}

extension SchemaDescribing where Self: SavedTimeComponent {
    static func schema(in builder: SchemaBuilder) -> SchemaJSON {
        [
            "type": "integer", "minimum": SchemaJSON(integer: range.lowerBound),
            "maximum": SchemaJSON(integer: range.upperBound),
        ]
    }
}

extension SavedHour: SchemaDescribing {}
extension SavedMinuteOrSecond: SchemaDescribing {}
