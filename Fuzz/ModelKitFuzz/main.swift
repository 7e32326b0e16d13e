import Foundation
import ModelKit

// A libFuzzer target for ModelKit. Build and run it with `Scripts/fuzz.sh SECONDS`.
//
// The checks and the models live in Tests/ModelKitTests (FuzzInputCheck.swift and
// FuzzModels.swift), where `FuzzRegressionTests` runs the same checks on the seeds in
// Fuzz/corpus and on every input the fuzzer stopped on, kept in Fuzz/regressions.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    FuzzInputCheck { problem in fatalError("ModelKit fuzz: \(problem)") }.run(data)
    return 0
}
