extension ModelObject {
    /// Reads and writes a value kept under a key that this class does not declare.
    ///
    /// Such values come from data written by a newer version of the app or by another
    /// program; they are saved back unchanged. Setting a value records a change. Observers
    /// that read an unknown value are notified when any saved value changes through a load,
    /// a revert or this subscript.
    ///
    /// ```swift
    /// demo[extra: "flavor"] = "vanilla"
    /// ```
    ///
    /// Setting a value under one of ``savedKeys``, `version` or `representedClassName` does
    /// nothing: those keys belong to the saved properties and the class.
    ///
    /// - Parameter key: A key that is not one of ``savedKeys``.
    /// - Returns: The value, or `nil` when there is none.
    public subscript(extra key: String) -> Any? {
        get {
            accessSavedValues()
            return unknownValues[key]
        }
        set {
            let metadata = ModelMetadata.of(type(of: self))
            guard metadata.propertiesByKey[key] == nil, key != Self.versionKey, key != Self.classNameKey else { return }
            withMutationOfSavedValues {
                replaceUnknownValue(forKey: key, with: newValue)
            }
        }
    }

    /// Sets the unknown value under `key`, recording the change; the caller notifies the
    /// observers of saved values.
    func replaceUnknownValue(forKey key: String, with newValue: Any?) {
        recordUnknownValueChange(forKey: key, from: unknownValues[key])
        unknownValues[key] = newValue
    }
}
