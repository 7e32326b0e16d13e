import Foundation

extension String: SavedValue {
    /// ModelKit's machinery: reads a string.
    public static func _make(savedValue: Any, context: LoadContext) throws -> String {
        guard let string = FastCast.string(savedValue) else {
            guard context.acceptsLosslessConversions, let text = LosslessConversion.string(from: savedValue) else {
                throw mismatch(savedValue, expected: "a string")
            }
            return text
        }
        return string
    }

    /// ModelKit's machinery: the string itself.
    public func _savedValue(context: SaveContext) throws -> Any { self }

    /// ModelKit's machinery: writes the string, escaped.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        writer.output.writeString(self)
    }
}

extension Bool: SavedValue {
    /// ModelKit's machinery: reads a boolean, or the numbers 0 and 1 that old data wrote for booleans.
    public static func _make(savedValue: Any, context: LoadContext) throws -> Bool {
        switch SavedNumber(savedValue) {
        case .bool(let bool): return bool
        case .int(0), .uint(0): return false
        // `-0`, which ModelKit's reader reads as `-0.0` and `JSONSerialization` as the integer 0.
        case .double(let double) where double == 0 && double.sign == .minus: return false
        case .int(1), .uint(1): return true
        default:
            guard context.acceptsLosslessConversions, let bool = LosslessConversion.bool(from: savedValue) else {
                throw mismatch(savedValue, expected: "a boolean")
            }
            return bool
        }
    }

    /// ModelKit's machinery: the boolean itself.
    public func _savedValue(context: SaveContext) throws -> Any { self }

    /// ModelKit's machinery: writes `true` or `false`.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        writer.output.writeBool(self)
    }
}

extension SavedValue where Self: FixedWidthInteger {
    /// ModelKit's machinery: reads a whole number that fits the type.
    public static func _make(savedValue: Any, context: LoadContext) throws -> Self {
        try integer(from: savedValue, context: context)
    }

    /// A whole number that fits the type; converted from a string when `context` accepts
    /// lossless conversions, which a `nil` context, as for the header's `version`, never does.
    @inline(__always)
    static func integer(from savedValue: Any, context: LoadContext?) throws -> Self {
        guard let number = SavedNumber(savedValue) else {
            guard let context, context.acceptsLosslessConversions,
                let number = LosslessConversion.number(in: savedValue)
            else { throw mismatch(savedValue, expected: "a number") }
            return try integer(from: number, found: savedValue)
        }
        return try integer(from: number, found: savedValue)
    }

    @inline(__always)
    static func integer(from number: SavedNumber, found savedValue: Any) throws -> Self {
        let result: Self?
        switch number {
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
        case .decimal(let decimal):
            // Whole numbers that fit 64 bits arrive as `.int` or `.uint`, so this one fits no
            // integer type; going through `Double` would round it into range.
            guard SavedNumber.decimal(decimal).isWhole else {
                throw ModelError(.fractionalNumber(type: "\(Self.self)", found: "\(decimal)"))
            }
            result = nil
        case .bool:
            throw mismatch(savedValue, expected: "a number")
        }
        guard let result else {
            let found = FoundValue.describe(savedValue)
            throw ModelError(.numberOutOfRange(type: "\(Self.self)", found: found))
        }
        return result
    }

    /// ModelKit's machinery: the number as an `Int`, or as an `NSNumber` beyond the range of `Int`.
    public func _savedValue(context: SaveContext) throws -> Any {
        // An `NSNumber` of a 64-bit integer beyond the range of `Int`, as `JSONSerialization`
        // reads such a number. Where `Int` is 32 bits wide, as on watchOS, a 64-bit value can
        // lie beyond either end of its range; a number wider than 64 bits becomes the
        // `NSDecimalNumber` of its digits.
        if let int = Int(exactly: self) { return int }
        if let int = Int64(exactly: self) { return NSNumber(value: int) }
        if let uint = UInt64(exactly: self) { return NSNumber(value: uint) }
        return NSDecimalNumber(string: String(self), locale: Locale(identifier: "en_US_POSIX"))
    }

    /// ModelKit's machinery: writes the number in decimal.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        writer.output.writeInteger(self)
    }
}

// Each integer type gets its own `make`, which the compiler specializes: code in other
// modules that calls `Int._make(savedValue:context:)` would otherwise reach the generic
// implementation, which instantiates generic metadata on every call.
extension Int: SavedValue {
    /// ModelKit's machinery: reads a whole number that fits the type.
    public static func _make(savedValue: Any, context: LoadContext) throws -> Int {
        try integer(from: savedValue, context: context)
    }
}

extension Int8: SavedValue {
    /// ModelKit's machinery: reads a whole number that fits the type.
    public static func _make(savedValue: Any, context: LoadContext) throws -> Int8 {
        try integer(from: savedValue, context: context)
    }
}

extension Int16: SavedValue {
    /// ModelKit's machinery: reads a whole number that fits the type.
    public static func _make(savedValue: Any, context: LoadContext) throws -> Int16 {
        try integer(from: savedValue, context: context)
    }
}

