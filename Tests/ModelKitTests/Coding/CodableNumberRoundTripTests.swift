import Foundation
import ModelKit
import Testing

// Numbers through `Codable`: each comes back as a number of the same value, and the object
// equal, through `JSONEncoder` and `JSONDecoder`; property lists keep what they can hold.

@Suite struct CodableNumberRoundTripTests {
    final class Measure: ModelObject {
        override class var versionKey: String? { nil }
        override class var typeKey: String? { nil }
        @Saved var x: Double = 1
        @Saved var y: [Double] = []
    }

    final class Amount: ModelObject {
        override class var versionKey: String? { nil }
        override class var typeKey: String? { nil }
        @Saved var value = Decimal(0)
    }

    final class Extremes: ModelObject {
        override class var versionKey: String? { nil }
        override class var typeKey: String? { nil }
        @Saved var smallest = Int64.min
        @Saved var largest = UInt64.max
        @Saved var real = 0.0
    }

    /// Undeclared numbers as JSON text: numbers whose dictionary form is an `NSDecimalNumber`
    /// (the last two found by the differential suite), and `UInt64.max`, an `NSNumber`.
    static let undeclaredNumbers = [
        "123456789012345678901234567890",
        "-9223372036854775808",
        "0.1000000000000000055511151231257827021181583404541015625",
        "-3.949200454086902e-21",
        "18446744073709551615",
        "-5.319790074427355e-56",
        "-3.0896688995849853e-72",
    ]

    /// The numbers of ``undeclaredNumbers`` that neither a `Double` nor a 64-bit integer holds.
    static let beyondPropertyLists: Set = [
        "123456789012345678901234567890",
        "0.1000000000000000055511151231257827021181583404541015625",
    ]

