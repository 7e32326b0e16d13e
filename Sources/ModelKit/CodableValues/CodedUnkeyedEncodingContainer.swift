import Foundation

/// The unkeyed container of ModelKit's encoder: the elements of a JSON array.
struct CodedUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: CodedValueEncoder
    let array: EncodedArray
    /// Where the array stands inside the value being encoded.
    let path: CodingPath

    var codingPath: [any CodingKey] { path.codingKeys }

    var count: Int { array.elements.count }

    mutating func encodeNil() {
        array.elements.append(.value(.null))
    }

    mutating func encode(_ value: Bool) throws { try scalar(value) }
    mutating func encode(_ value: String) throws { try scalar(value) }
    mutating func encode(_ value: Double) throws { try scalar(value) }
    mutating func encode(_ value: Float) throws { try scalar(value) }
    mutating func encode(_ value: Int) throws { try scalar(value) }
    mutating func encode(_ value: Int8) throws { try scalar(value) }
    mutating func encode(_ value: Int16) throws { try scalar(value) }
    mutating func encode(_ value: Int32) throws { try scalar(value) }
    mutating func encode(_ value: Int64) throws { try scalar(value) }
    mutating func encode(_ value: UInt) throws { try scalar(value) }
    mutating func encode(_ value: UInt8) throws { try scalar(value) }
    mutating func encode(_ value: UInt16) throws { try scalar(value) }
    mutating func encode(_ value: UInt32) throws { try scalar(value) }
    mutating func encode(_ value: UInt64) throws { try scalar(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        array.elements.append(try encoder.encode(value, at: .index(count, parent: path)) ?? .empty)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested = EncodedObject()
        let elementPath = CodingPath.index(count, parent: path)
        array.elements.append(.object(nested))
        return KeyedEncodingContainer(
            CodedKeyedEncodingContainer<NestedKey>(encoder: encoder, object: nested, path: elementPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = EncodedArray()
        let elementPath = CodingPath.index(count, parent: path)
        array.elements.append(.array(nested))
        return CodedUnkeyedEncodingContainer(encoder: encoder, array: nested, path: elementPath)
    }

    mutating func superEncoder() -> any Encoder {
        let superEncoder = CodedValueEncoder(options: encoder.options, path: .index(count, parent: path))
        array.elements.append(.encoder(superEncoder))
        return superEncoder
    }

    @inline(__always)
    private mutating func scalar<T: CodedScalar>(_ value: T) throws {
        array.elements.append(try encoder.box(value, at: .index(count, parent: path)))
    }
}
