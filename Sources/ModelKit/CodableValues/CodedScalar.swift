import Foundation

/// A type that the coding containers read from and write to a ``CodedValue`` themselves: the
/// types that `Decoder` and `Encoder` containers name one by one.
///
/// Reading follows ModelKit's rules for the type (a whole number of any JSON form fits an
/// integer type exactly or throws; `1.0` is an `Int`, `1e300` is out of range) except where
/// `JSONDecoder` is stricter: a number is never a boolean, and no type is read from a string.
protocol CodedScalar {
    /// What a value of the type is, in the words of an error message: `a number`.
    static var expectation: String { get }

    /// The value that `value` holds.
    ///
    /// - Throws: A ``ModelError`` at the value itself, for a value of another kind or one that
    ///   does not fit.
    static func unbox(_ value: CodedValue) throws(ModelError) -> Self

    /// The value as the encoder holds it: the dictionary form that `JSONSerialization` gives
    /// for the JSON that `JSONEncoder` writes.
    ///
    /// - Throws: A ``ModelError`` for NaN and infinity, which JSON cannot hold.
    func boxed() throws(ModelError) -> CodedValue
}

extension String: CodedScalar {
    static var expectation: String { "a string" }

    static func unbox(_ value: CodedValue) throws(ModelError) -> String {
        guard case .string(let string) = value else { throw value.mismatch(expected: expectation, readAs: String.self) }
        return string
    }

    func boxed() -> CodedValue { .string(self) }
}

extension Bool: CodedScalar {
    static var expectation: String { "a boolean" }

    static func unbox(_ value: CodedValue) throws(ModelError) -> Bool {
        guard case .bool(let bool) = value else { throw value.mismatch(expected: expectation, readAs: Bool.self) }
        return bool
    }

    func boxed() -> CodedValue { .bool(self) }
}

extension Double: CodedScalar {
    static var expectation: String { "a number" }

    static func unbox(_ value: CodedValue) throws(ModelError) -> Double {
        guard let number = value.number else { throw value.mismatch(expected: expectation, readAs: Double.self) }
        return number.double
    }

    /// The number as `JSONEncoder` writes it, its shortest decimal without a fraction of
    /// `.0`, read back; but negative zero stays negative zero, which ModelKit writes as `-0.0`
    /// for it to read back, where `JSONEncoder` wrote `-0`, the integer 0.
    func boxed() throws(ModelError) -> CodedValue {
        guard isFinite else { throw ModelError(.unencodableNumber("\(self)")) }
        if self == 0, sign == .minus { return .number(.double(self)) }
        // The text of a whole number below 1e15 is its digits, which read back as an integer.
        if rounded(.towardZero) == self, abs(self) < 1e15 { return .number(.int(Int64(self))) }
        return .number(Self.readingBack(description) ?? .double(self))
    }

    /// The number that `text`, a shortest decimal, gives once `JSONEncoder` drops its `.0` and
    /// `JSONSerialization` reads it back.
    static func readingBack(_ text: String) -> SavedNumber? {
        var text = text
        if text.hasSuffix(".0") { text.removeLast(2) }
        return CodedValue.number(readingBack: text)
    }
}

extension Float: CodedScalar {
    static var expectation: String { "a number" }

    static func unbox(_ value: CodedValue) throws(ModelError) -> Float {
        let double = try Double.unbox(value)
        let float = Float(double)
        guard float.isFinite else {
            throw ModelError(.numberOutOfRange(type: "Float", found: SavedNumber.double(double).description))
        }
        return float
    }

    /// The number as `JSONEncoder` writes it, its shortest decimal, read back; negative zero
    /// as a `Double`'s.
    func boxed() throws(ModelError) -> CodedValue {
        guard isFinite else { throw ModelError(.unencodableNumber("\(Double(self))")) }
        if self == 0, sign == .minus { return .number(.double(-0.0)) }
        return .number(Double.readingBack(description) ?? .double(Double(self)))
    }
}

extension CodedScalar where Self: FixedWidthInteger {
    static var expectation: String { "a number" }

    /// A whole number that fits the type exactly, of any JSON form: `3`, `3.0` or `3e0`.
    static func unbox(_ value: CodedValue) throws(ModelError) -> Self {
        guard let number = value.number else { throw value.mismatch(expected: expectation, readAs: Self.self) }
        let result: Self?
        switch number {
        case .int(let int): result = Self(exactly: int)
        case .uint(let uint): result = Self(exactly: uint)
        case .double(let double):
            guard double.rounded(.towardZero) == double else {
                throw ModelError(.fractionalNumber(type: "\(Self.self)", found: number.description))
            }
            result = Self(exactly: double)
        case .decimal, .bool:
            // Whole numbers that fit 64 bits arrive as `.int` or `.uint`, so a decimal fits no
            // integer type.
            guard number.isWhole else {
                throw ModelError(.fractionalNumber(type: "\(Self.self)", found: number.description))
            }
            result = nil
        }
        guard let result else {
            throw ModelError(.numberOutOfRange(type: "\(Self.self)", found: number.description))
        }
        return result
    }

    func boxed() -> CodedValue {
        if let int = Int64(exactly: self) { return .number(.int(int)) }
        return .number(.uint(UInt64(truncatingIfNeeded: self)))
    }
}

extension Int: CodedScalar {}
extension Int8: CodedScalar {}
extension Int16: CodedScalar {}
extension Int32: CodedScalar {}
extension Int64: CodedScalar {}
extension UInt: CodedScalar {}
extension UInt8: CodedScalar {}
extension UInt16: CodedScalar {}
extension UInt32: CodedScalar {}
extension UInt64: CodedScalar {}
