extension ModelObject {
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
