import Foundation

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

    // For each slot, 1 + the index of its key, or 0 when the slot is empty.
    private let slots: [Int32]
    private let keyBytes: [UInt8]
    private let keyStarts: [Int]
    /// What the key at each index names.
    private let keyMatches: [Match]
    private let propertyCount: Int
    private let mask: Int
    // Each property's key between quotes, as JSON writes a key that needs no escape, one after
    // the other; for each property, where its quoted key starts and how long it is, or 0 for a
    // key that needs an escape.
    private let quotedKeys: [UInt8]
    private let quotedStarts: [Int]
    private let quotedLengths: [Int]

    /// A table of the keys of `layout`, whose own keys of top-level properties (in property
    /// order, `nil` for a property inside a nested object) are also predicted in order; `nil`
    /// when a key is not ASCII.
    init?(layout: DataLayout, propertyKeys: [String?]) {
        let entries = layout.matches.sorted { $0.key < $1.key }
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
        self.slots = slots
        keyBytes = bytes
        keyStarts = starts
        keyMatches = entries.map(\.value)
        propertyCount = propertyKeys.count
        mask = size - 1
        var quoted: [UInt8] = []
        var quotedStarts: [Int] = []
        var quotedLengths: [Int] = []
        for key in propertyKeys {
            quotedStarts.append(quoted.count)
            guard let key else {
                quotedLengths.append(0)
                continue
            }
            let needsEscape = key.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
            quotedLengths.append(needsEscape ? 0 : key.utf8.count + 2)
            if !needsEscape { quoted += [UInt8(ascii: "\"")] + Array(key.utf8) + [UInt8(ascii: "\"")] }
        }
        quotedKeys = quoted
        self.quotedStarts = quotedStarts
        self.quotedLengths = quotedLengths
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
        let isEqual = quotedKeys.withUnsafeBufferPointer { keys in
            Self.equal(UnsafeRawPointer(keys.baseAddress! + quotedStarts[index]), UnsafeRawPointer(text), count: length)
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
                if keyStarts[index + 1] - start == bytes.count,
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
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        guard count > 0 else { return 0 }
        let mixed =
            UInt64(count) | UInt64(bytes[0]) << 8 | UInt64(bytes[count >> 1]) << 16 | UInt64(bytes[count - 1]) << 24
        return Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }
}
