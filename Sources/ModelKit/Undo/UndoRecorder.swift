import Observation

/// The steps of an ``UndoHistory``, and what every model object of the history's graph points
/// at to record its changes.
///
/// Changes reach it two ways, from the change record's own functions (`Changes/`):
/// - a saved property set through its setter, or through `assign` by anything that sets
///   values as the user would, arrives from ``ModelObject/recordChange(atOffset:from:to:)``
///   with its old and new value (``recordChange(of:atOffset:from:to:)``);
/// - everything that changes an object's values at once — a load into it, a merge patch, a
///   revert, an unknown value set through `subscript(extra:)` — runs inside
///   ``ModelObject/withMutationOfSavedValues(_:)``, which hands it to ``capturing(_:_:)``:
///   the object's values are taken before and compared after, and the differences are one step
///   (loads record nothing in the change record, so there is nothing else to read).
///
/// For example, `note.text = "A"` outside a group pushes the step `[text ← ""]`, which sets
/// `text` back to `""`; `history.group(named: "Rename") { note.text = "B"; note.tags = ["x"] }`
/// pushes one step of two changes named "Rename"; an `undo()` of it sets `tags` back, then
/// `text`, and leaves the step `[text ← "B", tags ← ["x"]]` to redo.
///
/// The objects of the graph hold it strongly, and it holds them in its steps, so the
/// ``UndoHistory`` that owns it breaks the cycle when it goes away (``detachAll()``).
///
/// The state that each recorded change reads is exempt from runtime exclusivity checks, which
/// would otherwise cost more than the recording itself; like the model objects, a recorder
/// belongs to one thread at a time.
final class UndoRecorder: Observable {
    /// The steps that `undo()` takes back, oldest first, at most ``levelsOfUndo`` of them.
    @exclusivity(unchecked) private var undoSteps = UndoSteps()
    /// The steps that `redo()` makes again, the next one last.
    @exclusivity(unchecked) private var redoSteps: [UndoStep] = []
    /// The most steps kept; 0 for no limit.
    var levelsOfUndo: Int {
        get { undoSteps.limit }
        set { notifyingObservers { undoSteps.setLimit(newValue) } }
    }

    /// The changes gathered by the open groups, and the name of the outermost named one.
    private var groupChanges: [UndoChange] = []
    private var groupName: String?
    @exclusivity(unchecked) private var groupDepth = 0
    /// Above 0 while nothing is recorded: inside `withoutRecording` and while a step is undone
    /// or redone.
    @exclusivity(unchecked) private var pauseDepth = 0
    /// Above 0 inside `coalescing`.
    @exclusivity(unchecked) private var coalescingDepth = 0
    /// Whether the last step is one change made inside `coalescing`, which the next change of
    /// the same property there joins.
    @exclusivity(unchecked) private var lastStepCoalesces = false
    /// The objects whose values ``capturing(_:_:)`` is taking, whose single changes it records
    /// itself.
    @exclusivity(unchecked) private var capturedObjects: Set<ObjectIdentifier> = []
    /// Whether the history has gone (``detachAll()``): the objects that still point at the
    /// recorder record nothing.
    @exclusivity(unchecked) var isDetached = false

    private let registrar = ObservationRegistrar()

    /// Called with the name of each step added by a new change, for the bridge to an
    /// `UndoManager`.
    @exclusivity(unchecked) var didAddStep: ((String?) -> Void)?

    // MARK: State

    var canUndo: Bool { !undoSteps.isEmpty }
    var canRedo: Bool { !redoSteps.isEmpty }
    var undoActionName: String? { undoSteps.lastName }
    var redoActionName: String? { redoSteps.last?.name }

    /// A stand-in key path for the steps, which every observed property of the history reads.
    var stepsToken: Int { 0 }

    /// Registers an observer's interest in the steps.
    func accessSteps() {
        registrar.access(self, keyPath: \UndoRecorder.stepsToken)
    }

    private func notifyingObservers(_ mutation: () -> Void) {
        registrar.withMutation(of: self, keyPath: \UndoRecorder.stepsToken, mutation)
    }

