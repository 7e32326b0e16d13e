import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// A `CodableSavedValue` is written as it was when it went through `JSONEncoder` and
// `JSONSerialization` into ModelKit's writer: each number as `JSONSerialization` reads the text
// that `JSONEncoder` writes for it, each key sorted; but what that way lost is kept.

/// Numbers at the edges of how `JSONEncoder` writes them and `JSONSerialization` reads them
/// back, strings that need escapes, and containers.
struct WrittenSample: Codable, Hashable, CodableSavedValue {
    var doubles: [Double] = [
        0, 1, -1.5, 0.1, 1e15, 1e16, 4_000_000_000_000_000, 1234567890123456.8, 1.2345678901234568e20,
        1e-7, 0.300_000_000_000_000_04, 2.2250738585072014e-308, 1.7976931348623157e308, -9_007_199_254_740_992,
    ]
    var floats: [Float] = [0.1, 16_777_216, 3.4028235e38, -1.5, 1e10]
    var decimals: [Decimal] = [
        "123.4500", "-1234567890123456789", "12345678901234567890.5", "0.1", "1e40", "3",
    ].map { Decimal(string: $0) ?? 0 }
    var signed: [Int64] = [.min, .max, 0, -1]
    var unsigned: [UInt64] = [.max, 0, 1 << 63]
    var small: [Int8] = [-128, 127]
    var strings = ["a/b", "é", "x\u{FEFF}", "tab\tquote\"back\\", "\u{1F600}", ""]
    var nested: [String: [String: Int]] = ["b": ["y": 1, "x": 2], "a": [:], "B": ["é": 3, "e": 4]]
    var empty: [Int] = []
    var present: Int? = 5
    var absent: Int? = nil
    var flag = true
    var date = Date(timeIntervalSince1970: 1_424_716_200)
    var data = Data([0, 1, 2, 255])
    var link = URL(string: "https://example.com/a b?c=d") ?? URL(fileURLWithPath: "/")
}

final class WrittenSampleHolder: ModelObject {
    @Saved var value = WrittenSample()
}

/// Values that `JSONEncoder` and `JSONSerialization` did not give back: negative zero, the last
/// digit of a decimal with a fraction of 16 digits, and a U+FEFF at the start of a string.
struct ExactSample: Codable, Hashable, CodableSavedValue {
    var zero = -0.0
    var floatZero: Float = -0.0
    var decimal = Decimal(string: "88981064.08632439") ?? 0
    var text = "\u{FEFF}x"
}

final class ExactSampleHolder: ModelObject {
    @Saved var value = ExactSample()
}

/// A class without saved properties, whose unknown value is written as its dictionary form.
final class UnknownValueHolder: ModelObject {}

extension CodableSavedValueTests {
    @Test(arguments: [
        WriteOptions.withoutHeader, [.withoutHeader, .compact], [.withoutHeader, .compact, .sortedKeys],
        [.withoutHeader, .withoutEscapingSlashes], [.withoutHeader, .foundationWriter, .sortedKeys],
    ])
    func writesTheBytesThatJSONEncoderAndJSONSerializationGave(options: WriteOptions) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let reference = try JSONSerialization.jsonObject(
            with: encoder.encode(WrittenSample()), options: .fragmentsAllowed)
        let unknown = try UnknownValueHolder(dictionary: ["value": reference])
        let holder = WrittenSampleHolder()
        let written = try holder.jsonString(options: options)
        let expected = try unknown.jsonString(options: options)
        #expect(written == expected)
        let value = try #require(try holder.dictionary["value"])
        #expect(sameJSON(["value": value], ["value": reference]))
    }

    @Test func readsBackWhatItWrote() throws {
        let holder = WrittenSampleHolder()
        for options in [WriteOptions(), [.compact, .sortedKeys], .foundationWriter] {
            let data = try holder.jsonData(options: options)
            for readerOptions in bothReaders {
                let read = try WrittenSampleHolder(json: data, options: readerOptions).value
                #expect(read == holder.value)
            }
        }
        #expect(try WrittenSampleHolder(dictionary: holder.dictionary).value == holder.value)
    }

    @Test func keepsWhatJSONEncoderAndJSONSerializationLost() throws {
        let holder = ExactSampleHolder()
        let json = try holder.jsonString(options: [.compact, .withoutHeader])
        #expect(json == #"{"value":{"decimal":88981064.086324390,"floatZero":-0.0,"text":"\ufeffx","zero":-0.0}}"#)
        // Not through `WriteOptions.foundationWriter`, which writes negative zero as `-0`.
        for options in [WriteOptions(), [.compact, .sortedKeys]] {
            let data = try holder.jsonData(options: options)
            for readerOptions in bothReaders {
                let read = try ExactSampleHolder(json: data, options: readerOptions).value
                #expect(read == holder.value)
                #expect(read.zero.sign == .minus && read.floatZero.sign == .minus)
            }
        }
        #expect(try ExactSampleHolder(dictionary: holder.dictionary).value == holder.value)
    }
}
