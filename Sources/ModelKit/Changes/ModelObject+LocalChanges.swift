import Foundation

extension ModelObject {
    /// Runs `load`, which loads fresh data into this object all or nothing, and sets the
    /// user's changes again on top of that data, for ``LoadOptions/keepingLocalChanges``.
    ///
    /// The changes are taken by key before the load and set again after it, so this works the
    /// same whichever reader does the load, and costs nothing when there are no changes. The
    /// load itself runs while the objects hold the values of their last load or clear, so that
    /// a key the data leaves out keeps that value, as it would have without the changes.
    func loadKeepingLocalChanges(_ load: () throws -> Void) throws {
        guard hasAnyChanges else { return try load() }
        try asOneUndoStepOfTheGraph { try loadKeepingChanges(load) }
    }

    private func loadKeepingChanges(_ load: () throws -> Void) throws {
        var visited: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
        let changes = try LocalChanges(of: self, baseline: SaveContext(writesBaseline: true), visited: &visited)
        try withValuesOfLastLoad(load)
        var conflicts: [ModelKeyPath] = []
        changes.restore(on: self, at: ModelKeyPath(), conflicts: &conflicts)
        mergeConflicts = conflicts
    }

    /// Runs `body` while this object and every object nested in it hold the values of their
    /// last load or clear, and puts the changed values back afterwards, whether `body` throws
    /// or not; the change records stay as they are throughout.
    private func withValuesOfLastLoad(_ body: () throws -> Void) rethrows {
        var changedObjects: [ModelObject] = []
        enumerateObjects { object, _ in
            if !object.changeRecord.isEmpty { changedObjects.append(object) }
        }
        let current = changedObjects.map { $0.swapChangedValues(with: nil) }
        defer {
            for (object, values) in zip(changedObjects, current) {
                _ = object.swapChangedValues(with: values)
            }
        }
        try body()
    }

    /// Sets the changed values of this object to `values`, or to those of the last load or
    /// clear when `values` is `nil`, without recording or announcing anything.
    ///
    /// - Returns: The values the object held before.
    private func swapChangedValues(with values: ChangedValues?) -> ChangedValues {
        let metadata = ModelMetadata.of(type(of: self))
        var previous = ChangedValues()
        for (offset, original) in changeRecord.properties {
            guard let property = metadata.propertiesByOffset[offset] else { continue }
            previous.properties[offset] = property.value(of: self)
            property.setValue(values?.properties[offset] ?? original, of: self)
        }
        for offset in changeRecord.skippedValues.keys {
            previous.skippedValues[offset] = skippedValues[offset]
            skippedValues[offset] = values == nil ? changeRecord.skippedValues[offset] : values?.skippedValues[offset]
        }
        for (key, original) in changeRecord.unknownKeys {
            previous.unknownValues[key] = .some(unknowns[key])
            unknowns[key] = values == nil ? original : values?.unknownValues[key] ?? nil
        }
        return previous
    }
}

/// The values that the changed saved properties, kept values and unknown keys of one object
/// hold.
private struct ChangedValues {
    var properties: [Int: Any] = [:]
    var skippedValues: [Int: SkippedValue] = [:]
    var unknownValues: [String: Any?] = [:]
}
