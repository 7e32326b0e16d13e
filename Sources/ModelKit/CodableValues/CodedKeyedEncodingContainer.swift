import Foundation

/// The keyed container of ModelKit's encoder: the entries of a JSON object.
///
/// A nested container asked for twice under the same key is the same container, as in
/// `JSONEncoder`.
struct CodedKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: CodedValueEncoder
    let object: EncodedObject
    /// Where the object stands inside the value being encoded.
    let path: CodingPath

    var codingPath: [any CodingKey] { path.codingKeys }

    mutating func encodeNil(forKey key: Key) {
        object.set(.value(.null), forKey: key.stringValue)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws { try scalar(value, forKey: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try scalar(value, forKey: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try scalar(value, forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try scalar(value, forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try scalar(value, forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try scalar(value, forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try scalar(value, forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try scalar(value, forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try scalar(value, forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try scalar(value, forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try scalar(value, forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try scalar(value, forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try scalar(value, forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try scalar(value, forKey: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        object.set(try encoder.encode(value, at: .key(key, parent: path)) ?? .empty, forKey: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested: EncodedObject
        if case .object(let existing)? = object[key.stringValue] {
            nested = existing
        } else {
            nested = EncodedObject()
            object.set(.object(nested), forKey: key.stringValue)
        }
        let container = CodedKeyedEncodingContainer<NestedKey>(
            encoder: encoder, object: nested, path: .key(key, parent: path))
        return KeyedEncodingContainer(container)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested: EncodedArray
        if case .array(let existing)? = object[key.stringValue] {
            nested = existing
        } else {
            nested = EncodedArray()
            object.set(.array(nested), forKey: key.stringValue)
        }
        return CodedUnkeyedEncodingContainer(encoder: encoder, array: nested, path: .key(key, parent: path))
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(for: AnyCodingKey("super"))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(for: key)
    }

    private func superEncoder(for key: any CodingKey) -> any Encoder {
        let superEncoder = CodedValueEncoder(options: encoder.options, path: .key(key, parent: path))
        object.set(.encoder(superEncoder), forKey: key.stringValue)
        return superEncoder
    }

    @inline(__always)
    private func scalar<T: CodedScalar>(_ value: T, forKey key: Key) throws {
        object.set(try encoder.box(value, at: .key(key, parent: path)), forKey: key.stringValue)
    }
}
