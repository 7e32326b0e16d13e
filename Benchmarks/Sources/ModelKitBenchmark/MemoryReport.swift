import Foundation

/// The peak memory of loading the generated objects from JSON, for each way of loading them,
/// and its bar: ModelKit's peak at most Codable's.
struct MemoryReport: CustomStringConvertible {
    let objects: Int
    let payload: MemoryProbe.Payload
    let results: [(MemoryProbe.Subject, MemoryProbe.Result?)]

    /// Measures each way of loading `json`, which holds `payload`, in a process of its own.
    static func measure(json: Data, objects: Int, payload: MemoryProbe.Payload = .demo) throws -> MemoryReport {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-benchmark-\(getpid()).json")
        try json.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let results = try MemoryProbe.Subject.allCases.map {
            ($0, try MemoryProbe.measure($0, jsonFile: file.path, payload: payload))
        }
        return MemoryReport(objects: objects, payload: payload, results: results)
    }

    private func result(of subject: MemoryProbe.Subject) -> MemoryProbe.Result? {
        results.first { $0.0 == subject }?.1
    }

    private func peak(of subject: MemoryProbe.Subject) -> Int? {
        result(of: subject)?.peakGrowth
    }

    /// The heap that each loaded item holds, its nested colour object included.
    private func bytesPerItem(of subject: MemoryProbe.Subject) -> Int? {
        result(of: subject)?.retainedHeap.map { $0 / max(objects, 1) }
    }

    /// Whether ModelKit's peak is at most Codable's; `nil` where memory cannot be measured.
    var meetsBar: Bool? {
        guard let modelKit = peak(of: .modelKit), let codable = peak(of: .codable) else { return nil }
        return modelKit <= codable
    }

    var description: String {
        let parts = results.map { "\($0.0.rawValue) \(Table.megabytes($0.1?.peakGrowth))" }
        var text =
            "Peak memory of loading the \(objects.formatted()) \(payload == .demo ? "objects" : "small objects as a top-level array") from JSON (resident set growth, "
            + "\(PeakMemory.source)): " + parts.joined(separator: ", ") + "."
        if let meetsBar, let modelKit = peak(of: .modelKit), let codable = peak(of: .codable) {
            let ratio = Table.ratio(Double(modelKit) / Double(codable))
            text += "\nModelKit/Codable \(ratio), bar ≤ 1.00× Codable: \(meetsBar ? "PASS" : "FAIL")."
        }
        if payload == .demo, let modelKit = bytesPerItem(of: .modelKit), let codable = bytesPerItem(of: .codable) {
            text +=
                "\nHeap held per loaded item (an item and its colour, after loading): ModelKit \(modelKit) bytes, "
                + "Codable structs \(codable) bytes, difference \(modelKit - codable) bytes for the two objects."
        }
        return text
    }
}
