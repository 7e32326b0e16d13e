import Foundation

/// What ModelKit's encoder has encoded at one place of a value: a scalar, or a container that
/// the containers handed out still add to.
///
/// The finished tree is written two ways: to ``JSONWriter`` for the JSON form, with the keys
/// of each object sorted by their UTF-8 bytes, and as the dictionary form. Its numbers are
/// those that `JSONSerialization` reads from the text that `JSONEncoder` writes
/// (``CodedScalar/boxed()``), so both give what the value gave through `JSONEncoder` and
/// `JSONSerialization`, byte for byte, except where that lost something: negative zero stays
/// `-0.0`, a `Decimal` keeps every digit, and a string keeps a U+FEFF that starts it.
enum EncodedNode {
    case value(CodedValue)
    case object(EncodedObject)
    case array(EncodedArray)
    /// The value that a `superEncoder()` encodes, read once it is complete: the encoder may
    /// still be in use when its container is.
    case encoder(CodedValueEncoder)

    /// The node of a value that encoded nothing: an empty object, as in `JSONEncoder`.
    static var empty: EncodedNode { .object(EncodedObject()) }

    /// Writes the JSON form.
    ///
    /// - Throws: A ``ModelError`` for containers nested more deeply than the writer writes.
    func write(to writer: inout JSONWriter) throws {
        switch self {
        case .value(let value):
            try value.write(to: &writer)
        case .object(let object):
            try object.write(to: &writer)
        case .array(let array):
            try writer.writeArray(array.elements.map(WrittenNode.init))
        case .encoder(let encoder):
            try encoder.encodedNode.write(to: &writer)
        }
    }

    /// The dictionary form.
    var dictionaryForm: Any {
        switch self {
        case .value(let value): return value.dictionaryForm
        case .object(let object): return object.dictionaryForm
        case .array(let array): return array.elements.map(\.dictionaryForm)
        case .encoder(let encoder): return encoder.encodedNode.dictionaryForm
        }
    }
}

/// The elements that an unkeyed container of ModelKit's encoder has encoded.
final class EncodedArray {
    var elements: [EncodedNode] = []
}

extension CodedValue {
    /// Writes a scalar as `JSONWriter.writeAny(_:)` writes its dictionary form.
    fileprivate func write(to writer: inout JSONWriter) throws {
        switch self {
        case .null: writer.output.writeNull()
        case .bool(let bool): writer.output.writeBool(bool)
        case .string(let string): writer.output.writeString(string)
        case .number(.bool(let bool)): writer.output.writeBool(bool)
        case .number(.int(let int)): writer.output.writeInteger(int)
        case .number(.uint(let uint)): writer.output.writeInteger(uint)
        // The encoder's doubles are those whose dictionary form is a `Double` (long decimals
        // are decimals), which `writeAny(_:)` writes as `writeDouble(_:)` does.
        case .number(.double(let double)): try writer.writeDouble(double)
        case .number(.decimal(let decimal)): try decimal._writeJSON(to: &writer)
        case .array, .object: try writer.writeAny(dictionaryForm)
        }
    }
}

/// A node as a saved value, so that the writer's own array writer lays it out.
private struct WrittenNode: SavedValue {
    let node: EncodedNode

    static func _make(savedValue: Any, context: LoadContext) throws -> WrittenNode {
        WrittenNode(node: .value(try CodedValue(dictionaryForm: savedValue)))
    }

    func _savedValue(context: SaveContext) throws -> Any { node.dictionaryForm }

    func _writeJSON(to writer: inout JSONWriter) throws {
        try node.write(to: &writer)
    }

    /// Nodes are only written, never compared.
    static func == (lhs: WrittenNode, rhs: WrittenNode) -> Bool { false }
}
