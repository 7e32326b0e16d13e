extension SavedValue where Self: ModelObject {
    /// Takes a snapshot of this model: an immutable, `Sendable` value that holds everything
    /// it would save, typed by the model's static type.
    ///
    /// ```swift
    /// let snapshot = try note.snapshot()  // a ModelSnapshot<Note>
    /// ```
    ///
    /// A method of a protocol that every model conforms to, since a class's own methods cannot
    /// return `Self` inside another type; it is the same as ``ModelSnapshot/init(_:)``.
    ///
    /// - Returns: The snapshot.
    /// - Throws: A ``ModelError`` when the model cannot be written as JSON; see
    ///   ``ModelObject/jsonData(options:)``.
    public func snapshot() throws -> ModelSnapshot<Self> {
        try ModelSnapshot(self)
    }
}
