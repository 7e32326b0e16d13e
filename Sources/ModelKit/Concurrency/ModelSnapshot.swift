import Foundation

/// An immutable, `Sendable` value that holds everything a model would save, for handing a
/// model to another actor, task or thread.
///
/// A ``ModelObject`` is a mutable reference and not `Sendable`: the compiler stops it at the
/// edge of an isolation domain. A snapshot crosses instead, and makes models again on the
/// other side, as many as wanted:
///
/// ```swift
/// actor NoteStore {
///     private var notes: [UUID: ModelSnapshot<Note>] = [:]
///
///     func store(_ snapshot: ModelSnapshot<Note>, for id: UUID) {
///         notes[id] = snapshot
///     }
///
///     func note(for id: UUID) throws -> sending Note? {
///         try notes[id]?.makeModel()
///     }
/// }
///
/// try await store.store(note.snapshot(), for: id)
/// ```
///
/// A snapshot holds the model's JSON form, as ``ModelObject/jsonData(options:)`` writes it
/// compactly, and the model's class, which may be a subclass of `Model`: a snapshot of a
/// `Circle` taken as a `ModelSnapshot<Shape>` makes a `Circle`. Nothing that the model would
/// save is lost: its ``ModelObject/unknownValues``, a class name that did not resolve and is
/// kept to be written back, and the values that a lenient load skipped all come back in the
/// models it makes. What a snapshot leaves out is what the model does not save either: its
/// changes (a made model has none), its observers, and its identity, since nested objects
/// that the model shared come back as equal but separate objects.
///
/// Two snapshots are equal when they hold the same saved form: models of the same class that
/// write the same JSON. Equal models give equal snapshots, but for the rare values that
/// compare equal and write differently, such as `0.0` and `-0.0`.
///
/// Taking a snapshot costs what ``ModelObject/jsonData(options:)`` costs, and making a model
/// what ``ModelObject/init(json:options:)-(Data,_)`` costs.
public struct ModelSnapshot<Model: ModelObject>: Sendable {
    /// The compact JSON form of the model, as ModelKit's writer writes it: keys in
    /// declaration order and the keys of dictionaries sorted, so that the same saved values
    /// always give the same bytes.
    let json: Data

    /// The class of the model, `Model` or a subclass.
    ///
    /// The model is made as this class, not as the class that its data names, so that it
    /// comes back as what it was even when that class is not registered where the model is
    /// made, and so that a class name kept to be written back stays kept.
    let modelClass: Model.Type

    /// Whether the JSON holds values kept from loaded data that only a lenient load reads
    /// back: values that a lenient load skipped, or a class name that did not resolve.
    let isLenient: Bool

    /// Takes a snapshot of a model.
    ///
    /// ```swift
    /// let snapshot = try ModelSnapshot(note)
    /// ```
    ///
    /// - Parameter model: The model, whose saved form the snapshot holds; the model itself
    ///   is not kept.
    /// - Throws: A ``ModelError`` when the model cannot be written as JSON: for NaN or
    ///   infinity, a date that has no ISO 8601 text that reads back, a cycle between model
    ///   objects, or nesting too deep; see ``ModelObject/jsonData(options:)``.
    public init(_ model: Model) throws {
        (json, isLenient) = try model.compactJSONForm()
        modelClass = type(of: model)
    }

    /// Makes a model equal to the one the snapshot was taken of, with no changes.
    ///
    /// Each call makes a new object graph, on whichever actor or thread calls it, so that a
    /// snapshot kept in an actor, a cache or a global can hand out as many models as wanted.
    /// The result is `sending`: the caller may pass it on to another isolation domain.
    ///
    /// When the model that the snapshot was taken of keeps values that a lenient load skipped,
    /// or a class name that did not resolve, the made model keeps them too, and its
    /// ``ModelObject/loadIssues`` list them; otherwise it has no load issues.
    ///
    /// Every object of the made model checks itself (``ModelObject/validate()``), as after any
    /// load; taking the snapshot does not check, so a snapshot of a model that is not valid
    /// makes none, unless the snapshot is lenient, whose made model lists the problem in its
    /// ``ModelObject/loadIssues``.
    ///
    /// - Returns: A model of the class that the snapshot was taken of.
    /// - Throws: A ``ModelError`` when an object of the model is not valid, and for what the
    ///   model's class does differently from when the snapshot was taken, such as a
    ///   ``ModelObject/loadDefaultValues()`` or a custom saved value that throws.
    public func makeModel() throws -> sending Model {
        // The data is the model's own, so it loads as it was written; values that a lenient
        // load once skipped load leniently again, which keeps them as they are.
        try modelClass.init(json: json, options: isLenient ? .lenient : [])
    }
}

extension ModelSnapshot: Hashable {
    /// Whether two snapshots hold the same saved form: the same class and the same JSON.
    ///
    /// - Parameters:
    ///   - lhs: A snapshot.
    ///   - rhs: Another snapshot.
    /// - Returns: `true` when the models they make write the same data.
    public static func == (lhs: ModelSnapshot, rhs: ModelSnapshot) -> Bool {
        lhs.modelClass == rhs.modelClass && lhs.json == rhs.json
    }

    /// Hashes the class and the saved form.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(modelClass))
        hasher.combine(json)
    }
}
