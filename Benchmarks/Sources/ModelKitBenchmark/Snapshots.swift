import Foundation
import ModelKit

extension Workload {
    /// Adds the snapshot direction to the Demo workload: a `ModelSnapshot` of the whole
    /// document and a model made from it, as an app that hands the document to another actor
    /// pays, next to writing the document's compact JSON and loading it again.
    mutating func addSnapshots() throws {
        let catalog = try DemoCatalog(json: json)
        let made = try ModelSnapshot(catalog).makeModel()
        guard made == catalog, made !== catalog, !made.hasAnyChanges else {
            throw BenchmarkError("\(name): the model made from a snapshot differs")
        }
        operations[.snapshot] = [
            .modelKit: { consume(try ModelSnapshot(catalog).makeModel()) },
            .jsonRoundTrip: { consume(try DemoCatalog(json: catalog.jsonData(options: .compact))) },
        ]
    }
}
