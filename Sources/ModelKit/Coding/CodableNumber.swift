import Foundation

/// How a number of a dictionary form goes through an encoder and comes back from a decoder
/// with the same value: the same integer, the same `Double` with its sign, the same decimal
/// with every digit.
///
/// **Writing.** Booleans, integers and `Double`s are written as themselves. A decimal (an
/// `NSDecimalNumber` that is not a whole number of 64 bits) is written as the `Double` whose
/// shortest text has its value, where there is one, as `-3.949200454086902e-21` and `19.99`
/// have: every coder writes and reads a `Double`. Otherwise, the decimal has more digits than a
/// `Double` holds: through an encoder that writes a `Decimal` as a number with every digit
/// (`JSONEncoder`'s, see ``JSONCoders``), it is written as that `Decimal`; through any other it
/// is written as a string of its every digit, since `PropertyListEncoder` and most encoders
/// write a `Decimal` as a container of its internal fields. Such a decimal comes back from a
/// property list as that string.
///
/// **Reading.** `JSONDecoder` reads any JSON number as an integer when the nearest `Double` is
/// whole, cutting off what the `Double` rounded away, and reads `-0` as the integer 0. So
/// through its decoders (``decodeJSONNumber(from:)``) a number is read as a `Double` first, and
/// the `Double` says where to look further:
///
/// | JSON text                                   | `Double`              | comes back as                    |
/// |---------------------------------------------|-----------------------|----------------------------------|
/// | `42`, `4.2e1`                               | 42, whole             | the integer 42                   |
/// | `-0`                                        | -0.0, whole           | the `Double` -0.0                |
/// | `0.25`                                      | 0.25                  | the `Double` (its shortest text) |
/// | `0.100000000000000005551115123125782702118` | 0.1                   | the `Decimal`                    |
/// | `9223372036854775807`                       | 2^63, from 2^53       | the integer of the `Decimal`     |
/// | `123456789012345678901234567890`            | 1.2345678901234568e29 | the `Decimal`                    |
/// | `1e300`                                     | 1e300                 | the `Double`: no `Decimal`       |
///
/// The `Decimal` is read only for a `Double` that is not whole or lies beyond 2^53, since
/// reading it costs about twice as much as the `Double` through `JSONDecoder`; a whole `Double`
/// below 2^53 holds any integer text of its value exactly. The limit that follows: a decimal of
/// more significant digits than a `Double` holds whose nearest `Double` is a whole number below
/// 2^53, such as `1.0000000000000000001`, comes back as that whole number.
///
/// Through other decoders (``decodeNumber(from:)``), such as `PropertyListDecoder`, whose
/// integers are integers, a number is read as an integer first, then as a `Double`, and a zero
/// as a `Double` too, for its sign. A binary property list writes equal numbers once, and
/// `-0.0 == 0.0`: a document that holds both zeros reads both back as the one written first.
enum CodableNumber {
    /// Writes `number` through `container`, which `encoder` made, as the section above says.
    static func encode(
        _ number: SavedNumber, into container: inout any SingleValueEncodingContainer, of encoder: any Encoder
    ) throws {
        switch number {
        case .bool(let bool): try container.encode(bool)
        case .int(let int): try container.encode(int)
        case .uint(let uint): try container.encode(uint)
        case .double(let double): try container.encode(double)
        case .decimal(let decimal):
            if let double = shortestDouble(of: decimal) {
                try container.encode(double)
            } else if !decimal.isNaN, JSONCoders.isJSONEncoder(encoder) {
                try container.encode(decimal)
            } else {
                try container.encode(decimal.description)
            }
        }
    }

    /// The number that `container`, made by a decoder of `JSONDecoder`'s, holds, as the section
    /// above says: an `Int`, an `NSNumber` of a 64-bit integer beyond `Int`, a `Double` or an
    /// `NSDecimalNumber`; `nil` when it holds no number that a `Double` holds.
    static func decodeJSONNumber(from container: any SingleValueDecodingContainer) -> Any? {
        guard let double = try? container.decode(Double.self) else { return nil }
        if double.magnitude < 0x1p53 && double.rounded(.towardZero) == double {
            return double == 0 && double.sign == .minus ? double : integer(Int64(double))
        }
        guard double.isFinite, let decimal = try? container.decode(Decimal.self) else { return double }
        return number(decimal, nearest: double)
    }

    /// The number that `container` holds, read as a 64-bit integer, else as a `Double`: for
    /// decoders whose integers and reals are apart, and for a JSON number beyond `Double`,
    /// which `JSONDecoder` reads as the integer nearest it, as `1e-400` is read as 0; `nil`
    /// when it holds no number.
    static func decodeNumber(from container: any SingleValueDecodingContainer) -> Any? {
        // As 64 bits, which `Int` holds only where it is 64 bits wide: through `Int` alone, a
        // 32-bit platform would read larger numbers as `Double`s and lose their last digits.
        if let int = try? container.decode(Int64.self) {
            // A real `-0.0` reads as the integer 0 too.
            if int == 0, let double = try? container.decode(Double.self), double.sign == .minus { return double }
            return integer(int)
        }
        if let uint = try? container.decode(UInt64.self) { return NSNumber(value: uint) }
        return try? container.decode(Double.self)
    }

    /// An integer as `Int`, which is 64 bits wide on most platforms, else as an `NSNumber`.
    private static func integer(_ int: Int64) -> Any {
        if let small = Int(exactly: int) { return small }
        return NSNumber(value: int)
    }

    /// The value of a decoded `decimal`, whose nearest `Double` the decoder read as `double`:
    /// an integer when it is a whole number of 64 bits, else `double` when the decimal is its
    /// shortest text or does not round to it (the text had more digits than `Decimal`
    /// holds), else the decimal.
    private static func number(_ decimal: Decimal, nearest double: Double) -> Any {
        switch SavedNumber(decimal: decimal) {
        case .int(let int): return integer(int)
        case .uint(let uint): return NSNumber(value: uint)
        default: break
        }
        guard ExactDecimal.double(decimal) == double, !isShortestText(of: double, decimal) else { return double }
        return NSDecimalNumber(decimal: decimal)
    }

    /// The `Double` whose shortest text has the value of `decimal`; `nil` when no `Double` has.
    private static func shortestDouble(of decimal: Decimal) -> Double? {
        guard let double = ExactDecimal.double(decimal), double.isFinite, isShortestText(of: double, decimal) else {
            return nil
        }
        return double
    }

    /// Whether `decimal` has the value of the shortest text of `double`, the `Double` nearest
    /// to it.
    ///
    /// A decimal of at most 15 significant digits always has: such decimals lie further apart
    /// than `Double`s within the range of `Decimal`, so no shorter text reads as the same
    /// `Double`. Only longer ones are compared with the text.
    private static func isShortestText(of double: Double, _ decimal: Decimal) -> Bool {
        decimal.significand.magnitude < fifteenDigitLimit
            || Decimal(string: double.description, locale: posix) == decimal
    }

    private static let fifteenDigitLimit = Decimal(1_000_000_000_000_000)

    private static let posix = Locale(identifier: "en_US_POSIX")
}
