import Foundation

// How keys find their slots, for the `Note` of `ModelObject+ReadingJSON.swift`: its keys
// `title`, `count` and `tags`, and the header keys `version` and `representedClassName`.
//
// The keys, sorted, take indexes 0 to 4 and lie end to end in `keyBytes`. Each hashes from
// its length and its first, middle and last bytes, mixed = length | first << 8 | middle << 16
// | last << 24, then (mixed &* 0x9E37_79B9_7F4A_7C15) >> 32. Five keys take 16 slots, the
// first power of two from 8 that holds twice as many, so the mask is 15:
//
//     index  key                   in keyBytes  mixed        hash         home  slot
//       0    count                   0..<5      0x74756305   0x3a9d0a1d    13    13
//       1    representedClassName    5..<25     0x65647214   0xcc383939     9     9
//       2    tags                   25..<29     0x73677404   0xe9d6a149     9    10
//       3    title                  29..<34     0x65747405   0x91837f01     1     1
//       4    version                34..<41     0x6e737607   0x48a60485     5     5
//
//     slot    0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15
//     slots   0  4  0  0  0  5  0  0  0  2  3  0  0  1  0  0     (1 + the key's index; 0: empty)
//
// `tags` meets `representedClassName` in its home slot 9 and takes the next free one, 10.
//
// A hit, `tags` (74 61 67 73): home 9 holds key 1, 20 bytes long, not 4: no bytes compared;
// slot 10 holds key 2, 4 bytes, equal byte for byte (eight at a time in longer keys), which
// names `.property(2)`.
//
// A miss, `id` (69 64): mixed 0x64646902, hash 0xff8ada39, home 9: key 1 is 20 bytes long, key
// 2 is 4; slot 11 is empty, so `id` names nothing: its value is an unknown value. A probe
// always meets an empty slot: at least half of them are.
//
// Before hashing, the reader compares the next key with the one it expects: the properties'
// own keys in quotes lie end to end in `quotedKeys`, `"title""count""tags"`, at 0, 7 and 14,
// 7, 7 and 6 bytes long. After `title`, it compares the document's next 7 bytes with
// `"count"`: equal, the key is property 1 without a lookup; else it is looked up as above.

/// Finds the saved property that a key of the data names, by the key's UTF-8 bytes.
///
/// Loading walks the entries of each dictionary once and asks this table which property each
/// key belongs to, instead of looking every property's key up in the dictionary: a dictionary
/// lookup hashes the key with SipHash, which costs more than the rest of reading a small value.
/// The table uses a cheap hash and compares bytes, which is exact for keys that are ASCII;
/// ``ModelMetadata`` builds one only when every saved key is ASCII, and the loader checks other
/// keys of the data with `String`'s own equality, so the result is the same as `String` lookups.
final class KeyTable: Sendable {
    /// What a key names.
    enum Match: Equatable, Sendable {
        /// A saved property, by index, under its own key or one of its alternatives.
        case property(Int)
        case version
        case className
        /// A nested object that saved properties live inside, by index in the class's
        /// ``DataLayout/containers``.
        case container(Int)
        /// A saved property of a flattened object (`@Saved(flattened: true)`), under its own
        /// key or one of its alternatives: the object, by index in the class's
        /// ``DataLayout/flattened``, and the property, by index in the object's class.
        case flattened(Int, Int)
    }

    // The storage, which the checks of debug builds (`KeyTable+Invariants.swift`) read too.

    /// For each slot, 1 + the index of its key, or 0 when the slot is empty: a power of two
    /// of them, at least twice as many as keys, so that every probe meets an empty slot.
    let slots: [Int32]
    /// The keys' UTF-8 bytes, one after the other, in the order of their indexes.
    let keyBytes: [UInt8]
    /// Where each key starts in ``keyBytes``, then where the last one ends.
    let keyStarts: [Int]
    /// What the key at each index names.
    let keyMatches: [Match]
    let propertyCount: Int
    let mask: Int
    /// Each property's key between quotes, as JSON writes a key that needs no escape, one
    /// after the other; for each property, where its quoted key starts and how long it is, or
    /// 0 for a key that needs an escape and for a property without a key of its own.
    let quotedKeys: [UInt8]
    let quotedStarts: [Int]
    let quotedLengths: [Int]

    /// A table of the keys of `layout`, whose own keys of top-level properties (in property
    /// order, `nil` for a property inside a nested object) are also predicted in order; `nil`
    /// when a key is not ASCII.
    convenience init?(layout: DataLayout, propertyKeys: [String?]) {
        self.init(matches: layout.matches, propertyKeys: propertyKeys)
        checkInvariants(in: layout)
    }

