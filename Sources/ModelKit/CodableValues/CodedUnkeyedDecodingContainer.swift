import Foundation

/// The unkeyed container of ModelKit's decoder: the elements of a JSON array.
///
/// A value that fails to decode leaves ``currentIndex`` where it was, and `decodeNil()` moves
/// past `null` only, as in `JSONDecoder`; past the end, every value is missing.
struct CodedUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: CodedValueDecoder
    let elements: [CodedValue]
    /// Where the array stands inside the value being decoded.
    let path: CodingPath
    private(set) var currentIndex = 0

    init(decoder: CodedValueDecoder, elements: [CodedValue], path: CodingPath) {
        self.decoder = decoder
        self.elements = elements
        self.path = path
    }

    var codingPath: [any CodingKey] { path.codingKeys }

    var count: Int? { elements.count }

    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func decodeNil() throws -> Bool {
        guard case .null = try next(of: Any.self) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try scalar(type) }
    mutating func decode(_ type: String.Type) throws -> String { try scalar(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try scalar(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try scalar(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try scalar(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try scalar(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try scalar(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try scalar(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try scalar(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try scalar(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let result = try decoder.decode(type, from: next(of: type), at: .index(currentIndex, parent: path))
        currentIndex += 1
        return result
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let value = try next(of: [String: Any].self)
        let elementPath = CodingPath.index(currentIndex, parent: path)
        guard case .object(let object) = value else {
            let error = ModelError.expectedObject(found: value.describedForm)
            throw CodedValueDecoder.failure(error, at: elementPath)
        }
        currentIndex += 1
        return KeyedDecodingContainer(
            CodedKeyedDecodingContainer<NestedKey>(decoder: decoder, object: object, path: elementPath))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let value = try next(of: [Any].self)
        let elementPath = CodingPath.index(currentIndex, parent: path)
        guard case .array(let elements) = value else {
            let error = value.mismatch(expected: "an array", readAs: [Any].self)
            throw CodedValueDecoder.failure(error, at: elementPath)
        }
        currentIndex += 1
        return CodedUnkeyedDecodingContainer(decoder: decoder, elements: elements, path: elementPath)
    }

    mutating func superDecoder() throws -> any Decoder {
        let value = try next(of: Any.self)
        let superDecoder = decoder.superDecoder(for: value, at: .index(currentIndex, parent: path))
        currentIndex += 1
        return superDecoder
    }

    /// The element at ``currentIndex``, where a value of `type` belongs.
    private func next(of type: Any.Type) throws -> CodedValue {
        guard currentIndex < elements.count else {
            throw CodedValueDecoder.missingValue(type, at: .index(currentIndex, parent: path))
        }
        return elements[currentIndex]
    }

    @inline(__always)
    private mutating func scalar<T: CodedScalar>(_ type: T.Type) throws -> T {
        let result = try decoder.unbox(type, from: next(of: type), at: .index(currentIndex, parent: path))
        currentIndex += 1
        return result
    }
}
