import Foundation
import Observation

/// A model object that serializes itself: declare its saved properties once with `@Saved`, and
/// it gets defaults, a dictionary form, a JSON form, versioned upgrades, change tracking,
/// observation, equality and copying.
///
/// ```swift
/// final class Note: ModelObject {
///     @Saved var text = "Untitled"
///     @Saved var tags: [String] = []
///     @Saved("created_at") var createdAt = Date()
///     @Saved var children: [Note] = []
///
///     override class var modelVersion: Int { 2 }
/// }
///
/// let note = try Note(json: data)
/// note.text = "Shopping"
/// print(note.changedKeys)          // ["text"]
/// let json = try note.jsonString()
/// ```
///
/// Subclasses add convenience initializers, since `init()` is the designated initializer that
/// loading calls. Values set in `loadDefaultValues()` are defaults, not changes; a convenience
/// initializer that sets saved properties calls ``clearChanges()`` at its end when the values
/// it sets should count as the object's starting point.
///
/// A model object is a mutable reference, not `Sendable`: use one object from one thread or
/// task at a time. Loading and writing different objects from many threads at once is safe.
open class ModelObject: NSObject, Observable {
    /// Values found in loaded data under keys that this class does not declare, kept so that
    /// saving writes them back unchanged.
    public internal(set) var unknownValues: [String: Any] = [:] {
        didSet { isPristine = false }
    }

    /// The problems that a lenient load found and skipped, each with its key path.
    ///
    /// Empty after a strict load, which throws at the first problem instead.
    public internal(set) var loadIssues: [ModelError] = []

    /// The version of loaded data that is newer than ``modelVersion``, kept to be written back.
    var newerVersion: Int?

    /// The values that properties had before they were changed, by field offset, and the
    /// values that unknown keys had, by key.
    var changeRecord = ChangeRecord()

    /// Whether setting a saved property skips change tracking, while defaults load.
    var isSuppressingChanges = false

    /// Whether the object still holds exactly the values its initializer gave it: nothing has
    /// set a saved property, loaded data or changed an unknown value since. Loading reuses
    /// such an object when it is a nested default that a freshly created object would only
    /// replace (see ``ModelObject/makeObject(from:context:reusing:)``).
    ///
    /// Written on every load of a property, so it is exempt from runtime exclusivity checks;
    /// like the rest of a model object, it belongs to one thread at a time.
    @exclusivity(unchecked) var isPristine = false

    private var lazyObservationRegistrar: ObservationRegistrar?

    /// Creates an object with default values and no changes.
    public required override init() {
        super.init()
        isSuppressingChanges = true
        loadDefaultValues()
        isSuppressingChanges = false
        isPristine = true
    }

    // MARK: Hooks for subclasses

    /// Sets defaults that need code, after the properties have their initial values.
    ///
    /// Values set here are not changes. The default implementation does nothing.
    open func loadDefaultValues() {}

    /// The version of this class's data, written with every object. The default is 1.
    open class var modelVersion: Int { 1 }

    /// The name of this class in data, written as `representedClassName`.
    ///
    /// The default is the bare Swift type name.
    open class var modelName: String { String(describing: self) }

    /// Earlier names of this class in data, such as `"DejalColor"` for ``ColorValue``, so that
    /// data written under them loads into this class.
    open class var legacyModelNames: [String] { [] }

    /// Rewrites the raw data of an older version before it is read: renames keys, changes
    /// value types.
    ///
    /// Called when data has a `version` lower than ``modelVersion``; data without a version
    /// counts as version 1. The default implementation does nothing.
    ///
    /// - Parameters:
    ///   - dictionary: The data, to rewrite in place.
    ///   - version: The version the data was written with.
    /// - Throws: Any error, to stop the load; it reaches the caller as a ``ModelError``.
    open class func migrate(_ dictionary: inout [String: Any], from version: Int) throws {}

    /// Adjusts the object after data of an older version has loaded.
    ///
    /// Called after the values have loaded, with the data as it was after ``migrate(_:from:)``.
    /// Values set here are not changes. The default implementation does nothing.
    ///
    /// - Parameters:
    ///   - version: The version the data was written with.
    ///   - dictionary: The data that was loaded.
    /// - Throws: Any error, to stop the load; it reaches the caller as a ``ModelError``.
    open func upgrade(from version: Int, dictionary: [String: Any]) throws {}

    // MARK: NSObject

    /// Whether `object` is a model of the same class with equal saved values.
    ///
    /// - Parameter object: The object to compare with.
    /// - Returns: `true` when the classes match and every saved value is equal.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? ModelObject else { return false }
        return hasEqualValues(to: other)
    }

    /// A hash of the class and saved values that agrees with ``isEqual(_:)``.
    public override var hash: Int {
        savedValuesHash
    }

    /// The class and saved values, with the changed objects marked.
    public override var description: String {
        describe()
    }

    /// A deep copy of the same class, with no changes.
    ///
    /// Nested model objects are copied too; an object that appears twice in the graph is
    /// copied once, so shared objects stay shared and cycles stay cycles.
    ///
    /// - Returns: The copy, typed as `Any` for Foundation; ``copy()`` returns it as `Self`.
    @_disfavoredOverload
    public override func copy() -> Any {
        deepCopy()
    }

    // MARK: Internal

    var observationRegistrar: ObservationRegistrar {
        if let lazyObservationRegistrar { return lazyObservationRegistrar }
        let registrar = ObservationRegistrar()
        lazyObservationRegistrar = registrar
        return registrar
    }

    /// A stand-in key path for "every saved value", which observers of any saved property also
    /// observe, so that loading new data notifies them all.
    var savedValuesToken: Int { 0 }
}
