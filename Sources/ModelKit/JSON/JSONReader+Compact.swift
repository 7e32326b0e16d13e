import Foundation

// Reading a value as compact text (see `CompactJSON`): every token is checked as the other
// readers check it, then copied without the whitespace around it.
//
// Two things have no compact text, and the caller reads the value as a Foundation value
// instead, which says what `JSONSerialization` makes of it: an object with two equal keys (it
// keeps the last) and a number that no Foundation value holds (such as `1e400`, an error).
// Equal keys are found without building a `String` for every key: each object keeps a 64-bit
// filter of its plain keys' lengths and first bytes, and only a key that passes the filter is
// compared with the object's earlier keys; keys with escapes or other than ASCII, which may
// equal another key only as a `String` (`"\u0061"` and `"a"`, or the Kelvin sign and `K`),
// are compared as strings when their object closes.
//
// The text is written into storage of its own, grown by doubling and reused from object to
// object, through a pointer that the loop holds in a local: most of a payload an app does
// not declare passes through here, and an array's bookkeeping on every token would cost more
// than checking it. Short plain strings, most keys among them, are checked and copied eight
// bytes at a time in one pass; longer ones with `memchr` and `memcpy`.
//
// For example, a `Note` (see `ModelObject+ReadingJSON.swift`) read from
// `{"title":"Hi","meta": {"tags": ["a", "b"], "size": 12, "note": "written by hand, in pencil"},
// "count":2}` (one line, 103 bytes) does not declare `meta`. Its key read, the members' builder
// writes `"meta":` at 0..<7 of its output and finds no scalar at byte 22: the loop takes the
// value. `at` is where a step starts in the document, `out` in the output; `keys` holds where
// each key of the open objects starts in the output:
//
//     at  document                          out  output                         frames   keys
//     22  {                                   7  {                              obj
//     23  "tags": [                           8  "tags":[                       obj arr  8
//     32  "a", "b"                           16  "a","b"                        obj arr  8
//     40  ],                                 23  ],                             obj      8
//     43  "size": 12,                        25  "size":12,                     obj      8 25
//     55  "note": "written by hand, in       35  "note":"written by hand, in    obj      8 25 35
//         pencil"                                pencil"
//     91  }                                  70  }
//
// Each key or string of at most 24 bytes of ASCII, without an escape or a slash and with 24
// bytes of the document after its quote, is checked and copied a word at a time in the loop;
// the space after a colon or a comma is passed where it stands. The number at 51 goes to
// `scanNumber()`, and the 26-byte string at 63 to `scanString()` and `appendString(_:to:)`:
// the loop writes `at` to the reader's position and `out` to the output's end before, and
// reads both back after. The `[` at 31 opens a frame over the object's, which keeps the
// object's key filter while the array is open; `]` gives it back. At `}` the object's three
// keys leave the stack with its frame, and no frame is left: the reader stands at 92, and the
// output holds 71 bytes,
// `"meta":{"tags":["a","b"],"size":12,"note":"written by hand, in pencil"}`, of depth 2.

/// A key written to compact text: where its opening quote is, and its signature (see
/// ``CompactKeys/signature(of:from:to:)``).
struct CompactKey {
    let offset: Int
    let signature: UInt64
}

/// What reading compact text needs besides the output, reused from value to value.
struct CompactScratch {
    fileprivate struct Frame {
        let isObject: Bool
        /// Where the object's keys start in ``keys``.
        let firstKey: Int
        var filter: UInt64 = 0
        var hasSpecialKey = false
        /// The elements of an array so far.
        var count = 0
    }

    fileprivate var frames = CompactStack<Frame>(capacity: 16)
    /// The keys of the open objects.
    fileprivate var keys = CompactStack<CompactKey>(capacity: 64)

    /// Frees the storage; the scratch is not used again.
    func deallocate() {
        frames.deallocate()
        keys.deallocate()
    }
}

