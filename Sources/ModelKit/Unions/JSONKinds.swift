import Foundation

/// Kinds of JSON value: those that a saved type reads, and the one found in the data, which a
/// ``SavedUnion`` compares to choose the alternatives to try.
///
/// | Saved type | Reads |
/// |---|---|
/// | `String`, `Date`, `Data`, `URL`, `UUID` | a string |
/// | the integer and floating-point types | a number |
/// | `Decimal` | a number, or a string that holds one |
/// | `Bool` | a boolean |
/// | model objects, dictionaries | an object |
/// | arrays, sets | an array |
/// | `Optional` | its wrapped type's kinds, and `null` |
/// | a ``SavedRepresentable`` type, a raw-value enum | its representation's or raw value's kinds |
/// | a ``SavedUnion`` | its alternatives' kinds |
/// | a ``CodableSavedValue`` type, any other | every kind: its own loading decides |
///
/// The kind found is that of the next token for ModelKit's reader (`"` a string, `{` an
/// object, `t` a boolean, …) and that of the Foundation value for the dictionary form, where
/// `JSONSerialization`'s booleans are told from its numbers as a `Bool` property tells them.
/// A value of the dictionary form that JSON has no kind for, such as a `Date` or `Data` from
/// a property list, counts as every kind, so that every alternative may try it.
struct JSONKinds: OptionSet, Sendable {
    let rawValue: UInt8

    static let string = JSONKinds(rawValue: 1 << 0)
    static let number = JSONKinds(rawValue: 1 << 1)
    static let boolean = JSONKinds(rawValue: 1 << 2)
    static let object = JSONKinds(rawValue: 1 << 3)
    static let array = JSONKinds(rawValue: 1 << 4)
    static let null = JSONKinds(rawValue: 1 << 5)
    static let all: JSONKinds = [.string, .number, .boolean, .object, .array, .null]

    /// Each kind alone, in the order that descriptions list them.
    static let each: [JSONKinds] = [.string, .number, .boolean, .object, .array, .null]

    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The kind of the JSON value that starts with `token`; none for a byte that starts no
    /// value.
    init(token: UInt8) {
        switch token {
        case UInt8(ascii: "\""): self = .string
        case UInt8(ascii: "{"): self = .object
        case UInt8(ascii: "["): self = .array
        case UInt8(ascii: "t"), UInt8(ascii: "f"): self = .boolean
        case UInt8(ascii: "n"): self = .null
        case _ where JSONReader.startsNumber(token): self = .number
        default: self = []
        }
    }

    /// The kind of a value of the dictionary form.
    init(found value: Any) {
        if FastCast.isNull(value) {
            self = .null
        } else if FastCast.string(value) != nil {
            self = .string
        } else if let number = SavedNumber(value) {
            self = number.isBool ? .boolean : .number
        } else if FastCast.object(value) != nil {
            self = .object
        } else if FastCast.array(value) != nil {
            self = .array
        } else {
            self = .all
        }
    }

    /// The kinds that values of `type` are read from.
    static func read(by type: Any.Type) -> JSONKinds {
        if let described = type as? any JSONKindsDescribing.Type { return described.jsonKinds }
        if type is ModelObject.Type { return .object }
        if type is any BinaryInteger.Type || type is any BinaryFloatingPoint.Type { return .number }
        if let union = type as? any SavedUnion.Type { return UnionCache.kinds(of: union) }
        if let representable = type as? any SavedRepresentable.Type { return read(byRepresentationOf: representable) }
        if type is any CodableSavedValue.Type { return .all }
        if let raw = type as? any RawRepresentable.Type { return read(byRawValueOf: raw) }
        return .all
    }

    private static func read<T: SavedRepresentable>(byRepresentationOf type: T.Type) -> JSONKinds {
        read(by: T.SavedRepresentation.self)
    }

    private static func read<T: RawRepresentable>(byRawValueOf type: T.Type) -> JSONKinds {
        read(by: T.RawValue.self)
    }

    /// The kinds in words, in the order of `list`, each once: `a string or an object`.
    static func describe(_ list: [JSONKinds]) -> String {
        var words: [String] = []
        for kinds in list {
            for kind in each where kinds.contains(kind) {
                let word = kind.word
                if !words.contains(word) { words.append(word) }
            }
        }
        guard let last = words.popLast() else { return "a value" }
        return words.isEmpty ? last : "\(words.joined(separator: ", ")) or \(last)"
    }

    /// The word for one kind.
    private var word: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .boolean: "a boolean"
        case .object: "an object"
        case .array: "an array"
        default: "null"
        }
    }
}

/// A saved type of ModelKit's own that says which kinds of JSON value it reads.
protocol JSONKindsDescribing {
    static var jsonKinds: JSONKinds { get }
}

extension String: JSONKindsDescribing {
    static var jsonKinds: JSONKinds { .string }
}

extension Date: JSONKindsDescribing {
    // Unions hand no property's date format on: their dates are ISO 8601.
    static var jsonKinds: JSONKinds { .string }
}

extension Data: JSONKindsDescribing {
    static var jsonKinds: JSONKinds { .string }
}

extension URL: JSONKindsDescribing {
    static var jsonKinds: JSONKinds { .string }
}

extension UUID: JSONKindsDescribing {
    static var jsonKinds: JSONKinds { .string }
}

extension Bool: JSONKindsDescribing {
    static var jsonKinds: JSONKinds { .boolean }
}

extension Decimal: JSONKindsDescribing {
    // A `Decimal` also reads a string that holds a decimal number.
    static var jsonKinds: JSONKinds { [.number, .string] }
}

extension Optional: JSONKindsDescribing where Wrapped: SavedValue {
    static var jsonKinds: JSONKinds { JSONKinds.read(by: Wrapped.self).union(.null) }
}

extension Array: JSONKindsDescribing where Element: SavedValue {
    static var jsonKinds: JSONKinds { .array }
}

extension Set: JSONKindsDescribing where Element: SavedValue {
    static var jsonKinds: JSONKinds { .array }
}

extension Dictionary: JSONKindsDescribing where Key == String, Value: SavedValue {
    static var jsonKinds: JSONKinds { .object }
}
