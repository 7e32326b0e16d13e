extension UndoRecorder {
    /// Makes `root` and every model object nested in it record their changes here.
    func attach(_ root: ModelObject) {
        root.enumerateObjects { object, _ in
            guard object.attachedUndoRecorder !== self else { return }
            object.attachedUndoRecorder = self
        }
    }

    /// Attaches the model objects that `value`, a new value of a saved property, holds, with
    /// the objects nested in them; an object already attached has its nested objects attached
    /// already, since what was put in it since was attached when it was.
    func attachObjects<Value: SavedValue>(in value: Value) {
        _ = value._visitModelObjects { object in
            if object.attachedUndoRecorder !== self { attach(object) }
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
                    if nested.attachedUndoRecorder !== self { attach(nested) }
                    return true
                }
            }
        }
    }

    /// Stops every attached object from recording here and forgets the steps, which ends the
    /// references from the recorder to the objects.
    ///
    /// The objects keep pointing at the recorder, which records nothing from then on
    /// (``ModelObject/undoRecorder`` is `nil` for them), until a new history attaches them.
    /// Marking the recorder rather than reaching each object spares the recorder a list of
    /// them: a weak reference to an object would give it a side table, which makes every
    /// retain and release of the object slower, on every set as everywhere else.
    func detachAll() {
        isDetached = true
        didAddStep = nil
        removeAll()
    }
}