/// The members of an object being read, as compact text, for the keys that nothing reads.
///
/// A class, so that the reader of an object holds one reference, and only once the object
/// has such a key.
final class CompactMembersBuilder {
    /// What appending a member did.
    enum Appended {
        case appended
        /// The key is already a member: the object's last value under it counts.
        case repeatedKey
        /// The value has no compact text (see `CompactJSON`); the reader is somewhere inside it.
        case needsFoundationValue
    }

    // Accessed on every member; a builder belongs to the one load that reads its object, so
    // it is exempt from runtime exclusivity checks, like the load's other state.
    @exclusivity(unchecked) private var output = CompactOutput(capacity: 256)
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private var hasSlash = false
    @exclusivity(unchecked) private var filter: UInt64 = 0
    /// The keys with escapes or other than ASCII, as strings, which may equal another key
    /// only as strings.
    @exclusivity(unchecked) private var specialKeys: [String] = []
    @exclusivity(unchecked) private var keys = CompactStack<CompactKey>(capacity: 32)
    @exclusivity(unchecked) private var scratch = CompactScratch()
    /// Where chosen members of the nested objects sit in the output, for a writer.
    @exclusivity(unchecked) private var marks = CompactMemberMarks.Builder()

    deinit {
        output.deallocate()
        keys.deallocate()
        scratch.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// Appends the member whose key `reader` has just read and whose value is at its position.
    func append(key: JSONReader.StringToken, from reader: inout JSONReader) throws -> Appended {
        let start = output.count
        if count > 0 { output.append(UInt8(ascii: ",")) }
        let keyStart = output.count
        // Most keys are short and plain: copied a word at a time, without calls.
        output.reserve(JSONReader.plainStringRoom)
        let signature: UInt64
        if let length = reader.copyPlainString(at: key.start - 1, to: output.end) {
            output.setEnd(output.end + length + 2)
            // From the document's bytes: reading back the copy just made would wait for its
            // stores to reach memory.
            signature = CompactKeys.signature(of: reader.base, from: key.start - 1, to: key.end + 1)
        } else {
            hasSlash = reader.appendString(key, to: &output) || hasSlash
            signature = CompactKeys.signature(of: output.base, from: keyStart, to: output.count)
        }
        output.append(UInt8(ascii: ":"))
        let special = key.hasEscapes || !key.isASCII
        if special
            ? isRepeated(special: reader.makeString(key)) : isRepeated(plainAt: keyStart, signature: signature)
        {
            output.truncate(to: start)
            return .repeatedKey
        }
        if !reader.appendCompactScalar(to: &output) {
            guard let value = try reader.appendCompactValue(to: &output, scratch: &scratch) else {
                output.truncate(to: start)
                return .needsFoundationValue
            }
            depth = max(depth, value.depth)
            hasSlash = hasSlash || value.hasSlash
        }
        if special { specialKeys.append(reader.makeString(key)) }
        keys.append(CompactKey(offset: keyStart, signature: signature))
        count += 1
        return .appended
    }

    /// Appends a member whose value is an object of `members`, marked with `tag` (see
    /// ``CompactMemberMarks``), and keeps the marks of `members`, moved to where their text
    /// now is.
    func append(key: String, object members: CompactMembers, tag: Int) {
        if count > 0 { output.append(UInt8(ascii: ",")) }
        let keyStart = output.count
        var writer = JSONOutput(isPretty: false, sortsKeys: false, escapesSlashes: true)
        writer.writeString(key)
        output.append(writer.buffer.array)
        let signature = CompactKeys.signature(of: output.base, from: keyStart, to: output.count)
        output.append(UInt8(ascii: ":"))
        output.append(UInt8(ascii: "{"))
        marks.add(members.marks, at: output.count)
        output.append(members.bytes)
        output.append(UInt8(ascii: "}"))
        marks.mark(tag: tag, keyStart: keyStart, valueEnd: output.count)
        keys.append(CompactKey(offset: keyStart, signature: signature))
        count += 1
        depth = max(depth, members.depth + 1)
        hasSlash = hasSlash || members.hasSlash || key.utf8.contains(UInt8(ascii: "/"))
    }

    /// Marks the member appended last with `tag` (see ``CompactMemberMarks``).
    func markLastMember(tag: Int) {
        guard !keys.isEmpty else { return }
        marks.mark(tag: tag, keyStart: keys.last.offset, valueEnd: output.count)
    }

    /// The members, or `nil` when there are none; the builder is then empty again, ready for
    /// another object's members, with the room its bookkeeping took.
    ///
    /// - Parameter owner: What the tags of the marks mean (see ``CompactMemberMarks``).
    func finish(marksOwner owner: UInt64 = 0) -> CompactMembers? {
        defer { reset() }
        guard count > 0 else { return nil }
        return CompactMembers(
            bytes: output.makeArray(), count: count, depth: depth, hasSlash: hasSlash,
            marks: marks.finish(owner: owner))
    }

    /// Forgets the members, keeping the room they took.
    func reset() {
        output.truncate(to: 0)
        (count, depth, hasSlash, filter) = (0, 0, false, 0)
        specialKeys.removeAll(keepingCapacity: true)
        keys.removeAll()
        marks.reset()
    }

    /// Whether the plain key at `keyStart` is already a member.
    private func isRepeated(plainAt keyStart: Int, signature: UInt64) -> Bool {
        if CompactKeys.isRepeated(signature, at: keyStart, in: output.base, among: keys.elements(), filter: &filter) {
            return true
        }
        guard !specialKeys.isEmpty else { return false }
        let key = CompactText(output.bytes).key(at: keyStart).0
        return specialKeys.contains(key)
    }

    /// Whether a key with escapes or other than ASCII equals a member's key as a string.
    private func isRepeated(special key: String) -> Bool {
        let text = CompactText(output.bytes)
        return keys.elements().contains { text.key(at: $0.offset).0 == key }
    }
}

/// The compact text that ``JSONReader/appendCompactValue(to:scratch:)`` appended.
struct CompactValueInfo {
    let depth: Int
    let hasSlash: Bool
}

extension JSONReader {
    /// Appends a scalar that needs no general loop: `null`, `true`, `false` or a short plain
    /// string at the position.
    ///
    /// Most values under undeclared keys are such scalars, appended here without the setup
    /// of ``appendCompactValue(to:scratch:)``; they have no slash and no depth.
    ///
    /// - Returns: Whether the value was appended and the reader moved past it; otherwise
    ///   nothing was read or written.
    @inline(__always)
    mutating func appendCompactScalar(to output: inout CompactOutput) -> Bool {
        let at = position
        switch byte(at: at) {
        case UInt8(ascii: "\""):
            output.reserve(Self.plainStringRoom)
            guard let length = copyPlainString(at: at, to: output.end) else { return false }
            output.setEnd(output.end + (length &+ 2))
            position = at &+ length &+ 2
            return true
        case UInt8(ascii: "n"): return appendLiteral("null", to: &output)
        case UInt8(ascii: "t"): return appendLiteral("true", to: &output)
        case UInt8(ascii: "f"): return appendLiteral("false", to: &output)
        default: return false
        }
    }

