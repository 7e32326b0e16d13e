import Foundation
import ModelKitTestSupport
import Testing

/// The fuzz target's checks (`FuzzInputCheck`) on its seeds and on every input it ever
/// stopped on, so that `swift test` keeps them fixed.
@Suite struct FuzzRegressionTests {
    /// Fuzz/corpus and Fuzz/regressions.
    static let inputs = PackageFolders.fuzzInputs

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
