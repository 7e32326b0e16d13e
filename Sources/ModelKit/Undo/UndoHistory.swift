import Observation

/// Undo and redo of every change to a model and the objects nested in it.
///
/// A history records each change to a saved property anywhere in the model's graph — nested
/// objects, arrays and dictionaries of objects, and objects added later — and each merge patch
/// (``ModelObject/apply(mergePatch:options:)``), ``ModelObject/revertChanges()`` and load into
/// a tracked object (``ModelObject/load(json:options:)-(Data,_)``) as one step:
///
/// ```swift
/// let history = UndoHistory(tracking: document)
/// document.title = "Draft"
/// history.group(named: "Add Page") {
///     document.pages.append(Page())
///     document.pageCount += 1
/// }
/// history.undo()      // the page goes again
/// history.undo()      // the title is back
/// history.redo()
/// ```
///
/// A change outside ``group(named:_:)`` is a step of its own, except that inside
/// ``coalescing(_:)`` consecutive changes of the same property of the same object are one step,
/// as typing in a text field should be. A new change clears the steps to redo.
///
/// Undoing sets the values as the user would: the change record sees it (undoing every step
/// back to the last ``ModelObject/clearChanges()`` leaves ``ModelObject/hasChanges`` `false`),
/// observers are notified, and ``ModelObject/validate()`` sees the values the next time it
/// runs. Undoing a load puts the earlier values back as changes to the loaded data.
///
/// ``canUndo``, ``canRedo`` and the action names are observable, so SwiftUI menus and
/// `withObservationTracking` follow them. The history stops recording when it is released.
/// Like a model object, a history is not `Sendable`: use it where the model is used.
/// On Apple platforms, `init(tracking:undoManager:)` also drives an `UndoManager`.
public final class UndoHistory: Observable {
    let recorder = UndoRecorder()
    /// The model whose graph the history tracks, kept while the history lives.
    private let model: ModelObject

    #if canImport(Darwin)
        /// The undo manager that the steps are registered with, when there is one.
        var undoManagerBridge: UndoManagerBridge?
    #endif

    /// Creates a history that records every change to `model` and the objects nested in it.
    ///
    /// A graph has one history at a time: a new history of an object that another tracks
    /// takes over from it.
    ///
    /// - Parameter model: The model to track.
    public init(tracking model: ModelObject) {
        self.model = model
        recorder.attach(model)
    }

    deinit {
        recorder.detachAll()
    }

    /// Whether there is a step to undo.
    public var canUndo: Bool {
        recorder.accessSteps()
        return recorder.canUndo
    }

    /// Whether there is a step to redo.
    public var canRedo: Bool {
        recorder.accessSteps()
        return recorder.canRedo
    }

    /// The name of the step that ``undo()`` takes back, as ``group(named:_:)`` gave it; empty
    /// when the step has no name or there is none, as `UndoManager` has it.
    public var undoActionName: String {
        recorder.accessSteps()
        return recorder.undoActionName ?? ""
    }

    /// The name of the step that ``redo()`` makes again; empty when it has none or there is
    /// none.
    public var redoActionName: String {
        recorder.accessSteps()
        return recorder.redoActionName ?? ""
    }

    /// The most steps that the history keeps, the oldest going first; 0, the default, for no
    /// limit.
    public var levelsOfUndo: Int {
        get { recorder.levelsOfUndo }
        set { recorder.levelsOfUndo = max(newValue, 0) }
    }

    /// Takes back the last step, setting the values it changed back; does nothing when there
    /// is none.
    public func undo() {
        #if canImport(Darwin)
            if let undoManagerBridge { return MainActor.assumeIsolated { undoManagerBridge.undo() } }
        #endif
        recorder.undo()
    }

    /// Makes the last step that ``undo()`` took back again; does nothing when there is none.
    public func redo() {
        #if canImport(Darwin)
            if let undoManagerBridge { return MainActor.assumeIsolated { undoManagerBridge.redo() } }
        #endif
        recorder.redo()
    }

    /// Makes one step of every change that `body` makes, with a name for menus such as
    /// "Undo Add Page".
    ///
    /// Groups nest: the changes of an inner group are part of the outer group's step, which
    /// takes the outer name, or the inner one when the outer group has none. A group that
    /// changes nothing adds no step.
    ///
    /// - Parameters:
    ///   - name: The action name, which ``undoActionName`` and ``redoActionName`` give.
    ///   - body: The changes to make.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; the changes made until then are still one step.
    public func group<Result>(named name: String, _ body: () throws -> Result) rethrows -> Result {
        try recorder.group(named: name, body)
    }

    /// Runs `body`, in which consecutive changes of the same property of the same object are
    /// one step, from one call to the next, until another change, an undo or a redo comes
    /// between them.
    ///
    /// ```swift
    /// TextField("Title", text: Binding(
    ///     get: { document.title },
    ///     set: { text in history.coalescing { document.title = text } }))
    /// ```
    ///
    /// - Parameter body: The changes to make.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func coalescing<Result>(_ body: () throws -> Result) rethrows -> Result {
        try recorder.coalescing(body)
    }

    /// Runs `body` without recording the changes it makes, for changes that are not the
    /// user's, such as a selection or a timestamp.
    ///
    /// Objects that `body` puts in the graph are still tracked from then on. Undoing a step
    /// from before sets the values it recorded, whatever `body` set in between.
    ///
    /// - Parameter body: The changes to make.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func withoutRecording<Result>(_ body: () throws -> Result) rethrows -> Result {
        try recorder.withoutRecording(body)
    }

    /// Forgets every step to undo and to redo, as after saving a document that keeps no
    /// history.
    public func removeAll() {
        recorder.removeAll()
        #if canImport(Darwin)
            if let undoManagerBridge { MainActor.assumeIsolated { undoManagerBridge.removeAll() } }
        #endif
    }
}

@available(*, unavailable, message: "an UndoHistory belongs to one thread or actor, like the model it tracks")
extension UndoHistory: Sendable {}
