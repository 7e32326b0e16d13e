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
    // Written without repeats; read from an array that may repeat an element, which the set
    // then holds once.
    static func schema(in builder: SchemaBuilder) throws -> SchemaJSON {
        var schema: SchemaJSON = ["type": "array", "items": try builder.schema(of: Element.self)]
        if builder.purpose == .writing { schema["uniqueItems"] = true }
        return schema
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
    // Written as ISO 8601 in UTC, and not at all for no date. Read as DejalDate read it: also
    // without a zone, and `null` or an empty string for no date.
    static func schema(in builder: SchemaBuilder) -> SchemaJSON {
        guard builder.purpose == .reading else { return Date.writtenSchema(in: builder) }
        let pattern = SchemaJSON.string(SchemaPatterns.dejalDate)
        guard builder.isStrict else { return ["type": ["string", "null"], "pattern": pattern] }
        return ["type": ["string", "null"], "format": "date-time", "pattern": pattern]
    }

    static var canBeNil: Bool { true }
}

extension SavedBase64: SchemaDescribing {
    // Written as Base64 in one line, and not at all for no data. Read also with white space,
    // and `null` or an empty string for no data.
    static func schema(in builder: SchemaBuilder) -> SchemaJSON {
        guard builder.purpose == .reading else {
            return ["type": "string", "contentEncoding": "base64", "pattern": .string(SchemaPatterns.base64)]
        }
        let pattern = SchemaJSON.string(SchemaPatterns.base64WithWhiteSpace)
        return ["type": ["string", "null"], "contentEncoding": "base64", "pattern": pattern]
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