    /// Appends `literal` and moves past it when the document holds it at the position;
    /// else reads and writes nothing and returns `false`.
    @inline(__always)
    private mutating func appendLiteral(_ literal: StaticString, to output: inout CompactOutput) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard position &+ length <= count, memcmp(base + position, literal.utf8Start, length) == 0 else {
            return false
        }
        output.append(literal.utf8Start, count: length)
        position &+= length
        return true
    }

    /// Appends the compact text of the value at the position to `output` and moves past it.
    ///
    /// - Returns: What was appended, or `nil` when the value has no compact text; the reader
    ///   is then somewhere inside the value and `output` holds part of it.
    /// - Throws: A ``JSONReadError`` for malformed JSON.
    mutating func appendCompactValue(to output: inout CompactOutput, scratch: inout CompactScratch) throws
        -> CompactValueInfo?
    {
        scratch.frames.removeAll()
        scratch.keys.removeAll()
        do {
            return try appendCompactTokens(to: &output, scratch: &scratch)
        } catch let error as JSONReadError {
            // Named from the innermost value out, as `skipValue()` names them.
            var lastKey = scratch.keys.count
            let text = CompactText(output.bytes)
            throw scratch.frames.elements().reversed().reduce(error) { error, frame in
                guard frame.isObject else { return error.prefixed(with: .index(frame.count)) }
                defer { lastKey = frame.firstKey }
                guard lastKey > frame.firstKey else { return error }
                return error.prefixed(with: .key(text.key(at: scratch.keys.elements()[lastKey - 1].offset).0))
            }
        }
    }

