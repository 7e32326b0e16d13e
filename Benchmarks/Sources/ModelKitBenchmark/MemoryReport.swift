import Foundation

/// The peak memory of loading the generated objects from JSON, for each way of loading them,
/// and its bar: ModelKit's peak at most Codable's.
struct MemoryReport: CustomStringConvertible {
    let objects: Int
    let peaks: [(MemoryProbe.Subject, Int?)]

    /// Measures each way of loading in a process of its own.
    static func measure(demoJSON: Data, objects: Int) throws -> MemoryReport {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-benchmark-\(getpid()).json")
        try demoJSON.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let peaks = try MemoryProbe.Subject.allCases.map { ($0, try MemoryProbe.measure($0, jsonFile: file.path)) }
        return MemoryReport(objects: objects, peaks: peaks)
    }

    private func peak(of subject: MemoryProbe.Subject) -> Int? {
        peaks.first { $0.0 == subject }?.1
    }

    /// Whether ModelKit's peak is at most Codable's; `nil` where memory cannot be measured.
    var meetsBar: Bool? {
        guard let modelKit = peak(of: .modelKit), let codable = peak(of: .codable) else { return nil }
        return modelKit <= codable
    }

    var description: String {
        let parts = peaks.map { "\($0.0.rawValue) \(Table.megabytes($0.1))" }
        var text =
            "Peak memory of loading the \(objects.formatted()) objects from JSON (resident set growth, "
            + "\(PeakMemory.source)): " + parts.joined(separator: ", ") + "."
        if let meetsBar, let modelKit = peak(of: .modelKit), let codable = peak(of: .codable) {
            let ratio = Table.ratio(Double(modelKit) / Double(codable))
            text += "\nModelKit/Codable \(ratio), bar ≤ 1.00× Codable: \(meetsBar ? "PASS" : "FAIL")."
        }
        return text
    }
}
