import Foundation

extension ModelObject {
    /// Whether a saved property of this object was set to a different value since creation,
    /// the last load or the last ``clearChanges()``.
    ///
    /// Setting a property back to the value it started from undoes its change. The
    /// properties of a flattened object (`@Saved(flattened: true)`) count as this object's.
    public var hasChanges: Bool {
        accessChangeRecord()
        return !changeRecord.isEmpty || hasChangedFlattenedObjects()
    }

    /// The keys of the saved properties and unknown values that changed.
    ///
    /// A property stored inside nested objects is named by its path, such as `stats.stars`,
    /// as ``savedKeys`` lists it. A flattened object's properties (`@Saved(flattened: true)`)
    /// are named by their keys, as the data has them at this object's level: those the object
    /// changed, or, when another object was set in its place, those whose values differ from
    /// the replaced object's.
    public var changedKeys: Set<String> {
        accessChangeRecord()
        let metadata = ModelMetadata.of(type(of: self))
        guard metadata.layout.flattened.isEmpty else { return changedKeys(withFlattenedObjectsOf: metadata) }
        return changeRecord.keys(in: metadata)
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
        asOneUndoStep {
            for object in objects {
                object.revertOwnChanges()
            }
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
                unknowns[key] = original
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

    /// Empties the change record without notifying observers, for a load, which notifies them
    /// of every saved value.
    func forgetChangesQuietly() {
        if hasChangeRecord {
            changeRecord = ChangeRecord()
        }
    }

    /// Moves the change record out of an object being deallocated, whose values are released
    /// later; `nil` when it holds no changes.
    func takeChangeRecord() -> ChangeRecord? {
        guard !changeRecord.isEmpty else { return nil }
        defer { changeRecord = ChangeRecord() }
        return changeRecord
    }

    // MARK: Recording changes

    // The change record is written only through the functions below, so that each rule about
    // changes holds whichever way a value is set.

    /// Sets a saved property as the user would, for its setter and for everything that sets
    /// values on the user's behalf (merge patches): the object is touched, a value kept by a
    /// lenient load is replaced even by an equal value, and a different value is recorded as
    /// a change, except while changes are suppressed or a prototype is being created.
    ///
    /// The caller stores `newValue` and notifies observers.
    ///
    /// - Parameters:
    ///   - newValue: The value being set.
    ///   - oldValue: The property's value now.
    ///   - offset: The offset of the property's storage, worked out only when needed.
    /// - Returns: Whether `newValue` differs from `oldValue`.
    @inline(__always)
    func recordAssignment<Value: SavedValue>(
        of newValue: Value,
        replacing oldValue: Value,
        atOffset offset: @autoclosure () -> Int
    ) -> Bool {
        isPristine = false
        // Setting the property, even to an equal value, replaces what a lenient load kept.
        let replacesKeptValue =
            hasSkippedValues && replaceSkippedValue(atOffset: offset(), oldValue: oldValue, newValue: newValue)
        guard oldValue != newValue else {
            if let undoRecorder {
                if replacesKeptValue {
                    // The data changes all the same when a kept value goes: a step to undo.
                    undoRecorder.recordChange(
                        of: self, atOffset: offset(), from: oldValue, replacingKeptValueWith: newValue)
                } else if Value._containsModelObjects {
                    // Equal objects that are other instances join the graph that an undo
                    // history watches all the same.
                    undoRecorder.attachObjects(in: newValue)
                }
            }
            return false
        }
        // A prototype's values are its class's defaults, not changes; and recording one would
        // ask for the metadata that the prototype is being created to describe.
        if !isSuppressingChanges && !SavedCensus.isTaken {
            recordChange(atOffset: offset(), from: oldValue, to: newValue, replacingKeptValue: replacesKeptValue)
        }
        return true
    }

    /// Records that the property stored at `offset` changes from `oldValue` to `newValue`;
    /// `replacingKeptValue` when the set also replaces a value that a load kept in the
    /// property's place, which undoing it puts back.
    func recordChange<Value: SavedValue>(
        atOffset offset: Int, from oldValue: Value, to newValue: Value, replacingKeptValue: Bool = false
    ) {
        defer { checkRecordedChange(atOffset: offset, settingTo: newValue) }
        // The one place where an undo history learns of a property set: nothing but this
        // check when no history tracks the object.
        if attachedUndoRecorder != nil {
            if replacingKeptValue, let undoRecorder {
                undoRecorder.recordChange(of: self, atOffset: offset, from: oldValue, replacingKeptValueWith: newValue)
            } else {
                recordForUndo(atOffset: offset, from: oldValue, to: newValue)
            }
        }
        if let original = changeRecord.properties[offset] {
            guard let original = original as? Value, original == newValue,
                restoresKeptValue(atOffset: offset, settingNil: newValue._isNilSavedValue)
            else { return }
            withMutationOfChangeRecord { changeRecord.properties[offset] = nil }
        } else {
            withMutationOfChangeRecord { changeRecord.properties[offset] = oldValue }
        }
    }

    /// Records that `property` changed from `oldValue` other than through its setter, as a
    /// value that repeats others changes when they do; the same rules as
    /// ``recordChange(atOffset:from:to:)``.
    func recordChange(of property: AnySavedProperty, from oldValue: Any) {
        let offset = property.offset
        if let original = changeRecord.properties[offset] {
            guard property.isEqual(original, toValueOf: self),
                restoresKeptValue(atOffset: offset, settingNil: property.isNil(in: self))
            else { return }
            withMutationOfChangeRecord { changeRecord.properties[offset] = nil }
        } else {
            withMutationOfChangeRecord { changeRecord.properties[offset] = oldValue }
        }
    }

    /// Whether setting the property stored at `offset` back to its original value undoes the
    /// change, as to the kept value that the first set replaced, if any: setting the original
    /// back does not put back a skipped value, but a `nil` set back where a `null` was kept puts
    /// the null back, since whether a `nil` came as `null` is how it is written, not a value.
    private func restoresKeptValue(atOffset offset: Int, settingNil: Bool) -> Bool {
        guard !changeRecord.skippedValues.isEmpty, let skipped = changeRecord.skippedValues[offset] else {
            return true
        }
        guard skipped.isNull, settingNil else { return false }
        skippedValues[offset] = skipped
        withMutationOfChangeRecord { changeRecord.skippedValues[offset] = nil }
        return true
    }

    /// Records that setting the property at `offset`, which held `oldValue`, replaced
    /// `skipped`, a value kept by a lenient load, so that reverting puts both back; earlier
    /// records of either stay.
    func recordReplacement(of skipped: SkippedValue, atOffset offset: Int, oldValue: Any) {
        withMutationOfChangeRecord {
            if changeRecord.properties[offset] == nil {
                changeRecord.properties[offset] = oldValue
            }
            if changeRecord.skippedValues[offset] == nil {
                changeRecord.skippedValues[offset] = skipped
            }
        }
    }

    /// Records that the unknown value under `key` changes from `oldValue` (`nil` when absent)
    /// to `newValue`, as a saved property's setter records its change: the first change keeps
    /// the original, an equal value is no change, and setting the original back forgets the
    /// change.
    func recordUnknownValueChange(forKey key: String, from oldValue: Any?, to newValue: Any?) {
        if let recorded = changeRecord.unknownKeys[key] {
            guard DictionaryFormEquality.isSame(recorded, newValue) else { return }
            withMutationOfChangeRecord { changeRecord.unknownKeys[key] = nil }
        } else if !DictionaryFormEquality.isSame(oldValue, newValue) {
            withMutationOfChangeRecord { changeRecord.unknownKeys[key] = .some(oldValue) }
        }
    }
}