    private mutating func appendCompactTokens(to output: inout CompactOutput, scratch: inout CompactScratch) throws
        -> CompactValueInfo?
    {
        // One loop over the tokens, with the reader's position and the output's end in locals
        // that stay in registers: the output is written through raw pointers, which would
        // otherwise make every step load them again. Only the uncommon tokens (long or escaped
        // strings, numbers, errors) go through the reader's own methods, around which the
        // locals are written back and read again.
        var at = position
        var out = output.end
        var room = output.roomEnd
        defer {
            position = at
            output.setEnd(out)
        }
        var maxDepth = 0
        var hasSlash = false
        // The innermost open container; an object's filter and special keys are saved in its
        // frame while a container inside it is open.
        var inObject = false
        var firstKey = 0
        var filter: UInt64 = 0
        var hasSpecialKey = false
        var expectsKey = false
        nextValue: while true {
            if _slowPath(room - out < Self.compactRoom) {
                output.setEnd(out)
                output.reserve(Self.compactRoom)
                (out, room) = (output.end, output.roomEnd)
            }
            if expectsKey {
                expectsKey = false
                let keyStart = out - output.base
                let signature: UInt64
                // The position is at the key's first byte: the whitespace before it is behind.
                if byte(at: at) == UInt8(ascii: "\""), let length = copyPlainString(at: at, to: out) {
                    // The document holds the same bytes: reading them back from the copy just
                    // made would wait for its stores to reach memory.
                    signature = CompactKeys.signature(of: base, from: at, to: at &+ length &+ 2)
                    at &+= length &+ 2
                    out += length &+ 2
                    if byte(at: at) == UInt8(ascii: ":") {
                        // Pretty-printed JSON has one space after the colon.
                        at &+= byte(at: at &+ 1) == 0x20 ? 2 : 1
                    } else {
                        position = at
                        try readColon()
                        at = position
                    }
                    out[0] = UInt8(ascii: ":")
                    out += 1
                    if CompactKeys.isRepeated(
                        signature, at: keyStart, in: output.base, among: scratch.keys.elements(from: firstKey),
                        filter: &filter)
                    {
                        return nil
                    }
                } else {
                    position = at
                    output.setEnd(out)
                    let key = try scanKey()
                    hasSlash = appendString(key, to: &output) || hasSlash
                    output.append(UInt8(ascii: ":"))
                    signature = CompactKeys.signature(of: output.base, from: keyStart, to: output.count - 1)
                    (at, out, room) = (position, output.end, output.roomEnd)
                    if key.hasEscapes || !key.isASCII {
                        hasSpecialKey = true
                    } else if CompactKeys.isRepeated(
                        signature, at: keyStart, in: output.base, among: scratch.keys.elements(from: firstKey),
                        filter: &filter)
                    {
                        return nil
                    }
                    if _slowPath(room - out < Self.compactRoom) {
                        output.reserve(Self.compactRoom)
                        (out, room) = (output.end, output.roomEnd)
                    }
                }
                scratch.keys.append(CompactKey(offset: keyStart, signature: signature))
            }
            at = tokenStart(at)
            let first = byte(at: at)
            switch first {
            case UInt8(ascii: "\""):
                if let length = copyPlainString(at: at, to: out) {
                    at &+= length &+ 2
                    out += length &+ 2
                } else {
                    position = at
                    output.setEnd(out)
                    hasSlash = appendString(try scanString(), to: &output) || hasSlash
                    (at, out, room) = (position, output.end, output.roomEnd)
                }
            case UInt8(ascii: "n"): try copyLiteral("null", at: &at, to: &out)
            case UInt8(ascii: "t"): try copyLiteral("true", at: &at, to: &out)
            case UInt8(ascii: "f"): try copyLiteral("false", at: &at, to: &out)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                position = at
                let token = try scanNumber()
                if token.exponent > 280, token.significand != 0, isUnusable(token) { return nil }
                output.setEnd(out)
                output.append(base + token.start, count: token.length)
                (at, out, room) = (position, output.end, output.roomEnd)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                position = at
                try enterContainer()
                at = tokenStart(position)
                maxDepth = max(maxDepth, scratch.frames.count + 1)
                let isObject = first == UInt8(ascii: "{")
                let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                out[0] = first
                if byte(at: at) == closing {
                    at &+= 1
                    depth -= 1
                    out[1] = closing
                    out += 2
                    break
                }
                out += 1
                if inObject {
                    scratch.frames.last.filter = filter
                    scratch.frames.last.hasSpecialKey = hasSpecialKey
                }
                firstKey = scratch.keys.count
                scratch.frames.append(.init(isObject: isObject, firstKey: firstKey))
                (inObject, filter, hasSpecialKey, expectsKey) = (isObject, 0, false, isObject)
                continue nextValue
            default:
                position = at
                throw unexpected("a value")
            }
            while !scratch.frames.isEmpty {
                if _slowPath(room - out < Self.compactRoom) {
                    output.setEnd(out)
                    output.reserve(Self.compactRoom)
                    (out, room) = (output.end, output.roomEnd)
                }
                at = tokenStart(at)
                let next = byte(at: at)
                if next == UInt8(ascii: ",") {
                    at = afterComma(at)
                    out[0] = UInt8(ascii: ",")
                    out += 1
                    if inObject {
                        expectsKey = true
                    } else {
                        if byte(at: at) == UInt8(ascii: "]") {
                            position = at
                            throw fatal("a trailing comma before ']' is not allowed")
                        }
                        scratch.frames.last.count += 1
                    }
                    continue nextValue
                }
                if inObject {
                    guard next == UInt8(ascii: "}") else {
                        position = at
                        throw unexpected("',' or '}' after an object entry")
                    }
                    let keys = scratch.keys.count - firstKey
                    if hasSpecialKey, keys > 1 {
                        output.setEnd(out)
                        if CompactKeys.hasEqualStrings(at: scratch.keys.elements(from: firstKey), in: output.bytes) {
                            return nil
                        }
                    }
                    scratch.keys.removeLast(keys)
                } else {
                    guard next == UInt8(ascii: "]") else {
                        position = at
                        throw unexpected("',' or ']' after an array element")
                    }
                }
                at &+= 1
                depth -= 1
                out[0] = next
                out += 1
                scratch.frames.removeLast()
                if !scratch.frames.isEmpty {
                    let parent = scratch.frames.last
                    (inObject, firstKey, filter, hasSpecialKey) =
                        (parent.isObject, parent.firstKey, parent.filter, parent.hasSpecialKey)
                }
            }
            return CompactValueInfo(depth: maxDepth, hasSlash: hasSlash)
        }
    }

