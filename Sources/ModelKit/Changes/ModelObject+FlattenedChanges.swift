import Foundation

// The changes of flattened objects (`@Saved(flattened: true)`), whose keys are their enclosing
// object's: the enclosing object's `changedKeys` names them as the data does, and its
// `hasChanges` counts them.
//
// ```
// invoice.audit.createdBy = "ben"    invoice.changedKeys == ["createdBy"]
// invoice.audit = Audit()            invoice.changedKeys == the keys whose values differ
// ```

extension ModelObject {
    /// The keys of ``changedKeys`` for an object whose class has flattened objects: its own
    /// changed keys, with the keys of the flattened objects' changed properties in place of
    /// the properties that hold them.
    func changedKeys(withFlattenedObjectsOf metadata: ModelMetadata) -> Set<String> {
        var keys = Set(changeRecord.unknownKeys.keys)
        for offset in changeRecord.properties.keys {
            guard let property = metadata.propertiesByOffset[offset], !property.isFlattened else { continue }
            keys.insert(property.displayKey)
        }
        for flattened in metadata.layout.flattened {
            keys.formUnion(changedKeys(of: flattened))
        }
        return keys
    }

    /// Whether a flattened object's properties changed since the last load or clear; only
    /// asked when this object's own change record is empty.
    func hasChangedFlattenedObjects() -> Bool {
        let layout = ModelMetadata.of(type(of: self)).layout
        guard !layout.flattened.isEmpty else { return false }
        return layout.flattened.contains { !changedKeys(of: $0).isEmpty }
    }

    /// The keys of the properties and unknown values of `flattened` that changed.
    ///
    /// Those are the keys the object changed itself, or, for an object set in place of the one
    /// held at the last load or clear, those whose values differ from that one's. Unknown
    /// values that this object does not write, since it writes their keys itself, are not
    /// changes of its data.
    private func changedKeys(of flattened: FlattenedObject) -> [String] {
        guard let object = flattened.object(in: self) else { return [] }
        // Observers of this object's changes follow the object's too.
        object.accessChangeRecord()
        var keys: [String]
        var unknownKeys: [String]
        if let original = changeRecord.properties[flattened.property.offset] as? ModelObject, original !== object {
            keys = flattened.properties.filter { property in
                let originalValue = original.changeRecord.properties[property.offset] ?? property.value(of: original)
                return !property.isEqual(originalValue, toValueOf: object)
            }.map(\.key)
            unknownKeys = object.unknowns.differences(from: original.baselineUnknownValues).map(\.key)
        } else {
            keys = flattened.properties.filter { object.changeRecord.properties[$0.offset] != nil }.map(\.key)
            unknownKeys = Array(object.changeRecord.unknownKeys.keys)
        }
        guard !unknownKeys.isEmpty else { return keys }
        let layout = ModelMetadata.of(type(of: self)).layout
        keys += unknownKeys.filter { writesFlattenedUnknownValue(forKey: $0, of: layout) }
        return keys
    }
}
