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
        var context = MergePatchContext()
        return try mergePatch(context: &context)
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
        var context = MergePatchContext(options: options)
        let patch = try mergePatch(context: &context)
        var writer = JSONWriter(options: options)
        try Self.write(patch, to: &writer)
        return writer.output.buffer.data()
    }

    /// Writes a merge patch, its keys sorted.
    private static func write(_ patch: [String: Any], to writer: inout JSONWriter) throws {
        guard !patch.isEmpty else { return try writer.writeAny(patch) }
        writer.output.beginObject()
        if patch.count == 1, let (key, value) = patch.first {
            try writer.writeEntry(key, value, isFirst: true)
        } else {
            for (index, key) in patch.keys.sorted(by: JSONOutput.keyOrder).enumerated() {
                guard let value = patch[key] else { continue }
                try writer.writeEntry(key, value, isFirst: index == 0)
            }
        }
        writer.output.endObject(isEmpty: false)
    }

    /// The patch of this object's changes.
    func mergePatch(context: inout MergePatchContext) throws -> [String: Any] {
        let metadata = context.metadata(of: type(of: self))
        if changeRecord.isEmpty && !metadata.containsModelObjects { return [:] }
        var patch: [String: Any] = [:]
        let layout = metadata.layout
        for (offset, original) in changeRecord.properties {
            guard let property = metadata.propertiesByOffset[offset], property.path.isEmpty, !property.isFlattened
            else { continue }
            try patching(property) {
                patch[property.key] = try patchValue(of: property, replacing: original, context: &context)
            }
        }
        if metadata.containsModelObjects {
            for property in metadata.unretainedProperties {
                try property._withUnsafeGuaranteedRef { property in
                    guard property.containsModelObjects, property.path.isEmpty, !property.isFlattened,
                        changeRecord.properties[property.offset] == nil
                    else { return }
                    try patching(property) {
                        patch[property.key] = try patchValue(ofUnchanged: property, context: &context)
                    }
                }
            }
        }
        for (key, original) in changeRecord.unknownKeys where !layout.isContainer(key) {
            if let change = JSONMergePatch.difference(from: original, to: unknowns[key]) {
                patch[key] = change
            }
        }
        for container in layout.containers {
            if let change = try patchValue(of: container, metadata: metadata, context: &context) {
                patch[container.key] = change
            }
        }
        if !layout.flattened.isEmpty { try addPatches(ofFlattenedObjects: layout, to: &patch, context: &context) }
        return patch
    }

    /// The patch of a nested object that properties live inside: the difference between
    /// what it was written as at the last load or clear and what it is written as now.
    private func patchValue(
        of container: PathContainer, metadata: ModelMetadata, context: inout MergePatchContext
    ) throws -> Any? {
        let properties = container.members.map { metadata.properties[$0.property] }
        let mayHaveChanged =
            changeRecord.unknownKeys[container.key] != nil
            || properties.contains { changeRecord.properties[$0.offset] != nil || holdsChangedObjects(in: $0) }
        guard mayHaveChanged else { return nil }
        let (baseline, current) = (context.baseline, context.current)
        return try KeyPathStep.at(.key(container.key)) {
            let old = try containerValue(container, kept: baselineUnknownValues[container.key]) {
                try baselineValue(of: $0, context: $0.containsModelObjects ? baseline : current)
            }
            let new = try containerValue(container, kept: unknowns[container.key]) {
                try writtenValue(of: $0, context: current)
            }
            return JSONMergePatch.difference(from: old, to: new)
        }
    }

    /// Runs `body`, which patches `property`, prefixing the errors it throws with its key.
    private func patching(_ property: AnySavedProperty, _ body: () throws -> Void) throws {
        try KeyPathStep.at(.key(property.key), body)
    }

    /// The patch of a property set since the last load or clear; `nil` when it has nothing to
    /// patch.
    private func patchValue(
        of property: AnySavedProperty,
        replacing original: Any,
        context: inout MergePatchContext
    ) throws -> Any? {
        let object = property.containsModelObjects ? property.modelObject(in: self) : nil
        if let object, (original as? ModelObject) === object {
            // Set away from this object and back, and still recorded because the object does
            // not equal itself (it holds a NaN): what changed is inside it.
            return try patchValue(ofUnchanged: property, context: &context)
        }
        // Only model objects write baselines of their own.
        let old = try baselineValue(
            of: property, context: property.containsModelObjects ? context.baseline : context.current)
        let new = try writtenValue(of: property, context: context.current)
        if let new, object != nil {
            return JSONMergePatch.replacement(of: old, with: new)
        }
        return JSONMergePatch.difference(from: old, to: new)
    }

    /// The patch of a property that holds model objects and was not set since the last load
    /// or clear: the patch of the object it holds, or the changes inside the collection.
    private func patchValue(ofUnchanged property: AnySavedProperty, context: inout MergePatchContext) throws -> Any? {
        if let object = property.modelObject(in: self) {
            guard object.mayHaveChanges(context: &context) else { return nil }
            let patch = try context.patchingNestedObjects(of: self) { try object.mergePatch(context: &$0) }
            return patch.isEmpty ? nil : patch
        }
        guard holdsChangedObjects(in: property) else { return nil }
        let old = try baselineValue(of: property, context: context.baseline)
        return JSONMergePatch.difference(from: old, to: try writtenValue(of: property, context: context.current))
    }

    /// Whether this object or one nested in it may have changes: it has changes, or it holds
    /// model objects.
    private func mayHaveChanges(context: inout MergePatchContext) -> Bool {
        !changeRecord.isEmpty || context.metadata(of: type(of: self)).containsModelObjects
    }
}
