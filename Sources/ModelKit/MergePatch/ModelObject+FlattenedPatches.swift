import Foundation

// Merge patches of flattened objects (`@Saved(flattened: true)`), whose keys are their
// enclosing object's: written at the enclosing object's level, and applied to the object
// that it holds.
//
// ```
// invoice.audit.createdBy = "ben"      mergePatch()  →  {"createdBy": "ben"}
// apply(mergePatch: {"createdBy": "cy"})               →  invoice.audit.createdBy == "cy"
// ```

extension ModelObject {
    // MARK: Writing patches

    /// Adds the patches of the flattened objects' properties to `patch`, under their keys.
    ///
    /// An object that is still the one held at the last load or clear gives the patch of its
    /// own properties' changes; one set in its place gives, for each property whose value
    /// differs from the replaced object's, the new value, a model object whole.
    func addPatches(
        ofFlattenedObjects layout: DataLayout, to patch: inout [String: Any], context: inout MergePatchContext
    ) throws {
        for flattened in layout.flattened {
            guard let object = flattened.object(in: self) else { continue }
            if let original = changeRecord.properties[flattened.property.offset] as? ModelObject, original !== object {
                try addPatches(of: flattened, replacing: original, with: object, to: &patch, context: &context)
                continue
            }
            guard object.mayHaveChangedProperties(context: &context) else { continue }
            let objectPatch = try context.patchingNestedObjects(of: self) { try object.mergePatch(context: &$0) }
            for property in flattened.properties {
                if let change = objectPatch[property.key] { patch[property.key] = change }
            }
            // The object's unknown values are written at this level, as its properties are.
            for key in object.changeRecord.unknownKeys.keys where writesFlattenedUnknownValue(forKey: key, of: layout) {
                if let change = objectPatch[key], patch[key] == nil { patch[key] = change }
            }
        }
    }

    /// Whether a flattened object's unknown value under `key` is written at this object's
    /// level: this object does not write the key itself, as a header key, a property's or an
    /// unknown value of its own.
    func writesFlattenedUnknownValue(forKey key: String, of layout: DataLayout) -> Bool {
        !layout.ownsKey(key) && !layout.isContainer(key) && unknowns[key] == nil
    }

    /// Adds the patch of each property of `flattened` that `object`, set in place of
    /// `original`, writes differently.
    private func addPatches(
        of flattened: FlattenedObject,
        replacing original: ModelObject,
        with object: ModelObject,
        to patch: inout [String: Any],
        context: inout MergePatchContext
    ) throws {
        let (baseline, current) = (context.baseline, context.current)
        let layout = context.metadata(of: type(of: self)).layout
        for (key, old, new) in object.unknowns.differences(from: original.baselineUnknownValues)
        where patch[key] == nil && writesFlattenedUnknownValue(forKey: key, of: layout) {
            patch[key] = JSONMergePatch.difference(from: old, to: new)
        }
        for property in flattened.properties {
            try KeyPathStep.at(.key(property.key)) {
                // Only model objects write baselines of their own.
                let old = try original.baselineValue(
                    of: property, context: property.containsModelObjects ? baseline : current)
                let new = try object.writtenValue(of: property, context: current)
                guard let change = JSONMergePatch.difference(from: old, to: new) else { return }
                if property.containsModelObjects, let new {
                    patch[property.key] = JSONMergePatch.replacement(of: old, with: new)
                } else {
                    patch[property.key] = change
                }
            }
        }
    }

    /// Whether this object, or one nested in it, may have changes to its properties.
    private func mayHaveChangedProperties(context: inout MergePatchContext) -> Bool {
        !changeRecord.isEmpty || context.metadata(of: type(of: self)).containsModelObjects
    }

    // MARK: Applying patches

    /// Reads the patches of the flattened objects, each the keys of the patch that name its
    /// properties, into plans for the objects that this object holds.
    ///
    /// - Parameter patches: For each flattened object, by index in `layout`'s
    ///   ``DataLayout/flattened``, its keys of the patch: those of its properties, each under
    ///   the first of its keys present.
    func addPlans(
        ofFlattenedObjects patches: [Int: [String: Any]],
        to plan: inout MergePatchPlan,
        layout: DataLayout,
        context: LoadContext
    ) throws {
        for (index, flattened) in layout.flattened.enumerated() {
            guard let objectPatch = patches[index], let object = flattened.object(in: self) else { continue }
            let objectPlan = try object.makePlan(for: objectPatch, context: context)
            plan.nestedPlans.append((flattened.property, object, objectPlan))
        }
    }
}
