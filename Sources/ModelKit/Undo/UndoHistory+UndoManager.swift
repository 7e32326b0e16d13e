#if canImport(Darwin)
    import Foundation

    extension UndoHistory {
        /// Creates a history that records every change to `model` and registers each step
        /// with `undoManager`, with its action name, so that the system's Undo and Redo
        /// commands (the Edit menu, shake to undo, a SwiftUI view's `undoManager`) drive it.
        ///
        /// ```swift
        /// struct Editor: View {
        ///     @Environment(\.undoManager) private var undoManager
        ///     @State private var history: UndoHistory?
        ///     let document: Document
        ///
        ///     var body: some View {
        ///         Form { ... }
        ///             .onAppear {
        ///                 if let undoManager {
        ///                     history = UndoHistory(tracking: document, undoManager: undoManager)
        ///                 }
        ///             }
        ///     }
        /// }
        /// ```
        ///
        /// `UndoManager` belongs to the main actor, and so does this history: use it and the
        /// model on the main actor. ``undo()`` and ``redo()`` then ask the undo manager, whose
        /// handlers take the history's steps back and make them again; ``removeAll()`` removes
        /// the history's actions from it. The undo manager groups what one event registers, so
        /// one of its undos may take back several of the history's steps. Set a limit on one
        /// of the two, ``levelsOfUndo`` or the undo manager's. Actions still registered when
        /// the history is released do nothing.
        ///
        /// This initializer exists only on Apple platforms, and ModelKit's tests, which run on
        /// Linux, do not exercise it.
        ///
        /// - Parameters:
        ///   - model: The model to track.
        ///   - undoManager: The undo manager to register each step with.
        @MainActor
        public convenience init(tracking model: ModelObject, undoManager: UndoManager) {
            self.init(tracking: model)
            let bridge = UndoManagerBridge(undoManager: undoManager, recorder: recorder)
            undoManagerBridge = bridge
            recorder.didAddStep = { @Sendable name in
                MainActor.assumeIsolated { bridge.registerUndo(named: name) }
            }
        }
    }

    /// Registers the steps of an ``UndoHistory`` with an `UndoManager`: each new step as an
    /// undo action, whose handler takes the step back and registers the redo action, whose
    /// handler makes it again and registers the undo action — the pattern `UndoManager`
    /// expects of `registerUndo(withTarget:handler:)`.
    @MainActor
    final class UndoManagerBridge {
        private let undoManager: UndoManager
        // Strong, and each action's handler holds the bridge strongly: `UndoManager` does not
        // retain its targets, and an action may outlive the history, which cannot remove its
        // actions from a `deinit` off the main actor. Once the history is gone, the recorder
        // holds no steps and such an action does nothing.
        private let recorder: UndoRecorder

        init(undoManager: UndoManager, recorder: UndoRecorder) {
            self.undoManager = undoManager
            self.recorder = recorder
        }

        func registerUndo(named name: String?) {
            // The undo manager runs its handlers on the main thread. Whether the SDK declares
            // the handler `@MainActor` (recent SDKs) or not (older ones), the isolation is
            // asserted the same way.
            undoManager.registerUndo(withTarget: self) { [self] _ in
                MainActor.assumeIsolated { self.undoStep() }
            }
            undoManager.setActionName(name ?? "")
        }

        private func registerRedo(named name: String?) {
            undoManager.registerUndo(withTarget: self) { [self] _ in
                MainActor.assumeIsolated { self.redoStep() }
            }
            undoManager.setActionName(name ?? "")
        }

        /// The undo manager's handler: takes back the history's last step and registers its redo.
        private func undoStep() {
            guard recorder.canUndo else { return }
            let name = recorder.undoActionName
            recorder.undo()
            registerRedo(named: name)
        }

        /// The undo manager's handler during its redo: makes the step again and registers its
        /// undo.
        private func redoStep() {
            guard recorder.canRedo else { return }
            let name = recorder.redoActionName
            recorder.redo()
            registerUndo(named: name)
        }

        func undo() {
            if undoManager.canUndo { undoManager.undo() }
        }

        func redo() {
            if undoManager.canRedo { undoManager.redo() }
        }

        func removeAll() {
            undoManager.removeAllActions(withTarget: self)
        }
    }
#endif
