import Foundation

extension JSONReader {
    /// Reads the key of an object entry and the colon after it.
    mutating func readKey() throws -> String {
        makeString(try scanKey())
    }

    /// Moves past the key of an object entry and the colon after it.
    @inline(__always)
    mutating func scanKey() throws -> StringToken {
        let first = peekToken()
        guard first == UInt8(ascii: "\"") else {
            if first == UInt8(ascii: "}") { throw fatal("a trailing comma before '}' is not allowed") }
            throw unexpected("a string as the key of an object entry")
        }
        let key = try scanString()
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

    /// What a key names in a model class, by its bytes or, when it is not ASCII, by `String`
    /// equality, which holds Unicode canonical equivalents equal, as dictionary lookups do.
    func match(_ token: StringToken, in metadata: ModelMetadata, keyTable: KeyTable) -> KeyTable.Match? {
        if let match = match(token, in: keyTable) { return match }
        return token.isASCII ? nil : MatchedEntries.matchByEquality(makeString(token), metadata: metadata)
    }

    /// Reads the key and colon of an entry when the key is `version` or `representedClassName`
    /// as ModelKit writes it, first in an object; else reads nothing.
    @inline(__always)
    mutating func readHeaderKey() -> ObjectHeader.Key? {
        guard peekToken() == UInt8(ascii: "\"") else { return nil }
        let key: ObjectHeader.Key
        let length: Int
        if hasText(#""version""#) {
            (key, length) = (.version, 9)
        } else if hasText(#""representedClassName""#) {
            (key, length) = (.className, 22)
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

    /// Whether the bytes at the position are `text`.
    @inline(__always)
    private func hasText(_ text: StaticString) -> Bool {
        position + text.utf8CodeUnitCount <= count
            && memcmp(base + position, text.utf8Start, text.utf8CodeUnitCount) == 0
    }
}
