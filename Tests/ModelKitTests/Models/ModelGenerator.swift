import Foundation
import ModelKit
import ModelKitTestSupport

/// Builds random models from a seed; the same seed always gives the same model.
struct ModelGenerator {
    private var random: SplitMix64
    private let isForFoundationWriter: Bool

    /// A generator whose models come from `seed`.
    ///
    /// - Parameter isForFoundationWriter: Leaves out decimals that `JSONSerialization` cannot
    ///   write exactly: it writes a `Decimal` as its plain digits, and reads a fraction of 16
    ///   digits back as a `Double`, which does not hold every such fraction. ModelKit's own
    ///   writer pads those with a zero; `WriteOptions.foundationWriter` cannot.
    init(seed: UInt64, isForFoundationWriter: Bool = false) {
        random = SplitMix64(seed: seed)
        self.isForFoundationWriter = isForFoundationWriter
    }

    // MARK: Values

    /// Text from pools that stress escaping and encoding: ASCII, JSON's special characters,
    /// every control character, emoji (with modifiers and joiners), combining marks, scripts
    /// written right to left, characters outside the Basic Multilingual Plane, and
    /// noncharacters.
    mutating func string() -> String {
        let pools: [[String]] = [
            ["a", "Z", "0", " ", "foo", "Hello, world"],
            ["\"", "\\", "/", "\\/", "\u{7F}", "</script>", "{}", "[]", ":", ","],
            (0..<0x20).map { String(UnicodeScalar(UInt8($0))) },
            ["😀", "👍🏽", "👨‍👩‍👧‍👦", "🇫🇷", "🏳️‍🌈", "❤️"],
            ["é", "e\u{301}", "ñ", "Å", "ß", "ﬁ", "İ"],
            ["שלום", "مرحبا", "\u{200F}", "\u{202E}"],
            ["日本語", "中文", "한국어", "𝄞", "𠀋", "\u{10FFFF}"],
            ["\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "\u{00A0}"],
        ]
        if chance(10) { return "" }
        var text = ""
        for _ in 0..<next(8) + 1 {
            text += element(of: element(of: pools))
        }
        return text
    }

    /// Integers at and around the extremes of the type, and anywhere in between.
    mutating func integer<Integer: FixedWidthInteger>() -> Integer {
        switch next(6) {
        case 0: return .min
        case 1: return .max
        case 2: return 0
        case 3: return element(of: [Integer.min + 1, Integer.max - 1, 1, Integer.isSigned ? -1 : 2])
        default: return Integer(truncatingIfNeeded: random.next())
        }
    }

    /// Doubles: zeros of both signs, the smallest subnormal and normal, the largest, whole
    /// numbers around the writer's switch to exponents, fractions that need all 17 digits, and
    /// any finite bit pattern.
    mutating func double() -> Double {
        switch next(4) {
        case 0:
            let special: [Double] = [
                0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
                .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .pi, 0.1, 0.30000000000000004,
                1e15, 1e15 - 1, -1e15, 1e16, 9_007_199_254_740_994, 0x1p63, -0x1p63, 0x1p64, 1e-7, 1e21,
                1.0000000000000002, 123_456_789.123_456_78,
            ]
            return element(of: special)
        case 1:
            return Double(Int64(truncatingIfNeeded: random.next()) >> Int64(next(64)))
        case 2:
            return Double.random(in: -1e6...1e6, using: &random)
        default:
            while true {
                let value = Double(bitPattern: random.next())
                if value.isFinite { return value }
            }
        }
    }

    mutating func float() -> Float {
        switch next(3) {
        case 0:
            let special: [Float] = [
                0, -0.0, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
                -.greatestFiniteMagnitude, 0.1, 16_777_218, 1e7, 1e-7, .pi,
            ]
            return element(of: special)
        case 1:
            return Float.random(in: -1000...1000, using: &random)
        default:
            while true {
                let value = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
                if value.isFinite { return value }
            }
        }
    }

    /// Decimals with up to 38 significant digits and exponents far to both sides.
    mutating func decimal() -> Decimal {
        while true {
            let decimal = anyDecimal()
            let text = decimal.description
            let isSixteenDigitFraction = text.contains(".") && text.count(where: \.isWholeNumber) == 16
            if !isForFoundationWriter || !isSixteenDigitFraction { return decimal }
        }
    }

    private mutating func anyDecimal() -> Decimal {
        if chance(5) { return element(of: [0, 1, -1, Decimal(string: "0.1") ?? 0]) }
        let digits = next(38) + 1
        var significand = ""
        for index in 0..<digits {
            significand += String(index == 0 ? next(9) + 1 : next(10))
        }
        let exponent = next(61) - 40
        let text = (chance(2) ? "-" : "") + significand + "e" + String(exponent)
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0
    }

    /// Dates from the distant past to the distant future and beyond, whole or with fractions
    /// of milliseconds, microseconds, nanoseconds or any `Double`.
    mutating func date() -> Date {
        let special: [Date] = [
            .distantPast, .distantFuture, Date(timeIntervalSince1970: 0), Date(timeIntervalSinceReferenceDate: 0),
            Date(timeIntervalSince1970: -0.001), Date(timeIntervalSinceReferenceDate: -62_135_596_800),
        ]
        switch next(5) {
        case 0:
            return element(of: special)
        case 1:
            return Date(
                timeIntervalSinceReferenceDate: Double(
                    Int64.random(in: -1_000_000_000_000...1_000_000_000_000, using: &random)))
        case 2:
            let whole = Double(Int64.random(in: -100_000_000_000...100_000_000_000, using: &random))
            let scale = element(of: [1e3, 1e6, 1e9])
            return Date(timeIntervalSinceReferenceDate: whole + Double(next(Int(scale))) / scale)
        default:
            return Date(timeIntervalSinceReferenceDate: Double.random(in: -1e11...1e11, using: &random))
        }
    }

    mutating func data() -> Data {
        Data((0..<next(48)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
    }

    // URLs made with `URL(string:)` and no base. A URL relative to a base saves as its
    // absolute string, which reads back as the same address but without the base, so
    // `URL`'s `==` (which compares bases) would not hold; the saved form is a string.
    mutating func url() -> URL {
        let candidates = [
            "https://example.com", "https://example.com/a/b?c=d&e=f#g", "http://user:pass@host:8080/path",
            "file:///tmp/some%20file.json", "mailto:someone@example.com", "urn:isbn:0451450523",
            "https://xn--nxasmq6b.example/%F0%9F%98%80", "data:text/plain;base64,SGVsbG8=",
            "ftp://[2001:db8::1]/", "relative/path", "?query-only", "#fragment",
            "https://example.com/" + (string().addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? ""),
        ]
        return URL(string: element(of: candidates)) ?? URL(fileURLWithPath: "/")
    }

    mutating func uuid() -> UUID {
        let high = random.next()
        let low = random.next()
        return withUnsafeBytes(of: (high, low)) { bytes in
            UUID(uuid: bytes.load(as: uuid_t.self))
        }
    }

    // MARK: Shapes of collections

    /// Usually a few elements, sometimes none, and now and then a large collection.
    mutating func count(maximum: Int) -> Int {
        switch next(400) {
        case 0..<60: return 0
        case 60 where maximum > 4: return 100 + next(400)
        default: return next(maximum) + 1
        }
    }

    mutating func array<Element>(maximum: Int = 5, _ make: (inout ModelGenerator) -> Element) -> [Element] {
        (0..<count(maximum: maximum)).map { _ in make(&self) }
    }

    mutating func dictionary<Value>(maximum: Int = 5, _ make: (inout ModelGenerator) -> Value) -> [String: Value] {
        var result: [String: Value] = [:]
        for _ in 0..<count(maximum: maximum) {
            result[string()] = make(&self)
        }
        return result
    }

    mutating func optional<Value>(_ make: (inout ModelGenerator) -> Value) -> Value? {
        chance(3) ? nil : make(&self)
    }

    mutating func element<Element>(of elements: [Element]) -> Element {
        elements[next(elements.count)]
    }

    /// A whole number in `range`, each as likely.
    mutating func integer(in range: ClosedRange<Int64>) -> Int64 {
        Int64.random(in: range, using: &random)
    }

    /// A number in `range`, each as likely.
    mutating func double(in range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &random)
    }

    /// True one time in `odds`.
    mutating func chance(_ odds: Int) -> Bool {
        next(odds) == 0
    }

    mutating func next(_ upperBound: Int) -> Int {
        Int(random.next() % UInt64(upperBound))
    }
}
