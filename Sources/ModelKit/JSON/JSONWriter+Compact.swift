import Foundation

// Writing compact text (see `CompactJSON`) back. Compact output without sorted keys is a copy
// of the text, with each slash escaped on the way when the writer escapes slashes (the
// default); otherwise the text is walked token by token, with the line breaks and indentation
// of pretty output, keys sorted under `sortedKeys`, and slashes escaped or unescaped as the
// options say, so that the layout is the one every other value gets:
//
//     {"b":[1.0,{}],"a":"x/y"}    pretty, sorted  →   {
//                                                       "a" : "x\/y",
//                                                       "b" : [
//                                                         1.0,
//                                                         {
//
//                                                         }
//                                                       ]
//                                                     }

extension JSONWriter {
    /// Writes a value kept as compact text.
    ///
    /// - Throws: A ``ModelError`` when the value would nest more deeply than the writer writes.
    mutating func writeCompact(_ value: CompactJSON) throws {
        if copiesCompactText(depth: value.depth, hasSlash: value.hasSlash) {
            return value.hasSlash
                ? value.bytes.withUnsafeBufferPointer { appendEscapingSlashes($0) } : buffer.append(value.bytes)
        }
        try value.bytes.withUnsafeBufferPointer { bytes in
            _ = try writeCompactValue(CompactText(bytes), at: 0)
        }
    }

    /// Writes a JSON object of the kept members.
    mutating func writeCompactObject(_ members: CompactMembers) throws {
        try checkNesting()
        beginObject()
        try writeCompactMembers(members, isFirst: true)
        endObject(isEmpty: false)
    }

    /// Writes kept members as the next entries of the object being written, each as its own
    /// entry; the caller sorts them among the other entries under `sortedKeys`.
    ///
    /// - Parameter isFirst: Whether no entry of the object is written yet.
    mutating func writeCompactMembers(_ members: CompactMembers, isFirst: Bool) throws {
        if copiesCompactText(depth: members.depth, hasSlash: members.hasSlash) {
            if !isFirst { buffer.append(UInt8(ascii: ",")) }
            return members.hasSlash
                ? members.bytes.withUnsafeBufferPointer { appendEscapingSlashes($0) } : buffer.append(members.bytes)
        }
        try members.bytes.withUnsafeBufferPointer { bytes in
            let text = CompactText(bytes)
            var index = 0
            var isFirst = isFirst
            while index < bytes.count {
                index = try writeCompactMember(text, at: index, isFirst: isFirst) + 1
                isFirst = false
            }
        }
    }

    /// Whether the text can be copied, with its slashes escaped when it has any: compact
    /// output, keys in their order, slashes escaped or none to unescape, and no nesting beyond
    /// the limit.
    private func copiesCompactText(depth: Int, hasSlash: Bool) -> Bool {
        !isPretty && !sortsKeys && (escapesSlashes || !hasSlash)
            && level + depth <= Self.maximumNesting
    }

    /// Writes the value at `start` and returns the index just past it.
    private mutating func writeCompactValue(_ text: CompactText, at start: Int) throws -> Int {
        switch text.buffer[start] {
        case UInt8(ascii: "{"):
            return try writeCompactContainer(text, at: start, isObject: true)
        case UInt8(ascii: "["):
            return try writeCompactContainer(text, at: start, isObject: false)
        case UInt8(ascii: "\""):
            let end = text.endOfString(at: start)
            appendCompactString(text, start..<end)
            return end
        default:
            var end = start + 1
            while end < text.buffer.count, !CompactText.endsScalar(text.buffer[end]) { end += 1 }
            buffer.append(UnsafeBufferPointer(rebasing: text.buffer[start..<end]))
            return end
        }
    }

    private mutating func writeCompactContainer(_ text: CompactText, at start: Int, isObject: Bool) throws -> Int {
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if text.buffer[start + 1] == close {
            writeEmpty(open: isObject ? "{" : "[", close: isObject ? "}" : "]")
            return start + 2
        }
        try checkNesting()
        append(isObject ? "{" : "[")
        level += 1
        var index = start + 1
        if isObject, sortsKeys {
            index = try writeSortedMembers(text, at: index)
        } else {
            var count = 0
            repeat {
                if isObject {
                    index = try writeCompactMember(text, at: index, isFirst: count == 0)
                } else {
                    if count > 0 { append(",") }
                    newLine()
                    do {
                        index = try writeCompactValue(text, at: index)
                    } catch let error as ModelError {
                        throw error.prefixed(with: .index(count))
                    }
                }
                count += 1
                index += 1
            } while text.buffer[index - 1] == UInt8(ascii: ",")
        }
        level -= 1
        newLine()
        buffer.append(close)
        return index
    }

