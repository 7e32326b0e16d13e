extension ModelObject {
    /// Hands the set of the saved property at `offset` to the recorder of the history that
    /// tracks this object, for ``recordChange(atOffset:from:to:)``.
    ///
    /// A set that is a step of its own and leaves what the history's observers see as it was,
    /// nearly every set, is recorded through an unretained reference to the recorder, which
    /// this object holds: a retain and a release of the recorder on every set would cost about
    /// as much as the rest of the recording. Nothing can release the recorder meanwhile, since
    /// recording such a set runs none of the user's code: the step that ``UndoHistory/levelsOfUndo``
    /// drops, whose release may end objects and run their `deinit`, comes back to be released
    /// here, once the recorder is done. The other sets, which may notify observers, attach
    /// objects or call the undo manager's bridge, are recorded through a strong reference.
    @inline(__always)
    func recordForUndo<Value: SavedValue>(atOffset offset: Int, from oldValue: Value, to newValue: Value) {
        guard let recorder = attachedUndoRecorder.map(Unmanaged.passUnretained) else { return }
        if !Value._containsModelObjects && recorder._withUnsafeGuaranteedRef({ $0.takesPlainSteps }) {
            _ = recorder._withUnsafeGuaranteedRef { $0.recordPlainStep(of: self, atOffset: offset, from: oldValue) }
        } else if let undoRecorder {
            undoRecorder.recordChange(of: self, atOffset: offset, from: oldValue, to: newValue)
        }
    }

    /// Runs `body`, whose changes to this object's graph an ``UndoHistory`` that tracks it
    /// records as one step: a merge patch, a revert or a load with local changes, each made of
    /// many settings.
    func asOneUndoStep<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard let undoRecorder else { return try body() }
        return try undoRecorder.group(named: nil, body)
    }

    /// Runs `body`, which changes values of this object's graph also where the change record
    /// does not see it (a load that keeps local changes swaps the values of the last load in
    /// and out), recording what it changes in each object of the graph as one step.
    func asOneUndoStepOfTheGraph<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard let undoRecorder else { return try body() }
        var objects: [ModelObject] = []
        enumerateObjects { object, _ in objects.append(object) }
        return try undoRecorder.capturing(objects, body)
    }

    /// Sets `property` to `value` as the user would and as merge patches do, for undo and
    /// redo: through ``recordAssignment(of:replacing:atOffset:)``, notifying the observers of
    /// saved values and, when the value can hold model objects, those of the nested objects.
    func set(_ property: AnySavedProperty, to value: Any) {
        guard property.containsModelObjects else {
            return withMutationOfSavedValues { property.assign(value, to: self) }
        }
        withMutationOfNestedObjects {
            withMutationOfSavedValues { property.assign(value, to: self) }
        }
    }
}
