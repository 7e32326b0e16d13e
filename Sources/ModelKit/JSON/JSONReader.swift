import Foundation

/// ModelKit's JSON reader, which reads JSON from its UTF-8 bytes in one pass, straight into
/// saved values.
///
/// The reader is ModelKit's machinery: it is public only because the underscored requirements
/// of the saved-value protocol name it, and its one public member is the nesting limit. A type of your own
/// is saved through ``SavedRepresentable``, ``CodableSavedValue`` or its raw value, and never
/// touches the reader.
///
/// Loading creates one reader for each document and hands it to the `_read(from:context:)` of
/// each value on the way down. Values under keys that a class declares are read from the bytes
/// into their properties; values under other keys are built as the Foundation values that
/// `JSONSerialization` gives, so that the values kept under unknown keys are the same whichever
/// reader loaded them.
///
/// The reader accepts exactly the documents of RFC 8259 (with a leading UTF-8 byte-order mark,
/// or in UTF-16 or UTF-32, which it converts first) and arrays and objects nested up to
/// ``maximumDepth`` levels. A load of a document it rejects throws an error whose reason
/// names the line and column of the fault, and whose key path names the value being read.
public struct JSONReader {
    /// The deepest nesting of arrays and objects that the reader accepts, as
    /// `JSONSerialization` does.
    public static let maximumDepth = 512

    /// The first byte of the document; the load keeps the bytes alive and unchanged.
    let base: UnsafePointer<UInt8>
    /// The number of bytes in the document.
    let count: Int
    /// The index of the next byte to read.
    var position = 0
    /// The arrays and objects that enclose the position.
    var depth = 0

    /// A reader of `count` bytes from `base`, which stay valid and unchanged while it reads.
    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    // MARK: Bytes

    /// The byte at `index`, or 0 past the end: a zero byte is valid nowhere in JSON outside a
    /// string, and inside one it is an unescaped control character, so the end needs no
    /// check of its own where a byte is compared with what the grammar allows.
    @inline(__always)
    func byte(at index: Int) -> UInt8 {
        index < count ? base[index] : 0
    }

    /// The byte at the position, or 0 at the end.
    @inline(__always)
    var current: UInt8 {
        byte(at: position)
    }

    /// Whether the position is past the last byte.
    var isAtEnd: Bool {
        position >= count
    }

    /// Moves past spaces, tabs, line feeds and carriage returns: the whitespace of JSON.
    @inline(__always)
    mutating func skipWhitespace() {
        while true {
            let byte = current
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            position += 1
            // The indentation of pretty-printed JSON.
            guard byte == 0x0A else { continue }
            skipIndentation()
        }
    }

    /// Moves past the spaces at the position, eight bytes at a time: the spaces before the
    /// first other byte are the zero bytes below it once the word is xored with spaces.
    @inline(__always)
    mutating func skipIndentation() {
        while position + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            let others = word ^ 0x2020_2020_2020_2020
            position += others.trailingZeroBitCount >> 3
            if others != 0 { return }
        }
    }

    /// Moves past the comma at the position and, in pretty-printed JSON, the line break and
    /// indentation after it.
    @inline(__always)
    mutating func skipComma() {
        position += 1
        guard byte(at: position) == 0x0A else { return }
        position += 1
        skipIndentation()
    }

    /// The first byte of the next token, after any whitespace.
    @inline(__always)
    mutating func peekToken() -> UInt8 {
        let byte = current
        if byte > 0x20 { return byte }
        skipWhitespace()
        return current
    }

    // MARK: Structure

    /// Moves past the `[` or `{` at the position, one level deeper.
    @inline(__always)
    mutating func enterContainer() throws {
        guard depth < Self.maximumDepth else {
            throw fatal("arrays and objects are nested more than \(Self.maximumDepth) levels deep")
        }
        depth += 1
        position += 1
        // Pretty-printed JSON breaks the line after the bracket.
        if byte(at: position) == 0x0A {
            position += 1
            skipIndentation()
        }
    }

    /// Reads what follows an element of an array: `true` after a comma that another element
    /// follows, `false` after the closing bracket.
    @inline(__always)
    mutating func nextElement() throws -> Bool {
        switch peekToken() {
        case UInt8(ascii: ","):
            skipComma()
            if peekToken() == UInt8(ascii: "]") { throw fatal("a trailing comma before ']' is not allowed") }
            return true
        case UInt8(ascii: "]"):
            position += 1
            depth -= 1
            return false
        default:
            throw unexpected("',' or ']' after an array element")
        }
    }

    /// Reads what follows an entry of an object: `true` after a comma, `false` after the
    /// closing brace.
    @inline(__always)
    mutating func nextEntry() throws -> Bool {
        switch peekToken() {
        case UInt8(ascii: ","):
            skipComma()
            return true
        case UInt8(ascii: "}"):
            position += 1
            depth -= 1
            return false
        default:
            throw unexpected("',' or '}' after an object entry")
        }
    }

    /// Moves into an array whose `[` is at the position; `true` when it has a first element.
    @inline(__always)
    mutating func beginArray() throws -> Bool {
        try enterContainer()
        guard peekToken() == UInt8(ascii: "]") else { return true }
        position += 1
        depth -= 1
        return false
    }

    /// Moves into an object whose `{` is at the position; `true` when it has a first entry.
    @inline(__always)
    mutating func beginObject() throws -> Bool {
        try enterContainer()
        guard peekToken() == UInt8(ascii: "}") else { return true }
        position += 1
        depth -= 1
        return false
    }

    /// Moves past the `:` between a key and its value.
    @inline(__always)
    mutating func readColon() throws {
        if current == UInt8(ascii: ":") {
            // Pretty-printed JSON has one space after the colon; the value's first byte is
            // then next.
            position += byte(at: position + 1) == 0x20 ? 2 : 1
            return
        }
        guard peekToken() == UInt8(ascii: ":") else { throw unexpected("':' after an object key") }
        position += 1
    }

    /// Checks that nothing but whitespace follows the top-level value.
    mutating func finish() throws {
        skipWhitespace()
        guard isAtEnd else { throw unexpected("the end of the data after the top-level value") }
    }

    /// Reads `true`, `false` or `null` at the position, whose first letter the caller checked.
    @inline(__always)
    mutating func readLiteral(_ literal: StaticString) throws {
        let length = literal.utf8CodeUnitCount
        let text = literal.utf8Start
        if position + length <= count, memcmp(base + position, text, length) == 0 {
            position += length
            return
        }
        try failLiteral(literal)
    }

    /// Throws the error for a literal that the document does not hold at the position.
    @inline(never)
    func failLiteral(_ literal: StaticString) throws -> Never {
        let length = literal.utf8CodeUnitCount
        let text = literal.utf8Start
        for offset in 0..<length where byte(at: position + offset) != text[offset] {
            throw fatal("expected \(literal), found \(describeToken(at: position))")
        }
        throw fatal("expected \(literal)")
    }
}

extension JSONReader {
    /// Where the reader stands, to come back to it.
    struct Mark {
        fileprivate let position: Int
        fileprivate let depth: Int
    }

    /// The position and depth, to return to with ``rewind(to:)``.
    var mark: Mark {
        Mark(position: position, depth: depth)
    }

    /// Moves back to a mark taken earlier, to read the same value again another way.
    mutating func rewind(to mark: Mark) {
        position = mark.position
        depth = mark.depth
    }
}
