import Foundation

// JSON kept as text, for the values that a document holds and nothing reads: read once and
// checked, then written back by copying.
//
// The text is *compact*: the value's tokens as they came, without the whitespace between
// them, except that a U+FEFF in a string is escaped as `\ufeff`, as ModelKit's writer writes
// it (see `JSONOutput`'s string escaping):
//
//     input                           compact text
//     { "a" : [1.0, 1e2],             {"a":[1.0,1e2],"b":"x/y","c":"\u00e9\ufeff"}
//       "b" : "x/y",
//       "c" : "\u00e9<U+FEFF>" }
//
// Numbers, escapes, slashes and the order of keys stay as they came. Slashes are escaped, or
// escaped ones unescaped, when the text is written, as the writer's options say: most loaded
// values are never written back, and a load need not pay for what a write would do. Text kept
// this way never holds two equal keys in one object, nor a number that no Foundation value
// holds: the reader keeps such values as Foundation values instead.

/// One JSON value as compact text.
struct CompactJSON: Sendable, Equatable {
    /// The text, valid JSON.
    let bytes: [UInt8]
    /// How deeply arrays and objects nest in the value: 0 for a scalar.
    let depth: Int
    /// Whether a string of the value holds a slash, escaped or not, which a writer escapes or
    /// unescapes as its options say.
    let hasSlash: Bool

    static func == (lhs: CompactJSON, rhs: CompactJSON) -> Bool {
        lhs.bytes == rhs.bytes
    }

    /// The value as the Foundation value that `JSONSerialization` gives for its text.
    var foundationValue: Any {
        bytes.withUnsafeBufferPointer { CompactText($0).foundationValue(at: 0) }
    }
}

/// The members of one JSON object as compact text, `"a":1,"b":[true]`, in the order they
/// came, with no two keys equal.
struct CompactMembers: Sendable, Equatable {
    /// The text of the members, without braces.
    let bytes: [UInt8]
    // Narrow, so that the members fit an `Any` without a box of their own: an object of a
    // payload keeps its container's members as a value of its unknown values.
    private let storedCount: UInt32
    private let storedDepth: UInt16
    let hasSlash: Bool
    /// Where the builder of the text noted chosen members of nested objects, such as a
    /// container's nested objects on the way to its properties; none for members made in any
    /// other way.
    let marks: CompactMemberMarks

    init(bytes: [UInt8], count: Int, depth: Int, hasSlash: Bool, marks: CompactMemberMarks = .none) {
        self.bytes = bytes
        // Every member takes at least four bytes of text, and nesting stops at 512 levels.
        storedCount = UInt32(clamping: count)
        storedDepth = UInt16(clamping: depth)
        self.hasSlash = hasSlash
        self.marks = marks
    }

    /// How many members there are.
    var count: Int { Int(storedCount) }
    /// How deeply arrays and objects nest in the values.
    var depth: Int { Int(storedDepth) }

    static func == (lhs: CompactMembers, rhs: CompactMembers) -> Bool {
        lhs.bytes == rhs.bytes
    }

    /// Calls `body` with each member's key and the range of its value's text, in order.
    func forEachMember(_ body: (String, Range<Int>) throws -> Void) rethrows {
        try bytes.withUnsafeBufferPointer { buffer in
            let text = CompactText(buffer)
            var index = 0
            while index < buffer.count {
                let (key, valueStart) = text.key(at: index)
                let valueEnd = text.endOfValue(at: valueStart)
                try body(key, valueStart..<valueEnd)
                index = valueEnd + 1
            }
        }
    }

    /// The keys, in order.
    var keys: [String] {
        var keys: [String] = []
        keys.reserveCapacity(count)
        forEachMember { key, _ in keys.append(key) }
        return keys
    }

    /// The value of the member with `key`, or `nil` when there is none.
    func value(forKey key: String) -> CompactJSON? {
        range(forKey: key).map(value(in:))
    }

    /// Whether a member has `key`.
    func hasKey(_ key: String) -> Bool {
        range(forKey: key) != nil
    }

    /// The range of the value of the member with `key`, comparing the bytes of keys without
    /// escapes and the strings of the others.
    private func range(forKey key: String) -> Range<Int>? {
        member(forKey: key, in: 0..<bytes.count)?.value
    }

