import Foundation

// Matching the keys of an object being read against its class's `KeyTable`, by their bytes:
// where the reader meets the model, so it lives with the rest of reading.

extension JSONReader {
    /// Moves past the key of an object entry and the colon after it when the key is that of
    /// the property at `index`, without escapes; else reads nothing.
    @inline(__always)
    mutating func readKey(ofProperty index: Int, in keyTable: KeyTable) throws -> StringToken? {
        guard peekToken() == UInt8(ascii: "\""),
            let length = keyTable.quotedKeyLength(ofProperty: index, at: base + position, available: count - position)
        else { return nil }
        let key = StringToken(start: position + 1, end: position + length - 1, hasEscapes: false, isASCII: true)
        position += length
        try readColon()
        return key
    }

    /// What a key names in a model class, found by its bytes in `keyTable`: a saved property,
    /// `version` or `representedClassName`; `nil` for other keys, and for a key that is not
    /// ASCII, which may still name one by `String` equality (see ``match(_:in:keyTable:)``).
    @inline(__always)
    func match(_ token: StringToken, in keyTable: KeyTable) -> KeyTable.Match? {
        if !token.hasEscapes {
            return keyTable.match(bytes: UnsafeBufferPointer(start: base + token.start, count: token.count))
        }
        return keyTable.match(makeString(token))
    }

    /// Moves past the comma after an object's entry and the next entry's key and colon when
    /// that key is ASCII, escaped or not, and names nothing in `keyTable`; else reads
    /// nothing, and the loop over the entries reads what comes next, or reports what is
    /// wrong with it, as for any entry.
    @inline(__always)
    mutating func nextUndeclaredKey(in keyTable: KeyTable) -> StringToken? {
        let start = mark
        guard peekToken() == UInt8(ascii: ",") else { return nil }
        skipComma()
        guard peekToken() == UInt8(ascii: "\""), let key = try? scanKey(), key.isASCII, match(key, in: keyTable) == nil
        else {
            rewind(to: start)
            return nil
        }
        return key
    }

    /// What a key names in a model class, by its bytes or, when it is not ASCII, by `String`
    /// equality, which holds Unicode canonical equivalents equal, as dictionary lookups do.
    func match(_ token: StringToken, in metadata: ModelMetadata, keyTable: KeyTable) -> KeyTable.Match? {
        if let match = match(token, in: keyTable) { return match }
        return token.isASCII ? nil : MatchedEntries.matchByEquality(makeString(token), metadata: metadata)
    }

    /// Reads the key and colon of an entry when the key is the version key or the type key,
    /// given in quotes (empty for none), as ModelKit writes them, first in an object; else
    /// reads nothing.
    @inline(__always)
    mutating func readHeaderKey(version: [UInt8], type: [UInt8]) -> ObjectHeader.Key? {
        guard peekToken() == UInt8(ascii: "\"") else { return nil }
        let key: ObjectHeader.Key
        let length: Int
        if hasBytes(version) {
            (key, length) = (.version, version.count)
        } else if hasBytes(type) {
            (key, length) = (.className, type.count)
        } else {
            return nil
        }
        let start = position
        position += length
        skipWhitespace()
        guard current == UInt8(ascii: ":") else {
            position = start
            return nil
        }
        position += 1
        return key
    }

    /// Whether the bytes at the position are `text`, which is not empty.
    @inline(__always)
    private func hasBytes(_ text: [UInt8]) -> Bool {
        !text.isEmpty && position + text.count <= count
            && text.withUnsafeBufferPointer {
                memcmp(base + position, $0.baseAddress!, $0.count) == 0
            }
    }
}
