import Foundation

/// The encoders and decoders that `JSONEncoder` and `JSONDecoder` hand to the values they
/// write and read, found by running them once.
///
/// ``CodableNumber`` writes and reads numbers through them as only they allow: `JSONEncoder`
/// writes a `Decimal` as a JSON number of its every digit, `JSONDecoder` reads a `Decimal`
/// from any JSON number and never reads a boolean as a number. Other coders,
/// `PropertyListEncoder` and `PropertyListDecoder` among them, write a `Decimal` as a container
/// of its internal fields and read it only from one. A coder does not say which it is, and
/// Foundation's classes for them are private. So the first question runs `JSONEncoder` and
/// `JSONDecoder` over a small value that notes the type of every encoder and decoder it is
/// handed, at the top level, in a keyed and an unkeyed container and as a super encoder or
/// decoder, and that checks each of those behaviours on the way. `JSONEncoder` writes it as
///
/// ```
/// {"keyed":12345678901234567890.123456789,"super":12345678901234567890.123456789,
///  "unkeyed":[12345678901234567890.123456789,12345678901234567890.123456789]}
/// ```
///
/// and `JSONDecoder` reads that, with `"flag":true`, back. Where a check fails, no coder is
/// listed, and numbers go through them as through any other coder: decimals beyond `Double`
/// as strings.
enum JSONCoders {
    /// Whether `encoder` is one that `JSONEncoder` hands to values: it writes a `Decimal` as a
    /// number with every digit.
    static func isJSONEncoder(_ encoder: any Encoder) -> Bool {
        encoderTypes.contains(ObjectIdentifier(type(of: encoder)))
    }

    /// Whether `decoder` is one that `JSONDecoder` hands to values: it reads a `Decimal` from
    /// a number with every digit, and reads no boolean as a number.
    static func isJSONDecoder(_ decoder: any Decoder) -> Bool {
        decoderTypes.contains(ObjectIdentifier(type(of: decoder)))
    }

    /// A decimal of more digits than a `Double` holds, with a fraction, beyond 2^64.
    fileprivate static let sampleText = "12345678901234567890.123456789"

    fileprivate static let sample = Decimal(string: sampleText, locale: Locale(identifier: "en_US_POSIX"))

    private static let encoderTypes: Set<ObjectIdentifier> = {
        let recorder = TypeRecorder()
        guard let data = try? JSONEncoder().encode(EncoderProbe(recorder: recorder)) else { return [] }
        // Every one of the four leaves as a number: neither a string nor a container of fields.
        let text = String(decoding: data, as: UTF8.self)
        let numbers = text.components(separatedBy: sampleText).count - 1
        guard numbers == 4, !text.contains("\"" + sampleText) else { return [] }
        return recorder.types
    }()

    private static let decoderTypes: Set<ObjectIdentifier> = {
        let json = #"""
            {"keyed":\#(sampleText),"super":\#(sampleText),"unkeyed":[\#(sampleText),\#(sampleText)],"flag":true}
            """#
        return (try? JSONDecoder().decode(DecoderProbe.self, from: Data(json.utf8)))?.types ?? []
    }()
}

/// The types of the encoders that ``EncoderProbe`` is handed.
private final class TypeRecorder {
    var types: Set<ObjectIdentifier> = []

    func record(_ encoder: any Encoder) {
        types.insert(ObjectIdentifier(type(of: encoder)))
    }
}

/// Writes ``JSONCoders/sample`` in each of the places where a value can be nested.
private struct EncoderProbe: Encodable {
    let recorder: TypeRecorder

    func encode(to encoder: any Encoder) throws {
        recorder.record(encoder)
        let leaf = EncoderLeaf(recorder: recorder)
        var keyed = encoder.container(keyedBy: AnyCodingKey.self)
        try keyed.encode(leaf, forKey: AnyCodingKey("keyed"))
        try leaf.encode(to: keyed.superEncoder())
        var unkeyed = keyed.nestedUnkeyedContainer(forKey: AnyCodingKey("unkeyed"))
        try unkeyed.encode(leaf)
        try leaf.encode(to: unkeyed.superEncoder())
    }
}

private struct EncoderLeaf: Encodable {
    let recorder: TypeRecorder

    func encode(to encoder: any Encoder) throws {
        recorder.record(encoder)
        var container = encoder.singleValueContainer()
        try container.encode(JSONCoders.sample)
    }
}

/// Reads ``JSONCoders/sample`` from each of the places where a value can be nested, and
/// holds the types of the decoders it was handed.
private struct DecoderProbe: Decodable {
    let types: Set<ObjectIdentifier>

    init(from decoder: any Decoder) throws {
        let keyed = try decoder.container(keyedBy: AnyCodingKey.self)
        var unkeyed = try keyed.nestedUnkeyedContainer(forKey: AnyCodingKey("unkeyed"))
        let leaves = [
            try keyed.decode(DecoderLeaf.self, forKey: AnyCodingKey("keyed")),
            try DecoderLeaf(from: keyed.superDecoder(forKey: AnyCodingKey("super"))),
            try unkeyed.decode(DecoderLeaf.self),
            try DecoderLeaf(from: unkeyed.superDecoder()),
        ]
        guard try !keyed.decode(FlagLeaf.self, forKey: AnyCodingKey("flag")).readsAsNumber else {
            throw DecodingError.dataCorruptedError(
                forKey: AnyCodingKey("flag"), in: keyed, debugDescription: "read a boolean as a number")
        }
        types = Set(leaves.map(\.type)).union([ObjectIdentifier(type(of: decoder))])
    }
}

private struct DecoderLeaf: Decodable {
    let type: ObjectIdentifier

    init(from decoder: any Decoder) throws {
        type = ObjectIdentifier(Swift.type(of: decoder))
        let decimal = try decoder.singleValueContainer().decode(Decimal.self)
        guard decimal == JSONCoders.sample else {
            let context = DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "read \(decimal)")
            throw DecodingError.dataCorrupted(context)
        }
    }
}

/// Whether a boolean reads as a `Double`.
private struct FlagLeaf: Decodable {
    let readsAsNumber: Bool

    init(from decoder: any Decoder) throws {
        readsAsNumber = (try? decoder.singleValueContainer().decode(Double.self)) != nil
    }
}
