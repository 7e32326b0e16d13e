import Foundation
import ModelKitTestSupport
import Testing

@testable import ModelKit

private final class Measurement: ModelObject {
    @Saved var values: [Double] = []
}

@Suite struct SavedNumberTests {
    /// Doubles of every magnitude, many with 16 or 17 significant digits, which
    /// JSONSerialization on Linux reads into NSDecimalNumber.
    private static func sampleDoubles(count: Int) -> [Double] {
        var generator = SplitMix64(seed: 0x5EED)
        var values: [Double] = [
            0.11372549019607843, 0.9725490196078431, 1e-7, 123456789.12345678, .leastNonzeroMagnitude,
            1.7976931348623157e308,
        ]
        for _ in 0..<count {
            let bits = generator.next()
            switch bits % 4 {
            case 0: values.append(Double(bits >> 11) / Double(1 << 53))
            case 1: values.append(Double(Int(bits % 256)) / 255)
            case 2: values.append(Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF))
            default: values.append(-Double(bits % 1_000_000_007) / 1e9)
            }
        }
        return values
    }

    @Test func readsEveryDoubleExactlyFromJSONSerialization() throws {
        let values = Self.sampleDoubles(count: 5_000)
        let text = "[" + values.map { "\($0)" }.joined(separator: ",") + "]"
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any])
        let context = LoadContext(options: [])
        for (value, found) in zip(values, parsed) {
            let read = try Double._make(savedValue: found, context: context)
            #if canImport(Darwin)
                // Apple does not document how its JSONSerialization rounds; ModelKit adds no
                // error of its own: it reads the double it gives, or a decimal correctly rounded.
                let given =
                    (found as? NSDecimalNumber).flatMap { Double($0.description) } ?? (found as? NSNumber)?.doubleValue
                #expect(read.bitPattern == given?.bitPattern, "\(value) read as \(read) from \(type(of: found))")
            #else
                // swift-corelibs-foundation reads the long ones into NSDecimalNumber, which ModelKit
                // rounds correctly, so every double comes back exactly.
                #expect(read.bitPattern == value.bitPattern, "\(value) read as \(read) from \(type(of: found))")
            #endif
        }
    }

    @Test func convertsDecimalsAsStrtodDoes() throws {
        var generator = SplitMix64(seed: 0xDEC1)
        let posix = Locale(identifier: "en_US_POSIX")
        for _ in 0..<20_000 {
            let digits = String(generator.next() % 10_000_000_000_000_000_000)
            let exponent = -Int(generator.next() % 30)
            let text = "\(digits)e\(exponent)"
            let decimal = try #require(Decimal(string: text, locale: posix))
            let expected = strtod(text, nil)
            let converted = try #require(ExactDecimal.double(decimal))
            #expect(converted.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test func modelRoundTripsDoublesThroughJSON() throws {
        let model = Measurement()
        model.values = Self.sampleDoubles(count: 1_000)
        let loaded = try Measurement(json: try model.jsonData())
        #expect(loaded.values == model.values)
    }

    @Test func keepsBooleansApartFromNumbers() throws {
        let parsed = try #require(
            try JSONSerialization.jsonObject(with: Data("[true, 1, 0, false, 1.5, 18446744073709551615]".utf8))
                as? [Any])
        let context = LoadContext(options: [])
        #expect(try Bool._make(savedValue: parsed[0], context: context) == true)
        #expect(throws: ModelError.self) { try Int._make(savedValue: parsed[0], context: context) }
        #expect(try Int._make(savedValue: parsed[1], context: context) == 1)
        #expect(try Bool._make(savedValue: parsed[2], context: context) == false)
        #expect(throws: ModelError.self) { try Double._make(savedValue: parsed[3], context: context) }
        #expect(try Double._make(savedValue: parsed[4], context: context) == 1.5)
        #if canImport(Darwin)
            // Whether Apple's JSONSerialization reads 18446744073709551615 exactly is not
            // documented; a number read as another one is out of range, never a wrong value.
            switch Result(catching: { try UInt64._make(savedValue: parsed[5], context: context) }) {
            case .success(let largest): #expect(largest == .max)
            case .failure(let error): #expect(error is ModelError)
            }
        #else
            #expect(try UInt64._make(savedValue: parsed[5], context: context) == .max)
        #endif
    }

    /// Decimals of every size and exponent, as Foundation makes them from text, from parts and
    /// from arithmetic.
    private static func sampleDecimals(count: Int) -> [Decimal] {
        var generator = SplitMix64(seed: 0xD1617)
        let posix = Locale(identifier: "en_US_POSIX")
        var decimals = [
            "0", "-0", "0.000", "1.000", "-9223372036854775808", "-9223372036854775809", "18446744073709551615",
            "18446744073709551616", "9007199254740993", "1e127", "-1e-127", "123456789012345678901234567890123456789",
            "0.1", "-12345.678",
        ].compactMap { Decimal(string: $0, locale: posix) }
        for _ in 0..<count {
            let significand = Decimal(generator.next() >> (generator.next() % 64))
            let exponent = Int(generator.next() % 60) - 30
            let sign: FloatingPointSign = generator.next() % 2 == 0 ? .plus : .minus
            decimals.append(Decimal(sign: sign, exponent: exponent, significand: significand))
            decimals.append(significand * Decimal(generator.next()) / 1000)
        }
        return decimals
    }

    /// The portable conversions give what those that read a decimal's storage give, where the
    /// storage is read.
    @Test(.enabled(if: RuntimeAssumptions.takesLayoutShortcuts, "the storage is not read"))
    func portableDecimalConversionsAgreeWithStorage() throws {
        for decimal in Self.sampleDecimals(count: 5_000) {
            let stored = ExactDecimal.storedInteger(decimal)
            let text = ExactDecimal.textInteger(decimal)
            #expect(stored?.isNegative == text?.isNegative && stored?.magnitude == text?.magnitude, "\(decimal)")
            let storedDouble = try #require(ExactDecimal.storedDouble(decimal))
            let textDouble = try #require(ExactDecimal.textDouble(decimal))
            #expect(storedDouble.bitPattern == textDouble.bitPattern, "\(decimal)")
        }
        #expect(ExactDecimal.textInteger(Decimal.nan) == nil && ExactDecimal.textDouble(Decimal.nan) == nil)
    }

    /// Each way in of a number that the fast casts read gives what the general casts give.
    @Test func classifiesNumbersAsTheGeneralCastsDo() throws {
        let parsed = try #require(
            try JSONSerialization.jsonObject(with: Data("[true, -5, 0.25, 123456789012345678901]".utf8)) as? [Any])
        let values: [(Any, String)] = [
            (Int.min, "\(Int.min)"), (0.1, "0.1"), (-2.5, "-2.5"), (1e300, "1e+300"), (true, "true"), (false, "false"),
            (Int64.min, "-9223372036854775808"), (UInt64.max, "18446744073709551615"), (Float(0.5), "0.5"),
            (NSNumber(value: 1.5), "1.5"), (NSDecimalNumber(string: "-9223372036854775807"), "-9223372036854775807"),
            (parsed[0], "true"), (parsed[1], "-5"), (parsed[2], "0.25"), (parsed[3], "123456789012345678901"),
        ]
        for (value, expected) in values {
            #expect(SavedNumber(value)?.description == expected, "\(type(of: value))")
        }
        #expect(SavedNumber("1") == nil && SavedNumber(NSNull()) == nil && SavedNumber([1] as [Any]) == nil)
    }
}
