import Foundation

/// The values that an object keeps under keys its class does not declare, to write them back.
///
/// What ModelKit's JSON reader finds lives as JSON text: the undeclared members of the object,
/// in the order they came, as one ``CompactMembers``, and the other keys of a container
/// (`@Saved(path:)`) as ``CompactMembers`` under the container's key: the first container's in
/// a place of its own, so that a payload object with one container needs no dictionary, and
/// any others among the other values. Nothing is built from
/// them until something asks: ``dictionary`` and the subscript give Foundation values, as
/// `JSONSerialization` would have given them, while the JSON writer copies the text. Values
/// from the dictionary form, set in code or read without a compact text (see `CompactJSON`)
/// are Foundation values. A key is in one of these places, never in two.
struct UnknownValues {
    /// The undeclared members that the JSON reader kept, in the order they came.
    private(set) var members: CompactMembers?
    /// The other values by key: Foundation values, or a container's other keys as
    /// ``CompactMembers``.
    private(set) var values: [String: Any] = [:]
    /// The other keys of the first container that the JSON reader kept.
    private var container: (key: String, members: CompactMembers)?

    init() {}

    init(_ dictionary: [String: Any]) {
        values = dictionary
    }

    var isEmpty: Bool { members == nil && values.isEmpty && container == nil }

    var count: Int { (members?.count ?? 0) + values.count + (container == nil ? 0 : 1) }

    /// The value under `key` as a Foundation value; setting one replaces the kept text.
    subscript(key: String) -> Any? {
        get {
            if let container, container.key == key { return container.members.foundationDictionary }
            if let value = values[key] { return Self.foundationValue(of: value) }
            return members?.value(forKey: key)?.foundationValue
        }
        set {
            if let container, container.key == key { self.container = nil }
            if let members, members.value(forKey: key) != nil { self.members = members.removing(key) }
            values[key] = newValue
        }
    }

    /// The value under `key` as it is kept: compact text or a Foundation value.
    func keptValue(forKey key: String) -> Any? {
        if let container, container.key == key { return container.members }
        return values[key] ?? members?.value(forKey: key)
    }

    /// Every value, as Foundation values.
    var dictionary: [String: Any] {
        var dictionary = members?.foundationDictionary ?? [:]
        dictionary.reserveCapacity(count)
        for (key, value) in values { dictionary[key] = Self.foundationValue(of: value) }
        if let container { dictionary[container.key] = container.members.foundationDictionary }
        return dictionary
    }

    /// Every key.
    var keys: [String] {
        (members?.keys ?? []) + values.keys + (container.map { [$0.key] } ?? [])
    }

    /// Adds the members that the JSON reader kept, which replace values under the same keys.
    ///
    /// - Parameter isNeverAMember: Whether a key is one that no undeclared member has, such
    ///   as a container's, which the reader reads as the container.
    mutating func add(_ newMembers: CompactMembers, isNeverAMember: (String) -> Bool) {
        // A freshly read object holds at most its containers' other keys.
        if members == nil, values.keys.allSatisfy({ isNeverAMember($0) || !newMembers.hasKey($0) }) {
            members = newMembers
            return
        }
        newMembers.forEachMember { key, range in
            self[key] = newMembers.value(in: range)
        }
    }

    /// Keeps the other keys of a container, read from JSON, under the container's key.
    mutating func keepContainer(_ key: String, _ kept: CompactMembers?) {
        guard let kept, container == nil || container?.key == key else {
            self[key] = kept
            return
        }
        if values[key] != nil || members?.value(forKey: key) != nil { self[key] = nil }
        container = (key, kept)
    }

    /// Whether both hold the same values: at once when their texts are equal, else compared as
    /// Foundation values, so that key order and number texts do not count.
    ///
    /// - Parameter containers: The containers of the class, whose nested objects that came as
    ///   `null` or `{}` and hold nothing else do not count: they are how the containers are
    ///   written, not values (see ``PathContainer/heldValue(of:)``).
    func isEqual(to other: UnknownValues, containers: [PathContainer] = []) -> Bool {
        if isEmpty && other.isEmpty { return true }
        if members == other.members, values.isEmpty, other.values.isEmpty,
            container?.key == other.container?.key, container?.members == other.container?.members
        {
            return true
        }
        return DictionaryFormEquality.isEqual(heldDictionary(containers), other.heldDictionary(containers))
    }

    /// Every value, as Foundation values, without the nested objects of `containers` that
    /// came as `null` or `{}` and hold nothing else (see ``PathContainer/heldValue(of:)``).
    func heldDictionary(_ containers: [PathContainer]) -> [String: Any] {
        var dictionary = self.dictionary
        for container in containers {
            dictionary[container.key] = dictionary[container.key].flatMap(container.heldValue(of:))
        }
        return dictionary
    }

    /// The values that differ from those of `old`, by key in key order, as Foundation values
    /// (`nil` for a value held by one side only); compared as ``isEqual(to:)`` compares.
    func differences(from old: UnknownValues) -> [(key: String, old: Any?, new: Any?)] {
        guard !old.isEqual(to: self) else { return [] }
        let (oldValues, newValues) = (old.dictionary, dictionary)
        return Set(oldValues.keys).union(newValues.keys).sorted().compactMap { key in
            let (oldValue, newValue) = (oldValues[key], newValues[key])
            return DictionaryFormEquality.isSame(oldValue, newValue) ? nil : (key, oldValue, newValue)
        }
    }

    /// The Foundation value of a kept value.
    static func foundationValue(of value: Any) -> Any {
        if let members = value as? CompactMembers { return members.foundationDictionary }
        if let compact = value as? CompactJSON { return compact.foundationValue }
        return value
    }
}
