import Foundation

// Reading from JSON: each type reads the kind of value it accepts straight from the bytes and
// throws for anything else, which ModelKit then reads again as its dictionary form and loads
// through `_make(savedValue:context:)`, for the value or the error that way gives.

extension String {
    /// Reads a string.
    ///
    /// - Parameters:
    ///   - reader: The reader, before the value.
    ///   - context: The state of the load.
    /// - Returns: The value.
    /// - Throws: An error when the value does not fit.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> String {
        try reader.readStringValue()
    }
}

extension Bool {
    /// Reads `true` or `false`; the numbers 0 and 1 go through the dictionary form.
    ///
    /// - Parameters:
    ///   - reader: The reader, before the value.
    ///   - context: The state of the load.
    /// - Returns: The value.
    /// - Throws: An error when the value does not fit.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Bool {
        try reader.readBoolValue()
    }
}

// Each integer type reads through code specialized for it.
extension Int {
    /// Reads a whole number that fits the type.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Int {
        try reader.readIntegerValue(Int.self)
    }
}

extension Int8 {
    /// Reads a whole number that fits the type.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Int8 {
        try reader.readIntegerValue(Int8.self)
    }
}

extension Int16 {
    /// Reads a whole number that fits the type.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Int16 {
        try reader.readIntegerValue(Int16.self)
    }
}

extension Int32 {
    /// Reads a whole number that fits the type.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Int32 {
        try reader.readIntegerValue(Int32.self)
    }
}

extension Int64 {
    /// Reads a whole number that fits the type.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Int64 {
        try reader.readIntegerValue(Int64.self)
    }
}

extension UInt {
    /// Reads a whole number that fits the type.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> UInt {
        try reader.readIntegerValue(UInt.self)
    }
}

extension UInt8 {
    /// Reads a whole number that fits the type.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> UInt8 {
        try reader.readIntegerValue(UInt8.self)
    }
}

extension UInt16 {
    /// Reads a whole number that fits the type.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> UInt16 {
        try reader.readIntegerValue(UInt16.self)
    }
}

extension UInt32 {
    /// Reads a whole number that fits the type.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> UInt32 {
        try reader.readIntegerValue(UInt32.self)
    }
}

extension UInt64 {
    /// Reads a whole number that fits the type.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> UInt64 {
        try reader.readIntegerValue(UInt64.self)
    }
}

extension Double {
    /// Reads any number as the nearest `Double`.
    ///
    /// - Parameters:
    ///   - reader: The reader, before the value.
    ///   - context: The state of the load.
    /// - Returns: The value.
    /// - Throws: An error when the value does not fit.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Double {
        try reader.readDoubleValue()
    }
}

extension Float {
    /// Reads any number that fits a `Float`.
    ///
    /// - Parameters:
    ///   - reader: The reader, before the value.
    ///   - context: The state of the load.
    /// - Returns: The value.
    /// - Throws: An error when the value does not fit.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Float {
        let float = Float(try reader.readDoubleValue())
        guard float.isFinite else { throw ValueMismatch() }
        return float
    }
}

extension Date {
    /// Reads an ISO 8601 date string.
    ///
    /// - Parameters:
    ///   - reader: The reader, before the value.
    ///   - context: The state of the load.
    /// - Returns: The value.
    /// - Throws: An error when the value does not fit.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Date {
        try reader.readDateValue()
    }
}

extension SavedRepresentable {
    /// Reads the representation, then converts it.
    ///
    /// - Parameters:
    ///   - reader: The reader, before the value.
    ///   - context: The state of the load.
    /// - Returns: The value.
    /// - Throws: An error when the value does not fit.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Self {
        try Self(savedRepresentation: SavedRepresentation._read(from: &reader, context: context))
    }
}

extension SavedValue where Self: RawRepresentable, RawValue: SavedValue {
    /// Reads the raw value, then the case it names.
    ///
    /// - Parameters:
    ///   - reader: The reader, before the value.
    ///   - context: The state of the load.
    /// - Returns: The value.
    /// - Throws: An error when the value does not fit.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Self {
        guard let value = Self(rawValue: try RawValue._read(from: &reader, context: context)) else {
            throw ValueMismatch()
        }
        return value
    }
}
