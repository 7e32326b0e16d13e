import Observation

extension ModelObject {
    var observationRegistrar: ObservationRegistrar {
        if let lazyObservationRegistrar { return lazyObservationRegistrar }
        let registrar = ObservationRegistrar()
        lazyObservationRegistrar = registrar
        return registrar
    }

    /// A stand-in key path for "every saved value", which observers of any saved property also
    /// observe, so that loading new data notifies them all.
    var savedValuesToken: Int { 0 }

    /// A stand-in key path for the change record, which ``hasChanges`` and ``changedKeys``
    /// report.
    var changeRecordToken: Int { 0 }

    /// Registers an observer's interest in the change record, through ``changeRecordToken``.
    func accessChangeRecord() {
        observationRegistrar.access(self, keyPath: \ModelObject.changeRecordToken)
    }

    /// Runs `mutation`, which changes the change record, notifying the observers of
    /// ``hasChanges`` and ``changedKeys``.
    ///
    /// An object without a registrar has no observers, so it skips the notification. Debug
    /// builds check the record's invariants afterwards.
    func withMutationOfChangeRecord(_ mutation: () -> Void) {
        defer { checkChangeRecordInvariants() }
        guard let lazyObservationRegistrar else { return mutation() }
        lazyObservationRegistrar.withMutation(of: self, keyPath: \ModelObject.changeRecordToken, mutation)
    }

    /// Registers an observer's interest in every saved value, through ``savedValuesToken``.
    ///
    /// The key path is always rooted at `ModelObject`: key paths with different root types
    /// never compare equal, so a path rooted at a subclass would not match the mutation that
    /// ``withMutationOfSavedValues(_:)`` announces.
    func accessSavedValues() {
        observationRegistrar.access(self, keyPath: \ModelObject.savedValuesToken)
    }

    /// Runs `mutation`, which may change any saved value, notifying the observers of every
    /// saved property; an undo history that tracks the object records what it changes as one
    /// step.
    func withMutationOfSavedValues<Result>(_ mutation: () throws -> Result) rethrows -> Result {
        guard let undoRecorder else {
            return try observationRegistrar.withMutation(of: self, keyPath: \ModelObject.savedValuesToken, mutation)
        }
        return try undoRecorder.capturing([self]) {
            try observationRegistrar.withMutation(of: self, keyPath: \ModelObject.savedValuesToken, mutation)
        }
    }

    /// A stand-in key path for the model objects nested in this one, which ``hasAnyChanges``
    /// depends on: assigning other objects, even equal ones, or loading new data replaces them.
    var nestedObjectsToken: Int { 0 }

    /// Registers an observer's interest in which model objects are nested in this one.
    func accessNestedObjects() {
        observationRegistrar.access(self, keyPath: \ModelObject.nestedObjectsToken)
    }

    /// Runs `mutation`, which may replace nested model objects, notifying the observers of
    /// ``hasAnyChanges``.
    ///
    /// An object without a registrar has no observers, so it skips the notification.
    func withMutationOfNestedObjects<Result>(_ mutation: () throws -> Result) rethrows -> Result {
        guard let lazyObservationRegistrar else { return try mutation() }
        return try lazyObservationRegistrar.withMutation(of: self, keyPath: \ModelObject.nestedObjectsToken, mutation)
    }
}