    // MARK: Recording

    /// Records that the saved property at `offset` of `object` changes from `oldValue` to
    /// `newValue`; model objects in `newValue` join the graph the recorder watches.
    func recordChange<Value: SavedValue>(
        of object: ModelObject, atOffset offset: Int, from oldValue: Value, to newValue: Value
    ) {
        if Value._containsModelObjects { attachObjects(in: newValue) }
        guard isRecording(object) else { return }
        add(UndoChange(object: object, kind: .property(offset: offset, value: oldValue)))
    }

    /// Records that the saved property at `offset` of `object` is set from `oldValue` to
    /// `newValue`, equal or not, in place of a value that a load kept for it, which undoing
    /// the change puts back (see ``ModelObject/restoreSkippedValue(atOffset:of:)``).
    func recordChange<Value: SavedValue>(
        of object: ModelObject, atOffset offset: Int, from oldValue: Value, replacingKeptValueWith newValue: Value
    ) {
        if Value._containsModelObjects { attachObjects(in: newValue) }
        guard isRecording(object) else { return }
        add(UndoChange(object: object, kind: .propertyRestoringKeptValue(offset: offset, value: oldValue)))
    }

    /// Whether a change recorded now is a step of its own that leaves what observers see as
    /// it was: outside any group or coalescing, with a step to undo already, none to redo and
    /// the last step unnamed, and no undo manager to tell (see
    /// ``ModelObject/recordForUndo(atOffset:from:to:)``).
    var takesPlainSteps: Bool {
        !isDetached && pauseDepth == 0 && capturedObjects.isEmpty && groupDepth == 0 && coalescingDepth == 0
            && didAddStep == nil && canUndo && redoSteps.isEmpty && !undoSteps.lastHasName
    }

    /// Records that the saved property at `offset` of `object` changes from `oldValue`, as a
    /// step of its own, while ``takesPlainSteps``.
    ///
    /// - Returns: The step that ``levelsOfUndo`` drops, for the caller to release once it is
    ///   done with the recorder.
    func recordPlainStep<Value: SavedValue>(
        of object: ModelObject, atOffset offset: Int, from oldValue: Value
    ) -> UndoStep? {
        lastStepCoalesces = false
        return undoSteps.append(
            UndoStep(change: UndoChange(object: object, kind: .property(offset: offset, value: oldValue))))
    }

    /// Whether a change of `object` is recorded now, rather than ignored or taken in by the
    /// capture of its values.
    func isRecording(_ object: ModelObject) -> Bool {
        pauseDepth == 0 && (capturedObjects.isEmpty || !capturedObjects.contains(ObjectIdentifier(object)))
    }

    /// Adds `change` to the open group, to the last step while it coalesces, or as a step.
    ///
    /// The change and its step are moved, not copied, into the steps: a copy would retain the
    /// object and copy its value once more for every change recorded. A change outside any
    /// scope, nearly every one, takes a path of its own, inlined where it is recorded.
    @inline(__always)
    func add(_ change: consuming UndoChange) {
        guard groupDepth == 0 && coalescingDepth == 0 else { return addInScope(change) }
        push(UndoStep(change: change))
    }

    private func addInScope(_ change: consuming UndoChange) {
        if groupDepth > 0 { return groupChanges.append(change) }
        guard let offset = change.propertyOffset else {
            return push(UndoStep(change: change))
        }
        if lastStepCoalesces, undoSteps.lastIsSingleChange(of: change.object, atOffset: offset) {
            // The step keeps the value from before its first change; this one adds nothing.
            return
        }
        push(UndoStep(change: change))
        lastStepCoalesces = true
    }

    /// Adds a step made by a new change: the steps to redo go, and the oldest step goes when
    /// there are more than ``levelsOfUndo``.
    ///
    /// Most changes leave what observers see as it was: a step to undo, none to redo, no name,
    /// which is told without reading a name.
    @inline(__always)
    private func push(_ step: consuming UndoStep) {
        lastStepCoalesces = false
        guard !step.hasName && canUndo && redoSteps.isEmpty && !undoSteps.lastHasName else {
            return pushNotifying(step)
        }
        undoSteps.append(step)
        didAddStep?(nil)
    }