    /// The member with `key` among the members whose text is at `range`, comparing the bytes
    /// of keys without escapes and the strings of the others.
    func member(forKey key: String, in range: Range<Int>) -> CompactMemberSpan? {
        var quoted = Array(key.utf8)
        let isPlain = quoted.allSatisfy {
            $0 < 0x80 && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "\"") && $0 >= 0x20
        }
        quoted.insert(UInt8(ascii: "\""), at: 0)
        quoted.append(UInt8(ascii: "\""))
        return bytes.withUnsafeBufferPointer { buffer -> CompactMemberSpan? in
            let text = CompactText(buffer)
            var index = range.lowerBound
            while index < range.upperBound {
                let keyEnd = text.endOfString(at: index)
                let valueEnd = text.endOfValue(at: keyEnd + 1)
                let keyBytes = UnsafeBufferPointer(rebasing: buffer[index..<keyEnd])
                let matches =
                    isPlain && !keyBytes.contains(UInt8(ascii: "\\"))
                    ? keyBytes.elementsEqual(quoted) : text.string(at: index, end: keyEnd) == key
                if matches { return CompactMemberSpan(keyStart: index, value: (keyEnd + 1)..<valueEnd) }
                index = valueEnd + 1
            }
            return nil
        }
    }

    /// What the member under `key` holds, as a nested object.
    enum NestedMember {
        /// There is no member under the key.
        case absent
        /// The member is `null`.
        case null
        /// The member is an object, with these members.
        case object(CompactMembers)
        /// The member is a value other than an object or `null`.
        case other
    }

    /// The member under `key`, as a nested object.
    func nestedMember(forKey key: String) -> NestedMember {
        guard let range = range(forKey: key) else { return .absent }
        switch bytes[range.lowerBound] {
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "{"): break
        default: return .other
        }
        let inner = Array(bytes[(range.lowerBound + 1)..<(range.upperBound - 1)])
        var count = 0
        inner.withUnsafeBufferPointer { buffer in
            let text = CompactText(buffer)
            var index = 0
            while index < buffer.count {
                index = text.endOfValue(at: text.endOfString(at: index) + 1) + 1
                count += 1
            }
        }
        return .object(
            CompactMembers(
                bytes: inner, count: count, depth: max(depth - 1, 0),
                hasSlash: hasSlash && inner.contains(UInt8(ascii: "/"))))
    }

    /// The value whose text is at `range`.
    func value(in range: Range<Int>) -> CompactJSON {
        let text = Array(bytes[range])
        return CompactJSON(bytes: text, depth: depth, hasSlash: hasSlash && text.contains(UInt8(ascii: "/")))
    }

    /// The members without the one under `key`; `nil` when none would be left.
    func removing(_ key: String) -> CompactMembers? {
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var remaining = 0
        bytes.withUnsafeBufferPointer { buffer in
            let text = CompactText(buffer)
            var index = 0
            while index < buffer.count {
                let (memberKey, valueStart) = text.key(at: index)
                let valueEnd = text.endOfValue(at: valueStart)
                if memberKey != key {
                    if !kept.isEmpty { kept.append(UInt8(ascii: ",")) }
                    kept.append(contentsOf: buffer[index..<valueEnd])
                    remaining += 1
                }
                index = valueEnd + 1
            }
        }
        guard remaining > 0 else { return nil }
        return CompactMembers(bytes: kept, count: remaining, depth: depth, hasSlash: hasSlash)
    }

    /// The members as the dictionary that `JSONSerialization` gives for their object.
    var foundationDictionary: [String: Any] {
        var dictionary: [String: Any] = [:]
        dictionary.reserveCapacity(count)
        bytes.withUnsafeBufferPointer { buffer in
            let text = CompactText(buffer)
            forEachMember { key, range in
                dictionary[key] = text.foundationValue(at: range.lowerBound)
            }
        }
        return dictionary
    }
}

/// Reading compact text that a ``JSONReader`` checked: no whitespace, no errors.
struct CompactText {
    let buffer: UnsafeBufferPointer<UInt8>

    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// The index just past the value that starts at `start`.
    func endOfValue(at start: Int) -> Int {
        var index = start
        var depth = 0
        repeat {
            switch buffer[index] {
            case UInt8(ascii: "\""):
                index = endOfString(at: index)
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                break
            default:
                // A number or a literal: up to the next structural byte.
                while index + 1 < buffer.count, !Self.endsScalar(buffer[index + 1]) { index += 1 }
            }
            index += 1
        } while depth > 0 && index < buffer.count
        return index
    }

    /// The index just past the string whose opening quote is at `start`.
    func endOfString(at start: Int) -> Int {
        var index = start + 1
        while buffer[index] != UInt8(ascii: "\"") {
            index += buffer[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        return index + 1
    }

    /// The key of the member at `start` and the index of its value.
    func key(at start: Int) -> (String, Int) {
        let end = endOfString(at: start)
        return (string(at: start, end: end), end + 1)
    }

    /// The text of the string whose quotes are at `start` and `end - 1`.
    func string(at start: Int, end: Int) -> String {
        let contents = UnsafeBufferPointer(rebasing: buffer[(start + 1)..<(end - 1)])
        guard contents.contains(UInt8(ascii: "\\")), let base = buffer.baseAddress else {
            return String(decoding: contents, as: UTF8.self)
        }
        var reader = JSONReader(base: base + start, count: end - start)
        return (try? reader.readString()) ?? String(decoding: contents, as: UTF8.self)
    }

    /// The Foundation value of the value at `start`.
    func foundationValue(at start: Int) -> Any {
        let end = endOfValue(at: start)
        guard let base = buffer.baseAddress else { return NSNull() }
        var reader = JSONReader(base: base + start, count: end - start)
        // The text was checked when it was kept, numbers included, so it always reads.
        return (try? reader.readFoundationValue()) ?? NSNull()
    }

    static func endsScalar(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
            || byte == UInt8(ascii: ":")
    }
}
