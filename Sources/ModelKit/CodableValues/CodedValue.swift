import Foundation

/// A JSON value parsed once, as ModelKit's own `Decoder` for ``CodableSavedValue`` types reads
/// it, and the scalars its `Encoder` writes.
///
/// `JSONDecoder` cannot decode from ModelKit's reader, and decoding straight from the bytes
/// would not do either: a `Decodable` asks for keys in any order, and more than once. So the
/// value is parsed once into this light tree, with strings and numbers already decoded, and
/// decoded from there. The dictionary form of a value, which the dictionary way loads, becomes
/// the same tree, so that both readers decode the same values and report the same errors.
///
/// ```
/// {"id": "cus_1", "balance": 0, "tags": ["vip"], "id": "cus_2"}
///
/// .object(CodedObject(entries: [
///     ("id", .string("cus_1")),
///     ("balance", .number(.uint(0))),
///     ("tags", .array([.string("vip")])),
///     ("id", .string("cus_2")),
/// ]))
/// ```
///
/// An object keeps its entries in the order of the document, and its key `id` finds
/// `"cus_2"`: the last value of a key counts, as in `JSONSerialization`. Numbers are the
/// ``SavedNumber`` that the number's dictionary form gives (a 64-bit integer, a `Double`, or a
/// `Decimal` of more digits), so that `1.0` decodes as an `Int` from either reader.
enum CodedValue {
    case null
    case bool(Bool)
    /// A number, never a boolean.
    case number(SavedNumber)
    case string(String)
    case array([CodedValue])
    case object(CodedObject)

    /// The number, when the value is one.
    var number: SavedNumber? {
        guard case .number(let number) = self else { return nil }
        if case .bool = number { return nil }
        return number
    }

    /// The error for a value that is not `expected`: a type mismatch, or for `null`, a missing
    /// value.
    ///
    /// - Parameters:
    ///   - expected: What belongs there, in words: `a string`.
    ///   - type: The type the value is read as, which `DecodingError` reports.
    func mismatch(expected: String, readAs type: Any.Type) -> ModelError {
        if case .null = self { return ModelError(.valueNotFound(expected: expected)).expecting(type) }
        return ModelError(.typeMismatch(expected: expected, found: foundDescription)).expecting(type)
    }

    /// The value as an error message names what it found, as ``FoundValue`` describes its
    /// dictionary form; a container by its kind alone, without making one to describe, since
    /// a `Decodable` type that tries one form and then another meets this on every value.
    var foundDescription: String {
        switch self {
        case .array: FoundValue.anArray
        case .object: FoundValue.anObject
        default: FoundValue.describe(dictionaryForm)
        }
    }

    /// A dictionary-form value that ``FoundValue`` describes as it describes this value: the
    /// value itself for a scalar, an empty array or object for a container.
    var describedForm: Any {
        switch self {
        case .array: return [Any]()
        case .object: return [String: Any]()
        default: return dictionaryForm
        }
    }
}