    /// Writes the member at `start`, key and value, and returns the index just past it.
    private mutating func writeCompactMember(_ text: CompactText, at start: Int, isFirst: Bool) throws -> Int {
        let keyEnd = text.endOfString(at: start)
        if !isFirst { append(",") }
        newLine()
        appendCompactString(text, start..<keyEnd)
        append(isPretty ? " : " : ":")
        do {
            return try writeCompactValue(text, at: keyEnd + 1)
        } catch let error as ModelError {
            throw error.prefixed(with: .key(text.string(at: start, end: keyEnd)))
        }
    }

    /// Writes the members of the object whose first key is at `start` in key order, and
    /// returns the index just past the object.
    private mutating func writeSortedMembers(_ text: CompactText, at start: Int) throws -> Int {
        var members: [(key: String, start: Int)] = []
        var index = start
        repeat {
            let keyEnd = text.endOfString(at: index)
            members.append((text.string(at: index, end: keyEnd), index))
            index = text.endOfValue(at: keyEnd + 1) + 1
        } while text.buffer[index - 1] == UInt8(ascii: ",")
        members.sort { JSONWriter.keyOrder($0.key, $1.key) }
        for (position, member) in members.enumerated() {
            _ = try writeCompactMember(text, at: member.start, isFirst: position == 0)
        }
        return index
    }

    /// Appends a kept string, quotes included, with its slashes escaped or unescaped as the
    /// options say.
    ///
    /// A string with escapes other than `\/`, such as `\u0041`, is written as the writer
    /// writes the string they stand for, so that pretty and sorted output is what writing the
    /// Foundation value gives.
    private mutating func appendCompactString(_ text: CompactText, _ range: Range<Int>) {
        let bytes = UnsafeBufferPointer(rebasing: text.buffer[range])
        if Self.hasEscapeOtherThanSlash(bytes) {
            return writeString(text.string(at: range.lowerBound, end: range.upperBound))
        }
        guard bytes.contains(UInt8(ascii: "/")) else { return buffer.append(bytes) }
        if escapesSlashes { return appendEscapingSlashes(bytes) }
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                if bytes[index + 1] == UInt8(ascii: "/") {
                    buffer.append(UInt8(ascii: "/"))
                    index += 2
                    continue
                }
                let length = bytes[index + 1] == UInt8(ascii: "u") ? 6 : 2
                buffer.append(UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
                index += length
            } else {
                buffer.append(bytes[index])
                index += 1
            }
        }
    }

    /// Appends compact text with each slash that is not escaped yet written `\/`; escapes are
    /// copied as they are, so that `\/` stays one escaped slash.
    ///
    /// Eight bytes at a time are stored as they are and checked for a slash or a backslash;
    /// the bytes from the first such byte on are written again.
    private mutating func appendEscapingSlashes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let count = bytes.count
        // Each byte takes at most two, and before `index` the bytes written are at most twice
        // as many, so a word stored while eight bytes remain fits.
        buffer.append(atMost: 2 * count) { out in
            var written = 0
            var index = 0
            while index < count {
                if index + 8 <= count {
                    let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
                    UnsafeMutableRawPointer(out + written).storeBytes(of: word, as: UInt64.self)
                    let plain = Self.bytesBeforeSlashOrBackslash(in: word)
                    written += plain
                    index += plain
                    if plain == 8 { continue }
                }
                let byte = source[index]
                if byte == UInt8(ascii: "\\"), index + 1 < count {
                    out[written] = byte
                    out[written + 1] = source[index + 1]
                    written += 2
                    index += 2
                } else if byte == UInt8(ascii: "/") {
                    out[written] = UInt8(ascii: "\\")
                    out[written + 1] = byte
                    written += 2
                    index += 1
                } else {
                    out[written] = byte
                    written += 1
                    index += 1
                }
            }
            return written
        }
    }

    /// How many of eight bytes, read in memory order, come before the first slash or
    /// backslash: 8 when there is none.
    ///
    /// A byte equal to one of them is a zero byte once the word is xored with it, and a zero
    /// byte sets its high bit in `(x - 0x01…) & ~x`; a borrow can set the bit of a later byte
    /// too, never of an earlier one, so the lowest bit set is the first such byte.
    @inline(__always)
    private static func bytesBeforeSlashOrBackslash(in word: UInt64) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let bytes = UInt64(littleEndian: word)
        let slashes = bytes ^ 0x2F2F_2F2F_2F2F_2F2F
        let backslashes = bytes ^ 0x5C5C_5C5C_5C5C_5C5C
        let found = ((slashes &- ones) & ~slashes) | ((backslashes &- ones) & ~backslashes)
        return (found & 0x8080_8080_8080_8080).trailingZeroBitCount >> 3
    }

    private static func hasEscapeOtherThanSlash(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress, memchr(start, 0x5C, bytes.count) != nil else { return false }
        var index = 0
        while index < bytes.count - 1 {
            if bytes[index] == UInt8(ascii: "\\") {
                if bytes[index + 1] != UInt8(ascii: "/") { return true }
                index += 2
            } else {
                index += 1
            }
        }
        return false
    }
}
