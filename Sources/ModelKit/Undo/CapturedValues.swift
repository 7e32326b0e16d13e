/// The values of one object taken before a mutation that may change any of them, to find
/// afterwards what it changed (see ``UndoRecorder/capturing(_:_:)``).
///
/// The saved properties are compared as their setter compares them, except that a value
/// holding model objects counts as changed when it holds other instances: a load puts new
/// objects in place of equal ones, and undoing it must put the old instances back, which
/// later steps refer to. The unknown values are compared as the dictionary form, and only
/// when their kept texts differ.
struct CapturedValues {
    private let values: [Any]
    /// The identities of the model objects that each property holds, for the properties that
    /// can hold them; empty for the others.
    private let objects: [[ObjectIdentifier]]
    private let unknowns: UnknownValues

    init(of object: ModelObject) {
        let properties = ModelMetadata.of(type(of: object)).properties
        values = properties.map { $0.value(of: object) }
        objects = properties.map { Self.objects(of: $0, in: object) }
        unknowns = object.unknowns
    }

    /// The changes that turned these values into those `object` holds now, in declaration
    /// order, then the unknown values by key.
    func changes(in object: ModelObject) -> [UndoChange] {
        let metadata = ModelMetadata.of(type(of: object))
        var changes: [UndoChange] = []
        for (index, property) in metadata.properties.enumerated() {
            let isSame =
                property.containsModelObjects
                ? objects[index] == Self.objects(of: property, in: object)
                    && property.isEqual(values[index], toValueOf: object)
                : property.isEqual(values[index], toValueOf: object)
            guard !isSame else { continue }
            changes.append(UndoChange(object: object, kind: .property(offset: property.offset, value: values[index])))
        }
        for (key, old, _) in object.unknowns.differences(from: unknowns) {
            changes.append(UndoChange(object: object, kind: .unknownValue(key: key, value: old)))
        }
        return changes
    }

    private static func objects(of property: AnySavedProperty, in object: ModelObject) -> [ObjectIdentifier] {
        guard property.containsModelObjects else { return [] }
        var objects: [ObjectIdentifier] = []
        _ = property.visitModelObjects(of: object) { nested in
            objects.append(ObjectIdentifier(nested))
            return true
        }
        return objects
    }
}
