import Foundation

extension Saved where Value: ModelObject {
    // MARK: Flattened objects

    /// Declares a nested model object whose saved properties live at the enclosing object's
    /// own level of the data, rather than in a nested object of their own.
    ///
    /// ```swift
    /// final class Audit: ModelObject {
    ///     @Saved var createdBy = ""
    ///     @Saved var updatedBy = ""
    /// }
    ///
    /// final class Invoice: ModelObject {
    ///     @Saved var number = ""
    ///     @Saved(flattened: true) var audit = Audit()
    /// }
    /// // {"number": "F-1", "createdBy": "ana", "updatedBy": "ben"}
    /// ```
    ///
    /// Each saved property of the object is read from and written to the enclosing object's
    /// data under its own key (and read under its alternatives), where the property itself
    /// stands among the enclosing class's properties; the property's own name is not a key of
    /// the data. The object writes no header of its own, and its class's ``ModelObject/migrate(_:from:)``
    /// and ``ModelObject/upgrade(from:dictionary:)`` do not run: the data has no version of
    /// the object, only the enclosing object's. Keys that neither class declares are the
    /// enclosing object's ``ModelObject/unknownValues``, and the enclosing class's
    /// ``ModelObject/rejectsUnknownKeys`` decides about them; what the flattened object keeps
    /// in its own unknown values is not written.
    ///
    /// Loading the enclosing object loads the keys into the object that the property holds,
    /// and that object checks itself (``ModelObject/validate()``) before the enclosing object
    /// does, whether or not the data has any of its keys. Errors name the keys as the data
    /// has them (`createdBy: expected a string, found 5`). ``ModelObject/changedKeys`` of the
    /// enclosing object names the flattened object's changed keys so too, and
    /// ``ModelObject/hasChanges`` counts them; ``ModelObject/mergePatch()`` writes them at the
    /// top level, and a merge patch applies them to the object.
    ///
    /// Reading and writing follow the saved properties of the declared class, also for an
    /// object of a subclass set in code. Its saved properties must be its own top-level keys:
    /// a class with
    /// `@Saved(path:)` properties or flattened objects of its own cannot be flattened. Its
    /// keys may not be those of the enclosing class, of its header or of another flattened
    /// object: the class's first use stops with a message naming both declarations. Only a
    /// non-optional object can be flattened: the enclosing object always holds one, so that a
    /// `nil` need not be told from an object whose keys are all absent.
    ///
    /// - Parameters:
    ///   - wrappedValue: The default object.
    ///   - flattened: Whether the object's saved properties live at the enclosing object's
    ///     level; `false` declares an ordinary nested object.
    public init(wrappedValue: Value, flattened: Bool) {
        value = wrappedValue
        SavedCensus.countInitializedValue { SavedDeclaration(flattenedClass: flattened ? Value.self : nil) }
    }
}
