import Foundation

/// The changes a user made to a model object and to the objects nested in it, taken before
/// fresh data loads into the object, to be put back on top of that data.
///
/// The changes are kept by key, with the values they replaced, so that they can be compared
/// with the data and set again whatever objects the load creates.
struct LocalChanges {
    /// A saved property that the user set: the value it had before, and the user's.
    private struct ChangedValue {
        let property: AnySavedProperty
        let original: Any
        let local: Any
        /// For a value that holds model objects, its dictionary form before the changes: the
        /// objects it held may have changed since it was replaced.
        let originalForm: Any?
    }

    /// A property that still holds the object it held before, whose own values changed.
    private struct ChangedObject {
        let property: AnySavedProperty
        let object: ModelObject
        let changes: LocalChanges
    }

    /// A property that still holds the collection it held before, with model objects in it
    /// that changed: the collection stays whole.
    private struct ChangedCollection {
        let property: AnySavedProperty
        let local: Any
        /// The dictionary form of the collection before the changes.
        let original: Any?
    }

    /// An unknown value that the user set or removed.
    private struct ChangedUnknownValue {
        let key: String
        let original: Any?
        let local: Any?
    }

    private let modelClass: ObjectIdentifier
    private var values: [ChangedValue] = []
    private var objects: [ChangedObject] = []
    private var collections: [ChangedCollection] = []
    private var unknownValues: [ChangedUnknownValue] = []

    /// Takes the changes of `object` and of the objects nested in it.
    ///
    /// - Parameters:
    ///   - baseline: A context that writes baselines, for the forms of collections.
    ///   - visited: The objects whose changes are taken already, so that each is taken once.
    ///   - depth: How deeply `object` is nested in the object being loaded.
    /// - Throws: A ``ModelError`` for objects nested more than ``SaveContext/maximumDepth``
    ///   levels deep, and for collections whose form cannot be written.
    init(of object: ModelObject, baseline: SaveContext, visited: inout Set<ObjectIdentifier>, depth: Int = 0) throws {
        guard depth < SaveContext.maximumDepth else {
            throw ModelError(.nestingTooDeep(limit: SaveContext.maximumDepth))
        }
        modelClass = ObjectIdentifier(type(of: object))
        for property in ModelMetadata.of(type(of: object)).properties {
            let nested = property.modelObject(in: object)
            if let original = object.changeRecord.properties[property.offset],
                nested == nil || (original as? ModelObject) !== nested
            {
                let originalForm =
                    property.containsModelObjects ? try object.baselineValue(of: property, context: baseline) : nil
                values.append(
                    ChangedValue(
                        property: property, original: original, local: property.value(of: object),
                        originalForm: originalForm))
            } else if let nested {
                guard visited.insert(ObjectIdentifier(nested)).inserted else { continue }
                let changes = try LocalChanges(of: nested, baseline: baseline, visited: &visited, depth: depth + 1)
                if !changes.isEmpty {
                    objects.append(ChangedObject(property: property, object: nested, changes: changes))
                }
            } else if object.holdsChangedObjects(in: property) {
                let original = try object.baselineValue(of: property, context: baseline)
                collections.append(
                    ChangedCollection(property: property, local: property.value(of: object), original: original))
            }
        }
        for key in object.changeRecord.unknownKeys.keys.sorted() {
            guard let original = object.changeRecord.unknownKeys[key] else { continue }
            unknownValues.append(ChangedUnknownValue(key: key, original: original, local: object.unknowns[key]))
        }
    }

    var isEmpty: Bool {
        values.isEmpty && objects.isEmpty && collections.isEmpty && unknownValues.isEmpty
    }

    /// Sets the user's values again in `object`, which holds the data just loaded, recording
    /// them as changes against it, and adds the key paths where the data changed a value too
    /// to `conflicts`.
    ///
    /// - Parameter path: The key path of `object` in the object being loaded.
    func restore(on object: ModelObject, at path: ModelKeyPath, conflicts: inout [ModelKeyPath]) {
        object.withMutationOfSavedValues {
            for change in values {
                let property = change.property
                let isChangedByData =
                    property.containsModelObjects
                    ? isChanged(property, in: object, from: change.originalForm)
                    : !property.isEqual(change.original, toValueOf: object)
                if isChangedByData && !property.isEqual(change.local, toValueOf: object) {
                    conflicts.append(path.appending(property.keyPath))
                }
                property.assign(change.local, to: object)
            }
            for change in collections {
                if isChanged(change.property, in: object, from: change.original)
                    && !change.property.isEqual(change.local, toValueOf: object)
                {
                    conflicts.append(path.appending(change.property.keyPath))
                }
                change.property.assign(change.local, to: object)
            }
            for change in unknownValues {
                let data = object.unknowns[change.key]
                if !DictionaryFormEquality.isSame(data, change.original)
                    && !DictionaryFormEquality.isSame(data, change.local)
                {
                    conflicts.append(path.appending(change.key))
                }
                object.replaceUnknownValue(forKey: change.key, with: change.local)
            }
        }
        for change in objects {
            let key = change.property.keyPath
            guard let nested = change.property.modelObject(in: object),
                ObjectIdentifier(type(of: nested)) == change.changes.modelClass
            else {
                // The data took the object away or put one of another class in its place.
                conflicts.append(path.appending(key))
                object.withMutationOfSavedValues { change.property.assign(change.object, to: object) }
                continue
            }
            change.changes.restore(on: nested, at: path.appending(key), conflicts: &conflicts)
        }
    }

    /// Whether the data gave `property` a dictionary form other than `original`, the one it
    /// had before the user's changes; a form that cannot be written counts as changed.
    private func isChanged(_ property: AnySavedProperty, in object: ModelObject, from original: Any?) -> Bool {
        do {
            let data = try object.writtenValue(of: property, context: SaveContext())
            return !DictionaryFormEquality.isSame(data, original)
        } catch {
            return true
        }
    }
}

extension ModelKeyPath {
    /// This key path followed by `key`.
    func appending(_ key: String) -> ModelKeyPath {
        ModelKeyPath(components + [.key(key)])
    }

    /// This key path followed by `keyPath`.
    func appending(_ keyPath: [Component]) -> ModelKeyPath {
        ModelKeyPath(components + keyPath)
    }
}
