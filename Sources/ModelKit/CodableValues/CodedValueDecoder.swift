import Foundation

/// ModelKit's own `Decoder`, which decodes a ``CodableSavedValue`` from the ``CodedValue`` of
/// its JSON, as `JSONDecoder` with ModelKit's formats would decode it from the JSON text.
///
/// ```swift
/// let value = try CodedValue.read(from: &reader)  // or CodedValue(dictionaryForm: savedValue)
/// let customer = try CodedValueDecoder.decode(Customer.self, from: value)
/// ```
///
/// Dates are ISO 8601 strings, data is Base64, URLs are strings and decimals are numbers
/// (``CodedFoundationValue``); scalars follow ``CodedScalar``. `userInfo` is empty.
///
/// One decoder serves a whole value: for each nested value it swaps in the value and its
/// ``CodingPath``, calls the type's `init(from:)` with itself, and swaps them back, so that
/// only containers and the steps of the path are allocated on the way down.
///
/// Errors are `DecodingError`s on the way out, as a type's own `init(from:)` expects to catch
/// them, each carrying a ``ModelError`` that knows its key path inside the value (see
/// ``decode(_:from:)``); the error that leaves the decoder is that `ModelError`.
final class CodedValueDecoder: Decoder {
    // A decoder serves one value on one thread, so its state needs no runtime exclusivity
    // checks, which would cost more than the accesses they guard.
    /// The value whose `init(from:)` is running, which the single-value container reads.
    @exclusivity(unchecked) private var value: CodedValue
    /// Where ``value`` stands inside the value being decoded.
    @exclusivity(unchecked) private var path: CodingPath

    private init(value: CodedValue, path: CodingPath) {
        self.value = value
        self.path = path
    }

    /// Decodes a value of `type` from `value`.
    ///
    /// - Throws: A ``ModelError`` whose key path leads from `value` to the value at fault:
    ///   one that the decoder reported (`id: expected a string, found 5`), one of a model
    ///   object inside, or the error that the type's own `init(from:)` threw, located at the
    ///   value that it decodes: a ``ValidationError`` gives its message for people.
    static func decode<T: Decodable>(_ type: T.Type, from value: CodedValue) throws -> T {
        let decoder = CodedValueDecoder(value: value, path: .root)
        do {
            return try decoder.decode(T.self, from: value, at: .root)
        } catch let error as DecodingError {
            throw modelError(for: error)
        }
    }

    var codingPath: [any CodingKey] { path.codingKeys }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else {
            throw Self.failure(ModelError.expectedObject(found: value.describedForm), at: path)
        }
        return KeyedDecodingContainer(CodedKeyedDecodingContainer(decoder: self, object: object, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw Self.failure(value.mismatch(expected: "an array", readAs: [Any].self), at: path)
        }
        return CodedUnkeyedDecodingContainer(decoder: self, elements: elements, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }

    /// A decoder of its own for `value`, for a container's `superDecoder()`, which its caller
    /// may keep.
    func superDecoder(for value: CodedValue, at path: CodingPath) -> any Decoder {
        CodedValueDecoder(value: value, path: path)
    }

    // MARK: Values

    /// Decodes a value of `type` from `value`, which stands at `path`.
    ///
    /// - Throws: A `DecodingError` that carries the ``ModelError`` of the fault, with its key
    ///   path inside the value.
    func decode<T: Decodable>(_ type: T.Type, from value: CodedValue, at path: CodingPath) throws -> T {
        do {
            if let foundationValue = try CodedFoundationValue.decode(T.self, from: value) { return foundationValue }
        } catch {
            throw Self.failure(error, at: path)
        }
        let outer = (self.value, self.path)
        (self.value, self.path) = (value, path)
        defer { (self.value, self.path) = outer }
        do {
            return try T(from: self)
        } catch {
            throw Self.locating(error, decoding: T.self, found: value, at: path)
        }
    }

    /// Reads a scalar of `type` from `value`, which stands at `path`.
    @inline(__always)
    func unbox<T: CodedScalar>(_ type: T.Type, from value: CodedValue, at path: @autoclosure () -> CodingPath) throws
        -> T
    {
        do {
            return try T.unbox(value)
        } catch {
            throw Self.failure(error, at: path())
        }
    }
}

extension CodedValueDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool { try unbox(type, from: value, at: path) }
    func decode(_ type: String.Type) throws -> String { try unbox(type, from: value, at: path) }
    func decode(_ type: Double.Type) throws -> Double { try unbox(type, from: value, at: path) }
    func decode(_ type: Float.Type) throws -> Float { try unbox(type, from: value, at: path) }
    func decode(_ type: Int.Type) throws -> Int { try unbox(type, from: value, at: path) }
    func decode(_ type: Int8.Type) throws -> Int8 { try unbox(type, from: value, at: path) }
    func decode(_ type: Int16.Type) throws -> Int16 { try unbox(type, from: value, at: path) }
    func decode(_ type: Int32.Type) throws -> Int32 { try unbox(type, from: value, at: path) }
    func decode(_ type: Int64.Type) throws -> Int64 { try unbox(type, from: value, at: path) }
    func decode(_ type: UInt.Type) throws -> UInt { try unbox(type, from: value, at: path) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try unbox(type, from: value, at: path) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try unbox(type, from: value, at: path) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try unbox(type, from: value, at: path) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try unbox(type, from: value, at: path) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decode(type, from: value, at: path)
    }
}
