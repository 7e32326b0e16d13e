import Foundation

/// A dictionary of values of any type that JSON and property lists can hold, saved as it is.
///
/// This keeps free-form data, such as ``IntervalValue/extraValues``, whole: it loads any
/// JSON object and writes it back unchanged, the way unknown keys are kept.
struct SavedDictionary: SavedValue, CustomStringConvertible {
    /// The values, as `JSONSerialization` gives them.
    let values: [String: Any]

    init(_ values: [String: Any]) {
        self.values = values
    }

    static func _make(savedValue: Any, context: LoadContext) throws -> SavedDictionary {
        guard let values = savedValue as? [String: Any] else {
            throw ModelError.expectedObject(found: savedValue)
        }
        return SavedDictionary(values)
    }

    func _savedValue(context: SaveContext) throws -> Any {
        values
    }

    func _writeJSON(to writer: inout JSONWriter) throws {
        try writer.writeAny(values)
    }

    static func == (lhs: SavedDictionary, rhs: SavedDictionary) -> Bool {
        DictionaryFormEquality.isEqual(lhs.values, rhs.values)
    }

    var description: String {
        let entries = values.keys.sorted().map { key in
            "\(String(reflecting: key)): \(values[key].map { "\($0)" } ?? "nil")"
        }
        return "[" + (entries.isEmpty ? ":" : entries.joined(separator: ", ")) + "]"
    }
}

extension SavedDictionary: Hashable {
    // Equal dictionaries have the same keys; hashing only those agrees with `==` without
    // hashing values of unknown types.
    func hash(into hasher: inout Hasher) {
        hasher.combine(Set(values.keys))
    }
}
