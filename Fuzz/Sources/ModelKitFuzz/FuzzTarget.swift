import Foundation
import ModelKitTestSupport

// A libFuzzer target for ModelKit. Build and run it with `Scripts/fuzz.sh SECONDS`.
//
// The checks and the models are those of ModelKit's test support library (FuzzInputCheck and
// FuzzModels in Tests/ModelKitTestSupport), with which `FuzzRegressionTests` runs the same
// checks on the seeds in Fuzz/corpus and on every input the fuzzer stopped on, kept in
// Fuzz/regressions.

/// libFuzzer's entry point: runs the checks on one input and stops the run at the first
/// broken promise.
///
/// - Parameters:
///   - start: The input's bytes.
///   - count: The number of bytes.
/// - Returns: 0, which tells libFuzzer to keep the input if it found new code.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    FuzzInputCheck { problem in fatalError("ModelKit fuzz: \(problem)") }.run(data)
    return 0
}
