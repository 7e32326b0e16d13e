extension ModelObject {
    /// Makes this object equal to `loaded`, a fresh load of the same class, changing only the
    /// properties whose values differ and notifying only their observers through `log`.
    ///
    /// A nested model object of the same class, and an array of model objects of the same
    /// length and classes, are made equal in place, so that the objects a view shows stay the
    /// ones it shows. What `loaded` keeps beyond its saved properties (unknown keys, skipped
    /// values, its class name and load issues) moves here, and no change is recorded.
    func reconcile(with loaded: ModelObject, log: PartialAccessLog) {
        let metadata = ModelMetadata.of(type(of: self))
        for property in metadata.properties {
            if property.containsModelObjects, reconcileObjects(of: property, with: loaded, log: log) { continue }
            if property.isEqual(self, loaded), !property.containsModelObjects || holdsNoObjects(property, loaded) {
                // Equal is not always identical (-0.0 equals 0.0): the load's value, unobserved.
                property.takeDefault(from: loaded, into: self)
                continue
            }
            let value = property.value(of: loaded)
            log.withMutation(of: self, offset: property.offset, holdsObjects: property.containsModelObjects) {
                property.setValue(value, of: self)
            }
        }
        loaded.moveKeptState(to: self)
    }

    /// Whether `property` holds no model object, here and in `loaded`.
    private func holdsNoObjects(_ property: AnySavedProperty, _ loaded: ModelObject) -> Bool {
        property.visitModelObjects(of: self) { _ in false } && property.visitModelObjects(of: loaded) { _ in false }
    }

    /// Makes the model objects that `property` holds equal in place to those of `loaded`, when
    /// they are one object or an array of the same classes; `false` when they are not.
    private func reconcileObjects(of property: AnySavedProperty, with loaded: ModelObject, log: PartialAccessLog)
        -> Bool
    {
        if let mine = property.modelObject(in: self), let theirs = property.modelObject(in: loaded) {
            guard type(of: mine) == type(of: theirs) else { return false }
            mine.reconcile(with: theirs, log: log)
            return true
        }
        guard property.valueType is any StreamedObjectArray.Type,
            let mine = property.value(of: self) as? [ModelObject],
            let theirs = property.value(of: loaded) as? [ModelObject],
            mine.count == theirs.count,
            zip(mine, theirs).allSatisfy({ type(of: $0) == type(of: $1) })
        else { return false }
        for (element, loadedElement) in zip(mine, theirs) {
            element.reconcile(with: loadedElement, log: log)
        }
        return true
    }
}
