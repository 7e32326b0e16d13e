import Foundation
import Observation

/// What a model object holds beyond its saved properties, made the first time it holds any:
/// the text and values it keeps to write back, the changes it tracks, its observers' registrar
/// and its undo recorder.
///
/// Most loaded objects hold none of it: a payload object whose keys its class all declares,
/// loaded and never changed, keeps nothing to write back and records no change. Kept apart,
/// such an object costs its saved properties and one reference, not the room of every kind
/// of bookkeeping an object may need (about 150 bytes); the object's accessors read the
/// defaults when it has no extras, and make them when something is first kept.
///
/// Its properties are read on every load, write and change of the object it belongs to, so
/// they are exempt from runtime exclusivity checks, like the object's own; like the rest of a
/// model object, they belong to one thread at a time.
final class ObjectExtras {
    /// See ``ModelObject/unknowns``.
    @exclusivity(unchecked) var unknowns = UnknownValues()
    /// See ``ModelObject/loadIssues``.
    @exclusivity(unchecked) var loadIssues: [ModelError] = []
    /// See ``ModelObject/mergeConflicts``.
    @exclusivity(unchecked) var mergeConflicts: [ModelKeyPath] = []
    /// See ``ModelObject/newerVersion``.
    @exclusivity(unchecked) var newerVersion: Int?
    /// See ``ModelObject/keptClassName``.
    @exclusivity(unchecked) var keptClassName: String?
    /// See ``ModelObject/storedSkippedValues``.
    @exclusivity(unchecked) var storedSkippedValues: [Int: SkippedValue] = [:]
    /// See ``ModelObject/changeRecord``.
    @exclusivity(unchecked) var changeRecord = ChangeRecord()
    /// See ``ModelObject/lazyObservationRegistrar``.
    @exclusivity(unchecked) var observationRegistrar: ObservationRegistrar?
    /// See ``ModelObject/attachedUndoRecorder``.
    @exclusivity(unchecked) var undoRecorder: UndoRecorder?
    /// The log of a ``PartialLoader`` that is filling the object, which its saved properties'
    /// getters tell of each access (see ``PartialAccessLog``).
    @exclusivity(unchecked) var partialAccessLog: PartialAccessLog?
}
