import Foundation

/// A value of a dictionary form, made `Encodable` so that any encoder can write it.
///
/// Dictionaries become keyed containers, arrays unkeyed containers and the rest single
/// values. Booleans stay booleans and numbers stay numbers, told apart by ``SavedNumber`` and
/// written as ``CodableNumber`` says, so that each comes back with the same value: a decimal
/// of more digits than a `Double` holds is a number through `JSONEncoder`, and a string of
/// its every digit through encoders that would write a `Decimal`'s internal fields, as
/// `PropertyListEncoder` does.
struct EncodableValue: Encodable {
    let value: Any

    init(_ value: Any) {
        self.value = value
    }

    func encode(to encoder: any Encoder) throws {
        if let dictionary = value as? [String: Any] {
            try checkNesting(of: encoder)
            try Self.encode(dictionary, to: encoder)
        } else if let model = value as? ModelObject {
            // A model object kept as an unknown value, which the dictionary form leaves as is.
            try model.encode(to: encoder)
        } else if let array = value as? [Any] {
            try checkNesting(of: encoder)
            var container = encoder.unkeyedContainer()
            for element in array {
                try container.encode(EncodableValue(element))
            }
        } else {
            try encodeSingleValue(to: encoder)
        }
    }

    /// Throws instead of writing a container nested more deeply than decoding reads back, or
    /// than the thread's stack has room for: values kept under unknown keys can nest without
    /// end, and so can model objects kept there.
    private func checkNesting(of encoder: any Encoder) throws {
        let depth = encoder.codingPath.count
        let limit = depth >= DecodedValue.maximumDepth ? DecodedValue.maximumDepth : CallStack.hasRoom() ? nil : depth
        guard let limit else { return }
        let error = ModelError(.nestingTooDeep(limit: limit))
        let context = EncodingError.Context(
            codingPath: encoder.codingPath, debugDescription: error.description, underlyingError: error)
        throw EncodingError.invalidValue(value, context)
    }

    /// Writes a dictionary with `version` and `representedClassName` first, then the other
    /// keys sorted, so that the same value always gives the same output.
    static func encode(_ dictionary: [String: Any], to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        for key in orderedKeys(of: dictionary) {
            guard let value = dictionary[key] else { continue }
            try container.encode(EncodableValue(value), forKey: AnyCodingKey(key))
        }
    }

    private static func orderedKeys(of dictionary: [String: Any]) -> [String] {
        let leading = ["version", "representedClassName"].filter { dictionary[$0] != nil }
        let others = dictionary.keys.filter { !leading.contains($0) }.sorted(by: JSONOutput.keyOrder)
        return leading + others
    }

    private func encodeSingleValue(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let string = value as? String {
            try container.encode(string)
        } else if type(of: value) == Float.self, let float = value as? Float {
            try container.encode(float)
        } else if let number = SavedNumber(value) {
            try CodableNumber.encode(number, into: &container, of: encoder)
        } else if value is NSNull {
            try container.encodeNil()
        } else if let date = value as? Date {
            try container.encode(date)
        } else if let data = value as? Data {
            try container.encode(data)
        } else {
            let context = EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription: "expected a property-list value, found \(FoundValue.describe(value))"
            )
            throw EncodingError.invalidValue(value, context)
        }
    }
}
