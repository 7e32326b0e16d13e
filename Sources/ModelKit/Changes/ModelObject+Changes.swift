import Foundation

extension ModelObject {
    /// Whether a saved property of this object was set to a different value since creation,
    /// the last load or the last ``clearChanges()``.
    ///
    /// Setting a property back to the value it started from undoes its change.
    public var hasChanges: Bool {
        accessChangeRecord()
        return !changeRecord.isEmpty
    }

    /// The keys of the saved properties and unknown values that changed.
    public var changedKeys: Set<String> {
        accessChangeRecord()
        return changeRecord.keys(in: ModelMetadata.of(type(of: self)))
    }

    /// Whether this object or any model object nested in it, directly or in a collection,
    /// has changes.
    public var hasAnyChanges: Bool {
        var found = false
        enumerateObjects { object, stop in
            // Observers follow the nested objects too, which loading and assigning replace.
            object.accessNestedObjects()
            if object.hasChanges {
                found = true
                stop = true
            }
        }
        return found
    }

    /// Forgets the changes of this object and every model object nested in it, making the
    /// current values the ones that ``revertChanges()`` returns to.
    public func clearChanges() {
        enumerateObjects { object, _ in
            object.forgetChanges()
        }
    }

    /// Puts back the values from the last load or ``clearChanges()`` in this object and every
    /// model object nested in it, then clears the changes.
    public func revertChanges() {
        var objects: [ModelObject] = []
        enumerateObjects { object, _ in objects.append(object) }
        for object in objects {
            object.revertOwnChanges()
        }
    }

    /// Visits this object and every model object nested in it, depth first, parents before
    /// children, each once.
    ///
    /// The walk keeps its own list of the objects still to visit rather than recursing, so a
    /// graph of any depth that fits in memory is walked on any thread.
    ///
    /// ```swift
    /// demo.enumerateObjects { object, stop in
    ///     if object is ColorValue { stop = true }
    /// }
    /// ```
    ///
    /// - Parameter body: Called with each object; set `stop` to `true` to end the walk.
    public func enumerateObjects(_ body: (_ object: ModelObject, _ stop: inout Bool) -> Void) {
        var visited: Set<ObjectIdentifier> = []
        var toVisit: [ModelObject] = [self]
        var stop = false
        while let object = toVisit.popLast() {
            guard visited.insert(ObjectIdentifier(object)).inserted else { continue }
            body(object, &stop)
            if stop { return }
            let metadata = ModelMetadata.of(type(of: object))
            guard metadata.containsModelObjects else { continue }
            // Pushed in reverse, so that the first child is visited next, as a recursive walk
            // would visit it.
            let firstChild = toVisit.endIndex
            for property in metadata.properties where property.containsModelObjects {
                _ = property.visitModelObjects(of: object) { child in
                    toVisit.append(child)
                    return true
                }
            }
            toVisit[firstChild...].reverse()
        }
    }

    private func revertOwnChanges() {
        guard !changeRecord.isEmpty else { return }
        let metadata = ModelMetadata.of(type(of: self))
        withMutationOfSavedValues {
            for (offset, original) in changeRecord.properties {
                metadata.propertiesByOffset[offset]?.setValue(original, of: self)
            }
            for (key, original) in changeRecord.unknownKeys {
                unknownValues[key] = original
            }
            for (offset, skipped) in changeRecord.skippedValues {
                skippedValues[offset] = skipped
            }
            forgetChanges()
        }
    }

    /// Empties the change record, notifying observers of ``hasChanges`` when it held changes.
    func forgetChanges() {
        guard !changeRecord.isEmpty else { return }
        withMutationOfChangeRecord { changeRecord = ChangeRecord() }
    }

    func recordChange<Value: SavedValue>(atOffset offset: Int, from oldValue: Value, to newValue: Value) {
        defer { checkRecordedChange(atOffset: offset, settingTo: newValue) }
        if let original = changeRecord.properties[offset] {
            // Setting the original value back does not put back a skipped value it replaced.
            guard let original = original as? Value, original == newValue,
                changeRecord.skippedValues[offset] == nil
            else { return }
            withMutationOfChangeRecord { changeRecord.properties[offset] = nil }
        } else {
            withMutationOfChangeRecord { changeRecord.properties[offset] = oldValue }
        }
    }
}
