import Foundation

extension String: SavedValue {
    /// Reads a string.
    public static func make(savedValue: Any, context: LoadContext) throws -> String {
        guard let string = FastCast.string(savedValue) else {
            throw mismatch(savedValue, expected: "a string")
        }
        return string
    }

    /// The string itself.
    public func savedValue(context: SaveContext) throws -> Any { self }

    /// Writes the string, escaped.
    public func writeJSON(to writer: inout JSONWriter) throws {
        writer.writeString(self)
    }
}

extension Bool: SavedValue {
    /// Reads a boolean, or the numbers 0 and 1 that old data wrote for booleans.
    public static func make(savedValue: Any, context: LoadContext) throws -> Bool {
        switch SavedNumber(savedValue) {
        case .bool(let bool): return bool
        case .int(0), .uint(0): return false
        case .int(1), .uint(1): return true
        default: throw mismatch(savedValue, expected: "a boolean")
        }
    }

    /// The boolean itself.
    public func savedValue(context: SaveContext) throws -> Any { self }

    /// Writes `true` or `false`.
    public func writeJSON(to writer: inout JSONWriter) throws {
        writer.writeBool(self)
    }
}

extension SavedValue where Self: FixedWidthInteger {
    /// Reads a whole number that fits the type.
    public static func make(savedValue: Any, context: LoadContext) throws -> Self {
        try integer(from: savedValue)
    }

    @inline(__always)
    static func integer(from savedValue: Any) throws -> Self {
        let result: Self?
        switch SavedNumber(savedValue) {
        case .int(let int): result = Self(exactly: int)
        case .uint(let uint): result = Self(exactly: uint)
        case .double(let double):
            guard double.isFinite else {
                throw ModelError(.numberOutOfRange(type: "\(Self.self)", found: "\(double)"))
            }
            guard double.rounded(.towardZero) == double else {
                throw ModelError(.fractionalNumber(type: "\(Self.self)", found: "\(double)"))
            }
            result = Self(exactly: double)
        case .bool, nil:
            throw mismatch(savedValue, expected: "a number")
        }
        guard let result else {
            let found = FoundValue.describe(savedValue)
            throw ModelError(.numberOutOfRange(type: "\(Self.self)", found: found))
        }
        return result
    }

    /// The number as an `Int`, or as an `NSNumber` when it is too large for `Int`.
    public func savedValue(context: SaveContext) throws -> Any {
        if let int = Int(exactly: self) { return int }
        return NSNumber(value: UInt64(truncatingIfNeeded: self))
    }

    /// Writes the number in decimal.
    public func writeJSON(to writer: inout JSONWriter) throws {
        writer.writeInteger(self)
    }
}

// Each integer type gets its own `make`, which the compiler specializes: code in other
// modules that calls `Int.make(savedValue:context:)` would otherwise reach the generic
// implementation, which instantiates generic metadata on every call.
extension Int: SavedValue {
    /// Reads a whole number that fits the type.
    public static func make(savedValue: Any, context: LoadContext) throws -> Int {
        try integer(from: savedValue)
    }
}

extension Int8: SavedValue {
    /// Reads a whole number that fits the type.
    public static func make(savedValue: Any, context: LoadContext) throws -> Int8 {
        try integer(from: savedValue)
    }
}

extension Int16: SavedValue {
    /// Reads a whole number that fits the type.
    public static func make(savedValue: Any, context: LoadContext) throws -> Int16 {
        try integer(from: savedValue)
    }
}

extension Int32: SavedValue {
    /// Reads a whole number that fits the type.
    public static func make(savedValue: Any, context: LoadContext) throws -> Int32 {
        try integer(from: savedValue)
    }
}

extension Int64: SavedValue {
    /// Reads a whole number that fits the type.
    public static func make(savedValue: Any, context: LoadContext) throws -> Int64 {
        try integer(from: savedValue)
    }
}

