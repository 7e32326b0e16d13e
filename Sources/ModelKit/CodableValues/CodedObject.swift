import Foundation

/// The entries of a JSON object, in order, as ``CodedValue`` holds them.
///
/// A key may come more than once in a document; its last value counts, as in
/// `JSONSerialization`, so a lookup searches from the end. Objects of more than
/// ``indexedCount`` entries (a dictionary of many keys, say) also keep the position of each
/// key's last entry, so that decoding them all does not take quadratic time.
struct CodedObject {
    /// The entries, in the order of the document.
    let entries: [(key: String, value: CodedValue)]
    /// The position of the last entry of each key, for an object of more than ``indexedCount``
    /// entries; else `nil`.
    private let positions: [String: Int]?

    /// Objects with more entries than this keep their positions by key.
    static let indexedCount = 12

    init(entries: [(key: String, value: CodedValue)]) {
        self.entries = entries
        guard entries.count > Self.indexedCount else {
            positions = nil
            return
        }
        var positions: [String: Int] = [:]
        positions.reserveCapacity(entries.count)
        for (position, entry) in entries.enumerated() {
            positions[entry.key] = position
        }
        self.positions = positions
    }

    /// The last value of `key`, or `nil` when the object has no such key.
    ///
    /// Keys compare as `String`s do, by canonical equivalence, as the keys of the dictionary
    /// form do.
    func value(forKey key: String) -> CodedValue? {
        if let positions {
            return positions[key].map { entries[$0].value }
        }
        var position = entries.endIndex
        while position > entries.startIndex {
            position -= 1
            if entries[position].key == key { return entries[position].value }
        }
        return nil
    }

    /// Each key once, sorted by its UTF-8 bytes: the same order from either reader, whose
    /// dictionary form has none of its own.
    var keys: [String] {
        var keys: [String]
        if let positions {
            keys = Array(positions.keys)
        } else {
            keys = []
            keys.reserveCapacity(entries.count)
            for entry in entries where !keys.contains(entry.key) {
                keys.append(entry.key)
            }
        }
        keys.sort(by: JSONOutput.keyOrder)
        return keys
    }
}
