extension UndoRecorder {
    /// Makes `root` and every model object nested in it record their changes here.
    func attach(_ root: ModelObject) {
        root.enumerateObjects { object, _ in
            guard object.undoRecorder !== self else { return }
            object.undoRecorder = self
            attachedObjects.append(AttachedObject(object: object))
        }
        if attachedObjects.count > 2 * max(attachedObjectsAfterCleanup, 64) {
            attachedObjects.removeAll { $0.object == nil }
            attachedObjectsAfterCleanup = attachedObjects.count
        }
    }

    /// Attaches the model objects that `value`, a new value of a saved property, holds, with
    /// the objects nested in them; an object already attached has its nested objects attached
    /// already, since what was put in it since was attached when it was.
    func attachObjects<Value: SavedValue>(in value: Value) {
        _ = value._visitModelObjects { object in
            if object.undoRecorder !== self { attach(object) }
            return true
        }
    }

    /// Attaches the model objects that the properties of `objects` hold, after a mutation that
    /// may have put new ones in place.
    func attachNestedObjects(of objects: [ModelObject]) {
        for object in objects {
            let metadata = ModelMetadata.of(type(of: object))
            guard metadata.containsModelObjects else { continue }
            for property in metadata.properties where property.containsModelObjects {
                _ = property.visitModelObjects(of: object) { nested in
                    if nested.undoRecorder !== self { attach(nested) }
                    return true
                }
            }
        }
    }

    /// Stops every attached object from recording here and forgets the steps, which ends the
    /// references between the recorder and the objects.
    func detachAll() {
        for attached in attachedObjects {
            if let object = attached.object, object.undoRecorder === self { object.undoRecorder = nil }
        }
        attachedObjects = []
        attachedObjectsAfterCleanup = 0
        didAddStep = nil
        removeAll()
    }
}

/// A weak reference to an object attached to an ``UndoRecorder``.
struct AttachedObject {
    weak var object: ModelObject?
}
