import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The `Double` nearest to a `Decimal`, correctly rounded, and the 64-bit integer it holds.
///
/// `Decimal.doubleValue` multiplies the digits out in floating point and can land a few units
/// in the last place away. `Decimal` keeps its digits as an integer of up to eight 16-bit words
/// and a power of ten, but does not make them public; they are read from its storage: a signed
/// exponent byte, a byte with the length in words and the sign, two reserved bytes, then the
/// words, least significant first. Foundation packs the length and sign bits of that byte in
/// one of two orders (Darwin's `NSDecimal` bit fields, or swift-foundation's); which one is
/// found once by reading known values.
///
/// Where neither order matches, and wherever ``RuntimeAssumptions/takesLayoutShortcuts`` is
/// `false`, the digits come from the decimal's `description` instead, which writes every digit
/// in plain notation (`-12345.678`, `0.00001`), read as `strtod` reads them: the same numbers,
/// at the cost of making the text.
///
/// - Warning: ``storedInteger(_:)`` and ``storedDouble(_:)`` read the memory of a `Decimal`
///   (assumption 5 of ``RuntimeAssumptions``).
enum ExactDecimal {
    private struct Layout {
        let lengthShift: UInt8
        let negativeBit: UInt8

        func length(_ flags: UInt8) -> Int { Int(flags >> lengthShift & 0x0F) }
        func isNegative(_ flags: UInt8) -> Bool { flags & negativeBit != 0 }
    }

    private static let layout: Layout? = {
        guard MemoryLayout<Decimal>.size == 20 else { return nil }
        let candidates = [Layout(lengthShift: 4, negativeBit: 0x08), Layout(lengthShift: 0, negativeBit: 0x10)]
        return candidates.first { layout in
            matches(layout, "-12345.678", exponent: -3, isNegative: true, mantissa: [24910, 188])
                && matches(layout, "0.5", exponent: -1, isNegative: false, mantissa: [5])
        }
    }()

    private static func matches(_ layout: Layout, _ text: String, exponent: Int8, isNegative: Bool, mantissa: [UInt16])
        -> Bool
    {
        guard var decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { return false }
        return withUnsafeBytes(of: &decimal) { bytes in
            let length = layout.length(bytes[1])
            guard Int8(bitPattern: bytes[0]) == exponent, layout.isNegative(bytes[1]) == isNegative,
                length >= mantissa.count, length <= 8
            else { return false }
            let words = (0..<length).map { bytes.loadUnaligned(fromByteOffset: 4 + 2 * $0, as: UInt16.self) }
            return Array(words.prefix(mantissa.count)) == mantissa
                && words.dropFirst(mantissa.count).allSatisfy { $0 == 0 }
        }
    }

    /// The value of a whole number that fits 64 bits, as a sign and a magnitude; `nil` for other
    /// numbers and NaN.
    static func integer(_ decimal: Decimal) -> (isNegative: Bool, magnitude: UInt64)? {
        guard RuntimeAssumptions.takesLayoutShortcuts, layout != nil else { return textInteger(decimal) }
        return storedInteger(decimal)
    }

    /// The nearest `Double`; `nil` for NaN.
    static func double(_ decimal: Decimal) -> Double? {
        guard RuntimeAssumptions.takesLayoutShortcuts, layout != nil else { return textDouble(decimal) }
        return storedDouble(decimal)
    }

    /// ``integer(_:)`` read from the storage of `decimal`; `nil` also when its layout is not a
    /// known one.
    ///
    /// - Warning: Reads the memory of a `Decimal` (assumption 5 of ``RuntimeAssumptions``).
    static func storedInteger(_ decimal: Decimal) -> (isNegative: Bool, magnitude: UInt64)? {
        guard let layout, !decimal.isNaN else { return nil }
        var decimal = decimal
        return withUnsafeBytes(of: &decimal) { bytes -> (Bool, UInt64)? in
            let length = layout.length(bytes[1])
            guard length <= 4 else { return nil }
            var mantissa: UInt64 = 0
            for index in (0..<length).reversed() {
                mantissa = mantissa << 16 | UInt64(bytes.loadUnaligned(fromByteOffset: 4 + 2 * index, as: UInt16.self))
            }
            var exponent = Int(Int8(bitPattern: bytes[0]))
            while exponent < 0 {
                guard mantissa % 10 == 0 else { return nil }
                mantissa /= 10
                exponent += 1
            }
            while exponent > 0 {
                let (product, overflow) = mantissa.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                mantissa = product
                exponent -= 1
            }
            return (layout.isNegative(bytes[1]), mantissa)
        }
    }

    /// ``double(_:)`` read from the storage of `decimal`; `nil` also when its layout is not a
    /// known one.
    ///
    /// - Warning: Reads the memory of a `Decimal` (assumption 5 of ``RuntimeAssumptions``).
    static func storedDouble(_ decimal: Decimal) -> Double? {
        guard let layout, !decimal.isNaN else { return nil }
        var decimal = decimal
        return withUnsafeBytes(of: &decimal) { bytes in
            let length = layout.length(bytes[1])
            let exponent = Int(Int8(bitPattern: bytes[0]))
            let magnitude: Double
            if length <= 4 {
                var mantissa: UInt64 = 0
                for index in (0..<length).reversed() {
                    mantissa =
                        mantissa << 16 | UInt64(bytes.loadUnaligned(fromByteOffset: 4 + 2 * index, as: UInt16.self))
                }
                magnitude = double(mantissa: mantissa, exponent: exponent)
            } else {
                guard length <= 8 else { return nil }
                let words = (0..<length).map { bytes.loadUnaligned(fromByteOffset: 4 + 2 * $0, as: UInt16.self) }
                magnitude = parse(digits: decimalDigits(of: words), exponent: exponent)
            }
            return layout.isNegative(bytes[1]) ? -magnitude : magnitude
        }
    }

