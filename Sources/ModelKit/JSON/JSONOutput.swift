import Foundation

/// JSON text being written: scalars, strings, keys, the layout of arrays and objects, and
/// compact text copied back.
///
/// It knows bytes, numbers and strings, and three choices of layout: whether the text is laid
/// out on lines, whether the keys of objects written from compact text are sorted, whether
/// `/` is escaped. Its output parses with `JSONSerialization`, and its pretty layout matches
/// `JSONSerialization`'s `prettyPrinted` output.
struct JSONOutput {
    var buffer = JSONBuffer(capacity: 1024)

    /// Whether the JSON is laid out on lines, with two spaces of indent for each level.
    let isPretty: Bool
    /// Whether the keys of objects written from compact text are sorted.
    let sortsKeys: Bool
    /// Whether `/` is written as `\/`.
    let escapesSlashes: Bool
    /// The arrays and objects open at the end of the text.
    var level = 0

    init(isPretty: Bool, sortsKeys: Bool, escapesSlashes: Bool) {
        self.isPretty = isPretty
        self.sortsKeys = sortsKeys
        self.escapesSlashes = escapesSlashes
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
    /// - Returns: `false`, having written nothing, for NaN and infinity, which JSON cannot
    ///   hold.
    mutating func writeDouble(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
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
        return true
    }

    /// Writes the shortest decimal that reads back as the same `Float`.
    ///
    /// - Parameter value: The number.
    /// - Returns: `false`, having written nothing, for NaN and infinity, which JSON cannot
    ///   hold.
    mutating func writeFloat(_ value: Float) -> Bool {
        guard value.isFinite else { return false }
        if value.rounded(.towardZero) == value, abs(value) < 1e7 {
            return writeDouble(Double(value))
        }
        writeRawASCII(value.description)
        return true
    }

    /// Writes a string in quotes, escaping what JSON requires.
    ///
    /// - Parameter value: The string.
    mutating func writeString(_ value: String) {
        if value.utf8.withContiguousStorageIfAvailable({ appendEscaped($0) }) != nil { return }
        var value = value
        value.withUTF8 { appendEscaped($0) }
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
    func checkNesting() throws(JSONNestingError) {
        guard level < Self.maximumNesting else { throw JSONNestingError(limit: Self.maximumNesting) }
        guard level % 16 != 0 || CallStack.hasRoom() else { throw JSONNestingError(limit: level) }
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
