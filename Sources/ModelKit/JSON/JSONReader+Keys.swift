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
        let key = try scanShortPlainString() ?? scanString()
        try readColon()
        return key
    }

    /// Moves past the string whose opening quote is at the position when it is short and
    /// plain: at most 24 bytes of ASCII without an escape or a control character, as most keys
    /// are, checked eight bytes at a time without the general scan's branches; else `nil`,
    /// with the reader where it was.
    @inline(__always)
    private mutating func scanShortPlainString() -> StringToken? {
        let start = position + 1
        guard start + 24 <= count else { return nil }
        var offset = 0
        while offset < 24 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + start + offset).loadUnaligned(as: UInt64.self))
            let attention = Self.attention(word)
            if attention != 0 {
                let end = offset + attention.trailingZeroBitCount >> 3
                guard base[start + end] == UInt8(ascii: "\"") else { return nil }
                position = start + end + 1
                return StringToken(start: start, end: start + end, hasEscapes: false, isASCII: true)
            }
            offset += 8
        }
        return nil
    }

    /// Moves past `text` when the next token begins with it and `text` is not empty; a string
    /// that needs no escape, in quotes, is then that whole token.
    @inline(__always)
    mutating func readText(_ text: [UInt8]) -> Bool {
        guard !text.isEmpty, peekToken() == text[0], position + text.count <= count else { return false }
        let isEqual = text.withUnsafeBufferPointer { memcmp(base + position, $0.baseAddress!, $0.count) == 0 }
        if isEqual { position += text.count }
        return isEqual
    }

    /// Reads a whole number of one digit, as ModelKit writes versions; else reads nothing.
    @inline(__always)
    mutating func readSingleDigit() -> Int? {
        let digit = peekToken() &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        let next = byte(at: position + 1)
        guard next &- UInt8(ascii: "0") >= 10, next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e") else {
            return nil
        }
        position += 1
        return Int(digit)
    }
}
