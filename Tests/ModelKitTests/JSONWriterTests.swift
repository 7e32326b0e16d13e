import Foundation
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

/// A JSON value in a form that compares exactly: numbers by value, booleans apart from them.
private indirect enum Canonical: Equatable {
    case null
    case bool(Bool)
    case number(ExactNumber)
    case string(String)
    case array([Canonical])
    case object([String: Canonical])

    init(_ value: Any) {
        if FastCast.isNull(value) {
            self = .null
        } else if let string = value as? String {
            self = .string(string)
        } else if let number = SavedNumber(value) {
            if case .bool(let bool) = number { self = .bool(bool) } else { self = .number(ExactNumber(number: number)) }
        } else if let array = value as? [Any] {
            self = .array(array.map(Canonical.init))
        } else if let object = value as? [String: Any] {
            self = .object(object.mapValues(Canonical.init))
        } else {
            self = .string("unexpected \(type(of: value))")
        }
    }
}

/// A number compared by value, whatever its representation: `1`, `1.0` and `UInt64(1)` are
/// equal.
private struct ExactNumber: Equatable {
    let number: SavedNumber

    static func == (lhs: ExactNumber, rhs: ExactNumber) -> Bool {
        switch (lhs.number, rhs.number) {
        case (.bool(let a), .bool(let b)): return a == b
        case (.bool, _), (_, .bool): return false
        case (.int(let a), .int(let b)): return a == b
        case (.uint(let a), .uint(let b)): return a == b
        case (.int(let a), .uint(let b)), (.uint(let b), .int(let a)): return a >= 0 && UInt64(a) == b
        case (.double(let a), .double(let b)): return a == b
        case (.double(let d), .int(let i)), (.int(let i), .double(let d)): return Int64(exactly: d) == i
        case (.double(let d), .uint(let u)), (.uint(let u), .double(let d)): return UInt64(exactly: d) == u
        case (.decimal(let a), .decimal(let b)): return a == b
        case (.decimal, _), (_, .decimal): return lhs.number.double == rhs.number.double
        }
    }
}

/// Where two canonical values first differ, for a readable failure.
private func firstDifference(_ lhs: Canonical, _ rhs: Canonical, path: String = "") -> String? {
    switch (lhs, rhs) {
    case (.object(let a), .object(let b)):
        for key in Set(a.keys).union(b.keys).sorted() {
            guard let x = a[key], let y = b[key] else { return "\(path).\(key): missing on one side" }
            if let difference = firstDifference(x, y, path: "\(path).\(key)") { return difference }
        }
        return nil
    case (.array(let a), .array(let b)):
        guard a.count == b.count else { return "\(path): \(a.count) against \(b.count) elements" }
        for index in a.indices {
            if let difference = firstDifference(a[index], b[index], path: "\(path)[\(index)]") { return difference }
        }
        return nil
    default:
        return lhs == rhs ? nil : "\(path): \(lhs) against \(rhs)"
    }
}

/// Builds documents of every kind of value that JSON holds, the same ones for the same seed.
private struct DocumentGenerator {
    var random: SplitMix64

    static let pieces = [
        "plain", "", " ", "quote \"", "back\\slash", "slash/es//", "</script>", "tab\t", "line\nfeed", "cr\r",
        "\u{0}", "\u{1}\u{8}\u{C}\u{1F}", "\u{7F}", "é", "naïve café", "中文字符", "日本語", "Ελληνικά", "עברית",
        "🎉", "👩‍👩‍👧‍👦", "🇺🇸🇯🇵", "e\u{301}", "\u{2028}\u{2029}", "\u{FEFF}", "𝄞", "\\u0041", "{}[],:",
    ]

    static let doubles: [Double] = [
        0, -0.0, 1, -1, 0.1, 0.5, 1e-7, .leastNonzeroMagnitude, 2.2250738585072014e-308, 1.7976931348623157e308,
        -1.7976931348623157e308,
        1e15, 1e16, 1e21, 123456789012345.6, 0.11372549019607843, 9_007_199_254_740_992, 3.141592653589793,
    ]

    static let integers: [Int] = [.min, .max, 0, -1, 1, Int(Int32.max), Int(Int32.min), 9_007_199_254_740_993]

    mutating func pick<T>(_ values: [T]) -> T {
        values[Int(random.next() % UInt64(values.count))]
    }

    mutating func chance(_ percent: UInt64) -> Bool {
        random.next() % 100 < percent
    }

    mutating func string() -> String {
        (0..<Int(random.next() % 4)).map { _ in pick(Self.pieces) }.joined()
    }

    mutating func double() -> Double {
        if chance(50) { return pick(Self.doubles) }
        let value = Double(bitPattern: random.next())
        return value.isFinite ? value : 0.25
    }

    mutating func integer() -> Int {
        chance(50) ? pick(Self.integers) : Int(bitPattern: UInt(random.next()))
    }

    /// Any JSON value, nested at most `depth` more levels.
    mutating func value(depth: Int) -> Any {
        switch random.next() % (depth > 0 ? 9 : 7) {
        case 0: return NSNull()
        case 1: return chance(50)
        case 2: return integer()
        case 3: return double()
        case 4: return UInt64.max - random.next() % 3
        case 5, 6: return string()
        case 7: return (0..<Int(random.next() % 4)).map { _ in value(depth: depth - 1) }
        default: return object(depth: depth - 1)
        }
    }

    mutating func object(depth: Int) -> [String: Any] {
        var object: [String: Any] = [:]
        for _ in 0..<Int(random.next() % 4) {
            object[string()] = value(depth: depth)
        }
        return object
    }

    /// The dictionary form of a `WriterSample`, with unknown keys of any JSON value.
    mutating func sample(depth: Int) throws -> [String: Any] {
        var document: [String: Any] = [
            "text": string(), "integer": integer(), "large": UInt64.max - random.next() % 1000,
            "small": Int64.min + Int64(random.next() % 1000), "real": double(), "flag": chance(50),
            "when": try ISO8601.string(
                from: Date(timeIntervalSince1970: Double(Int32(truncatingIfNeeded: random.next())) / 8)),
            "words": (0..<Int(random.next() % 4)).map { _ in string() }, "a/b \"key\"": string(),
            "scores": Dictionary(
                (0..<Int(random.next() % 4)).map { _ in (string(), double()) }, uniquingKeysWith: { a, _ in a }),
        ]
        if chance(50) { document["note"] = string() }
        if depth > 0, chance(60) { document["child"] = try sample(depth: depth - 1) }
        if depth > 0 {
            document["children"] = try (0..<Int(random.next() % 3)).map { _ in try sample(depth: depth - 1) }
        }
        for _ in 0..<Int(random.next() % 4) {
            document["extra " + string()] = value(depth: 4)
        }
        return document
    }
}

/// A chain of arrays and objects `depth` levels deep around `leaf`.
private func deeplyNested(depth: Int, leaf: Any) -> Any {
    var value = leaf
    for level in 0..<depth {
        value = level % 2 == 0 ? [value] as [Any] : ["level \(level)": value] as [String: Any]
    }
    return value
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
            let difference = firstDifference(Canonical(parsed), expected)
            #expect(difference == nil, "options \(options.rawValue)")
        }
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
            #expect(firstDifference(Canonical(parsed), expected) == nil)
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
        #expect(String(decoding: ours, as: UTF8.self) == String(decoding: foundation, as: UTF8.self))
        #expect(ours == (try model.jsonData(options: [.sortedKeys, .foundationWriter])))
    }
}
