import Foundation

extension ModelObject {
    /// The dictionary form that the object had at its last load or ``clearChanges()``: what
    /// ``revertChanges()`` would give back, read from the change record without reverting.
    ///
    /// Called by ``dictionaryForm(context:)`` when the context writes baselines, after it has
    /// entered the object; nested model objects write their own baselines through the context.
    func baselineForm(context: SaveContext) throws -> [String: Any] {
        let metadata = ModelMetadata.of(type(of: self))
        var result: [String: Any] = [:]
        let unknownValues = baselineUnknownValues
        result.reserveCapacity(metadata.properties.count + unknownValues.count + 2)
        var writer = BaselineEntryWriter(object: self, context: context)
        try writeSavedEntries(
            with: &writer, into: &result, metadata: metadata, options: context.options, order: .unordered,
            unknownValues: unknownValues)
        return result
    }

    /// The unknown values as they were at the last load or clear.
    var baselineUnknownValues: UnknownValues {
        var values = unknowns
        for (key, original) in changeRecord.unknownKeys {
            values[key] = original
        }
        return values
    }

    /// The dictionary form of `property` at the last load or clear; `nil` for `nil`.
    ///
    /// - Parameter context: A context that writes baselines, so that the model objects in the
    ///   value give theirs.
    func baselineValue(of property: AnySavedProperty, context: SaveContext) throws -> Any? {
        if !changeRecord.skippedValues.isEmpty, let skipped = changeRecord.skippedValues[property.offset] {
            return skipped.savedValue
        }
        if let original = changeRecord.properties[property.offset] {
            return try property.savedValue(from: original, context: context)
        }
        // A kept value stood in for the property's own at the last load, whatever has changed
        // inside the objects it holds since.
        if hasSkippedValues, let skipped = keptSkippedValue(atOffset: property.offset) {
            return skipped.savedValue
        }
        return try property.savedValue(of: self, context: context)
    }

    /// The dictionary form of `property`'s own value, as every writer of the dictionary form
    /// writes it: `NSNull` for `nil` when the class writes `nil` as `null`.
    @inline(__always)
    func writtenValue(ofProperty property: AnySavedProperty, context: SaveContext) throws -> Any? {
        if let value = try property.savedValue(of: self, context: context) { return value }
        return ModelMetadata.of(type(of: self)).writesNilAsNull ? NSNull() : nil
    }

    /// The dictionary form that writing gives `property` now: a value a lenient load kept, or
    /// the property's own; `nil` for `nil`.
    func writtenValue(of property: AnySavedProperty, context: SaveContext) throws -> Any? {
        guard case .keptValue(_, let kept) = savedEntry(for: property) else {
            return try writtenValue(ofProperty: property, context: context)
        }
        return kept
    }

    /// The flattened object that this object held at the last load or clear: the one it
    /// holds, or the one it held before another was set in its place.
    func baselineObject(of flattened: FlattenedObject) -> ModelObject? {
        if let original = changeRecord.properties[flattened.property.offset] as? ModelObject { return original }
        return flattened.object(in: self)
    }

    /// Whether a model object that `property` holds in this object, or one nested in it, has
    /// changes.
    func holdsChangedObjects(in property: AnySavedProperty) -> Bool {
        guard property.containsModelObjects else { return false }
        return !property.visitModelObjects(of: self) { !$0.hasAnyChanges }
    }
}

/// Writes the baseline: the dictionary form with each property's value at the last load or
/// clear, a kept value included.
private struct BaselineEntryWriter: DictionaryFormEntryWriter {
    typealias Output = [String: Any]

    let object: ModelObject
    let context: SaveContext

    @inline(__always)
    func writeProperty(_ property: AnySavedProperty, into output: inout [String: Any]) throws {
        output[property.key] = try object.baselineValue(of: property, context: context)
    }

    @inline(__always)
    func writeKeptValue(_ value: Any, of property: AnySavedProperty, into output: inout [String: Any]) throws {
        try writeProperty(property, into: &output)
    }

    func writeFlattenedProperty(
        _ property: AnySavedProperty, of flattened: FlattenedObject, into output: inout [String: Any]
    ) throws {
        guard let nested = object.baselineObject(of: flattened) else { return }
        output[property.key] = try nested.baselineValue(of: property, context: context)
    }

    func unknownValues(ofFlattened flattened: FlattenedObject, in object: ModelObject) -> UnknownValues? {
        object.baselineObject(of: flattened)?.baselineUnknownValues
    }

    func writeContainer(_ container: PathContainer, kept: Any?, into output: inout [String: Any]) throws {
        let kept = kept.map(UnknownValues.foundationValue(of:))
        output[container.key] = try object.containerValue(container, kept: kept) { [context, object] property in
            try object.baselineValue(of: property, context: context)
        }
    }

    @inline(__always)
    func write(_ value: consuming Any?, forKey key: String, into output: inout [String: Any]) {
        output[key] = value
    }
}
