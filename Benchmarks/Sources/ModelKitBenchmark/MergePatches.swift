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
}
