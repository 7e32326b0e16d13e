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
    /// Setting a value under a saved property's own key, ``versionKey`` or ``typeKey`` does
    /// nothing: those keys belong to the saved properties and the class. Under the key of a
    /// nested object that properties live inside (`@Saved(path: "stats", "stars")`), the
    /// value is that object's other keys, and the properties are written into it.
    ///
    /// - Parameter key: A key that is not a saved property's own key.
    /// - Returns: The value, or `nil` when there is none.
    public subscript(extra key: String) -> Any? {
        get {
            accessSavedValues()
            return unknowns[key]
        }
        set {
            let metadata = ModelMetadata.of(type(of: self))
            guard !metadata.layout.ownsKey(key) else { return }
            withMutationOfSavedValues {
                replaceUnknownValue(forKey: key, with: newValue)
            }
        }
    }

    /// Sets the unknown value under `key`, recording the change; the caller notifies the
    /// observers of saved values.
    func replaceUnknownValue(forKey key: String, with newValue: Any?) {
        recordUnknownValueChange(forKey: key, from: unknowns[key], to: newValue)
        unknowns[key] = newValue
    }
}
