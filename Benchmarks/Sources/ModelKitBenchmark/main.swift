import Foundation

do {
    let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
    if let probe = arguments.memoryProbe {
        try MemoryProbe.runProbe(probe.subject, jsonFile: probe.jsonFile, payload: arguments.memoryPayload)
    } else {
        try Benchmark(arguments: arguments).run()
    }
} catch is ExitRequest {
    exit(0)
} catch {
    FileHandle.standardError.write(Data("modelkit-benchmark: \(error)\n".utf8))
    exit(1)
}
