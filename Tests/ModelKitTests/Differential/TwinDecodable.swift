import Foundation
import ModelKit

/// A value that a generated model's twin decodes through `JSONDecoder` with the meaning ModelKit
/// gives its data.
///
/// The twins say in their `init(from:)` what ModelKit's declarations say: an absent key keeps
/// the default, `null` is `nil` for an optional and an error otherwise, the first of a
/// property's keys present wins, a fallback takes unknown raw values, a `null` container is an
/// absent one. The values themselves decode through this protocol rather than `Decodable`,
/// for the one rule in which `JSONDecoder`'s own decoding of a standard type differs from
/// ModelKit's: an integer is read exactly, whatever its spelling, as `Decimal` reads it
/// (`JSONDecoder` reads `9007199254740993.0` into an `Int` through a `Double`, as
/// `9007199254740992`; ModelKit reads every whole number exactly).
protocol TwinDecodable {
    static func decodeTwin(from decoder: any Decoder) throws -> Self
}

extension TwinDecodable where Self: Decodable {
    static func decodeTwin(from decoder: any Decoder) throws -> Self {
        try Self(from: decoder)
    }
}

/// A `Decodable` wrapper that decodes its value as a twin does.
struct TwinBox<Value: TwinDecodable>: Decodable {
    let value: Value

    init(from decoder: any Decoder) throws {
        value = try Value.decodeTwin(from: decoder)
    }
}

private func exactInteger<Integer: FixedWidthInteger>(from decoder: any Decoder) throws -> Integer {
    let decimal = try decoder.singleValueContainer().decode(Decimal.self)
    var value = decimal
    var whole = Decimal()
    NSDecimalRound(&whole, &value, 0, .plain)
    guard whole == decimal, let integer = Integer(whole.description) else {
        let context = DecodingError.Context(
            codingPath: decoder.codingPath, debugDescription: "\(decimal) is not a whole \(Integer.self)")
        throw DecodingError.dataCorrupted(context)
    }
    return integer
}

extension Int: TwinDecodable {
    static func decodeTwin(from decoder: any Decoder) throws -> Int { try exactInteger(from: decoder) }
}

extension Int64: TwinDecodable {
    static func decodeTwin(from decoder: any Decoder) throws -> Int64 { try exactInteger(from: decoder) }
}

extension UInt8: TwinDecodable {
    static func decodeTwin(from decoder: any Decoder) throws -> UInt8 { try exactInteger(from: decoder) }
}

extension Double: TwinDecodable {}

extension Bool: TwinDecodable {}

extension String: TwinDecodable {}

extension Array: TwinDecodable where Element: TwinDecodable {
    static func decodeTwin(from decoder: any Decoder) throws -> [Element] {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        while !container.isAtEnd {
            elements.append(try container.decode(TwinBox<Element>.self).value)
        }
        return elements
    }
}

extension Optional: TwinDecodable where Wrapped: TwinDecodable {
    static func decodeTwin(from decoder: any Decoder) throws -> Wrapped? {
        if try decoder.singleValueContainer().decodeNil() { return nil }
        return try Wrapped.decodeTwin(from: decoder)
    }
}

extension RawRepresentable where RawValue: TwinDecodable {
    /// The case of the raw value that `decoder` holds; an error for a raw value of no case.
    static func decodeRawValue(from decoder: any Decoder) throws -> Self {
        let raw = try RawValue.decodeTwin(from: decoder)
        guard let value = Self(rawValue: raw) else {
            let context = DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "no case \(raw)")
            throw DecodingError.dataCorrupted(context)
        }
        return value
    }
}

extension KeyedDecodingContainer {
    /// The value under the first of `keys` present, `null` included; `defaultValue` when none is.
    func decodeTwin<Value: TwinDecodable>(forKeys keys: [Key], default defaultValue: Value) throws -> Value {
        guard let key = keys.first(where: contains) else { return defaultValue }
        return try decode(TwinBox<Value>.self, forKey: key).value
    }

    /// The nested object under `key`, where properties live: absent or `null`, `defaultValue`,
    /// as ModelKit loads a `null` container as an absent one.
    func decodeContainer<Value: TwinDecodable>(forKey key: Key, default defaultValue: Value) throws -> Value {
        guard contains(key), try !decodeNil(forKey: key) else { return defaultValue }
        return try decode(TwinBox<Value>.self, forKey: key).value
    }

    /// An open enum: a raw value of no case is `fallback`.
    func decodeEnum<Value: RawRepresentable>(forKeys keys: [Key], fallback: Value, default defaultValue: Value)
        throws -> Value where Value.RawValue: TwinDecodable
    {
        guard let key = keys.first(where: contains) else { return defaultValue }
        return Value(rawValue: try decode(TwinBox<Value.RawValue>.self, forKey: key).value) ?? fallback
    }

    /// An optional open enum: `nil` when absent or `null`, `fallback` for a raw value of no case.
    func decodeOptionalEnum<Value: RawRepresentable>(forKeys keys: [Key], fallback: Value) throws -> Value?
    where Value.RawValue: TwinDecodable {
        guard let key = keys.first(where: contains), try !decodeNil(forKey: key) else { return nil }
        return Value(rawValue: try decode(TwinBox<Value.RawValue>.self, forKey: key).value) ?? fallback
    }

    /// A date in `format`.
    func decodeDate(
        _ type: Date.Type, forKeys keys: [Key], format: DifferentialKind.DateFormat, default defaultValue: Date
    ) throws -> Date {
        guard let key = keys.first(where: contains) else { return defaultValue }
        return try decodeDate(forKey: key, format: format)
    }

    /// An optional date in `format`: `nil` when absent or `null`.
    func decodeDate(
        _ type: Date?.Type, forKeys keys: [Key], format: DifferentialKind.DateFormat, default defaultValue: Date?
    ) throws -> Date? {
        guard let key = keys.first(where: contains) else { return defaultValue }
        if try decodeNil(forKey: key) { return nil }
        return try decodeDate(forKey: key, format: format)
    }

    private func decodeDate(forKey key: Key, format: DifferentialKind.DateFormat) throws -> Date {
        switch format {
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try decode(Double.self, forKey: key))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try decode(Double.self, forKey: key) / 1000)
        case .iso8601:
            let text = try decode(String.self, forKey: key)
            guard let date = DifferentialDate.date(text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "not a date: \(text)")
            }
            return date
        }
    }
}
