import Foundation
import ModelKit

// Models that hold every kind of saved value, and a seeded generator that fills them with
// random, often extreme, values. The generated round-trip and concurrency tests use them. The
// scalars and collections are the fuzz target's models (FuzzModels.swift).

/// The base of a small class hierarchy, to generate polymorphic arrays.
class GeneratedShape: ModelObject {
    @Saved var label = ""
}

final class GeneratedDisc: GeneratedShape {
    @Saved var radius = 0.0
}

final class GeneratedBox: GeneratedShape {
    @Saved var sides: [Double] = []
    @Saved var inner: GeneratedShape? = nil
}

/// The root: values, collections, shapes, and nested nodes several levels deep.
final class GeneratedNode: ModelObject {
    @Saved var name = ""
    @Saved var scalars = FuzzScalars()
    @Saved var collections = FuzzCollections()
    @Saved var shapes: [GeneratedShape] = []
    @Saved var children: [GeneratedNode] = []
    @Saved var byName: [String: GeneratedNode] = [:]
    @Saved var next: GeneratedNode? = nil
    @Saved var color = ColorValue.black
    @Saved var optionalColor: ColorValue? = nil
    @Saved var colors: [ColorValue] = []
    @Saved var date = DateValue.distantPast
    @Saved var optionalDate: DateValue? = nil
    @Saved var dates: [DateValue] = []
    @Saved var interval = IntervalValue(amount: 1, units: .second)
    @Saved var optionalInterval: IntervalValue? = nil
    @Saved var intervals: [IntervalValue] = []
    @Saved var data = DataValue(data: nil)
    @Saved var optionalData: DataValue? = nil
    @Saved var dataValues: [DataValue] = []
    @Saved var time = TimeValue.midnight
    @Saved var optionalTime: TimeValue? = nil
    @Saved var times: [TimeValue] = []
}

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

    /// A random tree of nodes, `depth` levels deep at most, sometimes with a long chain of
    /// small nodes hanging from it.
    mutating func node(depth: Int = 3) -> GeneratedNode {
        let node = GeneratedNode()
        node.name = string()
        node.scalars = scalars()
        node.collections = collections()
        node.shapes = array(maximum: 3) { $0.shape(depth: 3) }
        if depth > 1 {
            node.children = array(maximum: 2) { $0.node(depth: depth - 1) }
            node.byName = dictionary(maximum: 2) { $0.node(depth: depth - 2) }
            node.next = chance(4) ? self.node(depth: depth - 1) : nil
        } else if chance(4) {
            node.next = chain(length: 5 + next(20))
        }
        valueClasses(of: node)
        node.clearChanges()
        return node
    }

    /// Nodes nested through `next`, each holding only a name and scalars.
    mutating func chain(length: Int) -> GeneratedNode {
        let node = GeneratedNode()
        node.name = string()
        if chance(4) { node.scalars = scalars() }
        if length > 1 { node.next = chain(length: length - 1) }
        return node
    }

    /// Fills the value-class properties of `node`: plain, optional and in arrays.
    mutating func valueClasses(of node: GeneratedNode) {
        node.color = color()
        node.optionalColor = chance(2) ? color() : nil
        node.colors = array(maximum: 3) { $0.color() }
        node.date = dateValue()
        node.optionalDate = chance(2) ? dateValue() : nil
        node.dates = array(maximum: 3) { $0.dateValue() }
        node.interval = interval()
        node.optionalInterval = chance(2) ? interval() : nil
        node.intervals = array(maximum: 3) { $0.interval() }
        node.data = dataValue()
        node.optionalData = chance(2) ? dataValue() : nil
        node.dataValues = array(maximum: 3) { $0.dataValue() }
        node.time = timeValue()
        node.optionalTime = chance(2) ? timeValue() : nil
        node.times = array(maximum: 3) { $0.timeValue() }
    }

    /// A `DataValue`: no data, empty data (which it keeps as none), or bytes, sometimes with
    /// the name of a class.
    mutating func dataValue() -> DataValue {
        let value = DataValue(data: chance(6) ? nil : data())
        if chance(4) { value.dataClass = string() }
        value.clearChanges()
        return value
    }

    /// A `TimeValue` in the local zone, in UTC, or in a named or fixed-offset zone.
    mutating func timeValue() -> TimeValue {
        let zones =
            [nil, TimeZone.gmt]
            + ["Europe/Paris", "Asia/Kolkata", "America/St_Johns", "GMT+0530"].map {
                TimeZone(identifier: $0)
            }
        return TimeValue(hour: next(24), minute: next(60), second: next(60), timeZone: element(of: zones))
    }

    mutating func color() -> ColorValue {
        ColorValue(red: double(), green: double(), blue: double(), alpha: chance(2) ? 1 : double())
    }

    /// A `DateValue`, which keeps its date to the microsecond, sometimes without a date.
    mutating func dateValue() -> DateValue {
        DateValue(date: chance(8) ? nil : date())
    }

    mutating func interval() -> IntervalValue {
        let units = IntervalUnits(rawValue: next(10)) ?? .minute
        if chance(2) {
            return IntervalValue(firstAmount: integer(), secondAmount: integer(), units: units)
        }
        return IntervalValue(amount: integer(), units: units)
    }

    mutating func scalars() -> FuzzScalars {
        let scalars = FuzzScalars()
        scalars.text = string()
        scalars.flag = chance(2)
        scalars.int = integer()
        scalars.int8 = integer()
        scalars.int16 = integer()
        scalars.int32 = integer()
        scalars.int64 = integer()
        scalars.uint = integer()
        scalars.uint8 = integer()
        scalars.uint16 = integer()
        scalars.uint32 = integer()
        scalars.uint64 = integer()
        scalars.double = double()
        scalars.float = float()
        scalars.decimal = decimal()
        scalars.date = date()
        scalars.data = data()
        scalars.url = url()
        scalars.uuid = uuid()
        scalars.flavor = element(of: FuzzFlavor.allCases)
        scalars.priority = element(of: FuzzPriority.allCases)
        scalars.appVersion = FuzzVersion(major: integer(), minor: integer())
        return scalars
    }

    mutating func collections() -> FuzzCollections {
        let collections = FuzzCollections()
        collections.optionalText = optional { $0.string() }
        collections.optionalInt = optional { $0.integer() }
        collections.optionalDouble = optional { $0.double() }
        collections.optionalDate = optional { $0.date() }
        collections.optionalData = optional { $0.data() }
        collections.optionalURL = optional { $0.url() }
        collections.optionalUUID = optional { $0.uuid() }
        collections.optionalFlavor = optional { $0.element(of: FuzzFlavor.allCases) }
        collections.optionalDecimal = optional { $0.decimal() }
        collections.strings = array { $0.string() }
        collections.integers = array { $0.integer() }
        collections.numbers = array { $0.double() }
        collections.floats = array { $0.float() }
        collections.bools = array { $0.chance(2) }
        collections.dateList = array { $0.date() }
        collections.optionals = array { $0.optional { $0.integer() } }
        collections.nested = array(maximum: 4) { $0.array { $0.integer() } }
        collections.matrix = array(maximum: 4) { $0.array { $0.integer() } }
        collections.tags = Set(array { $0.string() })
        collections.integerSet = Set(array { $0.integer() })
        collections.uuidSet = Set(array { $0.uuid() })
        collections.priorities = Set(array(maximum: 3) { $0.element(of: FuzzPriority.allCases) })
        collections.counts = dictionary { $0.integer() }
        collections.textByKey = dictionary { $0.string() }
        collections.doubleByKey = dictionary { $0.double() }
        collections.listsByKey = dictionary(maximum: 3) { $0.array { $0.integer() } }
        collections.dates = dictionary(maximum: 3) { $0.array(maximum: 3) { $0.date() } }
        collections.optionalDates = dictionary(maximum: 3) { $0.optional { $0.date() } }
        collections.blobs = dictionary(maximum: 3) { $0.optional { $0.data() } }
        return collections
    }

    mutating func shape(depth: Int) -> GeneratedShape {
        switch next(3) {
        case 0:
            let shape = GeneratedShape()
            shape.label = string()
            return shape
        case 1:
            let disc = GeneratedDisc()
            disc.label = string()
            disc.radius = double()
            return disc
        default:
            let box = GeneratedBox()
            box.sides = array { $0.double() }
            box.inner = depth > 1 && chance(2) ? shape(depth: depth - 1) : nil
            return box
        }
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

    /// True one time in `odds`.
    mutating func chance(_ odds: Int) -> Bool {
        next(odds) == 0
    }

    mutating func next(_ upperBound: Int) -> Int {
        Int(random.next() % UInt64(upperBound))
    }
}
