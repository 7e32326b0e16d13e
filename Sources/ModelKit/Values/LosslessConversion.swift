import Foundation

/// The conversions between JSON types that lose nothing, for the classes that accept them
/// (``ModelObject/acceptsLosslessConversions``).
///
/// Servers often send numbers as strings (`"3"`), ids as numbers where the client keeps
/// strings, and booleans as `"true"` or `"1"`. A scalar type's `_make(savedValue:context:)`
/// asks here only after the value turned out to be of the wrong type, and only when the
/// class of the object being loaded accepts conversions, so loading any other value, or any
/// class that does not, costs nothing more. ModelKit's JSON reader reads a value of the wrong
/// type again the dictionary way, so it converts through the same functions.
///
/// Each conversion is exact, read as JSON reads it:
/// - a string holds a number when it is exactly a JSON number (`"-2.5e3"`; not `" 3"`,
///   `"+3"`, `"03"`, `"0x1F"` or `"NaN"`), and the number then loads as that JSON number
///   would: `"3.5"` is still a fractional number for an `Int`, `"1e400"` is beyond `Double`;
/// - a number becomes the shortest text that reads back as the same number, integers
///   without a fraction: `5` → `"5"`, `2.5` → `"2.5"`, `5.0` → `"5"`;
/// - a boolean reads from `"true"` and `"1"`, `"false"` and `"0"`.
enum LosslessConversion {
    /// The number that `value` spells, when it is a string that is exactly a JSON number.
    static func number(in value: Any) -> SavedNumber? {
        guard let text = FastCast.string(value), let first = text.utf8.first, let last = text.utf8.last,
            first == UInt8(ascii: "-") || isDigit(first), isDigit(last)
        else { return nil }
        var bytes = text
        let number = try? bytes.withUTF8 { utf8 in
            try JSONReader.withReader(utf8) { reader in
                try reader.readDocument { reader in
                    let number = try reader.readFoundationValue()
                    try reader.finish()
                    return number
                }
            }
        }
        guard let number, let saved = SavedNumber(number) else { return nil }
        if case .bool = saved { return nil }
        return saved
    }

    /// The text of `value` when it is a number: the shortest that reads back as the same
    /// number.
    static func string(from value: Any) -> String? {
        guard let number = SavedNumber(value) else { return nil }
        if case .bool = number { return nil }
        return number.description
    }

    /// The boolean that `value` spells, when it is `"true"`, `"false"`, `"1"` or `"0"`.
    static func bool(from value: Any) -> Bool? {
        switch FastCast.string(value) {
        case "true", "1": return true
        case "false", "0": return false
        default: return nil
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
