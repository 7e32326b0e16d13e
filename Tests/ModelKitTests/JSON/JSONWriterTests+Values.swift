import Foundation
import ModelKitTestSupport

@testable import ModelKit

// The values that JSONWriterTests write and compare.

/// A JSON value in a form that compares exactly: numbers by value, booleans apart from them.
indirect enum Canonical: Equatable {
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
struct ExactNumber: Equatable {
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

/// Where two canonical values first differ, for a readable failure; numbers may differ by
/// `tolerance`, relative to the larger.
func firstDifference(_ lhs: Canonical, _ rhs: Canonical, path: String = "", tolerance: Double = 0) -> String? {
    switch (lhs, rhs) {
    case (.object(let a), .object(let b)):
        for key in Set(a.keys).union(b.keys).sorted() {
            guard let x = a[key], let y = b[key] else { return "\(path).\(key): missing on one side" }
            if let difference = firstDifference(x, y, path: "\(path).\(key)", tolerance: tolerance) {
                return difference
            }
        }
        return nil
    case (.array(let a), .array(let b)):
        guard a.count == b.count else { return "\(path): \(a.count) against \(b.count) elements" }
        for index in a.indices {
            if let difference = firstDifference(a[index], b[index], path: "\(path)[\(index)]", tolerance: tolerance) {
                return difference
            }
        }
        return nil
    case (.number(let a), .number(let b)) where tolerance > 0:
        let (x, y) = (a.number.double, b.number.double)
        return abs(x - y) <= tolerance * max(abs(x), abs(y)) ? nil : "\(path): \(lhs) against \(rhs)"
    default:
        return lhs == rhs ? nil : "\(path): \(lhs) against \(rhs)"
    }
}

/// How far apart the numbers that `JSONSerialization` reads back may be from those written.
///
/// swift-corelibs-foundation reads every number exactly (long ones into `NSDecimalNumber`).
/// Apple does not document how its `JSONSerialization` rounds decimal text, nor whether it
/// reads integers beyond `Int64` exactly, so there they may differ in the last places.
var readBackTolerance: Double {
    #if canImport(Darwin)
        return 1e-15
    #else
        return 0
    #endif
}

/// Builds documents of every kind of value that JSON holds, the same ones for the same seed.
struct DocumentGenerator {
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
func deeplyNested(depth: Int, leaf: Any) -> Any {
    var value = leaf
    for level in 0..<depth {
        value = level % 2 == 0 ? [value] as [Any] : ["level \(level)": value] as [String: Any]
    }
    return value
}