extension UInt: SavedValue {
    /// Reads a whole number that fits the type.
    public static func make(savedValue: Any, context: LoadContext) throws -> UInt {
        try integer(from: savedValue)
    }
}

extension UInt8: SavedValue {
    /// Reads a whole number that fits the type.
    public static func make(savedValue: Any, context: LoadContext) throws -> UInt8 {
        try integer(from: savedValue)
    }
}

extension UInt16: SavedValue {
    /// Reads a whole number that fits the type.
    public static func make(savedValue: Any, context: LoadContext) throws -> UInt16 {
        try integer(from: savedValue)
    }
}

extension UInt32: SavedValue {
    /// Reads a whole number that fits the type.
    public static func make(savedValue: Any, context: LoadContext) throws -> UInt32 {
        try integer(from: savedValue)
    }
}

extension UInt64: SavedValue {
    /// Reads a whole number that fits the type.
    public static func make(savedValue: Any, context: LoadContext) throws -> UInt64 {
        try integer(from: savedValue)
    }
}

extension Double: SavedValue {
    /// Reads any number.
    public static func make(savedValue: Any, context: LoadContext) throws -> Double {
        switch SavedNumber(savedValue) {
        case .double(let double): return double
        case .int(let int): return Double(int)
        case .uint(let uint): return Double(uint)
        case .bool, nil: throw mismatch(savedValue, expected: "a number")
        }
    }

    /// The number itself.
    public func savedValue(context: SaveContext) throws -> Any { self }

    /// Writes the shortest decimal that reads back as the same number.
    ///
    /// - Throws: A ``ModelError`` for NaN and infinity, which JSON cannot hold.
    public func writeJSON(to writer: inout JSONWriter) throws {
        try writer.writeDouble(self)
    }
}

extension Float: SavedValue {
    /// Reads any number that fits a `Float`.
    public static func make(savedValue: Any, context: LoadContext) throws -> Float {
        let double = try Double.make(savedValue: savedValue, context: context)
        let float = Float(double)
        guard float.isFinite || !double.isFinite else {
            throw ModelError(.numberOutOfRange(type: "Float", found: "\(double)"))
        }
        return float
    }

    /// The number itself.
    public func savedValue(context: SaveContext) throws -> Any { self }

    /// Writes the shortest decimal that reads back as the same number.
    ///
    /// - Throws: A ``ModelError`` for NaN and infinity, which JSON cannot hold.
    public func writeJSON(to writer: inout JSONWriter) throws {
        try writer.writeFloat(self)
    }
}

extension Decimal: SavedValue {
    /// Reads a number, or a string holding a decimal number.
    public static func make(savedValue: Any, context: LoadContext) throws -> Decimal {
        if let string = savedValue as? String {
            guard let decimal = Decimal(string: string, locale: Locale(identifier: "en_US_POSIX")),
                !decimal.isNaN
            else {
                throw ModelError(.invalidValue(expected: "a decimal number", found: FoundValue.quoted(string)))
            }
            return decimal
        }
        switch SavedNumber(savedValue) {
        case .int(let int): return Decimal(int)
        case .uint(let uint): return Decimal(uint)
        case .double(let double):
            guard double.isFinite, let decimal = Decimal(string: "\(double)", locale: Locale(identifier: "en_US_POSIX"))
            else { throw ModelError(.numberOutOfRange(type: "Decimal", found: "\(double)")) }
            return decimal
        case .bool, nil:
            throw mismatch(savedValue, expected: "a number")
        }
    }

    /// The number as an `NSDecimalNumber`.
    public func savedValue(context: SaveContext) throws -> Any {
        NSDecimalNumber(decimal: self)
    }

    /// Writes the number in decimal, with every digit it has.
    ///
    /// - Throws: A ``ModelError`` for NaN.
    public func writeJSON(to writer: inout JSONWriter) throws {
        guard !isNaN else { throw ModelError(.unencodableNumber("NaN")) }
        writer.writeRawASCII(description)
    }
}
