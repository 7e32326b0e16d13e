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

extension JSONOutput {
    /// Writes a value kept as compact text.
    ///
    /// - Throws: A ``JSONNestingError`` when the value would nest more deeply than the output
    ///   nests, with the path inside the value.
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

    /// Writes the members of `slice` but those whose text is at `skipped` as members of the
    /// object being written: the runs of members between skipped ones copied as they are
    /// kept, where the text can be copied, else walked member by member.
    ///
    /// - Parameter skipped: The text of members of the slice, key to value (see
    ///   ``CompactMemberSpan/whole``), in any order.
    /// - Returns: Whether it wrote a member.
    mutating func writeCompactMembers(_ slice: CompactMembersSlice, isFirst: Bool, skipping skipped: [Range<Int>])
        throws -> Bool
    {
        let members = slice.members
        let copies = copiesCompactText(depth: slice.depth, hasSlash: members.hasSlash)
        var isFirst = isFirst
        var wrote = false
        try members.bytes.withUnsafeBufferPointer { bytes in
            let text = CompactText(bytes)
            // Writes the members from `start` up to the comma or the end at `end`.
            func writeRun(from start: Int, to end: Int) throws {
                guard start < end else { return }
                wrote = true
                if copies {
                    if !isFirst { buffer.append(UInt8(ascii: ",")) }
                    isFirst = false
                    let run = UnsafeBufferPointer(rebasing: bytes[start..<end])
                    return members.hasSlash ? appendEscapingSlashes(run) : buffer.append(run)
                }
                var index = start
                while index < end {
                    index = try writeCompactMember(text, at: index, isFirst: isFirst) + 1
                    isFirst = false
                }
            }
            // Each skipped member leaves the run before it up to its comma, and the next run
            // starting past the comma after it.
            var runStart = slice.range.lowerBound
            let ordered = skipped.count > 1 ? skipped.sorted { $0.lowerBound < $1.lowerBound } : skipped
            for span in ordered {
                guard span.lowerBound >= runStart, span.upperBound <= slice.range.upperBound else { continue }
                try writeRun(from: runStart, to: span.lowerBound - 1)
                runStart = span.upperBound + 1
            }
            try writeRun(from: runStart, to: slice.range.upperBound)
        }
        return wrote
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
                    } catch let error as JSONNestingError {
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
        } catch let error as JSONNestingError {
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
        members.sort { JSONOutput.keyOrder($0.key, $1.key) }
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
    /// Eight bytes at a time are stored as they are. In a word without a backslash, such as
    /// most of a URL, a backslash goes before each slash and the rest of the word is stored
    /// again one byte further on; in a word with one, the bytes from the first slash or
    /// backslash on are written again, one at a time.
    private mutating func appendEscapingSlashes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let count = bytes.count
        // Each byte takes at most two, and before `index` the bytes written are at most twice
        // as many; a word's rest, stored again after a slash, reaches at most 16 bytes further.
        let slashes = SIMD16<UInt8>(repeating: UInt8(ascii: "/"))
        let backslashes = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
        buffer.append(atMost: 2 * count + 16) { out in
            var written = 0
            var index = 0
            while index < count {
                // Sixteen bytes with neither a slash nor a backslash, most of a kept text, are
                // stored as they are.
                while index + 16 <= count {
                    let chunk = UnsafeRawPointer(source + index).loadUnaligned(as: SIMD16<UInt8>.self)
                    guard !any((chunk .== slashes) .| (chunk .== backslashes)) else { break }
                    UnsafeMutableRawPointer(out + written).storeBytes(of: chunk, as: SIMD16<UInt8>.self)
                    written += 16
                    index += 16
                }
                guard index < count else { break }
                if index + 8 <= count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self))
                    UnsafeMutableRawPointer(out + written).storeBytes(of: word.littleEndian, as: UInt64.self)
                    var slashes = Self.zeroBytes(word ^ 0x2F2F_2F2F_2F2F_2F2F)
                    let backslashes = Self.zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
                    if backslashes == 0 {
                        var shift = 0
                        while slashes != 0 {
                            let offset = slashes.trailingZeroBitCount >> 3
                            let at = out + written + offset + shift
                            at[0] = UInt8(ascii: "\\")
                            UnsafeMutableRawPointer(at + 1).storeBytes(
                                of: (word >> UInt64(offset * 8)).littleEndian, as: UInt64.self)
                            shift += 1
                            slashes &= slashes &- 1
                        }
                        written += 8 + shift
                        index += 8
                        continue
                    }
                    let plain = (slashes | backslashes).trailingZeroBitCount >> 3
                    written += plain
                    index += plain
                }
                if source[index] == UInt8(ascii: "/") {
                    out[written] = UInt8(ascii: "\\")
                    out[written + 1] = UInt8(ascii: "/")
                    written += 2
                    index += 1
                } else {
                    let copied = copyByteOrEscape(from: source, at: index, count: count, to: out + written)
                    written += copied
                    index += copied
                }
            }
            return written
        }
    }

    /// The high bit of each zero byte of `word`, and no other bit.
    ///
    /// Adding 0x7F to a byte's low seven bits sets its high bit unless they are all zero; with
    /// the byte's own high bit, that leaves the high bit clear exactly for a zero byte, and no
    /// carry crosses into the next byte.
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low) &+ low) | word | low)
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
