import Foundation

/// ModelKit's JSON writer, which builds JSON bytes straight from saved values.
///
/// The writer is ModelKit's machinery: it is public only because the underscored requirements
/// of the saved-value protocol name it, and it has no public members. A type of your own is saved through
/// ``SavedRepresentable``, ``CodableSavedValue`` or its raw value, and never touches the writer.
///
/// Its output parses with `JSONSerialization` into the values' dictionary forms, and its pretty
/// layout matches `JSONSerialization`'s `prettyPrinted` output.
public struct JSONWriter {

    var buffer = JSONBuffer(capacity: 1024)

    /// The options of the code that writes through the writer, as their bits: the writer
    /// itself follows only ``isPretty``, ``sortsKeys`` and ``escapesSlashes``.
    let clientOptions: Int
    /// Whether the JSON is laid out on lines, with two spaces of indent for each level.
    let isPretty: Bool
    /// Whether the keys of objects written from compact text are sorted.
    let sortsKeys: Bool
    /// Whether `/` is written as `\/`.
    let escapesSlashes: Bool
    var level = 0
    var objectsBeingWritten: [ObjectIdentifier] = []
    /// Whether the JSON holds values kept from loaded data that a strict load may reject:
    /// values that a lenient load skipped, and class names that did not resolve.
    var hasWrittenKeptValues = false
    /// The format of the dates being written, when a property hands one on for its value;
    /// `nil` for ISO 8601.
    var dateCoding: DateCoding?

    init(isPretty: Bool, sortsKeys: Bool, escapesSlashes: Bool, clientOptions: Int = 0) {
        self.isPretty = isPretty
        self.sortsKeys = sortsKeys
        self.escapesSlashes = escapesSlashes
        self.clientOptions = clientOptions
    }

    // MARK: Scalars

    /// Writes `null`.
    mutating func writeNull() {
        append("null")
    }

    /// Writes `true` or `false`.
    ///
    /// - Parameter value: The boolean.
    mutating func writeBool(_ value: Bool) {
        append(value ? "true" : "false")
    }

    /// Writes an integer in decimal.
    ///
    /// - Parameter value: The integer.
    mutating func writeInteger<Integer: FixedWidthInteger>(_ value: Integer) {
        if let small = Int64(exactly: value) {
            writeDigits(of: small)
        } else {
            writeRawASCII(String(value))
        }
    }

    /// Writes an integer in decimal.
    ///
    /// - Parameter value: The integer.
    mutating func writeInteger(_ value: Int) {
        writeDigits(of: Int64(value))
    }

    /// Writes the shortest decimal that reads back as the same `Double`.
    ///
    /// - Parameter value: The number.
    /// - Throws: A ``ModelError`` for NaN and infinity, which JSON cannot hold.
    mutating func writeDouble(_ value: Double) throws {
        guard value.isFinite else { throw ModelError(.unencodableNumber("\(value)")) }
        // Whole numbers print without ".0", as JSONSerialization prints them.
        if value.rounded(.towardZero) == value, abs(value) < 1e15 {
            if value == 0, value.sign == .minus {
                // `JSONSerialization` reads `-0` as the integer 0; `-0.0` keeps the sign.
                append("-0.0")
            } else {
                writeDigits(of: Int64(value))
            }
        } else {
            writeRawASCII(value.description)
        }
    }

    /// Writes the shortest decimal that reads back as the same `Float`.
    ///
    /// - Parameter value: The number.
    /// - Throws: A ``ModelError`` for NaN and infinity, which JSON cannot hold.
    mutating func writeFloat(_ value: Float) throws {
        guard value.isFinite else { throw ModelError(.unencodableNumber("\(value)")) }
        if value.rounded(.towardZero) == value, abs(value) < 1e7 {
            try writeDouble(Double(value))
        } else {
            writeRawASCII(value.description)
        }
    }

    /// Writes a string in quotes, escaping what JSON requires.
    ///
    /// - Parameter value: The string.
    mutating func writeString(_ value: String) {
        if value.utf8.withContiguousStorageIfAvailable({ appendEscaped($0) }) != nil { return }
        var value = value
        value.withUTF8 { appendEscaped($0) }
    }

    /// Runs `body`, which writes a property's value, with the property's date format.
    @inline(__always)
    mutating func writing(datesAs coding: DateCoding, _ body: (inout JSONWriter) throws -> Void) rethrows {
        let outer = dateCoding
        dateCoding = coding
        defer { dateCoding = outer }
        try body(&self)
    }

