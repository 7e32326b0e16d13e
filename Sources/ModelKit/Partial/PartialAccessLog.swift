import Observation

/// What the getters of the saved properties of objects that a ``PartialLoader`` fills tell it:
/// the property read last, and for each property read, how to notify its observers.
///
/// Observers track a property by the key path that its getter hands the registrar, which only
/// the getter knows. While a loader fills an object, the object's getters log that key path
/// here, so that the loader notifies exactly the observers of a property whose value it changes;
/// a property whose getter has not run since has no observer that tracked it through this log,
/// and the loader notifies the observers of every saved value instead, as a load does.
final class PartialAccessLog {
    /// A property of a class, by the offset of its storage.
    private struct PropertyID: Hashable {
        let modelClass: ObjectIdentifier
        let offset: Int
    }

    /// The object and the offset of the property that a getter read last.
    private(set) var lastAccess: (object: ModelObject, offset: Int)?

    /// For each property read, the mutation that notifies its observers.
    private var notifiers: [PropertyID: (ModelObject, () -> Void) -> Void] = [:]

    /// Logs the getter of the property at `offset` of `model`, whose observers track
    /// `wrappedKeyPath`.
    func record<Model: ModelObject, Value>(
        _ model: Model, wrapped wrappedKeyPath: ReferenceWritableKeyPath<Model, Value>, offset: Int
    ) {
        lastAccess = (model, offset)
        let id = PropertyID(modelClass: ObjectIdentifier(type(of: model)), offset: offset)
        guard notifiers[id] == nil else { return }
        notifiers[id] = { object, mutation in
            guard let model = object as? Model else { return mutation() }
            model.observationRegistrar.withMutation(of: model, keyPath: wrappedKeyPath, mutation)
        }
    }

    /// Forgets the last access, before a getter is run to find a property.
    func forgetLastAccess() {
        lastAccess = nil
    }

    /// Runs `mutation`, which changes the property at `offset` of `object`, notifying its
    /// observers, or those of every saved value when no getter of the property was logged.
    func withMutation(of object: ModelObject, offset: Int, holdsObjects: Bool, _ mutation: () -> Void) {
        guard let registrar = object.lazyObservationRegistrar else { return mutation() }
        guard holdsObjects else { return notify(object, offset: offset, registrar: registrar, mutation) }
        object.withMutationOfNestedObjects { notify(object, offset: offset, registrar: registrar, mutation) }
    }

    private func notify(
        _ object: ModelObject, offset: Int, registrar: ObservationRegistrar, _ mutation: () -> Void
    ) {
        let id = PropertyID(modelClass: ObjectIdentifier(type(of: object)), offset: offset)
        if let notifier = notifiers[id] {
            notifier(object, mutation)
        } else {
            registrar.withMutation(of: object, keyPath: \ModelObject.savedValuesToken, mutation)
        }
    }
}
