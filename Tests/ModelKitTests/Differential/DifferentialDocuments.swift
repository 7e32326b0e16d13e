import Foundation
import ModelKitTestSupport

/// A random document for a generated model, and what it holds that the checks must know.
struct DifferentialDocument {
    /// The document, with the forms `JSONDecoder` is given where it differs from ModelKit by
    /// design.
    let json: DifferentialJSON
    /// Whether it holds a number beyond the range of `Double`: ModelKit's strict loads reject
    /// it wherever it is, as `LoadOptions.foundationReader` documents (a lenient load reports
    /// only that value), while `JSONDecoder` does not look at the values of keys it does not
    /// decode.
    let exceedsDouble: Bool
    /// Whether it holds a number of more than 38 significant digits: `JSONSerialization` on
    /// Linux reads one as an `NSDecimalNumber` of its first 38 digits, so that
    /// `LoadOptions.foundationReader` may load a `Double` one unit in the last place from the one
    /// that `Double(String)` and ModelKit's reader read.
    let hasOverlongNumber: Bool
    /// Whether a `Double` property holds a bare `-0`, which `JSONSerialization` reads as the
    /// integer 0, so that `LoadOptions.foundationReader` loads `0.0` where ModelKit's reader
    /// loads `-0.0`, as `LoadOptions.foundationReader` documents.
    let hasBareNegativeZero: Bool
}

/// Builds random documents for a shape from a seed: every declared key present, absent or
/// `null` where it may be, alternative keys beside their property's own, undeclared siblings of
/// every JSON kind at every level, members in random order, numbers of every spelling and
/// extreme, strings with escapes and multi-byte characters, and now and then a value that does
/// not fit, which both `JSONDecoder` and ModelKit must reject.
struct DifferentialDocuments {
    private var random: SplitMix64
    /// Whether this document may hold values that do not fit.
    private let allowsBadValues: Bool
    private var exceedsDouble = false
    private var hasBareNegativeZero = false
    private var hasOverlongNumber = false

    /// A document for `shape` from `seed`.
    static func make(for shape: DifferentialShape, seed: UInt64) -> DifferentialDocument {
        var documents = DifferentialDocuments(seed: seed)
        let json = documents.object(of: shape, depth: 0)
        return DifferentialDocument(
            json: json, exceedsDouble: documents.exceedsDouble, hasOverlongNumber: documents.hasOverlongNumber,
            hasBareNegativeZero: documents.hasBareNegativeZero)
    }

