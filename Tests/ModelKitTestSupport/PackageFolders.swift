import Foundation

/// The folders of the ModelKit package that tests read files from, found from this file's
/// place in the package (Tests/ModelKitTestSupport), so that they do not depend on the folder
/// a test runs in or on where the test's own file lies.
public enum PackageFolders {
    /// The package's root folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Tests/JSONCorpus: hand-picked documents that every reader must accept (`valid/`) or
    /// reject (`invalid/`).
    public static let jsonCorpus = root.appendingPathComponent("Tests/JSONCorpus")

    /// The fuzz target's inputs, in order of path: its seeds in Fuzz/corpus and every input it
    /// ever stopped on, kept in Fuzz/regressions.
    public static let fuzzInputs: [URL] = {
        let folders = ["Fuzz/corpus", "Fuzz/regressions"].map { root.appendingPathComponent($0) }
        let files = folders.flatMap { folder in
            (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        }
        return files.filter { $0.pathExtension != "md" }.sorted { $0.path < $1.path }
    }()
}
