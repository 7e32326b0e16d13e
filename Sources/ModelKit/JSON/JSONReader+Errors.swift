import Foundation

extension JSONReader {
    /// The error for malformed JSON at `index` (the position by default), which ends the load:
    /// a ``JSONReadError``.
    ///
    /// It comes boxed, as `any Error`, and is never inlined, like the other functions that
    /// make errors: the functions that read then keep neither the code of the message nor
    /// room for the error in their frames, which loading recursion stacks up.
    @inline(never)
    func fatal(_ detail: String, at index: Int? = nil) -> any Error {
        JSONReadError(.malformed(detail), at: index ?? position)
    }

    /// The error for a token that is not the one the grammar expects at the position.
    @inline(never)
    func unexpected(_ expectation: String) -> any Error {
        fatal("expected \(expectation), found \(describeToken(at: position))")
    }

    /// The character at `index` as an error message shows it.
    func describeToken(at index: Int) -> String {
        guard index < count else { return "the end of the data" }
        let first = base[index]
        if first >= 0x20 && first < 0x7F { return "'\(Character(Unicode.Scalar(first)))'" }
        if first < 0x80 { return String(format: "control character U+%04X", first) }
        let length = UTF8.width(startingWith: first)
        if length > 1, index + length <= count {
            // Decoding repairs what is not UTF-8 with U+FFFD, so the bytes are one valid scalar
            // exactly when the text encodes back to them. (`String(validating:as:)` would say so
            // directly, but it needs macOS 15 and iOS 18.)
            let bytes = UnsafeBufferPointer(start: base + index, count: length)
            let scalar = String(decoding: bytes, as: UTF8.self)
            if scalar.utf8.elementsEqual(bytes) { return "'\(scalar)'" }
        }
        return String(format: "byte 0x%02X", first)
    }

    /// The line and column of the character at `index`, counting from 1: lines end at a line
    /// feed or at a carriage return that no line feed follows, and columns count characters.
    func location(of index: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var offset = 0
        let end = min(index, count)
        while offset < end {
            let character = base[offset]
            if character == 0x0A || (character == 0x0D && byte(at: offset + 1) != 0x0A) {
                line += 1
                column = 1
            } else if character & 0xC0 != 0x80 {
                column += 1
            }
            offset += 1
        }
        return (line, column)
    }
}

extension UTF8 {
    /// The length of the encoded scalar that `byte` starts, or 1 when it starts none.
    fileprivate static func width(startingWith byte: UInt8) -> Int {
        switch byte {
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return 1
        }
    }
}
