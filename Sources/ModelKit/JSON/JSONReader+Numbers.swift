import Foundation

extension JSONReader {
    /// A number of the document, checked against the grammar of RFC 8259, with the value of
    /// its first 19 significant digits.
    struct NumberToken {
        let start: Int
        let end: Int
        let isNegative: Bool
        /// Whether the text is only digits after an optional minus sign.
        let isInteger: Bool
        /// The first 19 significant digits, as an integer.
        let significand: UInt64
        /// The significant digits in the text; beyond 19, ``significand`` holds only the first.
        let significantDigits: Int
        /// The power of ten that scales ``significand``, held far beyond any `Double` exponent.
        let exponent: Int

        var length: Int { end - start }

        /// A whole number as `JSONSerialization` reads it, as a 64-bit integer: signed when
        /// it is negative.
        enum Integer {
            case int(Int64)
            case uint(UInt64)
        }
    }

    /// Moves past the number that starts at the position, checking its grammar.
    @inline(__always)
    mutating func scanNumber() throws -> NumberToken {
        let start = position
        var index = start
        let isNegative = current == UInt8(ascii: "-")
        if isNegative { index += 1 }
        var significand: UInt64 = 0
        var digits = 0
        var exponent = 0
        var digit = byte(at: index) &- UInt8(ascii: "0")
        if digit == 0 {
            index += 1
            if byte(at: index) &- UInt8(ascii: "0") < 10 { throw fatal("a number cannot start with 0", at: index - 1) }
        } else if digit < 10 {
            repeat {
                if digits < 19 { significand = significand &* 10 &+ UInt64(digit) } else { exponent += 1 }
                digits += 1
                index += 1
                digit = byte(at: index) &- UInt8(ascii: "0")
            } while digit < 10
        } else {
            throw fatal("expected a digit, found \(describeToken(at: index))", at: index)
        }
        var isInteger = true
        if byte(at: index) == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            digit = byte(at: index) &- UInt8(ascii: "0")
            guard digit < 10 else {
                throw fatal("expected a digit after '.', found \(describeToken(at: index))", at: index)
            }
            repeat {
                if digits < 19 {
                    significand = significand &* 10 &+ UInt64(digit)
                    exponent -= 1
                    // Zeros before the first significant digit only scale the number.
                    if significand != 0 { digits += 1 }
                } else {
                    digits += 1
                }
                index += 1
                digit = byte(at: index) &- UInt8(ascii: "0")
            } while digit < 10
        }
        let marker = byte(at: index)
        if marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            isInteger = false
            exponent += try scanExponent(from: &index)
        }
        position = index
        return NumberToken(
            start: start, end: index, isNegative: isNegative, isInteger: isInteger, significand: significand,
            significantDigits: digits, exponent: exponent)
    }

    /// Reads the exponent whose `e` is at `index`, held to six digits: beyond that, every
    /// number is zero or infinite anyway.
    private func scanExponent(from index: inout Int) throws -> Int {
        index += 1
        let sign = byte(at: index)
        if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
        var digit = byte(at: index) &- UInt8(ascii: "0")
        guard digit < 10 else {
            throw fatal("expected a digit in the exponent, found \(describeToken(at: index))", at: index)
        }
        var value = 0
        repeat {
            if value < 100_000 { value = value * 10 + Int(digit) }
            index += 1
            digit = byte(at: index) &- UInt8(ascii: "0")
        } while digit < 10
        return sign == UInt8(ascii: "-") ? -value : value
    }

    /// The text of a number token.
    func text(of token: NumberToken) -> String {
        String(decoding: UnsafeBufferPointer(start: base + token.start, count: token.length), as: UTF8.self)
    }
}

extension JSONReader.NumberToken {
    /// The number when `JSONSerialization` reads it as a 64-bit integer: only digits, and
    /// with its sign at most 19 characters when negative or 20 when not; else `nil`.
    ///
    /// Negative integers of 19 digits and larger numbers become `NSDecimalNumber`s there.
    @inline(__always)
    func foundationInteger(in reader: JSONReader) -> Integer? {
        guard isInteger else { return nil }
        if isNegative {
            guard length <= 19 else { return nil }
            // At most 18 digits: the significand holds them all, and it fits an Int64.
            return .int(0 &- Int64(truncatingIfNeeded: significand))
        }
        if significantDigits <= 19 { return .uint(significand) }
        guard length <= 20 else { return nil }
        let (product, overflow) = significand.multipliedReportingOverflow(by: 10)
        let last = UInt64(reader.byte(at: end - 1) &- UInt8(ascii: "0"))
        let (sum, carry) = product.addingReportingOverflow(last)
        return overflow || carry ? nil : .uint(sum)
    }

    /// The nearest `Double`, or `nil` when the number has more than 19 significant digits,
    /// which ``significand`` does not hold all of.
    ///
    /// The result is correctly rounded, as `Double(String)` and `strtod` round; beyond the
    /// range of `Double` it is infinite.
    @inline(__always)
    var double: Double? {
        guard significantDigits <= 19 else { return nil }
        let magnitude: Double
        if significand == 0 {
            magnitude = 0
        } else if exponent + significantDigits > 310 {
            magnitude = .infinity
        } else if exponent + significantDigits < -330 {
            magnitude = 0
        } else {
            magnitude = ExactDecimal.double(mantissa: significand, exponent: exponent)
        }
        return isNegative ? -magnitude : magnitude
    }

    /// The nearest `Float` when one rounding gives it: a significand of at most 24 bits and a
    /// power of ten that a `Float` holds exactly; else `nil`, for the text to be read.
    @inline(__always)
    var float: Float? {
        guard significantDigits <= 19, significand <= 1 << 24, (-10...10).contains(exponent) else { return nil }
        let value = Float(significand)
        let scale = Self.floatPowersOfTen[abs(exponent)]
        let magnitude = exponent < 0 ? value / scale : value * scale
        return isNegative ? -magnitude : magnitude
    }

    /// The powers of ten that a `Float` holds exactly, 10⁰ to 10¹⁰.
    private static let floatPowersOfTen: [Float] = (0...10).map { power in
        (0..<power).reduce(Float(1)) { product, _ in product * 10 }
    }
}
