import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

private final class RoundedNumbers: ModelObject {
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
    @Saved var double = 0.0
    @Saved var float: Float = 0
    @Saved var doubles: [Double] = []
    @Saved var optional: Double?
    @Saved var flag = false
}

/// `count` shares its container with a path three levels further down, which the reader
/// reads the dictionary way.
private final class SharedContainerNumbers: ModelObject {
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
    @Saved(path: "links", "detail", "meta", "count") var deep: [String] = []
    @Saved(path: "links", "count") var count = 0.0
    @Saved(path: "links", "ratio") var ratio: Float = 0
}

/// Every decimal reads as the `Double` or `Float` that `strtod` and `strtof` give for its
/// text, whatever its length and whichever way the reader takes, and `-0` keeps its sign.
@Suite struct NumberRoundingTests {
    /// The exact decimal text of the point halfway between `double`, positive and normal, and
    /// the next `Double` up.
    private static func halfway(after double: Double) -> String {
        // The halfway point is (2m + 1) · 2^(e − 1), m the significand and e its exponent as
        // an integer significand's: (2m + 1) · 5^n / 10^n with n = 1 − e when e < 1.
        let exponent = Int(double.exponent) - Double.significandBitCount
        let significand = double.significandBitPattern | (1 << UInt64(Double.significandBitCount))
        var digits = String(2 * significand + 1).reversed().map { Int($0.wholeNumberValue ?? 0) }
        let power = exponent - 1
        for _ in 0..<max(0, -power) { digits = multiply(digits, by: 5) }
        for _ in 0..<max(0, power) { digits = multiply(digits, by: 2) }
        var text = String(digits.reversed().map { Character(String($0)) })
        guard power < 0 else { return text }
        let scale = -power
        if text.count <= scale { text = String(repeating: "0", count: scale - text.count + 1) + text }
        text.insert(".", at: text.index(text.endIndex, offsetBy: -scale))
        return text
    }

    /// `digits`, least significant first, times `factor`.
    private static func multiply(_ digits: [Int], by factor: Int) -> [Int] {
        var result: [Int] = []
        var carry = 0
        for digit in digits {
            let product = digit * factor + carry
            result.append(product % 10)
            carry = product / 10
        }
        while carry > 0 {
            result.append(carry % 10)
            carry /= 10
        }
        return result
    }

    /// Texts just above, at and just below halfway points, far longer than a `Decimal` holds.
    private static let halfwayTexts: [String] = {
        var random = SplitMix64(seed: 43)
        var texts = ["1.00000000000000011102230246251565404236316680908203126"]
        for _ in 0..<40 {
            let double =
                Double(bitPattern: 0x3FF0_0000_0000_0000 | random.next() >> 12)
                * pow(2, Double(random.next() % 40) - 20)
            let point = halfway(after: double)
            let below = String(point.dropLast()) + "4" + String(repeating: "9", count: 30)
            texts += [point + "000000000000000000001", point, below]
        }
        return texts
    }()

    @Test func halfwayPointsRoundAsStrtodRounds() throws {
        for text in Self.halfwayTexts {
            let expected = try #require(Double(text))
            let json = #"{"double":\#(text),"doubles":[\#(text)],"optional":\#(text)}"#
            let loaded = try RoundedNumbers(json: json)
            #expect(loaded.double.bitPattern == expected.bitPattern, "\(text)")
            #expect(loaded.doubles.map(\.bitPattern) == [expected.bitPattern], "\(text)")
            #expect(loaded.optional?.bitPattern == expected.bitPattern, "\(text)")
            let shared = try SharedContainerNumbers(json: #"{"links":{"count":\#(text),"detail":{}}}"#)
            #expect(shared.count.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test func aLongDecimalJustAboveHalfwayRoundsUp() throws {
        let loaded = try RoundedNumbers(json: #"{"double": 1.00000000000000011102230246251565404236316680908203126}"#)
        #expect(loaded.double == 1.0000000000000002)
        let tie = try RoundedNumbers(json: #"{"double": 1.00000000000000011102230246251565404236316680908203125}"#)
        #expect(tie.double == 1.0)
    }

    /// A `Float` rounds once, from the text: through the nearest `Double` first, these land
    /// on the point halfway between two `Float`s and round to the even one.
    @Test(arguments: ["1.0000000596046448", "1.00000005960464477550461059570312501", "3.4028235e38", "1e-45"])
    func floatsRoundOnceFromTheText(text: String) throws {
        let expected = try #require(Float(text))
        #expect(try RoundedNumbers(json: #"{"float":\#(text)}"#).float.bitPattern == expected.bitPattern)
        let shared = try SharedContainerNumbers(json: #"{"links":{"ratio":\#(text),"detail":{}}}"#)
        #expect(shared.ratio.bitPattern == expected.bitPattern)
    }

    @Test func negativeZeroKeepsItsSignEveryWay() throws {
        let loaded = try RoundedNumbers(json: #"{"double":-0,"float":-0,"doubles":[-0,-0.0,-0e5],"optional":-0}"#)
        #expect(loaded.double.sign == .minus && loaded.float.sign == .minus && loaded.optional?.sign == .minus)
        #expect(loaded.doubles.allSatisfy { $0 == 0 && $0.sign == .minus })
        let shared = try SharedContainerNumbers(json: #"{"links":{"count":-0,"ratio":-0}}"#)
        #expect(shared.count == 0 && shared.count.sign == .minus)
        #expect(shared.ratio == 0 && shared.ratio.sign == .minus)
        let alone = try SharedContainerNumbers(json: #"{"links":{"count":-0}}"#)
        #expect(alone.count.sign == .minus)
        // Written back as what it is, and read back with its sign.
        let back = try SharedContainerNumbers(json: shared.jsonData())
        #expect(back.count.sign == .minus && back == shared)
    }

    @Test func negativeZeroIsStillFalseForABoolean() throws {
        #expect(try RoundedNumbers(json: #"{"flag":-0}"#).flag == false)
        #expect(try RoundedNumbers(json: #"{"flag":-0}"#, options: .foundationReader).flag == false)
    }
}
