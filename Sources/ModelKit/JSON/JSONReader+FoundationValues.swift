import Foundation

extension JSONReader {
    /// Reads the value at the position as the Foundation value that `JSONSerialization`
    /// gives for it: `String`, `NSNumber` (booleans, 64-bit integers, doubles),
    /// `NSDecimalNumber`, `NSNull`, `[Any]` and `[String: Any]`.
    ///
    /// Arrays and objects are built with a stack of their own instead of recursion, so values
    /// nested as deeply as the reader allows cost no call stack.
    ///
    /// - Throws: A ``JSONReadError``: malformed JSON, or a number that no Foundation value
    ///   holds, such as `1e400`, which `JSONSerialization` rejects.
    mutating func readFoundationValue() throws -> Any {
        let first = peekToken()
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
            return try readFoundationContainer()
        }
        let value = try readFoundationScalar(first)
        if let unusable = value as? UnusableNumber { throw unusable.error }
        return value
    }

    /// Reads the object at the position, whose `{` the caller checked, as a dictionary.
    mutating func readFoundationObject() throws -> [String: Any] {
        (try readFoundationContainer() as? [String: Any]) ?? [:]
    }

    private struct Frame {
        let isObject: Bool
        var elements: [Any] = []
        var entries: [String: Any] = [:]
        var key = ""
        /// The numbers that no Foundation value holds among the values so far.
        var unusableCount = 0

        var component: JSONPathComponent {
            isObject ? .key(key) : .index(elements.count)
        }
    }

    private mutating func readFoundationContainer() throws -> Any {
        var stack: [Frame] = []
        var value: Any = NSNull()
        var unusableCount = 0
        do {
            nextValue: while true {
                let first = peekToken()
                if first == UInt8(ascii: "[") {
                    if try beginArray() {
                        stack.append(Frame(isObject: false))
                        continue
                    }
                    (value, unusableCount) = ([Any](), 0)
                } else if first == UInt8(ascii: "{") {
                    if try beginObject() {
                        var frame = Frame(isObject: true)
                        frame.key = try readKey()
                        stack.append(frame)
                        continue
                    }
                    (value, unusableCount) = ([String: Any](), 0)
                } else {
                    value = try readFoundationScalar(first)
                    unusableCount = value is UnusableNumber ? 1 : 0
                }
                while var frame = stack.popLast() {
                    if frame.isObject {
                        // A later entry replaces an earlier one with the same key, unusable or not,
                        // as in `JSONSerialization`, which keeps only the last before converting.
                        if let replaced = frame.entries.updateValue(value, forKey: frame.key), frame.unusableCount > 0 {
                            frame.unusableCount -= Self.unusableNumbers(in: replaced)
                        }
                        frame.unusableCount += unusableCount
                        if try nextEntry() {
                            frame.key = try readKey()
                            stack.append(frame)
                            continue nextValue
                        }
                        (value, unusableCount) = (frame.entries, frame.unusableCount)
                    } else {
                        frame.elements.append(value)
                        frame.unusableCount += unusableCount
                        if try nextElement() {
                            stack.append(frame)
                            continue nextValue
                        }
                        (value, unusableCount) = (frame.elements, frame.unusableCount)
                    }
                }
                break
            }
        } catch let error as JSONReadError {
            throw stack.reversed().reduce(error) { $0.prefixed(with: $1.component) }
        }
        if unusableCount > 0, let error = Self.firstUnusableNumber(in: value) { throw error }
        return value
    }

    private mutating func readFoundationScalar(_ first: UInt8) throws -> Any {
        switch first {
        case UInt8(ascii: "\""):
            return try readString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return foundationNumber(try scanNumber())
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return NSNumber(value: true)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return NSNumber(value: false)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return NSNull()
        default:
            throw unexpected("a value")
        }
    }

    // MARK: Numbers

    /// The number as `JSONSerialization` on Linux makes it: an `NSNumber` of a 64-bit integer
    /// when the text is a whole number that fits, an `NSDecimalNumber` when the text before
    /// any lowercase `e` is longer than 17 characters (and `Decimal` reads it), else an
    /// `NSNumber` of the nearest `Double`; an ``UnusableNumber`` when that is infinite.
    ///
    /// Two numbers differ from `JSONSerialization`'s, so that every property reads from these
    /// values what it reads from the text: `-0` is the `Double` `-0.0`, as `JSONDecoder` reads
    /// it, not the integer 0; and a decimal of more digits than `Decimal` holds is the `Decimal`
    /// of 38 digits nearest it that rounds to the same `Double` and `Float` as the whole text;
    /// a number whose nearest `Double` lies halfway between two `Float`s is its `Decimal`.
    func foundationNumber(_ token: NumberToken) -> Any {
        switch token.foundationInteger(in: self) {
        case .int(0)? where token.isNegative: return NSNumber(value: -0.0)
        case .int(let value)?: return NSNumber(value: value)
        case .uint(let value)?: return NSNumber(value: value)
        default: break
        }
        if let decimal = foundationDecimal(token) {
            return NSDecimalNumber(decimal: decimal)
        }
        if let double = token.double ?? Double(text(of: token)), double.isFinite {
            // Rounded again to a `Float`, such a `Double` could fall on the wrong side.
            if Self.liesHalfwayBetweenFloats(double), let decimal = Decimal(string: text(of: token)) {
                return NSDecimalNumber(decimal: decimal)
            }
            return NSNumber(value: double)
        }
        return UnusableNumber(JSONReadError(.unusableNumber(text(of: token)), at: token.start))
    }

    /// Whether no Foundation value holds the number, such as `1e400`, which
    /// `JSONSerialization` rejects.
    func isUnusable(_ token: NumberToken) -> Bool {
        foundationNumber(token) is UnusableNumber
    }

    /// The `Decimal` that `JSONSerialization` reads a long number into; see
    /// ``foundationDecimal(text:)``.
    private func foundationDecimal(_ token: NumberToken) -> Decimal? {
        // Most numbers are short: only a long one is made into text.
        guard token.length > 17 else { return nil }
        let text = text(of: token)
        guard let decimal = Self.foundationDecimal(text: text) else { return nil }
        guard token.significantDigits > Self.decimalDigits, let double = Double(text), double.isFinite else {
            return decimal
        }
        return Self.decimal(decimal, roundingAs: double, Float(text) ?? .nan)
    }

    /// Whether `double` lies exactly halfway between two `Float`s, where rounding it to a
    /// `Float` need not give the `Float` nearest the text it came from.
    private static func liesHalfwayBetweenFloats(_ double: Double) -> Bool {
        let float = Float(double)
        guard float.isFinite, Double(float) != double else { return false }
        let neighbour = Double(float) < double ? float.nextUp : float.nextDown
        return (Double(float) + Double(neighbour)) / 2 == double
    }

    /// The significant digits that a `Decimal` holds of every number: it holds up to 38 or
    /// 39, as its 128-bit significand allows.
    private static let decimalDigits = 38

    /// `decimal`, the nearest `Decimal` to a longer text, or the `Decimal` next to it that
    /// rounds to `double` and `float`, the `Double` and `Float` nearest the whole text.
    ///
    /// The text can lie so close to the point halfway between two `Double`s or `Float`s that
    /// its first 38 digits lie on the other side; the next `Decimal` toward the text then lies
    /// on the text's side, since halfway points are far further apart than `Decimal`s of 38
    /// digits.
    private static func decimal(_ decimal: Decimal, roundingAs double: Double, _ float: Float) -> Decimal {
        let roundedDouble = ExactDecimal.double(decimal) ?? double
        let roundedFloat = Float(decimal.description) ?? float
        let isUp: Bool
        if roundedDouble != double {
            isUp = roundedDouble < double
        } else if float.isFinite, roundedFloat != float {
            isUp = roundedFloat < float
        } else {
            return decimal
        }
        let next = isUp ? decimal.nextUp : decimal.nextDown
        return ExactDecimal.double(next) == double ? next : decimal
    }

    /// The `Decimal` that `JSONSerialization` reads the JSON number `text` into, with its
    /// quirks: when the text before a lowercase `e` (an uppercase one does not count) is
    /// longer than 17 characters, and the exponent after it is within `Decimal`'s range;
    /// else `nil`, for a number that it reads as an integer or a `Double`.
    static func foundationDecimal(text: String) -> Decimal? {
        let utf8 = text.utf8
        let lowercaseE = utf8.firstIndex(of: UInt8(ascii: "e"))
        guard utf8.distance(from: utf8.startIndex, to: lowercaseE ?? utf8.endIndex) > 17 else { return nil }
        // 64 bits wherever `Int` is narrower, so that every platform reads the same exponents.
        var exponent: Int64 = 0
        if let lowercaseE {
            exponent = Int64(Substring(utf8[utf8.index(after: lowercaseE)...])) ?? 0
        }
        guard (-128...127).contains(exponent), let decimal = Decimal(string: text), decimal.isFinite else { return nil }
        return decimal
    }

    /// How many unusable numbers a built value holds.
    private static func unusableNumbers(in value: Any) -> Int {
        if value is UnusableNumber { return 1 }
        if let array = value as? [Any] { return array.reduce(0) { $0 + unusableNumbers(in: $1) } }
        if let dictionary = value as? [String: Any] {
            return dictionary.values.reduce(0) { $0 + unusableNumbers(in: $1) }
        }
        return 0
    }

    /// The error of the first unusable number in a built value, with its key path.
    private static func firstUnusableNumber(in value: Any) -> JSONReadError? {
        if let number = value as? UnusableNumber { return number.error }
        if let array = value as? [Any] {
            for (index, element) in array.enumerated() {
                if let error = firstUnusableNumber(in: element) { return error.prefixed(with: .index(index)) }
            }
        }
        if let dictionary = value as? [String: Any] {
            for key in dictionary.keys.sorted() {
                if let error = dictionary[key].flatMap(firstUnusableNumber(in:)) {
                    return error.prefixed(with: .key(key))
                }
            }
        }
        return nil
    }
}

/// A number that no Foundation value holds, such as `1e400`, kept in the place of its value
/// while an array or object is built: a later entry with the same key may still replace it.
private final class UnusableNumber {
    let error: JSONReadError

    init(_ error: JSONReadError) {
        self.error = error
    }
}
