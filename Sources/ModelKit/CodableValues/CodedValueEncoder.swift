import Foundation

/// ModelKit's own `Encoder`, which encodes a ``CodableSavedValue`` into an ``EncodedNode``
/// tree, as `JSONEncoder` with ModelKit's formats would encode it.
///
/// ```swift
/// let node = try CodedValueEncoder.encode(customer, options: writer.options)
/// try node.write(to: &writer)  // or node.dictionaryForm
/// ```
///
/// Dates are ISO 8601 strings as `options` write them, data is Base64, URLs are their
/// absolute strings and decimals are numbers (``CodedFoundationValue``); NaN and infinity
/// throw at their key path. `userInfo` is empty.
///
/// As ``CodedValueDecoder`` does, one encoder serves a whole value, swapping in the node and
/// ``CodingPath`` of each nested value; a `superEncoder()` is an encoder of its own, since its
/// caller may keep it. Errors are `EncodingError`s on the way out of each `encode(to:)`, each
/// carrying a ``ModelError`` that knows its key path inside the value, and that `ModelError`
/// when they leave the encoder.
final class CodedValueEncoder: Encoder {
    let options: WriteOptions
    // An encoder serves one value on one thread, so its state needs no runtime exclusivity
    // checks, which would cost more than the accesses they guard.
    /// Where the value whose `encode(to:)` is running stands inside the value being encoded.
    @exclusivity(unchecked) private var path: CodingPath
    /// What that value has encoded so far.
    @exclusivity(unchecked) private var node: EncodedNode?

    init(options: WriteOptions, path: CodingPath) {
        self.options = options
        self.path = path
    }

    /// Encodes `value`.
    ///
    /// - Parameter options: The options of the write, which say how dates are written.
    /// - Returns: The tree, to write or to make the dictionary form of.
    /// - Throws: A ``ModelError`` whose key path leads from `value` to the value at fault.
    static func encode<T: Encodable>(_ value: T, options: WriteOptions) throws -> EncodedNode {
        let encoder = CodedValueEncoder(options: options, path: .root)
        let node: EncodedNode?
        do {
            node = try encoder.encode(value, at: .root)
        } catch let error as EncodingError {
            throw modelError(for: error)
        }
        guard let node else {
            let context = EncodingError.Context(
                codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values.")
            throw ModelError.encodingFailed(of: T.self, error: EncodingError.invalidValue(value, context))
        }
        return node
    }

    /// What this encoder encoded, as a `superEncoder()`: an empty object if nothing.
    var encodedNode: EncodedNode { node ?? .empty }

    var codingPath: [any CodingKey] { path.codingKeys }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: EncodedObject
        if case .object(let existing) = node {
            object = existing
        } else {
            object = EncodedObject()
            node = .object(object)
        }
        return KeyedEncodingContainer(CodedKeyedEncodingContainer(encoder: self, object: object, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: EncodedArray
        if case .array(let existing) = node {
            array = existing
        } else {
            array = EncodedArray()
            node = .array(array)
        }
        return CodedUnkeyedEncodingContainer(encoder: self, array: array, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        self
    }

    // MARK: Values

    /// Encodes `value`, which stands at `path`.
    ///
    /// - Returns: The node of the value, or `nil` when it encoded nothing.
    /// - Throws: An `EncodingError` that carries the ``ModelError`` of the fault, with its key
    ///   path inside the value.
    func encode<T: Encodable>(_ value: T, at path: CodingPath) throws -> EncodedNode? {
        do {
            if let foundationValue = try CodedFoundationValue.encode(value, options: options) {
                return .value(foundationValue)
            }
        } catch {
            throw Self.failure(error, value: value, at: path)
        }
        let outer = (node, self.path)
        (node, self.path) = (nil, path)
        defer { (node, self.path) = outer }
        do {
            try value.encode(to: self)
        } catch {
            throw Self.locating(error, encoding: value, at: path)
        }
        return node
    }

    /// The node of a scalar, which stands at `path`.
    @inline(__always)
    func box<T: CodedScalar>(_ value: T, at path: @autoclosure () -> CodingPath) throws -> EncodedNode {
        do {
            return .value(try value.boxed())
        } catch {
            throw Self.failure(error, value: value, at: path())
        }
    }
}

extension CodedValueEncoder: SingleValueEncodingContainer {
    func encodeNil() { node = .value(.null) }

    func encode(_ value: Bool) throws { node = try box(value, at: path) }
    func encode(_ value: String) throws { node = try box(value, at: path) }
    func encode(_ value: Double) throws { node = try box(value, at: path) }
    func encode(_ value: Float) throws { node = try box(value, at: path) }
    func encode(_ value: Int) throws { node = try box(value, at: path) }
    func encode(_ value: Int8) throws { node = try box(value, at: path) }
    func encode(_ value: Int16) throws { node = try box(value, at: path) }
    func encode(_ value: Int32) throws { node = try box(value, at: path) }
    func encode(_ value: Int64) throws { node = try box(value, at: path) }
    func encode(_ value: UInt) throws { node = try box(value, at: path) }
    func encode(_ value: UInt8) throws { node = try box(value, at: path) }
    func encode(_ value: UInt16) throws { node = try box(value, at: path) }
    func encode(_ value: UInt32) throws { node = try box(value, at: path) }
    func encode(_ value: UInt64) throws { node = try box(value, at: path) }

    func encode<T: Encodable>(_ value: T) throws {
        node = try encode(value, at: path) ?? .empty
    }
}
