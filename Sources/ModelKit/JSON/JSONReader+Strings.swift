import Foundation

extension JSONReader {
    /// A string of the document: the bytes between its quotes, checked to be valid UTF-8
    /// with valid escapes.
    struct StringToken {
        let start: Int
        let end: Int
        /// Whether the bytes contain escapes, which ``JSONReader/makeString(_:)`` decodes.
        let hasEscapes: Bool
        /// Whether every byte is ASCII.
        let isASCII: Bool

        var count: Int { end - start }
    }

    /// Reads the string whose opening quote is at the position.
    @inline(__always)
    mutating func readString() throws -> String {
        makeString(try scanString())
    }

    /// Moves past the string whose opening quote is at the position, checking its bytes.
    ///
    /// Eight bytes at a time are tested at once for a quote, a backslash, a control character
    /// or a byte of a multibyte character; runs of plain ASCII, most of any document, pass
    /// without a look at each byte.
    mutating func scanString() throws -> StringToken {
        let start = position + 1
        var index = start
        var hasEscapes = false
        var isASCII = true
        while true {
            while index + 8 <= count,
                !Self.needsAttention(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            {
                index += 8
            }
            let character = byte(at: index)
            if character == UInt8(ascii: "\"") {
                position = index + 1
                return StringToken(start: start, end: index, hasEscapes: hasEscapes, isASCII: isASCII)
            } else if character == UInt8(ascii: "\\") {
                hasEscapes = true
                index = try checkEscape(at: index)
            } else if character >= 0x80 {
                isASCII = false
                index = try checkMultibyteCharacter(at: index)
            } else if character < 0x20 {
                if index >= count { throw fatal("a string is not closed", at: start - 1) }
                throw fatal("\(describeToken(at: index)) must be escaped in a string", at: index)
            } else {
                index += 1
            }
        }
    }

    /// Whether any of eight bytes is a quote, a backslash, below U+0020 or above U+007F.
    ///
    /// Each test sets the high bit of a byte that matches (and possibly of bytes above it, by
    /// a borrow), and of no byte when none matches, which is all the caller asks.
    @inline(__always)
    static func needsAttention(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let matches =
            ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes) | ((word &- ones &* 0x20) & ~word)
            | word
        return matches & (ones &* 0x80) != 0
    }

    /// Checks the escape whose backslash is at `index`; returns the index after it.
    private func checkEscape(at index: Int) throws -> Int {
        switch byte(at: index + 1) {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return index + 2
        case UInt8(ascii: "u"):
            let unit = try hexCodeUnit(at: index + 2)
            if unit & 0xFC00 == 0xDC00 {
                throw fatal("\\u\(hex(unit)) is the second half of a surrogate pair without the first", at: index)
            }
            guard unit & 0xFC00 == 0xD800 else { return index + 6 }
            guard byte(at: index + 6) == UInt8(ascii: "\\"), byte(at: index + 7) == UInt8(ascii: "u"),
                try hexCodeUnit(at: index + 8) & 0xFC00 == 0xDC00
            else {
                throw fatal("\\u\(hex(unit)) is the first half of a surrogate pair without the second", at: index)
            }
            return index + 12
        default:
            if index + 1 >= count { throw fatal("a string is not closed", at: index) }
            throw fatal("\(describeToken(at: index + 1)) cannot follow a backslash", at: index)
        }
    }

    /// The code unit that the four hexadecimal digits at `index` give.
    private func hexCodeUnit(at index: Int) throws -> UInt16 {
        var unit: UInt16 = 0
        for offset in 0..<4 {
            let digit = byte(at: index + offset)
            let value: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = digit - UInt8(ascii: "A") + 10
            default:
                throw fatal("\\u must be followed by four hexadecimal digits", at: index - 2)
            }
            unit = unit << 4 | UInt16(value)
        }
        return unit
    }

    private func hex(_ unit: UInt16) -> String {
        String(format: "%04X", unit)
    }

    /// Checks the UTF-8 sequence of the character above U+007F at `index`; returns the index
    /// after it.
    ///
    /// The sequence must be as RFC 3629 has it: no overlong forms, no surrogates, nothing
    /// above U+10FFFF.
    private func checkMultibyteCharacter(at index: Int) throws -> Int {
        let first = base[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default:
            throw fatal("byte 0x\(String(first, radix: 16, uppercase: true)) is not valid UTF-8", at: index)
        }
        var valid = secondRange.contains(byte(at: index + 1))
        for offset in 2..<length where byte(at: index + offset) & 0xC0 != 0x80 {
            valid = false
        }
        guard valid else { throw fatal("the bytes of a character are not valid UTF-8", at: index) }
        return index + length
    }

    // MARK: Decoding

    /// The text of a string that ``scanString()`` checked.
    @inline(__always)
    func makeString(_ token: StringToken) -> String {
        let bytes = UnsafeBufferPointer(start: base + token.start, count: token.count)
        guard token.hasEscapes else { return String(decoding: bytes, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: token.count) { output in
            decodeEscapes(bytes, into: output)
        }
    }

    /// Copies checked string bytes to `output`, decoding escapes; returns the bytes written,
    /// never more than were read.
    private func decodeEscapes(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>)
        -> Int
    {
        var read = 0
        var written = 0
        func put(_ byte: UInt8) {
            output[written] = byte
            written += 1
        }
        while read < bytes.count {
            let character = bytes[read]
            guard character == UInt8(ascii: "\\") else {
                put(character)
                read += 1
                continue
            }
            let escaped = bytes[read + 1]
            read += 2
            switch escaped {
            case UInt8(ascii: "b"): put(0x08)
            case UInt8(ascii: "f"): put(0x0C)
            case UInt8(ascii: "n"): put(0x0A)
            case UInt8(ascii: "r"): put(0x0D)
            case UInt8(ascii: "t"): put(0x09)
            case UInt8(ascii: "u"):
                var scalar = UInt32(Self.hexValue(bytes, at: read))
                read += 4
                if scalar & 0xFC00 == 0xD800 {
                    let low = UInt32(Self.hexValue(bytes, at: read + 2))
                    scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                    read += 6
                }
                if let encoded = UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") {
                    for byte in encoded { put(byte) }
                }
            default: put(escaped)
            }
        }
        return written
    }

    /// The value of four hexadecimal digits already checked.
    private static func hexValue(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt16 {
        var unit: UInt16 = 0
        for offset in 0..<4 {
            let digit = bytes[index + offset]
            let value = digit <= UInt8(ascii: "9") ? digit - UInt8(ascii: "0") : (digit | 0x20) - UInt8(ascii: "a") + 10
            unit = unit << 4 | UInt16(value)
        }
        return unit
    }

    /// Whether a string's bytes, without escapes, are exactly `bytes`.
    @inline(__always)
    func token(_ token: StringToken, equals bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !token.hasEscapes, token.count == bytes.count else { return false }
        return bytes.isEmpty || memcmp(base + token.start, bytes.baseAddress!, bytes.count) == 0
    }
}
