import Foundation

/// The entries that a keyed container of ModelKit's encoder has encoded, in the order
/// encoded; a key encoded again replaces its value, as in `JSONEncoder`.
///
/// Most objects have few keys, which are found by comparing them; an object of more than
/// ``indexedCount`` entries also keeps the position of each key.
final class EncodedObject {
    private(set) var entries: [(key: String, value: EncodedNode)] = []
    private var positions: [String: Int]?

    /// Objects with more entries than this keep their positions by key.
    private static let indexedCount = 12

    init() {
        entries.reserveCapacity(8)
    }

    /// The node under `key`.
    subscript(key: String) -> EncodedNode? {
        guard let position = position(of: key) else { return nil }
        return entries[position].value
    }

    /// Sets the node under `key`, in the place of the key's earlier node.
    func set(_ node: EncodedNode, forKey key: String) {
        if let position = position(of: key) {
            entries[position].value = node
            return
        }
        entries.append((key, node))
        if positions != nil {
            positions?[key] = entries.count - 1
        } else if entries.count > Self.indexedCount {
            var positions: [String: Int] = [:]
            for (position, entry) in entries.enumerated() {
                positions[entry.key] = position
            }
            self.positions = positions
        }
    }

    private func position(of key: String) -> Int? {
        if let positions { return positions[key] }
        return entries.firstIndex { $0.key == key }
    }

    /// Writes the entries with their keys sorted by their UTF-8 bytes, laid out as the writer
    /// lays out a dictionary (`JSONWriter.writeDictionary(_:)`).
    ///
    /// - Throws: A ``ModelError`` for containers nested more deeply than the writer writes,
    ///   located at its key.
    func write(to writer: inout JSONWriter) throws {
        try writer.checkNesting()
        let sorted = entries.sorted { JSONOutput.keyOrder($0.key, $1.key) }
        writer.output.beginObject()
        for (index, entry) in sorted.enumerated() {
            writer.output.writeKey(entry.key, isFirst: index == 0)
            try KeyPathStep.at(.key(entry.key)) {
                try entry.value.write(to: &writer)
            }
        }
        writer.output.endObject(isEmpty: sorted.isEmpty)
    }

    /// The dictionary form.
    var dictionaryForm: [String: Any] {
        var dictionary: [String: Any] = [:]
        dictionary.reserveCapacity(entries.count)
        for (key, node) in entries {
            dictionary[key] = node.dictionaryForm
        }
        return dictionary
    }
}
