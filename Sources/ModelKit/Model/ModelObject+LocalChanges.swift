import Foundation

extension ModelObject {
    /// Runs `load`, which loads fresh data into this object all or nothing, and sets the
    /// user's changes again on top of that data, for ``LoadOptions/keepingLocalChanges``.
    ///
    /// The changes are taken by key before the load and set again after it, so this works the
    /// same whichever reader does the load, and costs nothing when there are no changes.
    func loadKeepingLocalChanges(_ load: () throws -> Void) throws {
        guard hasAnyChanges else { return try load() }
        var visited: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
        let changes = try LocalChanges(of: self, baseline: SaveContext(writesBaseline: true), visited: &visited)
        try load()
        var conflicts: [ModelKeyPath] = []
        changes.restore(on: self, at: ModelKeyPath(), conflicts: &conflicts)
        mergeConflicts = conflicts
    }
}