    /// Adds a step that observers may see, notifying them as `notifyingObservers` does, around
    /// the same mutation, when they do.
    private func pushNotifying(_ step: consuming UndoStep) {
        let name = step.name
        let isNotifying = !(canUndo && redoSteps.isEmpty && undoSteps.lastName == name)
        if isNotifying {
            registrar.willSet(self, keyPath: \UndoRecorder.stepsToken)
            redoSteps.removeAll()
        }
        undoSteps.append(step)
        if isNotifying { registrar.didSet(self, keyPath: \UndoRecorder.stepsToken) }
        didAddStep?(name)
    }

    // MARK: Scopes

    /// Runs `body`, making one step of the changes it makes, named `name` unless an enclosing
    /// group has a name.
    func group<Result>(named name: String?, _ body: () throws -> Result) rethrows -> Result {
        if groupDepth == 0 {
            lastStepCoalesces = false
            groupName = name
        } else if groupName == nil {
            groupName = name
        }
        groupDepth += 1
        defer {
            groupDepth -= 1
            if groupDepth == 0 { closeGroup() }
        }
        return try body()
    }

    private func closeGroup() {
        let changes = groupChanges
        groupChanges = []
        if let step = UndoStep(name: groupName, changes: changes) { push(step) }
        groupName = nil
    }

    /// Runs `body`, in which consecutive changes of the same property of the same object
    /// are one step.
    func coalescing<Result>(_ body: () throws -> Result) rethrows -> Result {
        coalescingDepth += 1
        defer { coalescingDepth -= 1 }
        return try body()
    }

    /// Runs `body` without recording the changes it makes.
    func withoutRecording<Result>(_ body: () throws -> Result) rethrows -> Result {
        pauseDepth += 1
        defer { pauseDepth -= 1 }
        return try body()
    }

    /// Runs `mutation`, which may change any saved value of `objects`, recording what it
    /// changes in them as one step (see the type's discussion).
    func capturing<Result>(_ objects: [ModelObject], _ mutation: () throws -> Result) rethrows -> Result {
        let captured = objects.filter { isRecording($0) }
        guard !captured.isEmpty else {
            // Objects that the mutation puts in the graph are watched, recorded or not.
            defer { attachNestedObjects(of: objects) }
            return try mutation()
        }
        let before = captured.map { CapturedValues(of: $0) }
        for object in captured { capturedObjects.insert(ObjectIdentifier(object)) }
        return try group(named: nil) {
            defer {
                for object in captured { capturedObjects.remove(ObjectIdentifier(object)) }
                for (object, values) in zip(captured, before) {
                    for change in values.changes(in: object) { add(change) }
                }
                attachNestedObjects(of: objects)
            }
            return try mutation()
        }
    }

    // MARK: Undo and redo

    /// Takes back the last step; nothing when there is none.
    ///
    /// The step leaves the steps before its values are set and joins the steps to redo after,
    /// as the step that redoes it: nothing refers to a step while values are set, which may
    /// run an observer that undoes or redoes once more.
    func undo() {
        guard canUndo else { return }
        notifyingObservers {
            guard var step = undoSteps.removeLast() else { return }
            lastStepCoalesces = false
            withoutRecording { step.undo() }
            redoSteps.append(step)
        }
    }

    /// Makes the last step taken back again; nothing when there is none.
    func redo() {
        guard !redoSteps.isEmpty else { return }
        notifyingObservers {
            var step = redoSteps.removeLast()
            lastStepCoalesces = false
            withoutRecording { step.redo() }
            undoSteps.append(step)
        }
    }

    /// Forgets every step.
    func removeAll() {
        notifyingObservers {
            undoSteps.removeAll()
            redoSteps.removeAll()
            lastStepCoalesces = false
        }
    }
}