    /// Writes a string from its UTF-8 bytes, in quotes, escaping what JSON requires.
    ///
    /// - Parameter utf8: The bytes of the string, which are valid UTF-8.
    mutating func writeString(utf8: UnsafeBufferPointer<UInt8>) {
        appendEscaped(utf8)
    }

    // MARK: Building blocks

    /// The deepest nesting of arrays and objects that `JSONSerialization` reads, and so the
    /// deepest that the writer writes: JSON nested more deeply could never be read back.
    static let maximumNesting = 512

    /// Throws when one more array or object would nest deeper than ``maximumNesting``.
    ///
    /// This also bounds the recursion through values kept under unknown keys, which a
    /// dictionary can nest without end.
    ///
    /// It also throws, with the level reached as the limit, when the thread's stack has no room
    /// for more levels; every sixteenth level is often enough to ask.
    mutating func checkNesting() throws {
        guard level < Self.maximumNesting else { throw ModelError(.nestingTooDeep(limit: Self.maximumNesting)) }
        guard level % 16 != 0 || CallStack.hasRoom() else { throw ModelError(.nestingTooDeep(limit: level)) }
    }

    mutating func beginObject() {
        append("{")
        level += 1
    }

    mutating func endObject(isEmpty: Bool) {
        level -= 1
        if isEmpty, isPretty { append("\n") }
        newLine()
        append("}")
    }

    /// Writes a key and its separator: the comma before it, the line break and indent when
    /// pretty, the quoted key and the colon.
    mutating func writeKey(_ key: String, isFirst: Bool) {
        if !isFirst { append(",") }
        newLine()
        writeString(key)
        append(isPretty ? " : " : ":")
    }

    /// Writes a key already quoted and escaped, with its separators.
    mutating func writeKey(quoted key: [UInt8], isFirst: Bool) {
        if !isFirst { append(",") }
        newLine()
        buffer.append(key)
        append(isPretty ? " : " : ":")
    }

    mutating func writeRawASCII(_ text: String) {
        var text = text
        text.withUTF8 { buffer.append($0) }
    }

    mutating func writeEmpty(open: StaticString, close: StaticString) {
        append(open)
        if isPretty {
            append("\n\n")
            indent()
        }
        append(close)
    }

    mutating func newLine() {
        guard isPretty else { return }
        buffer.append(0x0A)
        indent()
    }

    private mutating func indent() {
        for _ in 0..<level { append("  ") }
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { buffer.append($0) }
    }

    private mutating func writeDigits(of value: Int64) {
        if value < 0 { buffer.append(0x2D) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { digits in
            repeat {
                digits[23 - count] = UInt8(truncatingIfNeeded: magnitude % 10) + 0x30
                magnitude /= 10
                count += 1
            } while magnitude > 0
            buffer.append(UnsafeRawBufferPointer(rebasing: digits[(24 - count)..<24]))
        }
    }

    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        buffer.append(0x22)
        var start = 0
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == 0xEF, index + 2 < utf8.count, utf8[index + 1] == 0xBB, utf8[index + 2] == 0xBF {
                // U+FEFF: JSONSerialization on Linux drops it where it starts a run of text
                // (at the start of a string or after an escape), so it is written escaped.
                if start < index { buffer.append(UnsafeBufferPointer(rebasing: utf8[start..<index])) }
                append("\\ufeff")
                index += 3
                start = index
                continue
            }
            index += 1
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C || (byte == 0x2F && escapesSlashes) else { continue }
            if start < index - 1 { buffer.append(UnsafeBufferPointer(rebasing: utf8[start..<(index - 1)])) }
            start = index
            appendEscape(for: byte)
        }
        if start < utf8.count { buffer.append(UnsafeBufferPointer(rebasing: utf8[start..<utf8.count])) }
        buffer.append(0x22)
    }

    /// Appends the escape sequence of a byte that JSON or the options require escaped.
    private mutating func appendEscape(for byte: UInt8) {
        buffer.append(0x5C)
        switch byte {
        case 0x22, 0x5C, 0x2F: buffer.append(byte)
        case 0x08: buffer.append(0x62)  // \b
        case 0x0C: buffer.append(0x66)  // \f
        case 0x0A: buffer.append(0x6E)  // \n
        case 0x0D: buffer.append(0x72)  // \r
        case 0x09: buffer.append(0x74)  // \t
        default:
            let hex: StaticString = "0123456789abcdef"
            let digits = hex.utf8Start
            for byte in [0x75, 0x30, 0x30, digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]] as [UInt8] {
                buffer.append(byte)
            }
        }
    }

    /// The order of keys in sorted output: by their UTF-8 bytes.
    static func keyOrder(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

}