    /// A table of the keys of `matches`, with `propertyKeys` predicted in order, as for
    /// ``init(layout:propertyKeys:)``; `nil` when a key is not ASCII.
    convenience init?(matches: [String: Match], propertyKeys: [String?]) {
        let entries = matches.sorted { $0.key < $1.key }
        let keys = entries.map(\.key)
        guard keys.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) else { return nil }
        var size = 8
        while size < keys.count * 2 { size *= 2 }
        var slots = [Int32](repeating: 0, count: size)
        var bytes: [UInt8] = []
        var starts: [Int] = []
        for (index, key) in keys.enumerated() {
            starts.append(bytes.count)
            bytes.append(contentsOf: key.utf8)
            var slot = Array(key.utf8).withUnsafeBufferPointer { Self.hash($0) } & (size - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(index + 1)
        }
        starts.append(bytes.count)
        var quoted: [UInt8] = []
        var quotedStarts: [Int] = []
        var quotedLengths: [Int] = []
        for key in propertyKeys {
            quotedStarts.append(quoted.count)
            guard let key, !Self.needsEscape(key) else {
                quotedLengths.append(0)
                continue
            }
            quotedLengths.append(key.utf8.count + 2)
            quoted += [UInt8(ascii: "\"")] + Array(key.utf8) + [UInt8(ascii: "\"")]
        }
        self.init(
            slots: slots, keyBytes: bytes, keyStarts: starts, keyMatches: entries.map(\.value), quotedKeys: quoted,
            quotedStarts: quotedStarts, quotedLengths: quotedLengths)
        checkInvariants(builtFrom: matches, propertyKeys: propertyKeys)
    }

    /// A table of the storage given, as it is: the storage of a table that the initializers
    /// above built, or a changed copy of it, whose invariants the caller checks.
    init(
        slots: [Int32], keyBytes: [UInt8], keyStarts: [Int], keyMatches: [Match], quotedKeys: [UInt8],
        quotedStarts: [Int], quotedLengths: [Int]
    ) {
        self.slots = slots
        self.keyBytes = keyBytes
        self.keyStarts = keyStarts
        self.keyMatches = keyMatches
        propertyCount = quotedLengths.count
        mask = slots.count - 1
        self.quotedKeys = quotedKeys
        self.quotedStarts = quotedStarts
        self.quotedLengths = quotedLengths
    }

    /// Whether JSON writes `key` with an escape: a quote, a backslash or a control character.
    static func needsEscape(_ key: String) -> Bool {
        key.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    }

    /// The length of the key of the property at `index` between quotes, when the `available`
    /// bytes at `text` begin with it; else `nil`.
    ///
    /// Data as ModelKit writes it has its keys in declaration order: comparing the next key's
    /// bytes with the key expected next costs less than hashing them.
    @inline(__always)
    func quotedKeyLength(ofProperty index: Int, at text: UnsafePointer<UInt8>, available: Int) -> Int? {
        guard index < propertyCount else { return nil }
        let length = quotedLengths[index]
        guard length > 0, length <= available else { return nil }
        let start = quotedStarts[index]
        assert(start >= 0 && start + length <= quotedKeys.count, "the quoted key of property \(index) is out of bounds")
        let isEqual = quotedKeys.withUnsafeBufferPointer { keys in
            Self.equal(UnsafeRawPointer(keys.baseAddress! + start), UnsafeRawPointer(text), count: length)
        }
        return isEqual ? length : nil
    }

    /// What `key` names, or `nil` when its bytes match no key of the table (it may still
    /// equal one under Unicode canonical equivalence when it is not ASCII).
    @inline(__always)
    func match(_ key: String) -> Match? {
        if let found = key.utf8.withContiguousStorageIfAvailable({ match(bytes: $0) }) { return found }
        return Array(key.utf8).withUnsafeBufferPointer { match(bytes: $0) }
    }

    /// What the key whose UTF-8 bytes are `bytes` names, or `nil` as for ``match(_:)``.
    func match(bytes: UnsafeBufferPointer<UInt8>) -> Match? {
        var slot = Self.hash(bytes) & mask
        return keyBytes.withUnsafeBufferPointer { keyBytes in
            while true {
                let entry = Int(slots[slot])
                if entry == 0 { return nil }
                let index = entry - 1
                let start = keyStarts[index]
                let end = keyStarts[index + 1]
                assert(start >= 0 && start <= end && end <= keyBytes.count, "key \(index) is out of bounds")
                if end - start == bytes.count,
                    bytes.isEmpty
                        || Self.equal(
                            UnsafeRawPointer(keyBytes.baseAddress! + start), UnsafeRawPointer(bytes.baseAddress!),
                            count: bytes.count)
                {
                    return keyMatches[index]
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Whether `count` bytes at `lhs` and `rhs` are equal, compared eight at a time: keys are
    /// short, and a call to `memcmp` costs more than the comparison.
    ///
    /// The callers check, in debug builds, that both ranges are within their buffers.
    @inline(__always)
    private static func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            guard
                lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        while offset < count {
            guard lhs.load(fromByteOffset: offset, as: UInt8.self) == rhs.load(fromByteOffset: offset, as: UInt8.self)
            else { return false }
            offset += 1
        }
        return true
    }

    /// A hash of a key's length and of its first, middle and last bytes: a few instructions
    /// whatever the length, and the keys of one class seldom share all four.
    ///
    /// The buffer's subscript checks each index in debug builds.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        guard count > 0 else { return 0 }
        let mixed =
            UInt64(count) | UInt64(bytes[0]) << 8 | UInt64(bytes[count >> 1]) << 16 | UInt64(bytes[count - 1]) << 24
        return Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }
}
