import Foundation

/// The value at the reader is not of the kind that a fast path reads; the caller reads it
/// again as its dictionary form, which gives the error (or, for a form only the dictionary
/// way accepts, the value) that loading the dictionary form would.
struct ValueMismatch: Error {}

extension JSONReader {
    /// Whether `byte` can start a number.
    @inline(__always)
    static func startsNumber(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10
    }

    /// Reads a string value.
    @inline(__always)
    mutating func readStringValue() throws -> String {
        guard peekToken() == UInt8(ascii: "\"") else { throw ValueMismatch() }
        return try readString()
    }

    /// Reads `true` or `false`.
    @inline(__always)
    mutating func readBoolValue() throws -> Bool {
        switch peekToken() {
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return true
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return false
        default:
            throw ValueMismatch()
        }
    }

    /// Reads a whole number that `JSONSerialization` reads as a 64-bit integer and that fits
    /// `Integer`.
    @inline(__always)
    mutating func readIntegerValue<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
        guard Self.startsNumber(peekToken()) else { throw ValueMismatch() }
        let token = try scanNumber()
        switch token.foundationInteger(in: self) {
        case .int(let value)?: if let result = Integer(exactly: value) { return result }
        case .uint(let value)?: if let result = Integer(exactly: value) { return result }
        default: break
        }
        throw ValueMismatch()
    }

    /// Reads any number as the nearest `Double`, correctly rounded whatever its length, as
    /// `strtod` rounds; a number beyond the range of `Double` goes the dictionary way, which
    /// gives its error.
    @inline(__always)
    mutating func readDoubleValue() throws -> Double {
        guard Self.startsNumber(peekToken()) else { throw ValueMismatch() }
        let token = try scanNumber()
        guard let double = token.double ?? longDouble(token), double.isFinite else { throw ValueMismatch() }
        return double
    }

    /// Reads any number as the nearest `Float`, rounded once from the text as `strtof` rounds
    /// (rounding the nearest `Double` again could land on the other side of a point halfway
    /// between two `Float`s); a number beyond the range of `Float` goes the dictionary way.
    mutating func readFloatValue() throws -> Float {
        guard Self.startsNumber(peekToken()) else { throw ValueMismatch() }
        let token = try scanNumber()
        guard let float = token.float ?? Float(text(of: token)), float.isFinite else { throw ValueMismatch() }
        return float
    }

    /// The nearest `Double` to a number of more than 19 significant digits, from its text.
    @inline(never)
    private func longDouble(_ token: NumberToken) -> Double? {
        Double(text(of: token))
    }

    /// Reads a string value and converts its UTF-8 bytes, in place when it has no escapes.
    ///
    /// - Throws: ``ValueMismatch`` when the value is not a string or `convert` gives `nil`.
    @inline(__always)
    mutating func readStringValue<Result>(
        converting convert: (UnsafeBufferPointer<UInt8>) -> Result?
    ) throws -> Result {
        guard peekToken() == UInt8(ascii: "\"") else { throw ValueMismatch() }
        let token = try scanString()
        let result: Result?
        if token.hasEscapes {
            var string = makeString(token)
            result = string.withUTF8 { convert($0) }
        } else {
            result = convert(UnsafeBufferPointer(start: base + token.start, count: token.count))
        }
        guard let result else { throw ValueMismatch() }
        return result
    }

    /// Reads `null` when it stands at the position: `true` after reading it.
    @inline(__always)
    mutating func readNull() throws -> Bool {
        guard peekToken() == UInt8(ascii: "n") else { return false }
        try readLiteral("null")
        return true
    }
}
