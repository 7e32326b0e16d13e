/// One change that an ``UndoHistory`` can take back and make again: a saved property or an
/// unknown value of one object, with the value that applying the change sets.
///
/// A change holds one value, not the values before and after: applying it sets its value and
/// keeps the one it replaces, which makes it the change that takes itself back. Undoing a step
/// so turns it into the step that redoes it, and redoing sets what the history found when it
/// undid (as an `UndoManager` registers the redo while undoing); recording a change boxes one
/// value rather than two.
struct UndoChange {
    enum Kind {
        /// The saved property whose storage is at `offset`, which identifies it in the change
        /// record too.
        case property(offset: Int, value: Any)
        /// The saved property whose storage is at `offset`, set where a load kept a value in
        /// its place: applying the change puts the kept value back too, when the property
        /// holds its value of the last load or clear again.
        case propertyRestoringKeptValue(offset: Int, value: Any)
        /// The unknown value under `key`; `nil` for an absent value. Boxed, so that a change
        /// of a property, which nearly every step holds, takes no room for the key.
        indirect case unknownValue(key: String, value: Any?)
    }

    let object: ModelObject
    var kind: Kind

    /// The offset of the saved property that the change sets; `nil` for an unknown value.
    var propertyOffset: Int? {
        switch kind {
        case .property(let offset, _), .propertyRestoringKeptValue(let offset, _): offset
        case .unknownValue: nil
        }
    }

    /// Whether this change sets the property at `offset` of `object`, and so takes in the next
    /// change to it while changes coalesce: the step keeps the value from before the first.
    func isChange(of object: ModelObject, atOffset offset: Int) -> Bool {
        self.object === object && propertyOffset == offset
    }

    /// Sets the change's value as the user would (the change record, observers and the
    /// nested objects' observers all see it) and keeps the value it replaces instead.
    mutating func apply() {
        switch kind {
        case .property(let offset, let value), .propertyRestoringKeptValue(let offset, let value):
            guard let property = ModelMetadata.of(type(of: object)).propertiesByOffset[offset] else { return }
            let replaced = property.value(of: object)
            // Setting replaces a kept value: the change that takes this one back puts it back.
            let replacesKeptValue = object.hasSkippedValue(atOffset: offset)
            object.set(property, to: value)
            if case .propertyRestoringKeptValue = kind { object.restoreSkippedValue(atOffset: offset, of: property) }
            kind =
                replacesKeptValue
                ? .propertyRestoringKeptValue(offset: offset, value: replaced)
                : .property(offset: offset, value: replaced)
        case .unknownValue(let key, let value):
            let replaced = object.unknowns[key]
            object.withMutationOfSavedValues {
                object.replaceUnknownValue(forKey: key, with: value)
            }
            kind = .unknownValue(key: key, value: replaced)
        }
    }
}

/// What one undo or redo takes back or makes again: the changes of one user action, in the
/// order they were made, and the action's name.
///
/// A step holds at least one change. The first is stored in the step itself, and only a step
/// made by a group keeps a name or more changes, in a ``Group`` of its own: a step of one set,
/// the common case, is its change and one empty reference, 64 bytes with no allocation.
struct UndoStep {
    var first: UndoChange
    private let group: Group?

    /// The name and the changes after the first of a step that a group made.
    private final class Group {
        let name: String?
        var rest: [UndoChange]

        init(name: String?, rest: [UndoChange]) {
            self.name = name
            self.rest = rest
        }
    }

    /// A step of `changes`, which are not empty, or `nil` for none.
    init?(name: String?, changes: [UndoChange]) {
        guard let first = changes.first else { return nil }
        self.first = first
        group = name == nil && changes.count == 1 ? nil : Group(name: name, rest: Array(changes.dropFirst()))
    }

    init(change: consuming UndoChange) {
        first = change
        group = nil
    }

    /// The action's name; `nil` when the step has none.
    var name: String? { group?.name }

    /// Whether the step has a name, told without copying it.
    var hasName: Bool { group?.name != nil }

    /// Whether the step is one change, which a coalescing change of the same property joins.
    var isSingleChange: Bool { group?.rest.isEmpty ?? true }

    /// Takes the changes back, last first, making the step the one that redoes them.
    mutating func undo() {
        if let group {
            for index in group.rest.indices.reversed() { group.rest[index].apply() }
        }
        first.apply()
    }

    /// Makes the changes again, in their order, making the step the one that undoes them.
    mutating func redo() {
        first.apply()
        if let group {
            for index in group.rest.indices { group.rest[index].apply() }
        }
    }
}
