import Foundation

/// A JSON value of a schema being built: keywords, their values and whole subschemas.
///
/// A tree of its own rather than the dictionary form, so that building and the rules of a
/// profile compare and rewrite keywords without casts, and so that a boolean stays a boolean
/// and an integer an integer whatever Foundation would make of them.
///
/// ```swift
/// let schema: SchemaJSON = ["type": "string", "format": "uuid"]
/// ```
indirect enum SchemaJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsigned(UInt64)
    case number(Double)
    case string(String)
    case array([SchemaJSON])
    case object([String: SchemaJSON])

    /// The schema that every value satisfies.
    static let anyValue = SchemaJSON.object([:])

    /// The keyword `key` of a schema object; setting it on a value that is not an object does
    /// nothing.
    subscript(key: String) -> SchemaJSON? {
        get {
            guard case .object(let keywords) = self else { return nil }
            return keywords[key]
        }
        set {
            guard case .object(var keywords) = self else { return }
            keywords[key] = newValue
            self = .object(keywords)
        }
    }

    /// The keywords of a schema object; empty for any other value.
    var keywords: [String: SchemaJSON] {
        guard case .object(let keywords) = self else { return [:] }
        return keywords
    }

    /// The schema of an integer between the bounds of `type`.
    static func integer<Integer: FixedWidthInteger>(boundsOf type: Integer.Type) -> SchemaJSON {
        ["type": "integer", "minimum": SchemaJSON(integer: Integer.min), "maximum": SchemaJSON(integer: Integer.max)]
    }

    init<Integer: BinaryInteger>(integer: Integer) {
        if let value = Int64(exactly: integer) {
            self = .integer(value)
        } else if let value = UInt64(exactly: integer) {
            self = .unsigned(value)
        } else {
            self = .number(Double(integer))
        }
    }

    /// The value of a dictionary form, as a schema a user wrote gives it.
    ///
    /// - Throws: A ``ModelError`` naming the place inside `value` of a value that JSON has no
    ///   form for.
    init(dictionaryForm value: Any) throws {
        if let string = value as? String {
            self = .string(string)
        } else if FastCast.isNull(value) {
            self = .null
        } else if let number = SavedNumber(value) {
            switch number {
            case .bool(let bool): self = .bool(bool)
            case .int(let int): self = .integer(int)
            case .uint(let uint): self = .unsigned(uint)
            case .double(let double):
                guard double.isFinite else { throw ModelError(.unencodableNumber("\(double)")) }
                self = .number(double)
            case .decimal(let decimal): self = .number(SavedNumber.decimal(decimal).double)
            }
        } else if let integer = value as? any BinaryInteger {
            self.init(integer: integer)
        } else if let array = value as? [Any] {
            self = .array(
                try array.indices.map { index in
                    try Self.converting(at: .index(index)) { try SchemaJSON(dictionaryForm: array[index]) }
                })
        } else if let dictionary = value as? [String: Any] {
            self = .object(
                try dictionary.reduce(into: [:]) { result, entry in
                    result[entry.key] = try Self.converting(at: .key(entry.key)) {
                        try SchemaJSON(dictionaryForm: entry.value)
                    }
                })
        } else {
            throw ModelError(.typeMismatch(expected: "a JSON value", found: FoundValue.describe(value)))
        }
    }

    private static func converting(
        at component: ModelKeyPath.Component, _ convert: () throws -> SchemaJSON
    ) throws -> SchemaJSON {
        try KeyPathStep.at(component, convert)
    }

    /// Writes the value, the keys of each object sorted.
    func write(to writer: inout JSONWriter) throws {
        switch self {
        case .null: writer.output.writeNull()
        case .bool(let bool): writer.output.writeBool(bool)
        case .integer(let int): writer.output.writeInteger(int)
        case .unsigned(let uint): writer.output.writeInteger(uint)
        case .number(let double): try writer.writeDouble(double)
        case .string(let string): writer.output.writeString(string)
        case .array(let elements):
            guard !elements.isEmpty else { return writer.output.writeEmpty(open: "[", close: "]") }
            writer.output.append("[")
            writer.output.level += 1
            for index in elements.indices {
                if index > 0 { writer.output.append(",") }
                writer.output.newLine()
                try elements[index].write(to: &writer)
            }
            writer.output.level -= 1
            writer.output.newLine()
            writer.output.append("]")
        case .object(let keywords):
            guard !keywords.isEmpty else { return writer.output.writeEmpty(open: "{", close: "}") }
            writer.output.beginObject()
            for (index, key) in keywords.keys.sorted(by: JSONOutput.keyOrder).enumerated() {
                writer.output.writeKey(key, isFirst: index == 0)
                try keywords[key]?.write(to: &writer)
            }
            writer.output.endObject(isEmpty: false)
        }
    }
}

extension SchemaJSON: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    init(stringLiteral value: String) {
        self = .string(value)
    }

    init(booleanLiteral value: Bool) {
        self = .bool(value)
    }

    init(integerLiteral value: Int64) {
        self = .integer(value)
    }

    init(arrayLiteral elements: SchemaJSON...) {
        self = .array(elements)
    }

    init(dictionaryLiteral elements: (String, SchemaJSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
