import Foundation

extension ModelObject {
    /// The object's changes since it was created, loaded or cleared, as a JSON Merge Patch
    /// (RFC 7396) against its values at that moment.
    ///
    /// ```swift
    /// note.text = "Shopping"
    /// note.due = nil
    /// note.label.red = 1
    /// try note.mergePatch()   // ["text": "Shopping", "due": NSNull(), "label": ["red": 1]]
    /// ```
    ///
    /// The patch holds only what changed, in the dictionary form:
    /// - each changed property with its new value, and `NSNull()` for an optional set to
    ///   `nil`;
    /// - for a nested model object that is still the same object, the patch of its own
    ///   changes; an object set in its place is given whole, as its dictionary form, with
    ///   `NSNull()` for each key of the replaced object that it lacks;
    /// - arrays and sets whole, since a merge patch cannot edit them, and dictionaries as the
    ///   patch of their entries, with `NSNull()` for a removed entry: both also when only the
    ///   model objects inside them changed;
    /// - each changed unknown value, and `NSNull()` for a removed one.
    ///
    /// An object without changes gives `[:]`. Applying the patch with
    /// ``apply(mergePatch:options:)`` to the object as it was gives an object equal to this
    /// one. A merge patch cannot set a key to `null`: `null` removes the key, so a `nil` value
    /// in a saved dictionary, or an unknown value that is `null`, does not survive it.
    ///
    /// - Returns: The patch, property-list and `JSONSerialization` compatible.
    /// - Throws: A ``ModelError`` for model objects that contain themselves, or that are nested
    ///   more than ``SaveContext/maximumDepth`` levels deep.
    public func mergePatch() throws -> [String: Any] {
        try mergePatch(context: SaveContext(), baseline: SaveContext(writesBaseline: true))
    }

    /// The object's changes as JSON Merge Patch text, to send as the body of an HTTP `PATCH`
    /// request with the content type `application/merge-patch+json`.
    ///
    /// The patch is ``mergePatch()``'s; an object without changes gives `{}`. Its keys are
    /// always sorted, so the same changes give the same bytes.
    ///
    /// - Parameter options: The layout, `[]` for pretty-printed, and the format of the values
    ///   given whole (``WriteOptions/dejalObjectFormat``).
    /// - Returns: The JSON.
    /// - Throws: A ``ModelError`` for values that JSON cannot hold, such as NaN, and for model
    ///   objects that contain themselves or are nested too deeply.
    public func mergePatchJSON(options: WriteOptions = []) throws -> Data {
        let patch = try mergePatch(
            context: SaveContext(options: options), baseline: SaveContext(options: options, writesBaseline: true))
        var writer = JSONWriter(options: options.union(.sortedKeys))
        try writer.writeAny(patch)
        return writer.buffer.data()
    }

    /// The patch of this object's changes, writing current values through `context` and the
    /// values they replaced through `baseline`.
    func mergePatch(context: SaveContext, baseline: SaveContext) throws -> [String: Any] {
        try context.enter(self)
        defer { context.leave() }
        let metadata = ModelMetadata.of(type(of: self))
        var patch: [String: Any] = [:]
        for property in metadata.properties {
            do {
                patch[property.key] = try patchValue(of: property, context: context, baseline: baseline)
            } catch let error as ModelError {
                throw error.prefixed(with: .key(property.key))
            }
        }
        for (key, original) in changeRecord.unknownKeys {
            if let change = JSONMergePatch.difference(from: original, to: unknownValues[key]) {
                patch[key] = change
            }
        }
        return patch
    }

    /// The patch of one property; `nil` when it has nothing to patch.
    private func patchValue(
        of property: AnySavedProperty,
        context: SaveContext,
        baseline: SaveContext
    ) throws -> Any? {
        let object = property.modelObject(in: self)
        if let original = changeRecord.properties[property.offset], !isSameObject(object, as: original) {
            let old = try baselineValue(of: property, context: baseline)
            let new = try writtenValue(of: property, context: context)
            if let new, object != nil {
                return JSONMergePatch.replacement(of: old, with: new)
            }
            return JSONMergePatch.difference(from: old, to: new)
        }
        if let object {
            let patch = try object.mergePatch(context: context, baseline: baseline)
            return patch.isEmpty ? nil : patch
        }
        guard holdsChangedObjects(in: property) else { return nil }
        return JSONMergePatch.difference(
            from: try baselineValue(of: property, context: baseline),
            to: try writtenValue(of: property, context: context))
    }

    /// Whether `object` is the very object that `original` holds: a property set away from an
    /// object and back stays recorded as changed when the object does not equal itself (it
    /// holds a NaN), and its own changes are what changed.
    private func isSameObject(_ object: ModelObject?, as original: Any) -> Bool {
        guard let object else { return false }
        return (original as? ModelObject) === object
    }
}
