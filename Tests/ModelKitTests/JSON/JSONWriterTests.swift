import Foundation
import ModelKitTestSupport
import Testing

@testable import ModelKit

private final class WriterSample: ModelObject {
    @Saved var text = ""
    @Saved var integer = 0
    @Saved var large: UInt64 = 0
    @Saved var small: Int64 = 0
    @Saved var real = 0.0
    @Saved var flag = false
    @Saved var when = Date(timeIntervalSince1970: 0)
    @Saved var words: [String] = []
    @Saved var note: String?
    @Saved("a/b \"key\"") var oddKey = ""
    @Saved var scores: [String: Double] = [:]
    @Saved var child: WriterSample?
    @Saved var children: [WriterSample] = []
}

private final class EntryOrderSample: ModelObject {
    @Saved var zebra = 1
    @Saved var apple: String?
    override class var modelVersion: Int { 3 }
    override class var modelName: String { "EntryOrderSample" }
}

@Suite struct JSONWriterTests {
    static let layouts: [WriteOptions] = [
        [], .compact, .sortedKeys, [.compact, .sortedKeys], .withoutEscapingSlashes,
        [.compact, .withoutEscapingSlashes, .sortedKeys],
    ]

    @Test(arguments: 0..<40)
    func parsesBackToTheDictionaryForm(seed: Int) throws {
        var generator = DocumentGenerator(random: SplitMix64(seed: UInt64(seed)))
        let model = try WriterSample(dictionary: generator.sample(depth: 3))
        let expected = Canonical(try model.dictionary)
        for options in Self.layouts {
            let parsed = try JSONSerialization.jsonObject(with: try model.jsonData(options: options))
            let difference = firstDifference(Canonical(parsed), expected, tolerance: readBackTolerance)
            #expect(difference == nil, "options \(options.rawValue)")
        }
    }

