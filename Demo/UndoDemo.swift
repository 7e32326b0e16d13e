import ModelKit

/// Changes a copy of `demo` with an undo history tracking it, then undoes and redoes the
/// changes, printing what each step puts back.
func showUndo(from demo: Demo) throws {
    let edited = demo.copy()
    let history = UndoHistory(tracking: edited)
    edited.text = "Draft"
    history.group(named: "Finish Children") {
        for child in edited.children { child.isDone = true }
    }
    print("With an UndoHistory tracking a copy, a new text and a group named \"\(history.undoActionName)\":")
    print("  text \(edited.text), children done \(edited.children.map(\.isDone)), changes \(edited.hasAnyChanges)")
    history.undo()
    print("  undo:  children done \(edited.children.map(\.isDone)); redo would be \"\(history.redoActionName)\"")
    history.undo()
    print("  undo:  text \(edited.text), changes \(edited.hasAnyChanges), can undo \(history.canUndo)")
    guard edited == demo, !edited.hasAnyChanges else {
        throw DemoFailure("undoing every change did not give the original back")
    }
    history.redo()
    history.redo()
    print("  redo twice: text \(edited.text), children done \(edited.children.map(\.isDone))")
    print()
}