    /// The room that the loop of ``appendCompactTokens(to:scratch:)`` makes sure of before each
    /// step, which writes at most a comma, a short plain key, its colon and a short plain
    /// string or literal, with the words that ``copyPlainString(at:to:)`` stores past them.
    private static let compactRoom = 64

    /// The index of the first byte at or after `index` that is not whitespace; in
    /// pretty-printed JSON, an indentation is passed eight bytes at a time.
    @inline(__always)
    private func whitespaceEnd(from index: Int) -> Int {
        var index = index
        while true {
            let byte = byte(at: index)
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return index }
            index &+= 1
            guard byte == 0x0A else { continue }
            while index &+ 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let others = word ^ 0x2020_2020_2020_2020
                index &+= others.trailingZeroBitCount >> 3
                if others != 0 { break }
            }
        }
    }

    /// The index of the first byte at or after `index` that is not whitespace, looked for
    /// only when the byte at `index` is not already one above U+0020.
    @inline(__always)
    private func tokenStart(_ index: Int) -> Int {
        byte(at: index) > 0x20 ? index : whitespaceEnd(from: index)
    }

    /// The index of the next token after the comma at `index`.
    @inline(__always)
    private func afterComma(_ index: Int) -> Int {
        tokenStart(index &+ 1)
    }

    /// Copies `literal` at `index` to `out` and moves both past it; throws when the document
    /// has something else there.
    @inline(__always)
    private mutating func copyLiteral(
        _ literal: StaticString, at index: inout Int, to out: inout UnsafeMutablePointer<UInt8>
    ) throws {
        let length = literal.utf8CodeUnitCount
        guard index &+ length <= count, memcmp(base + index, literal.utf8Start, length) == 0 else {
            position = index
            try failLiteral(literal)
        }
        out.update(from: literal.utf8Start, count: length)
        index &+= length
        out += length
    }

    /// Copies the string whose opening quote is at `quote`, quotes included, to `out` when it
    /// is short and plain: at most 24 bytes of ASCII without an escape, a control character or
    /// a slash, such as most keys and many values; returns the length between the quotes, or
    /// `nil` when it is not such a string.
    ///
    /// Such a string is checked and copied eight bytes at a time in one pass, where
    /// ``scanString()`` and ``appendString(_:to:)`` would each go over it and call `memchr` and
    /// `memcpy`. Up to 24 bytes after the quote are read, and stored at `out` before the
    /// string's end is known, so the document must hold them and the output must have room
    /// for 26 bytes.
    @inline(__always)
    fileprivate func copyPlainString(at quote: Int, to out: UnsafeMutablePointer<UInt8>) -> Int? {
        let start = quote &+ 1
        guard start &+ Self.plainStringLimit <= count else { return nil }
        let source = UnsafeRawPointer(base + start)
        var offset = 0
        while offset < Self.plainStringLimit {
            let word = source.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            UnsafeMutableRawPointer(out + 1 + offset).storeBytes(of: word, as: UInt64.self)
            let attention = Self.plainAttention(UInt64(littleEndian: word))
            if attention != 0 {
                // The first byte marked is the first that is not plain: the closing quote, or
                // something that the general path handles.
                let end = offset &+ attention.trailingZeroBitCount >> 3
                guard source.load(fromByteOffset: end, as: UInt8.self) == UInt8(ascii: "\"") else { return nil }
                out[0] = UInt8(ascii: "\"")
                out[end &+ 1] = UInt8(ascii: "\"")
                return end
            }
            offset &+= 8
        }
        return nil
    }

    /// The most bytes between the quotes of a string that ``copyPlainString(at:to:)`` copies.
    private static let plainStringLimit = 24

    /// The room that ``copyPlainString(at:to:)`` needs in the output: the string and its
    /// quotes, and the words it stores past the closing quote.
    fileprivate static let plainStringRoom = plainStringLimit + 2

    /// The high bits of the bytes among eight, the first in the lowest, that are a quote, a
    /// backslash, a slash, below U+0020 or above U+007F; 0 when there are none.
    ///
    /// As in ``attention(_:)``, a borrow may mark bytes above a true match, but none below the
    /// lowest.
    @inline(__always)
    private static func plainAttention(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let slashes = word ^ (ones &* 0x2F)
        let matches =
            ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes) | ((slashes &- ones) & ~slashes)
            | ((word &- ones &* 0x20) & ~word) | word
        return matches & (ones &* 0x80)
    }

    /// Appends a checked string, quotes included, as it came, except that each U+FEFF is
    /// written `\ufeff`, as the writer writes it.
    ///
    /// Slashes stay as they came: a writer that escapes them does so as it copies the text,
    /// so that loading, which happens far more often than writing back, does not.
    ///
    /// - Returns: Whether the string holds a slash, escaped or not.
    @inline(__always)
    mutating func appendString(_ token: StringToken, to output: inout CompactOutput) -> Bool {
        let hasSlash = token.count > 0 && memchr(base + token.start, 0x2F, token.count) != nil
        guard !token.isASCII, memchr(base + token.start, 0xEF, token.count) != nil else {
            output.append(base + token.start - 1, count: token.count + 2)
            return hasSlash
        }
        appendEscapingMarks(token, to: &output)
        return hasSlash
    }

    /// Copies a string that may hold U+FEFF, escaping each one; escapes are copied as they are.
    @inline(never)
    private func appendEscapingMarks(_ token: StringToken, to output: inout CompactOutput) {
        let contents = base + token.start
        let length = token.count
        // The mark's three bytes take six; every other byte one.
        output.append(atMost: 2 * length + 2) { out in
            out[0] = UInt8(ascii: "\"")
            var written = 1
            var index = 0
            while index < length {
                if contents[index] == 0xEF, index + 2 < length, contents[index + 1] == 0xBB, contents[index + 2] == 0xBF
                {
                    for (offset, escaped) in #"\ufeff"#.utf8.enumerated() { out[written + offset] = escaped }
                    written += 6
                    index += 3
                } else {
                    let copied = copyByteOrEscape(from: contents, at: index, count: length, to: out + written)
                    written += copied
                    index += copied
                }
            }
            out[written] = UInt8(ascii: "\"")
            return written + 1
        }
    }
}

