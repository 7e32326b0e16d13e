import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// Random documents for every generated model (`DifferentialModels.swift`, written by
/// `Scripts/generate-differential-models.py`), each loaded and written every way ModelKit
/// offers, and compared with `JSONDecoder` reading the model's twin, with the document itself
/// and with ModelKit's other ways.
///
/// For each model and document:
/// 1. ModelKit's reader and `JSONDecoder` on the twin both load the same values, or both fail;
/// 2. `LoadOptions.foundationReader` loads the same values, and an equal object;
/// 3. every writer, on an object just loaded, writes the same bytes twice, and writes what the
///    document holds (`DifferentialExpectation`): every undeclared key and every `null` at every
///    level, nothing it did not hold but defaults, each `Double` with the bits `Double(String)`
///    reads from the document's text, the sign of zero included;
/// 4. what each writer wrote loads back as an equal object;
/// 5. the object equals, and hashes like, one loaded from the document without the `null`s of
///    its optionals, and has no changes after any load.
///
/// The documents come from `TestSize.seeds`, one for each seed, so that a failure names the
/// seed that reproduces it; the everyday `swift test` runs 10 seeds, `MODELKIT_FULL_TESTS=1`
/// 100, and `MODELKIT_MINIMIZE=1` adds to each problem the smallest document that still shows
/// it (`DifferentialMinimizer`):
///
///     MODELKIT_SEED=17 MODELKIT_SEED_COUNT=1 MODELKIT_MINIMIZE=1 \
///         swift test --filter ModelDifferentialTests
@Suite(.tags(.generated)) struct ModelDifferentialTests {
    /// Documents for each model and seed: one keeps the everyday run to a few seconds and the
    /// full run (3,000 documents) well under a minute, in a debug build on two cores.
    static let documentsPerSeed: UInt64 = 1

    @Test(arguments: DifferentialModels.all)
    func modelKitAgreesWithJSONDecoderAndWithItself(_ model: DifferentialCase) {
        var report = DifferentialReport(model: model.name)
        for seed in TestSize.seeds {
            for index in 0..<Self.documentsPerSeed {
                let documentSeed = Self.stableHash(model.name) &+ seed &* 0x9E37_79B9_7F4A_7C15 &+ index
                let failedBefore = Set(report.failedChecks)
                var check = DifferentialCheck(
                    model: model, seed: documentSeed, label: "seed \(seed), document \(index)", report: report)
                check.run()
                report = check.report
                guard DifferentialMinimizer.isEnabled else { continue }
                for name in report.failedChecks where !failedBefore.contains(name) {
                    let minimal = DifferentialMinimizer.minimize(
                        check.document, failing: name, model: model, seed: documentSeed)
                    report.addMinimalDocument(minimal, for: name)
                }
            }
        }
        report.record()
    }

    /// The file of models is what the script writes from its seed.
    @Test func theGeneratedModelsAreCurrent() throws {
        #if os(Linux) || os(macOS)
            let script = PackageFolders.root.appendingPathComponent("Scripts/generate-differential-models.py")
            let models = PackageFolders.root.appendingPathComponent(
                "Tests/ModelKitTests/Differential/DifferentialModels.swift")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script.path, "--stdout"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let written = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "python3 \(script.path) --stdout failed")
            #expect(
                written == (try Data(contentsOf: models)),
                "DifferentialModels.swift is not what the script writes: run python3 Scripts/generate-differential-models.py"
            )
        #endif
    }

    /// A hash of a model's name that is the same in every process, unlike `hashValue`.
    static func stableHash(_ name: String) -> UInt64 {
        name.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }
}