    @Test(arguments: CodableFormat.allCases)
    func negativeZeroKeepsItsSign(through coder: CodableFormat) throws {
        let original = try Measure(json: #"{"x":-0.0,"y":[-0.0],"z":-0.0}"#)
        let decoded = try coder.roundTrip(original)
        #expect(decoded.x == 0 && decoded.x.sign == .minus)
        #expect(decoded.y.count == 1 && decoded.y.first?.sign == .minus)
        let undeclared = try #require(decoded.unknownValues["z"] as? Double)
        #expect(undeclared == 0 && undeclared.sign == .minus)
        #expect(decoded == original)
    }

    @Test(arguments: CodableFormat.allCases)
    func negativeZeroSetInCodeKeepsItsSign(through coder: CodableFormat) throws {
        let original = Measure()
        original.x = -0.0
        original.y = [-0.0, 0.0]
        let decoded = try coder.roundTrip(original)
        #expect(decoded.x.sign == .minus)
        #expect(decoded.y.first?.sign == .minus)
        // A binary property list writes equal numbers once, and -0.0 == 0.0: both read back as
        // the first.
        if coder != .binaryPropertyList {
            #expect(decoded.y.last?.sign == .plus)
        }
    }

    @Test(arguments: undeclaredNumbers)
    func undeclaredNumbersComeBackAsNumbersThroughJSON(_ number: String) throws {
        let original = try Measure(json: #"{"x":1,"y":[],"n":\#(number)}"#)
        let text = try sortedJSON(original)
        #expect(!text.contains(#""n":""#), "written as a string: \(text)")
        let decoded = try JSONDecoder().decode(Measure.self, from: Data(text.utf8))
        let value = try #require(decoded.unknownValues["n"])
        #expect(!(value is String))
        #expect(try exactValue(of: value) == exactValue(of: #require(original.unknownValues["n"])))
        #expect(decoded == original)
    }

    @Test(arguments: [CodableFormat.binaryPropertyList, .xmlPropertyList], undeclaredNumbers)
    func undeclaredNumbersThroughPropertyLists(through coder: CodableFormat, _ number: String) throws {
        let original = try Measure(json: #"{"x":1,"y":[],"n":\#(number)}"#)
        let decoded = try coder.roundTrip(original)
        let before = try #require(original.unknownValues["n"])
        let after = try #require(decoded.unknownValues["n"])
        if Self.beyondPropertyLists.contains(number) {
            // A property list holds no number of more digits than a `Double` or a 64-bit
            // integer: such a number comes back as a string of its every digit.
            #expect(after as? String == exactValue(of: before))
        } else {
            #expect(!(after is String))
            #expect(exactValue(of: after) == exactValue(of: before))
            #expect(decoded == original)
        }
    }

    @Test(arguments: [
        "12345678901234567890.123456789", "0.1000000000000000000001", "-98765432109876543210",
        "19.99", "0.000000000000000000000000000001",
    ])
    func declaredDecimalsKeepEveryDigitAsJSONNumbers(_ text: String) throws {
        let original = Amount()
        original.value = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        let json = try sortedJSON(original)
        #expect(!json.contains(#""value":""#), "written as a string: \(json)")
        let decoded = try JSONDecoder().decode(Amount.self, from: Data(json.utf8))
        #expect(decoded.value == original.value)
        #expect(decoded == original)
    }

    @Test(arguments: CodableFormat.allCases)
    func declaredDecimalsKeepEveryDigit(through coder: CodableFormat) throws {
        let original = Amount()
        original.value = try #require(Decimal(string: "-0.100000000000000005551115123125782702118"))
        #expect(try coder.roundTrip(original).value == original.value)
    }

    @Test(
        arguments: CodableFormat.allCases,
        [
            0.1, -0.0, 1e20, 1e300, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
            9_007_199_254_740_994, -0x1p63, 123.456, 1.0 / 3,
        ])
    func declaredNumbersKeepTheirValue(through coder: CodableFormat, real: Double) throws {
        let original = Extremes()
        original.real = real
        let decoded = try coder.roundTrip(original)
        #expect(decoded.smallest == .min)
        #expect(decoded.largest == .max)
        #expect(decoded.real == real && decoded.real.sign == real.sign)
    }

    @Test(arguments: [
        ("9007199254740993", "9007199254740993"),
        ("-9007199254740993", "-9007199254740993"),
        ("12345678901234567890.5", "12345678901234567890.5"),
        ("0.1000000000000000000001", "0.1000000000000000000001"),
        ("1e300", "1e+300"),
        ("42", "42"),
        ("-0", "-0.0"),
        ("0.25", "0.25"),
    ])
    func jsonDecoderReadsUndeclaredNumbersExactly(_ text: String, _ expected: String) throws {
        let decoded = try JSONDecoder().decode(Measure.self, from: Data(#"{"x":1,"y":[],"n":\#(text)}"#.utf8))
        #expect(try exactValue(of: #require(decoded.unknownValues["n"])) == expected)
    }

    @Test func numbersComeBackThroughSuperEncodersAndDecoders() throws {
        let original = try Measure(json: #"{"x":-0.0,"y":[],"n":123456789012345678901234567890}"#)
        let text = try sortedJSON(Envelope(measure: original))
        #expect(text.contains(#"{"measure":{"n":123456789012345678901234567890,"x":"#))
        let decoded = try JSONDecoder().decode(Envelope.self, from: Data(text.utf8)).measure
        #expect(decoded.x.sign == .minus)
        #expect(decoded.unknownValues["n"] is NSDecimalNumber)
        #expect(decoded == original)
    }

    // MARK: Helpers

    /// A model under a key of its own, written and read through a super encoder and decoder.
    struct Envelope: Codable {
        var measure: Measure

        enum CodingKeys: String, CodingKey {
            case measure
        }

        init(measure: Measure) {
            self.measure = measure
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            measure = try Measure.make(from: container.superDecoder(forKey: .measure))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try measure.encode(to: container.superEncoder(forKey: .measure))
        }
    }

    /// Compact JSON with sorted keys from `JSONEncoder`.
    func sortedJSON(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The exact value of a number of the dictionary form as text: every digit of a decimal,
    /// the shortest text of a `Double` (its sign included), the digits of an integer; a
    /// string's own text.
    func exactValue(of value: Any) -> String? {
        if let string = value as? String { return string }
        if let decimal = value as? NSDecimalNumber { return decimal.decimalValue.description }
        if type(of: value) == Double.self, let double = value as? Double { return shortestDecimal(double) }
        if type(of: value) == Int.self, let int = value as? Int { return String(int) }
        guard let number = value as? NSNumber else { return nil }
        switch String(cString: number.objCType) {
        case "d", "f": return shortestDecimal(number.doubleValue)
        case "Q": return String(number.uint64Value)
        default: return String(number.int64Value)
        }
    }

    /// The shortest text of a `Double`, written out as a `Decimal` writes itself where it has a
    /// negative exponent that `Decimal` holds, so that a `Double` and a decimal of the same
    /// value read the same.
    private func shortestDecimal(_ double: Double) -> String {
        if double == 0 { return double.sign == .minus ? "-0.0" : "0" }
        let text = "\(double)"
        guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
            text.contains("e-")
        else { return text }
        return decimal.description
    }
}
