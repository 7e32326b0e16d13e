import Foundation
import Testing

/// The fuzz target's checks (`FuzzInputCheck`) on its seeds and on every input it ever
/// stopped on, so that `swift test` keeps them fixed.
@Suite struct FuzzRegressionTests {
    /// Fuzz/corpus and Fuzz/regressions, found from this file's place in the package.
    static let inputs: [URL] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folders = ["Fuzz/corpus", "Fuzz/regressions"].map { root.appendingPathComponent($0) }
        let files = folders.flatMap { folder in
            (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        }
        return files.filter { $0.pathExtension != "md" }.sorted { $0.path < $1.path }
    }()

    @Test func inputsAreFound() {
        #expect(Self.inputs.count >= 9, "the seeds in Fuzz/corpus")
    }

    @Test(arguments: inputs)
    func inputPassesTheFuzzChecks(input: URL) throws {
        let data = try Data(contentsOf: input)
        FuzzInputCheck { problem in
            Issue.record("\(input.lastPathComponent): \(problem)")
        }.run(data)
    }
}
