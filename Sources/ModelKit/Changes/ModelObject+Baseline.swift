import Foundation

extension ModelObject {
    /// The dictionary form that the object had at its last load or ``clearChanges()``: what
    /// ``revertChanges()`` would give back, read from the change record without reverting.
    ///
    /// Called by ``dictionaryForm(context:)`` when the context writes baselines, after it has
    /// entered the object; nested model objects write their own baselines through the context.
    func baselineForm(context: SaveContext) throws -> [String: Any] {
        let metadata = ModelMetadata.of(type(of: self))
        var result = baselineUnknownValues
        result[ModelObject.versionKey] = newerVersion ?? metadata.modelVersion
        result[ModelObject.classNameKey] = keptClassName ?? context.options.className(of: metadata)
        for property in metadata.properties {
            do {
                result[property.key] = try baselineValue(of: property, context: context)
            } catch let error as ModelError {
                throw error.prefixed(with: .key(property.key))
            }
        }
        return result
    }

    /// The unknown values as they were at the last load or clear.
    var baselineUnknownValues: [String: Any] {
        var values = unknownValues
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
        if !skippedValues.isEmpty, let skipped = skippedValues[property.offset] {
            return skipped.savedValue
        }
        return try property.savedValue(of: self, context: context)
    }

    /// The dictionary form that writing gives `property` now: a value a lenient load kept, or
    /// the property's own; `nil` for `nil`.
    func writtenValue(of property: AnySavedProperty, context: SaveContext) throws -> Any? {
        if !skippedValues.isEmpty, let skipped = skippedValue(of: property) {
            return skipped
        }
        return try property.savedValue(of: self, context: context)
    }

    /// Whether a model object that `property` holds in this object, or one nested in it, has
    /// changes.
    func holdsChangedObjects(in property: AnySavedProperty) -> Bool {
        guard property.containsModelObjects else { return false }
        return !property.visitModelObjects(of: self) { !$0.hasAnyChanges }
    }
}
