/// One change that an ``UndoHistory`` can take back and make again: a saved property or an
/// unknown value of one object, with its values before and after.
struct UndoChange {
    enum Kind {
        /// The saved property whose storage is at `offset`, which identifies it in the change
        /// record too.
        case property(offset: Int, oldValue: Any, newValue: Any)
        /// The unknown value under `key`; `nil` when it was absent, or is removed.
        case unknownValue(key: String, oldValue: Any?, newValue: Any?)
    }

    let object: ModelObject
    var kind: Kind

    /// Whether this change sets the property at `offset` of `object`, and so can take in the
    /// next change to it while changes coalesce.
    func isChange(of object: ModelObject, atOffset offset: Int) -> Bool {
        guard self.object === object, case .property(offset, _, _) = kind else { return false }
        return true
    }

    /// Makes `later`, a change of the same property, part of this one: the property goes from
    /// this change's old value to the later change's new value.
    mutating func absorb(_ later: UndoChange) {
        guard case .property(let offset, let oldValue, _) = kind, case .property(_, _, let newValue) = later.kind
        else { return }
        kind = .property(offset: offset, oldValue: oldValue, newValue: newValue)
    }

    /// Sets the value from before the change (`undoing`) or after it, as the user would: the
    /// change record, observers and the nested objects' observers all see it.
    func apply(undoing: Bool) {
        switch kind {
        case .property(let offset, let oldValue, let newValue):
            guard let property = ModelMetadata.of(type(of: object)).propertiesByOffset[offset] else { return }
            object.set(property, to: undoing ? oldValue : newValue)
        case .unknownValue(let key, let oldValue, let newValue):
            object.withMutationOfSavedValues {
                object.replaceUnknownValue(forKey: key, with: undoing ? oldValue : newValue)
            }
        }
    }
}

/// What one undo or redo takes back or makes again: the changes of one user action, in the
/// order they were made, and the action's name.
///
/// A step holds at least one change; the first is stored apart from the others so that a step
/// of one change, the common case, needs no array of its own.
struct UndoStep {
    var name: String?
    var first: UndoChange
    var rest: [UndoChange] = []

    /// A step of `changes`, which are not empty, or `nil` for none.
    init?(name: String?, changes: [UndoChange]) {
        guard let first = changes.first else { return nil }
        self.name = name
        self.first = first
        rest = Array(changes.dropFirst())
    }

    init(change: consuming UndoChange) {
        first = change
    }

    /// Takes the changes back, last first.
    func undo() {
        for change in rest.reversed() { change.apply(undoing: true) }
        first.apply(undoing: true)
    }

    /// Makes the changes again, in their order.
    func redo() {
        first.apply(undoing: false)
        for change in rest { change.apply(undoing: false) }
    }
}
