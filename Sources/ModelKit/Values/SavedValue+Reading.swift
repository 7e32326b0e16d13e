import Foundation

// Reading from JSON: each type reads the kind of value it accepts straight from the bytes and
// throws for anything else, which ModelKit then reads again as its dictionary form and loads
// through `_make(savedValue:context:)`, for the value or the error that way gives.

extension String {
    /// ModelKit's machinery: reads a string.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> String {
        try reader.readStringValue()
    }
}

extension Bool {
    /// ModelKit's machinery: reads `true` or `false`; the numbers 0 and 1 go through the dictionary form.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Bool {
        try reader.readBoolValue()
    }
}

// Each integer type reads through code specialized for it.
extension Int {
    /// ModelKit's machinery: reads a whole number that fits the type.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Int {
        try reader.readIntegerValue(Int.self)
    }
}

extension Int8 {
    /// ModelKit's machinery: reads a whole number that fits the type.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Int8 {
        try reader.readIntegerValue(Int8.self)
    }
}

extension Int16 {
    /// ModelKit's machinery: reads a whole number that fits the type.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Int16 {
        try reader.readIntegerValue(Int16.self)
    }
}

extension Int32 {
    /// ModelKit's machinery: reads a whole number that fits the type.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Int32 {
        try reader.readIntegerValue(Int32.self)
    }
}

extension Int64 {
    /// ModelKit's machinery: reads a whole number that fits the type.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Int64 {
        try reader.readIntegerValue(Int64.self)
    }
}

extension UInt {
    /// ModelKit's machinery: reads a whole number that fits the type.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> UInt {
        try reader.readIntegerValue(UInt.self)
    }
}

extension UInt8 {
    /// ModelKit's machinery: reads a whole number that fits the type.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> UInt8 {
        try reader.readIntegerValue(UInt8.self)
    }
}

extension UInt16 {
    /// ModelKit's machinery: reads a whole number that fits the type.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> UInt16 {
        try reader.readIntegerValue(UInt16.self)
    }
}

extension UInt32 {
    /// ModelKit's machinery: reads a whole number that fits the type.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> UInt32 {
        try reader.readIntegerValue(UInt32.self)
    }
}

extension UInt64 {
    /// ModelKit's machinery: reads a whole number that fits the type.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> UInt64 {
        try reader.readIntegerValue(UInt64.self)
    }
}

extension Double {
    /// ModelKit's machinery: reads any number as the nearest `Double`.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Double {
        try reader.readDoubleValue()
    }
}

extension Float {
    /// ModelKit's machinery: reads any number that fits a `Float`.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Float {
        try reader.readFloatValue()
    }
}

extension Date {
    /// ModelKit's machinery: reads an ISO 8601 date string, or the format that the property
    /// gives.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Date {
        if let dateCoding = context.dateCoding { return try dateCoding.read(from: &reader) }
        return try reader.readDateValue()
    }
}

extension SavedRepresentable {
    /// ModelKit's machinery: reads the representation, then converts it.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Self {
        try Self(savedRepresentation: SavedRepresentation._read(from: &reader, context: context))
    }
}

extension SavedValue where Self: RawRepresentable, RawValue: SavedValue {
    /// ModelKit's machinery: reads the raw value, then the case it names.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Self {
        guard let value = Self(rawValue: try RawValue._read(from: &reader, context: context)) else {
            throw ValueMismatch()
        }
        return value
    }
}