    private init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        allowsBadValues = random.next() % 8 == 0
    }

    // MARK: Randomness

    private mutating func next(_ bound: Int) -> Int {
        Int(random.next() % UInt64(bound))
    }

    /// Whether an event of `percent` in a hundred happens.
    private mutating func chance(_ percent: Int) -> Bool {
        next(100) < percent
    }

    private mutating func element<Element>(of elements: [Element]) -> Element {
        elements[next(elements.count)]
    }

    /// Whether a value that does not fit goes here.
    private mutating func isBad() -> Bool {
        allowsBadValues && chance(4)
    }

    // MARK: Objects

    /// An object of a model: its header, its properties and undeclared siblings.
    private mutating func object(of shape: DifferentialShape, depth: Int) -> DifferentialJSON {
        var members: [DifferentialJSON.Member] = []
        if case .keys(let versionKey, let typeKey, let name, let modelVersion) = shape.header {
            if chance(70) {
                let version = element(of: [1, modelVersion, modelVersion + 3, 0])
                members.append(.init(key: versionKey, value: .number(String(version))))
            }
            if chance(70) {
                let className = chance(80) ? name : "NoSuchDifferentialModel"
                members.append(.init(key: typeKey, value: .string(className)))
            }
        }
        members += level(shape.slots, declared: shape.declaredKeys, depth: depth)
        return .object(shuffled(members))
    }

    /// The members of one level of an object: its properties and containers, and undeclared
    /// siblings.
    private mutating func level(
        _ slots: [DifferentialSlot], declared: Set<String>, depth: Int, isInContainer: Bool = false
    ) -> [DifferentialJSON.Member] {
        var members: [DifferentialJSON.Member] = []
        for slot in slots {
            switch slot {
            case .value(let property):
                for (index, key) in property.keys.enumerated() where chance(index == 0 ? 70 : 30) {
                    members.append(.init(key: key, value: value(of: property, depth: depth)))
                }
            case .container(let key, let inner):
                guard let value = container(inner, depth: depth, isNested: isInContainer) else { continue }
                members.append(.init(key: key, value: value))
            }
        }
        for _ in 0..<element(of: [0, 0, 1, 1, 2, 3]) {
            let key = undeclaredKey()
            guard !declared.contains(key), !members.contains(where: { $0.key == key }) else { continue }
            members.append(.init(key: key, value: anyValue(depth: depth)))
        }
        return shuffled(members)
    }

    /// A container that properties live in: an object, `null`, absent (`nil`), or now and then
    /// something else; inside another container, `null` less often, since ModelKit rejects it
    /// there and the rest of the document would go unchecked.
    private mutating func container(_ slots: [DifferentialSlot], depth: Int, isNested: Bool) -> DifferentialJSON? {
        if isBad() { return element(of: [.string("not an object"), .array([]), .number("1")]) }
        let declared = Set(DifferentialSlot.keys(of: slots))
        switch next(100) {
        case 0..<75: return .object(level(slots, declared: declared, depth: depth, isInContainer: true))
        case 75..<(isNested ? 77 : 85): return .null
        default: return nil
        }
    }

    private mutating func shuffled(_ members: [DifferentialJSON.Member]) -> [DifferentialJSON.Member] {
        var members = members
        members.shuffle(using: &random)
        return members
    }

    // MARK: Values of properties

    private mutating func value(of property: DifferentialProperty, depth: Int) -> DifferentialJSON {
        if property.isOptional, chance(20) { return .null }
        if isBad() { return badValue(for: property.kind) }
        return value(of: property.kind, depth: depth)
    }

    private mutating func value(of kind: DifferentialKind, depth: Int) -> DifferentialJSON {
        switch kind {
        case .integer(let type): integer(type)
        case .double: double()
        case .bool: bool()
        case .string: .string(string())
        case .date(let format): date(format)
        case .enumeration(let raws, let hasFallback): enumeration(raws, hasFallback: hasFallback)
        case .array(let elementKind): array(of: elementKind, depth: depth)
        case .model(let shape): object(of: shape, depth: depth + 1)
        }
    }

    /// A value that does not fit a property of `kind`: `null`, a value of another kind, a
    /// number out of range or not whole, a raw value of no case, a string that is no date.
    private mutating func badValue(for kind: DifferentialKind) -> DifferentialJSON {
        switch (kind, next(3)) {
        case (_, 0): return .null
        case (.integer(let type), _):
            let beyond = type.range.upperBound + 1
            return .number(element(of: ["\(beyond)", "\(type.range.lowerBound - 1)", "1.5", "1e-2"]))
        case (.double, _): return element(of: [.number("1e400"), .number("-2e308"), .string("1.5")])
        case (.date(.iso8601), _): return .string(element(of: ["not a date", "2011-02-30T00:00:00Z"]))
        case (.enumeration(let raws, _), _):
            return raws.first?.hasPrefix("\"") == true ? .string("no such case") : .number("99")
        case (.model, _), (.array, _): return .string("not a container")
        default: return .object([])
        }
    }

    private mutating func bool() -> DifferentialJSON {
        let value = chance(50)
        // ModelKit also reads 0 and 1 as a Bool (the SPEC's "Bool versus number", for data
        // that DejalObject wrote on Intel Macs); JSONDecoder does not.
        guard chance(10) else { return .bool(value) }
        return .spelled(.number(value ? "1" : "0"), forDecoder: .bool(value))
    }

    // MARK: Numbers

    private mutating func integer(_ type: DifferentialKind.IntegerType) -> DifferentialJSON {
        let range = type.range
        let candidates = [range.lowerBound, range.upperBound, range.lowerBound + 1, range.upperBound - 1, 0, 1]
        var value: Decimal
        switch next(3) {
        case 0: value = element(of: candidates)
        case 1: value = type == .uint8 ? Decimal(next(256)) : Decimal(next(1000)) - 500
        default:
            let bits = Int64(bitPattern: random.next()) >> Int64(next(64))
            value = type == .uint8 ? Decimal(UInt8(truncatingIfNeeded: bits)) : Decimal(bits)
        }
        return .number(spelled(value))
    }

    /// The text of a whole number: plain, as `-0`, with a fraction of zeros, or with an
    /// exponent, all of which ModelKit and `Decimal` read exactly.
    private mutating func spelled(_ value: Decimal) -> String {
        let plain = "\(value)"
        switch next(20) {
        case 0 where value == 0: return "-0"
        case 1: return plain + ".0"
        case 2: return plain + ".000e0"
        case 3:
            let digits = plain.hasPrefix("-") ? String(plain.dropFirst()) : plain
            let sign = plain.hasPrefix("-") ? "-" : ""
            let fraction = digits.dropFirst()
            return sign + String(digits.prefix(1)) + (fraction.isEmpty ? "" : "." + fraction) + "E+\(digits.count - 1)"
        case 4 where value != 0: return plain + "00e-2"
        default: return plain
        }
    }

    /// A `Double`'s text, of every kind: shortest, long, rounding halfway, subnormal, with
    /// exponents, of both zeros, beyond `Int64`, and underflowing to zero.
    private mutating func double() -> DifferentialJSON {
        let text: String
        switch next(8) {
        case 0, 6: text = element(of: Self.specialDoubles)
        case 7: text = element(of: ["-0", "-0.0", "-0e0", "-0.000E+3", "0.0", "-1e-400"])
        case 1: text = "\(anyDouble())"
        case 2: text = longDecimal()
        case 3: text = exactExpansion(of: anyDouble())
        case 4: text = String(Int64(bitPattern: random.next()) >> Int64(next(64)))
        default: text = "\(Double.random(in: -1e6...1e6, using: &random))"
        }
        if text == "-0" { hasBareNegativeZero = true }
        if Self.significantDigits(of: text) > 38 { hasOverlongNumber = true }
        guard let value = Double(text), value.isFinite else {
            exceedsDouble = true
            return .number(text)
        }
        let hasDigits = text.prefix { $0 != "e" && $0 != "E" }.contains { ("1"..."9").contains($0) }
        guard value == 0, hasDigits else { return .number(text) }
        // JSONDecoder rejects a number that rounds to zero, such as 1e-400; ModelKit reads it
        // as Double(String) does, as a zero of its sign.
        return .spelled(.number(text), forDecoder: .number(value.sign == .minus ? "-0.0" : "0.0"))
    }

    /// The number of significant digits of a number's text.
    static func significantDigits(of text: String) -> Int {
        let mantissa = text.prefix { $0 != "e" && $0 != "E" }.filter(\.isNumber).drop { $0 == "0" }
        return mantissa.count
    }

    static let specialDoubles = [
        "0", "-0", "-0.0", "0.0", "0e10", "-0E-5", "1e-7", "0.1", "4.9e-324", "5e-324", "2.4703282292062328e-324",
        "2.4703282292062327e-324", "2.2250738585072014e-308", "2.2250738585072011e-308", "1.7976931348623157e308",
        "1.7976931348623158e+308", "-1.7976931348623157E308", "9007199254740993", "9007199254740993.0",
        "18446744073709551615", "18446744073709551617", "-9223372036854775809", "123456789012345678901234567890",
        "1.00000000000000011102230246251565404236316680908203125",
        "1.00000000000000011102230246251565404236316680908203126",
        "0.1000000000000000055511151231257827021181583404541015625",
        "3.14159265358979323846264338327950288", "2.718281828459045235360287", "1e-400", "-1e-400", "1e22", "1e23",
        "8.98846567431158e307", "0.30000000000000004", "100000000000000000000000", "1.5e300", "-123.456e-7",
    ]

    private mutating func anyDouble() -> Double {
        while true {
            let value = Double(bitPattern: random.next())
            if value.isFinite { return value }
        }
    }

    /// A decimal of 16 to 40 significant digits, with or without an exponent.
    private mutating func longDecimal() -> String {
        let digits = (0..<(16 + next(25))).map { index in String(index == 0 ? 1 + next(9) : next(10)) }.joined()
        let point = next(digits.count)
        let sign = chance(30) ? "-" : ""
        let mantissa = String(digits.prefix(point + 1)) + "." + String(digits.dropFirst(point + 1))
        let body = mantissa.hasSuffix(".") ? String(mantissa.dropLast()) : mantissa
        return sign + body + (chance(50) ? "e\(next(600) - 300)" : "")
    }

    /// The exact decimal expansion of a `Double` below 2^53, or of the point halfway between it
    /// and the next `Double`, which rounds to the one whose last bit is even: some 60 to 130
    /// significant digits.
    private mutating func exactExpansion(of value: Double) -> String {
        var magnitude = abs(value)
        while magnitude >= 0x1p53 { magnitude /= 0x1p40 }
        while magnitude != 0, magnitude < 0x1p-60 { magnitude *= 0x1p40 }
        guard magnitude != 0 else { return value.sign == .minus ? "-0" : "0" }
        let significand = magnitude.significandBitPattern | (magnitude.isNormal ? 1 << 52 : 0)
        let shift = 52 - Int(magnitude.exponent)
        let halfway = chance(50)
        let numerator = halfway ? 2 * significand + 1 : significand
        let text = Self.exactDecimal(numerator, dividedByTwoToThe: halfway ? shift + 1 : shift)
        return (value.sign == .minus ? "-" : "") + text
    }

    /// The decimal digits of `numerator / 2^power`, exactly: `numerator * 5^power / 10^power`.
    static func exactDecimal(_ numerator: UInt64, dividedByTwoToThe power: Int) -> String {
        guard power > 0 else { return String(numerator << UInt64(-power)) }
        // Little-endian decimal digits, multiplied by 5 `power` times.
        var digits = String(numerator).reversed().map { Int(String($0))! }
        for _ in 0..<power {
            var carry = 0
            for index in digits.indices {
                let product = digits[index] * 5 + carry
                digits[index] = product % 10
                carry = product / 10
            }
            while carry > 0 {
                digits.append(carry % 10)
                carry /= 10
            }
        }
        while digits.count <= power { digits.append(0) }
        let text = digits.reversed().map(String.init).joined()
        let whole = text.dropLast(power)
        var fraction = text.suffix(power)
        while fraction.hasSuffix("0") { fraction = fraction.dropLast() }
        return fraction.isEmpty ? String(whole) : whole + "." + fraction
    }

    // MARK: Other values

    /// Text from pools of escapes and characters of every width.
    ///
    /// ASCII, JSON's special characters, control characters, letters with combining marks,
    /// scripts written right to left, characters outside the Basic Multilingual Plane, line and
    /// paragraph separators. No U+FEFF: `JSONSerialization` drops one at the start of a string, as
    /// `LoadOptions.foundationReader` documents.
    private mutating func string() -> String {
        let pools: [[String]] = [
            ["a", "Z", "0", " ", "foo", "Hello, world", "version"],
            ["\"", "\\", "/", "\\/", "\u{7F}", "</script>", "{}", "[]", ":", ","],
            (0..<0x20).map { String(UnicodeScalar(UInt8($0))) },
            ["\u{1F600}", "\u{1F44D}\u{1F3FD}", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{1F1EB}\u{1F1F7}"],
            ["\u{E9}", "e\u{301}", "\u{F1}", "\u{C5}", "\u{DF}", "\u{FB01}", "\u{130}"],
            ["\u{5E9}\u{5DC}\u{5D5}\u{5DD}", "\u{200F}", "\u{202E}"],
            ["\u{65E5}\u{672C}\u{8A9E}", "\u{1D11E}", "\u{2000B}", "\u{10FFFF}"],
            ["\u{2028}", "\u{2029}", "\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "\u{A0}"],
        ]
        if chance(10) { return "" }
        return (0..<(1 + next(6))).map { _ in element(of: element(of: pools)) }.joined()
    }

    private mutating func date(_ format: DifferentialKind.DateFormat) -> DifferentialJSON {
        switch format {
        case .iso8601:
            return .string(DifferentialDate.text(secondsSince1970: Int64(next(4_102_444_800))))
        case .secondsSince1970:
            let whole = Int64(next(4_000_000_000)) - 1_000_000_000
            return .number(chance(50) ? String(whole) : "\(whole).\(next(1000))")
        case .millisecondsSince1970:
            let whole = Int64(next(4_000_000_000)) * 1000 + Int64(next(1000))
            return .number(chance(70) ? String(whole) : "\(whole).5")
        }
    }

    private mutating func enumeration(_ raws: [String], hasFallback: Bool) -> DifferentialJSON {
        let isString = raws.first?.hasPrefix("\"") == true
        if hasFallback, chance(15) {
            return isString ? .string(element(of: ["purple", "RED", "\u{E9}"])) : .number(element(of: ["7", "-1"]))
        }
        let raw = element(of: raws)
        return (try? DifferentialJSON.parse(Data(raw.utf8))) ?? .null
    }

    private mutating func array(of kind: DifferentialKind, depth: Int) -> DifferentialJSON {
        let count = depth > 1 ? next(2) : element(of: [0, 1, 2, 3, 4])
        return .array((0..<count).map { _ in value(of: kind, depth: depth) })
    }

    // MARK: Undeclared values

    private mutating func undeclaredKey() -> String {
        let keys = [
            "extra", "x", "version", "representedClassName", "v", "kind", "type", "\u{FC}nknown", "quo\"te2", "",
            "emoji\u{1F600}x", "a/b/c", "tab\tx", "ID2", "other_key", "Other-Key", "nested", "list", "\u{65E5}",
        ]
        return chance(80) ? element(of: keys) : "extra\(next(100))"
    }

    /// A value of any JSON kind, objects and arrays a few levels deep.
    private mutating func anyValue(depth: Int) -> DifferentialJSON {
        switch next(depth > 2 ? 6 : 8) {
        case 0: return .null
        case 1: return .bool(chance(50))
        case 2: return .number(undeclaredNumber())
        case 3, 4: return .string(string())
        case 5: return .number(String(next(1000)))
        case 6: return .array((0..<next(4)).map { _ in anyValue(depth: depth + 1) })
        default:
            var members: [DifferentialJSON.Member] = []
            for _ in 0..<next(4) {
                let key = undeclaredKey()
                guard !members.contains(where: { $0.key == key }) else { continue }
                members.append(.init(key: key, value: anyValue(depth: depth + 1)))
            }
            return .object(members)
        }
    }

    private mutating func undeclaredNumber() -> String {
        if isBad() {
            exceedsDouble = true
            return "1e400"
        }
        let texts = [
            "-0", "1.0", "1.50", "1e2", "1E+2", "-0.0", "123456789012345678901234567890", "18446744073709551615",
            "-9223372036854775808", "0.1000000000000000055511151231257827021181583404541015625", "5e-324", "1e-400",
        ]
        return chance(60) ? element(of: texts) : "\(anyDouble())"
    }
}
