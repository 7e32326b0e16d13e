import Foundation
import ModelKitTestSupport
import Testing

@testable import ModelKit

private final class Counters: ModelObject {
    @Saved var signed: Int64 = 0
    @Saved var unsigned: UInt64 = 0
    @Saved var optionalSigned: Int64? = nil
    @Saved var signedList: [Int64] = []
    @Saved var unsignedList: [UInt64] = []
    @Saved var narrowUnsigned: UInt32 = 0
}

/// 64-bit integers keep every digit through every way in and out, including the values that
/// lie beyond a 32-bit `Int` (as on watchOS) and those a `Double` cannot hold: on a 64-bit
/// platform these are the ends of the ranges, where a 32-bit one takes other paths.
@Suite struct SixtyFourBitIntegerTests {
    static let signedValues: [Int64] = [
        .min, .min + 1, -(1 << 53) - 1, Int64(Int32.min) - 1, Int64(Int32.min), -1, 0, Int64(Int32.max) + 1,
        (1 << 53) + 1, .max - 1, .max,
    ]
    static let unsignedValues: [UInt64] = [
        0, UInt64(UInt32.max), UInt64(UInt32.max) + 1, (1 << 53) + 1, UInt64(Int64.max) + 1, .max - 1, .max,
    ]

    /// A model whose properties hold the signed value at `index` and unsigned values beside it.
    private static func counters(_ index: Int) -> Counters {
        let counters = Counters()
        counters.signed = signedValues[index]
        counters.unsigned = unsignedValues[index % unsignedValues.count]
        counters.optionalSigned = signedValues[signedValues.count - 1 - index]
        counters.signedList = signedValues
        counters.unsignedList = unsignedValues
        counters.narrowUnsigned = .max
        return counters
    }

    private static func expectSameValues(_ loaded: Counters, _ expected: Counters, _ way: String) {
        #expect(loaded.signed == expected.signed, "\(way)")
        #expect(loaded.unsigned == expected.unsigned, "\(way)")
        #expect(loaded.optionalSigned == expected.optionalSigned, "\(way)")
        #expect(loaded.signedList == expected.signedList, "\(way)")
        #expect(loaded.unsignedList == expected.unsignedList, "\(way)")
        #expect(loaded.narrowUnsigned == expected.narrowUnsigned, "\(way)")
    }

    @Test(arguments: signedValues.indices)
    func dictionaryFormHoldsEveryDigit(index: Int) throws {
        let counters = Self.counters(index)
        let dictionary = try counters.dictionary
        #expect(String(describing: try #require(dictionary["signed"])) == String(counters.signed))
        #expect(String(describing: try #require(dictionary["unsigned"])) == String(counters.unsigned))
        let list = try #require(dictionary["signedList"] as? [Any])
        #expect(list.map { String(describing: $0) } == Self.signedValues.map { String($0) })
        Self.expectSameValues(try Counters(dictionary: dictionary), counters, "dictionary")
    }

    @Test(arguments: signedValues.indices)
    func dictionaryFormSurvivesJSONSerialization(index: Int) throws {
        let counters = Self.counters(index)
        let data = try JSONSerialization.data(withJSONObject: try counters.dictionary, options: [.sortedKeys])
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"signed\":\(counters.signed)"), "\(text)")
        #expect(text.contains("\"unsigned\":\(counters.unsigned)"), "\(text)")
        let parsed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        Self.expectSameValues(try Counters(dictionary: parsed), counters, "JSONSerialization")
    }

    @Test(arguments: signedValues.indices)
    func jsonHoldsEveryDigitThroughBothReaders(index: Int) throws {
        let counters = Self.counters(index)
        let text = try counters.jsonString(options: [.compact])
        #expect(text.contains("\"signed\":\(counters.signed)"), "\(text)")
        #expect(text.contains("\"unsigned\":\(counters.unsigned)"), "\(text)")
        Self.expectSameValues(try Counters(json: text), counters, "reader")
        Self.expectSameValues(try Counters(json: text, options: .foundationReader), counters, "foundationReader")
    }

    @Test(arguments: signedValues.indices)
    func codableHoldsEveryDigit(index: Int) throws {
        let counters = Self.counters(index)
        let json = try JSONEncoder().encode(counters)
        #expect(String(decoding: json, as: UTF8.self).contains("\(counters.signed)"))
        Self.expectSameValues(try JSONDecoder().decode(Counters.self, from: json), counters, "JSONDecoder")
        for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format
            let list = try encoder.encode(counters)
            let decoded = try PropertyListDecoder().decode(Counters.self, from: list)
            Self.expectSameValues(decoded, counters, "PropertyListDecoder, \(format)")
        }
    }

    /// Where `Int` is 32 bits, the dictionary form and the decoders hold larger integers as
    /// `NSNumber`s of 64-bit integers; a dictionary built by hand can hold them as they are.
    @Test func loadsEveryFormOfA64BitInteger() throws {
        let signed: [Any] = [
            NSNumber(value: Int64.min + 1), Int64.min + 1, NSDecimalNumber(string: "-9223372036854775807"),
        ]
        for value in signed {
            let loaded = try Counters(dictionary: ["signed": value, "signedList": [value]])
            #expect(loaded.signed == .min + 1, "\(type(of: value))")
            #expect(loaded.signedList == [.min + 1], "\(type(of: value))")
        }
        let unsigned: [Any] = [
            NSNumber(value: UInt64.max - 1), UInt64.max - 1, NSDecimalNumber(string: "18446744073709551614"),
        ]
        for value in unsigned {
            #expect(try Counters(dictionary: ["unsigned": value]).unsigned == .max - 1, "\(type(of: value))")
        }
    }

    @Test func savedValueOfEveryWidthIsExact() throws {
        let context = SaveContext(options: [])
        for value in Self.signedValues {
            #expect(String(describing: try value._savedValue(context: context)) == String(value))
            #expect(
                try Int64._make(savedValue: value._savedValue(context: context), context: LoadContext(options: []))
                    == value)
        }
        for value in Self.unsignedValues {
            #expect(String(describing: try value._savedValue(context: context)) == String(value))
        }
        #expect(String(describing: try Int32.min._savedValue(context: context)) == String(Int32.min))
        #expect(String(describing: try UInt32.max._savedValue(context: context)) == String(UInt32.max))
    }

    @Test func decodesWholeNumbersAsTheDictionaryFormHoldsThem() throws {
        let values = try JSONDecoder().decode(
            [DecodedValue].self, from: Data("[-9223372036854775807, 9007199254740993, 18446744073709551615, 1.5]".utf8))
        #expect(
            values.map { String(describing: $0.value) } == [
                "-9223372036854775807", "9007199254740993", "18446744073709551615", "1.5",
            ])
        #expect(values[0].value is Int || values[0].value is NSNumber)
        #expect(values[3].value is Double)
    }
}