/// Finding equal keys in compact text.
enum CompactKeys {
    /// The signature of the quoted key at `start..<end`: its length and first six bytes,
    /// which tell most keys apart at one comparison.
    @inline(__always)
    static func signature(of bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> UInt64 {
        let length = end - start
        let signature = UInt64(truncatingIfNeeded: length) << 48
        // The quote and the next seven bytes, which the output's slack makes readable however
        // short the key; the quote shifted out, then the bytes of the key up to six.
        let word = UInt64(littleEndian: UnsafeRawPointer(bytes + start).loadUnaligned(as: UInt64.self)) >> 8
        let contents = min(max(length - 2, 0), 6)
        return signature | (word & ((1 << UInt64(contents * 8)) - 1))
    }

    /// The bit of the 64-bit filter that a key of `signature` sets.
    @inline(__always)
    static func bit(of signature: UInt64) -> UInt64 {
        1 << ((signature &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }

    /// Whether the plain key (ASCII, no escapes) whose opening quote is at `keyStart`, of
    /// `signature`, equals one of `keys`; adds it to `filter`.
    @inline(__always)
    static func isRepeated(
        _ signature: UInt64, at keyStart: Int, in bytes: UnsafePointer<UInt8>,
        among keys: UnsafeBufferPointer<CompactKey>,
        filter: inout UInt64
    ) -> Bool {
        let bit = bit(of: signature)
        defer { filter |= bit }
        guard filter & bit != 0 else { return false }
        return isRepeated(signature, at: keyStart, in: bytes, among: keys)
    }

    @inline(never)
    private static func isRepeated(
        _ signature: UInt64, at keyStart: Int, in bytes: UnsafePointer<UInt8>,
        among keys: UnsafeBufferPointer<CompactKey>
    ) -> Bool {
        let length = Int(signature >> 48)
        return keys.contains { $0.signature == signature && memcmp(bytes + $0.offset, bytes + keyStart, length) == 0 }
    }

    /// Whether two of `keys` are equal as strings.
    static func hasEqualStrings(at keys: UnsafeBufferPointer<CompactKey>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool
    {
        let text = CompactText(bytes)
        var seen = Set<String>()
        for key in keys where !seen.insert(text.string(at: key.offset, end: text.endOfString(at: key.offset))).inserted
        {
            return true
        }
        return false
    }
}
