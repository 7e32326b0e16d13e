import Foundation
import ModelKit

extension Workload {
    /// Adds the merge-patch direction to the Demo workload: one change in each of the
    /// generated objects, and `mergePatch()` of each object, as an app that syncs each object
    /// as a resource of its own makes them, next to the whole document's dictionary form.
    ///
    /// A patch of the whole document would hold the whole array of objects: a merge patch
    /// replaces arrays whole.
    mutating func addMergePatches() throws {
        let catalog = try DemoCatalog(json: json)
        for item in catalog.items {
            item.text += " (edited)"
        }
        for item in catalog.items {
            let patch = try item.mergePatch()
            guard patch.count == 1, patch["text"] is String else {
                throw BenchmarkError("\(name): the patch of one change is \(patch)")
            }
        }
        operations[.mergePatch] = [
            .modelKit: {
                for item in catalog.items { consume(try item.mergePatch()) }
            },
            .wholeDocument: { consume(try catalog.dictionary) },
        ]
    }

    /// Adds the undo direction to the Demo workload: one property set in each generated
    /// object, with an `UndoHistory` tracking the whole document (each set a step of its own,
    /// the last thousand kept), next to the same sets in a document that no history tracks.
    mutating func addSetsWithUndo() throws {
        let tracked = try DemoCatalog(json: json)
        let untracked = try DemoCatalog(json: json)
        let history = UndoHistory(tracking: tracked)
        history.levelsOfUndo = 1_000
        guard let first = tracked.items.first else { throw BenchmarkError("\(name): no objects to set") }
        let number = first.number
        first.number += 1
        history.undo()
        guard first.number == number, !tracked.hasAnyChanges, history.canRedo else {
            throw BenchmarkError("\(name): undoing a set did not put the value back")
        }
        operations[.setWithUndo] = [
            .modelKit: {
                for item in tracked.items { item.number &+= 1 }
                consume(history)
            },
            .withoutHistory: {
                for item in untracked.items { item.number &+= 1 }
            },
        ]
    }
}