extension Int32: SavedValue {
    /// ModelKit's machinery: reads a whole number that fits the type.
    public static func _make(savedValue: Any, context: LoadContext) throws -> Int32 {
        try integer(from: savedValue, context: context)
    }
}

extension Int64: SavedValue {
    /// ModelKit's machinery: reads a whole number that fits the type.
    public static func _make(savedValue: Any, context: LoadContext) throws -> Int64 {
        try integer(from: savedValue, context: context)
    }
}

extension UInt: SavedValue {
    /// ModelKit's machinery: reads a whole number that fits the type.
    public static func _make(savedValue: Any, context: LoadContext) throws -> UInt {
        try integer(from: savedValue, context: context)
    }
}

extension UInt8: SavedValue {
    /// ModelKit's machinery: reads a whole number that fits the type.
    public static func _make(savedValue: Any, context: LoadContext) throws -> UInt8 {
        try integer(from: savedValue, context: context)
    }
}

extension UInt16: SavedValue {
    /// ModelKit's machinery: reads a whole number that fits the type.
    public static func _make(savedValue: Any, context: LoadContext) throws -> UInt16 {
        try integer(from: savedValue, context: context)
    }
}

extension UInt32: SavedValue {
    /// ModelKit's machinery: reads a whole number that fits the type.
    public static func _make(savedValue: Any, context: LoadContext) throws -> UInt32 {
        try integer(from: savedValue, context: context)
    }
}

extension UInt64: SavedValue {
    /// ModelKit's machinery: reads a whole number that fits the type.
    public static func _make(savedValue: Any, context: LoadContext) throws -> UInt64 {
        try integer(from: savedValue, context: context)
    }
}

extension Double: SavedValue {
    /// ModelKit's machinery: reads any number.
    public static func _make(savedValue: Any, context: LoadContext) throws -> Double {
        switch SavedNumber(savedValue) {
        case .double(let double): return double
        case .int(let int): return Double(int)
        case .uint(let uint): return Double(uint)
        case .decimal(let decimal): return SavedNumber.decimal(decimal).double
        case .bool: throw mismatch(savedValue, expected: "a number")
        case nil:
            guard context.acceptsLosslessConversions, let number = LosslessConversion.number(in: savedValue) else {
                throw mismatch(savedValue, expected: "a number")
            }
            return number.double
        }
    }

    /// ModelKit's machinery: the number itself.
    public func _savedValue(context: SaveContext) throws -> Any { self }

    /// ModelKit's machinery: writes the shortest decimal that reads back as the same number.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        try writer.writeDouble(self)
    }
}

extension Float: SavedValue {
    /// ModelKit's machinery: reads any number that fits a `Float`.
    public static func _make(savedValue: Any, context: LoadContext) throws -> Float {
        // A decimal rounds once, from its digits: through the nearest `Double` it could land
        // halfway between two `Float`s and round to the wrong one.
        if case .decimal(let decimal)? = SavedNumber(savedValue), let float = Float(decimal.description),
            float.isFinite
        {
            return float
        }
        let double: Double
        do {
            double = try Double._make(savedValue: savedValue, context: context)
        } catch let error as ModelError {
            throw error.expecting(Float.self)
        }
        let float = Float(double)
        guard float.isFinite || !double.isFinite else {
            throw ModelError(.numberOutOfRange(type: "Float", found: "\(double)"))
        }
        return float
    }

    /// ModelKit's machinery: the number itself.
    public func _savedValue(context: SaveContext) throws -> Any { self }

    /// ModelKit's machinery: writes the shortest decimal that reads back as the same number.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        try writer.writeFloat(self)
    }
}

extension Decimal: SavedValue {
    /// ModelKit's machinery: reads a number, or a string holding a decimal number.
    public static func _make(savedValue: Any, context: LoadContext) throws -> Decimal {
        if let number = savedValue as? NSDecimalNumber {
            return number.decimalValue
        }
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
        case .decimal(let decimal):
            return decimal
        case .bool, nil:
            throw mismatch(savedValue, expected: "a number")
        }
    }

    /// ModelKit's machinery: the number as an `NSDecimalNumber`.
    public func _savedValue(context: SaveContext) throws -> Any {
        NSDecimalNumber(decimal: self)
    }

    /// ModelKit's machinery: writes the number in decimal, with every digit it has.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        guard !isNaN else { throw ModelError(.unencodableNumber("NaN")) }
        writer.output.writeRawASCII(Self.jsonText(of: self))
    }

    /// The decimal digits, padded so that `JSONSerialization` reads them back exactly.
    ///
    /// `JSONSerialization` on Linux reads a number of up to 16 digits as a `Double`, which
    /// cannot hold every 16-digit fraction (`88981064.08632439` would read back as
    /// `88981064.0863244`), and a longer one as an exact `NSDecimalNumber`. A trailing zero
    /// makes a 16-digit fraction 17 digits long without changing its value; shorter ones
    /// survive a `Double`.
    static func jsonText(of decimal: Decimal) -> String {
        let text = decimal.description
        guard text.utf8.contains(UInt8(ascii: ".")),
            text.utf8.count(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) == 16
        else { return text }
        return text + "0"
    }
}
