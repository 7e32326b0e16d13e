import Foundation

/// Finds where the elements of an array lie in the bytes of a JSON document, so that the API
/// workload can repeat a payload's objects without parsing and re-encoding them: the bytes,
/// the key order and the number formatting stay the server's.
///
/// For `{"total_count": 2, "items": [{"id": 1}, {"id": 2}]}` and the key `items`, the spans
/// are those of `{"id": 1}` and `{"id": 2}`. The scanner trusts the document to be valid JSON,
/// which the workload checks by parsing the result; it only knows where values end.
struct JSONSpans {
    private let bytes: [UInt8]
    private var position = 0

    private init(_ json: Data) {
        bytes = Array(json)
    }

    /// The byte ranges of the elements of the array under `key` in the document's top-level
    /// object.
    static func elements(ofArrayUnder key: String, in json: Data) throws -> [Range<Int>] {
        var scanner = JSONSpans(json)
        let quotedKey = Array("\"\(key)\"".utf8)
        try scanner.expect("{")
        while true {
            scanner.skipWhitespace()
            let keyStart = scanner.position
            try scanner.skipString()
            let isKey = scanner.bytes[keyStart..<scanner.position].elementsEqual(quotedKey)
            try scanner.expect(":")
            if isKey { return try scanner.arrayElements() }
            try scanner.skipValue()
            try scanner.expect(",")
        }
    }

    private mutating func arrayElements() throws -> [Range<Int>] {
        try expect("[")
        skipWhitespace()
        if byte == UInt8(ascii: "]") { return [] }
        var elements: [Range<Int>] = []
        while true {
            skipWhitespace()
            let start = position
            try skipValue()
            elements.append(start..<position)
            skipWhitespace()
            if byte == UInt8(ascii: "]") { return elements }
            try expect(",")
        }
    }

    private var byte: UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipWhitespace() {
        while let byte, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private mutating func expect(_ character: Unicode.Scalar) throws {
        skipWhitespace()
        guard byte == UInt8(ascii: character) else {
            throw BenchmarkError("expected \"\(character)\" at byte \(position) of a payload")
        }
        position += 1
    }

    /// Skips a string, its quotes included.
    private mutating func skipString() throws {
        try expect("\"")
        while let byte {
            position += byte == UInt8(ascii: "\\") ? 2 : 1
            if byte == UInt8(ascii: "\"") { return }
        }
        throw BenchmarkError("a payload ends inside a string")
    }

    /// Skips a value: a string, an object or array with all it holds, or a scalar.
    private mutating func skipValue() throws {
        skipWhitespace()
        guard let first = byte else { throw BenchmarkError("a payload ends before a value") }
        switch first {
        case UInt8(ascii: "\""):
            try skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while let byte {
                switch byte {
                case UInt8(ascii: "\""):
                    try skipString()
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                default: break
                }
                position += 1
                if depth == 0 { return }
            }
            throw BenchmarkError("a payload ends inside an object or array")
        default:
            let ends: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")]
            while let byte, !ends.contains(byte) { position += 1 }
        }
    }
}
