import Foundation

/// A value read through any decoder into the types of a dictionary form: `[String: Any]`,
/// `[Any]`, `String`, `Bool`, `Int`, `Double`, `NSNull`, an `NSNumber` for a 64-bit integer
/// beyond the range of `Int`, an `NSDecimalNumber` for a number of more digits than a `Double`
/// holds, and `Data` or `Date` from a property list.
///
/// A decoder does not say what kind of value comes next, so each kind is tried in turn:
/// containers first, then `nil`, strings, booleans and numbers, which ``CodableNumber`` reads
/// (through `JSONDecoder`, numbers before booleans). JSON and property-list decoders refuse to
/// read a boolean as a number and a number as a boolean, so booleans stay exact.
struct DecodedValue: Decodable {
    let value: Any

    /// The deepest nesting of containers that decoding accepts, enough for model objects
    /// nested ``LoadContext/maximumDepth`` levels deep inside arrays.
    static let maximumDepth = 2 * LoadContext.maximumDepth + 2

    private static let depth = ThreadDepth()

    init(from decoder: any Decoder) throws {
        let result: Result<Any, any Error>? = Self.depth.descend(limit: Self.maximumDepth, fallback: nil) {
            Result { try Self.decode(from: decoder) }
        }
        guard let result else { throw Self.tooDeep(decoder) }
        value = try result.get()
    }

    /// Reads a keyed container into a dictionary.
    static func decodeDictionary(from decoder: any Decoder) throws -> [String: Any] {
        try decodeDictionary(decoder.container(keyedBy: AnyCodingKey.self))
    }

    private static func decodeDictionary(_ container: KeyedDecodingContainer<AnyCodingKey>) throws -> [String: Any] {
        var dictionary: [String: Any] = [:]
        dictionary.reserveCapacity(container.allKeys.count)
        for key in container.allKeys {
            dictionary[key.stringValue] = try container.decode(DecodedValue.self, forKey: key).value
        }
        return dictionary
    }

    private static func decode(from decoder: any Decoder) throws -> Any {
        // Only asking for the kind of container may fail quietly; errors inside it must not.
        if let container = try? decoder.container(keyedBy: AnyCodingKey.self) {
            return try decodeDictionary(container)
        }
        if var container = try? decoder.unkeyedContainer() {
            var array: [Any] = []
            array.reserveCapacity(container.count ?? 0)
            while !container.isAtEnd {
                array.append(try container.decode(DecodedValue.self).value)
            }
            return array
        }
        return try decodeSingleValue(from: decoder)
    }

    private static func decodeSingleValue(from decoder: any Decoder) throws -> Any {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { return NSNull() }
        if let string = try? container.decode(String.self) { return string }
        // `JSONDecoder` reads no boolean as a number, so its numbers, which come far more
        // often, are tried first: each is spared a failed attempt at a boolean.
        if JSONCoders.isJSONDecoder(decoder), let number = CodableNumber.decodeJSONNumber(from: container) {
            return number
        }
        if let bool = try? container.decode(Bool.self) { return bool }
        if let number = CodableNumber.decodeNumber(from: container) { return number }
        if let data = try? container.decode(Data.self) { return data }
        if let date = try? container.decode(Date.self) { return date }
        let context = DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription: "expected a dictionary, an array, a string, a number, a boolean or null"
        )
        throw DecodingError.dataCorrupted(context)
    }

    private static func tooDeep(_ decoder: any Decoder) -> DecodingError {
        let context = DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription: "values are nested more than \(maximumDepth) levels deep"
        )
        return DecodingError.dataCorrupted(context)
    }
}
