import Foundation

/// The keyed container of ModelKit's decoder: the entries of a JSON object.
///
/// A key's last value counts (``CodedObject``), a missing key throws `keyNotFound`, and
/// `decodeIfPresent` gives `nil` for a missing key and for `null`, as in `JSONDecoder`.
struct CodedKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: CodedValueDecoder
    let object: CodedObject
    /// Where the object stands inside the value being decoded.
    let path: CodingPath

    var codingPath: [any CodingKey] { path.codingKeys }

    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool {
        object.value(forKey: key.stringValue) != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard case .null = try value(forKey: key, of: Any.self) else { return false }
        return true
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try scalar(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(type, forKey: key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decode(type, from: value(forKey: key, of: type), at: .key(key, parent: path))
    }

    // The defaults would look the key up three times.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try scalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try scalarIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try scalarIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try scalarIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try scalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try scalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try scalarIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try scalarIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try scalarIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try scalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try scalarIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try scalarIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try scalarIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try scalarIfPresent(type, forKey: key)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = presentValue(forKey: key) else { return nil }
        return try decoder.decode(type, from: value, at: .key(key, parent: path))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let value = try value(forKey: key, of: [String: Any].self)
        guard case .object(let object) = value else {
            let error = ModelError.expectedObject(found: value.describedForm)
            throw CodedValueDecoder.failure(error, at: .key(key, parent: path))
        }
        let container = CodedKeyedDecodingContainer<NestedKey>(
            decoder: decoder, object: object, path: .key(key, parent: path))
        return KeyedDecodingContainer(container)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let value = try value(forKey: key, of: [Any].self)
        guard case .array(let elements) = value else {
            let error = value.mismatch(expected: "an array", readAs: [Any].self)
            throw CodedValueDecoder.failure(error, at: .key(key, parent: path))
        }
        return CodedUnkeyedDecodingContainer(decoder: decoder, elements: elements, path: .key(key, parent: path))
    }

    func superDecoder() throws -> any Decoder {
        superDecoder(for: AnyCodingKey("super"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        superDecoder(for: key)
    }

    // MARK: Lookup

    /// The decoder of the value under `key`, or of `null` when there is none, as in
    /// `JSONDecoder`.
    private func superDecoder(for key: any CodingKey) -> any Decoder {
        decoder.superDecoder(for: object.value(forKey: key.stringValue) ?? .null, at: .key(key, parent: path))
    }

    /// The value under `key`, where a value of `type` belongs.
    private func value(forKey key: Key, of type: Any.Type) throws -> CodedValue {
        guard let value = object.value(forKey: key.stringValue) else {
            throw CodedValueDecoder.missingValue(type, at: .key(key, parent: path))
        }
        return value
    }

    /// The value under `key`, unless it is missing or `null`.
    private func presentValue(forKey key: Key) -> CodedValue? {
        guard let value = object.value(forKey: key.stringValue) else { return nil }
        if case .null = value { return nil }
        return value
    }

    @inline(__always)
    private func scalar<T: CodedScalar>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.unbox(type, from: value(forKey: key, of: type), at: .key(key, parent: path))
    }

    @inline(__always)
    private func scalarIfPresent<T: CodedScalar>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = presentValue(forKey: key) else { return nil }
        return try decoder.unbox(type, from: value, at: .key(key, parent: path))
    }
}