    /// ``integer(_:)`` read from the digits of the decimal's `description`, the portable path.
    static func textInteger(_ decimal: Decimal) -> (isNegative: Bool, magnitude: UInt64)? {
        guard !decimal.isNaN else { return nil }
        var text = Substring(decimal.description)
        let isNegative = text.first == "-"
        if isNegative { text = text.dropFirst() }
        // A decimal that was not compacted can write zeros after the point: `1.000` is whole.
        if let point = text.firstIndex(of: ".") {
            guard text[text.index(after: point)...].allSatisfy({ $0 == "0" }) else { return nil }
            text = text[..<point]
        }
        // `UInt64(_:)` would also take a sign.
        guard let first = text.first, first.isASCII, first.isNumber, let magnitude = UInt64(text) else { return nil }
        return (isNegative, magnitude)
    }

    /// ``double(_:)`` read from the digits of the decimal's `description`, the portable path:
    /// `Double(_:)` rounds text correctly, as `strtod` does.
    static func textDouble(_ decimal: Decimal) -> Double? {
        guard !decimal.isNaN else { return nil }
        return Double(decimal.description)
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    /// The `Double` nearest to `mantissa` times ten to `exponent`, which lies between
    /// -999 and 999.
    static func double(mantissa: UInt64, exponent: Int) -> Double {
        // Both operands exact and one rounding: the result is the nearest Double (Clinger).
        if mantissa <= 1 << 53, (-22...22).contains(exponent) {
            let value = Double(mantissa)
            return exponent < 0 ? value / powersOfTen[-exponent] : value * powersOfTen[exponent]
        }
        #if arch(x86_64) || arch(i386)
            if let value = extendedProduct(mantissa: mantissa, exponent: exponent) { return value }
        #endif
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var rest = mantissa
            var start = 20
            repeat {
                start -= 1
                buffer[start] = UInt8(truncatingIfNeeded: rest % 10) + 0x30
                rest /= 10
            } while rest > 0
            return parse(digits: UnsafeBufferPointer(rebasing: buffer[start..<20]), exponent: exponent)
        }
    }

    #if arch(x86_64) || arch(i386)
        /// Whether `Float80` arithmetic keeps its 64 bits of significand.
        ///
        /// Emulators such as valgrind run it in 53; the operand comes from the random number generator so
        /// that the compiler cannot work the answer out in advance.
        private static let hasExtendedPrecision: Bool = {
            let one = Float80(Int.random(in: 1...1))
            let large = Float80(sign: .plus, exponent: 63, significand: 1) * one
            return (large + one) - large == one
        }()

        private static let extendedPowersOfTen: [Float80] = (0...27).map { exponent in
            (0..<exponent).reduce(Float80(1)) { value, _ in value * 10 }
        }

        /// The product or quotient in 80-bit precision, where a 64-bit mantissa and powers of ten up to 10^27
        /// are exact and the operation rounds once; rounding that to a `Double` rounds twice, which can
        /// differ from rounding once only when the 80-bit result lies next to a point halfway between two
        /// doubles, and then `nil` sends the caller to `strtod`.
        ///
        /// Most 16- and 17-digit fractions, the ones JSONSerialization hands over as decimals, are read here
        /// at a fraction of the cost of `strtod`.
        private static func extendedProduct(mantissa: UInt64, exponent: Int) -> Double? {
            guard hasExtendedPrecision, (-27...27).contains(exponent) else { return nil }
            let quotient =
                exponent < 0
                ? Float80(mantissa) / extendedPowersOfTen[-exponent] : Float80(mantissa) * extendedPowersOfTen[exponent]
            // Results near the ends of Double's normal range round differently; leave them.
            guard quotient >= Float80(Double.leastNormalMagnitude), quotient <= Float80(Double.greatestFiniteMagnitude)
            else {
                return nil
            }
            // The 11 bits of the 64-bit significand below a Double's 53.
            let lowBits = quotient.significandBitPattern & 0x7FF
            guard lowBits < 0x3FF || lowBits > 0x401 else { return nil }
            return Double(quotient)
        }
    #endif

    /// The decimal digits of a mantissa of up to eight 16-bit words, most significant first.
    private static func decimalDigits(of mantissa: [UInt16]) -> [UInt8] {
        var words = mantissa
        var digits: [UInt8] = []
        while words.contains(where: { $0 != 0 }) {
            var remainder: UInt32 = 0
            for index in words.indices.reversed() {
                let value = remainder << 16 | UInt32(words[index])
                words[index] = UInt16(value / 10)
                remainder = value % 10
            }
            digits.append(UInt8(remainder) + 0x30)
        }
        return digits.isEmpty ? [0x30] : digits.reversed()
    }

    /// `strtod` of `digits` times ten to `exponent`: correctly rounded, and with no decimal
    /// point the text does not depend on the C locale.
    private static func parse<Digits: Collection<UInt8>>(digits: Digits, exponent: Int) -> Double {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: digits.count + 8) { text in
            var end = 0
            func append(_ byte: UInt8) {
                text[end] = CChar(bitPattern: byte)
                end += 1
            }
            for digit in digits { append(digit) }
            append(UInt8(ascii: "e"))
            if exponent < 0 { append(UInt8(ascii: "-")) }
            // Exponents have at most three digits here; leading zeros are fine for strtod.
            let power = exponent.magnitude
            for divisor: UInt in [100, 10, 1] { append(UInt8(power / divisor % 10) + 0x30) }
            append(0)
            return strtod(text.baseAddress!, nil)
        }
    }
}