    @Test func writesTheEntriesInTheirOrderLeavingOutNilOptionals() throws {
        let sample = EntryOrderSample()
        sample[extra: "beta"] = "b"
        sample[extra: "alpha"] = 2
        #expect(
            try sample.jsonString(options: .compact)
                == #"{"version":3,"representedClassName":"EntryOrderSample","zebra":1,"alpha":2,"beta":"b"}"#)
        #expect(
            try sample.jsonString(options: [.compact, .sortedKeys])
                == #"{"alpha":2,"beta":"b","representedClassName":"EntryOrderSample","version":3,"zebra":1}"#)
        sample.apple = "a"
        #expect(
            try sample.jsonString(options: [.compact, .sortedKeys])
                == #"{"alpha":2,"apple":"a","beta":"b","representedClassName":"EntryOrderSample","version":3,"zebra":1}"#
        )
    }

    @Test(arguments: 0..<20)
    func escapesSlashesUnlessAskedNotTo(seed: Int) throws {
        var generator = DocumentGenerator(random: SplitMix64(seed: UInt64(1000 + seed)))
        let model = try WriterSample(dictionary: generator.sample(depth: 2))
        let escaped = try model.jsonString(options: .compact)
        let unescaped = try model.jsonString(options: [.compact, .withoutEscapingSlashes])
        #expect(
            !escaped.unicodeScalars.indices.contains { index in
                escaped.unicodeScalars[index] == "/"
                    && escaped.unicodeScalars[escaped.unicodeScalars.index(before: index)] != "\\"
            })
        #expect(escaped.replacingOccurrences(of: "\\/", with: "/") == unescaped)
    }

    @Test func writesExtremeNumbersExactly() throws {
        let model = WriterSample()
        model.integer = .min
        model.large = .max
        model.small = .min
        for value in DocumentGenerator.doubles {
            model.real = value
            let loaded = try WriterSample(json: try model.jsonData(options: .compact))
            #expect(loaded.real == value && loaded.real.sign == value.sign || value == 0 && loaded.real == 0)
            #expect(loaded.integer == .min && loaded.large == .max && loaded.small == .min)
        }
    }

    @Test func writesDeepNestingAndEmptyContainers() throws {
        var document: [String: Any] = [
            "deep": deeplyNested(depth: 300, leaf: "bottom"), "empty array": [Any](), "empty object": [String: Any](),
        ]
        var root: [String: Any] = [:]
        var current = document
        for _ in 0..<100 {
            root = ["child": current]
            current = root
        }
        document["child"] = root
        let model = try WriterSample(dictionary: document)
        let expected = Canonical(try model.dictionary)
        for options in Self.layouts {
            let parsed = try JSONSerialization.jsonObject(with: try model.jsonData(options: options))
            #expect(firstDifference(Canonical(parsed), expected, tolerance: readBackTolerance) == nil)
        }
    }

    /// A number under an unknown key reads back as `JSONSerialization` would read it, which
    /// makes a long one a decimal; what is written the first time is already that decimal.
    @Test(arguments: [
        "-4e15", "4000000000000000.0", "-9007199254740992e0", "-1.2345678901234567e-05", "-1.2345678901234567e+20",
        "-0.1234567890123456", "1.5e300", "-1.234567890123456e300", "0.1", "-0.0",
    ])
    func unknownNumbersReadBackIntoTheSameBytes(number: String) throws {
        let model = try ModelObject(json: #"{"x":\#(number)}"#)
        for options in Self.layouts {
            let written = try model.jsonData(options: options)
            let reloaded = try ModelObject(json: written)
            #expect(reloaded == model)
            #expect(try reloaded.jsonData(options: options) == written, "\(options.rawValue)")
        }
    }

    @Test func rejectsNumbersThatJSONCannotHold() {
        let model = WriterSample()
        for value in [Double.nan, .infinity, -.infinity] {
            model.real = value
            #expect(throws: ModelError.self) { try model.jsonData() }
        }
    }

    /// Simple documents: ASCII keys that sort the same bytewise and in JSONSerialization's
    /// case-insensitive, numeric order, and numbers that both print alike.
    ///
    /// The layout, empty arrays and objects included, is Apple's as well: swift-corelibs-foundation
    /// changed its own to match Apple's (SR-11410, pull request 2551). How Apple's prints a
    /// double is not documented, nor the order of sorted keys ("subject to change", says its
    /// header), so there the promise is the same values, and `WriteOptions.foundationWriter`
    /// giving JSONSerialization's own bytes.
    @Test(arguments: 0..<20)
    func prettyOutputMatchesJSONSerializationByteForByte(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(2000 + seed))
        let words = ["alpha", "beta", "gamma", "delta", "path/to", "say \"hi\"", "tab\tx", ""]
        func simpleValue(_ depth: Int) -> Any {
            switch random.next() % (depth > 0 ? 8 : 6) {
            case 0: return random.next() % 2 == 0
            case 1: return Int(truncatingIfNeeded: random.next() % 2_000_000) - 1_000_000
            case 2: return [0.5, 0.1, -2.25, 1e-7, 1e300, 123.456][Int(random.next() % 6)]
            case 3, 4: return words[Int(random.next() % UInt64(words.count))]
            case 5: return NSNull()
            case 6: return (0..<Int(random.next() % 3)).map { _ in simpleValue(depth - 1) }
            default:
                return Dictionary(
                    uniqueKeysWithValues: (0..<Int(random.next() % 3)).map { index in
                        ("key\(["a", "b", "c"][index])", simpleValue(depth - 1))
                    })
            }
        }
        let document: [String: Any] = [
            "extra": simpleValue(3), "text": words[seed % words.count], "words": ["a/b", "c"],
        ]
        let model = try WriterSample(dictionary: document)
        let ours = try model.jsonData(options: .sortedKeys)
        let foundation = try JSONSerialization.data(
            withJSONObject: try model.dictionary, options: [.prettyPrinted, .sortedKeys])
        #if canImport(Darwin)
            let parsed = try JSONSerialization.jsonObject(with: ours)
            #expect(
                firstDifference(Canonical(parsed), Canonical(try model.dictionary), tolerance: readBackTolerance) == nil
            )
            #expect(foundation == (try model.jsonData(options: [.sortedKeys, .foundationWriter])))
        #else
            #expect(String(decoding: ours, as: UTF8.self) == String(decoding: foundation, as: UTF8.self))
            #expect(ours == (try model.jsonData(options: [.sortedKeys, .foundationWriter])))
        #endif
    }
}
