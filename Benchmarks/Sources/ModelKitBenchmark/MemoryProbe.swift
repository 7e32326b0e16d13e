import Foundation
import HeapStatistics

/// Measures the peak memory of loading the generated objects from JSON, each contender in a
/// process of its own, so that no contender inherits another's heap.
enum MemoryProbe {
    /// What a probe loads.
    enum Subject: String, CaseIterable {
        case modelKit = "ModelKit"
        case foundationReader = "ModelKit with foundationReader"
        case codable = "Codable"
        case handWritten = "hand-written"
        case bareParse = "parse only"

        /// The name used on the command line.
        var option: String {
            switch self {
            case .modelKit: return "modelkit"
            case .foundationReader: return "foundation-reader"
            case .codable: return "codable"
            case .handWritten: return "hand-written"
            case .bareParse: return "parse"
            }
        }
    }

    /// The document a probe loads.
    enum Payload: Hashable {
        /// The generated Demo objects, in one document.
        case demo
        /// The small objects, as a document whose top level is their array.
        case smallArray
        /// A document of the API workload.
        case api(APIPayload)

        init?(option: String) {
            switch option {
            case "demo": self = .demo
            case "small-array": self = .smallArray
            default:
                guard let payload = APIPayload(rawValue: option) else { return nil }
                self = .api(payload)
            }
        }

        /// The name used on the command line.
        var option: String {
            switch self {
            case .demo: return "demo"
            case .smallArray: return "small-array"
            case .api(let payload): return payload.rawValue
            }
        }
    }

    /// What a probe measured, in bytes.
    struct Result {
        /// How far the resident set rose while loading.
        var peakGrowth: Int
        /// The heap that the loaded objects hold once loading is over: what the allocator had
        /// handed out after loading and not before, with the loading's own garbage freed.
        var retainedHeap: Int?
    }

    /// Runs this executable as a probe for `subject` and returns what it measured, or `nil`
    /// where that cannot be measured.
    static func measure(_ subject: Subject, jsonFile: String, payload: Payload) throws -> Result? {
        guard let executable = Bundle.main.executableURL else { return nil }
        let process = Process()
        let output = Pipe()
        process.executableURL = executable
        process.arguments = ["--memory-probe", subject.option, jsonFile, "--memory-payload", payload.option]
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let numbers = String(decoding: data, as: UTF8.self).split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard numbers.count == 2 else { return nil }
        return Result(peakGrowth: numbers[0], retainedHeap: numbers[1] > 0 ? numbers[1] : nil)
    }

    /// The probe itself: reads the file, starts a new high-water mark, loads, and prints how
    /// far the resident set rose above where it started and how much heap the loaded objects
    /// hold (0 where the allocator does not say).
    static func runProbe(_ subject: Subject, jsonFile: String, payload: Payload) throws {
        let json = try Data(contentsOf: URL(fileURLWithPath: jsonFile))
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        if case .api(let api) = payload {
            // The first load finds each class's metadata, which the loaded objects do not
            // hold; the few objects of these documents would each carry a visible share of it.
            consume(try api.load(subject, json: json))
        }
        guard let memory = PeakMemory() else {
            throw BenchmarkError("this system does not report its memory use")
        }
        let heapBefore = modelkit_heap_bytes_in_use()
        let loaded: Any
        switch payload {
        case .demo: loaded = try loadDemo(subject, json, decoder)
        case .smallArray: loaded = try loadSmallArray(subject, json, decoder)
        case .api(let api): loaded = try api.load(subject, json: json)
        }
        guard let growth = memory.growth else { throw BenchmarkError("no peak memory") }
        let heapAfter = modelkit_heap_bytes_in_use()
        withExtendedLifetime(loaded) {
            print(growth, heapBefore > 0 ? Int(heapAfter) - Int(heapBefore) : 0)
        }
    }

    private static func loadDemo(_ subject: Subject, _ json: Data, _ decoder: JSONDecoder) throws -> Any {
        switch subject {
        case .modelKit: return try DemoCatalog(json: json)
        case .foundationReader: return try DemoCatalog(json: json, options: .foundationReader)
        case .codable: return try decoder.decode(Plain.DemoCatalog.self, from: json)
        case .handWritten:
            return Plain.DemoCatalog(dictionary: try JSONSerialization.jsonObject(with: json) as? [String: Any] ?? [:])
        case .bareParse: return try JSONSerialization.jsonObject(with: json)
        }
    }

    private static func loadSmallArray(_ subject: Subject, _ json: Data, _ decoder: JSONDecoder) throws -> Any {
        switch subject {
        case .modelKit: return try [SmallItem](json: json)
        case .foundationReader: return try [SmallItem](json: json, options: .foundationReader)
        case .codable: return try decoder.decode([Plain.SmallItem].self, from: json)
        case .handWritten:
            let elements = try JSONSerialization.jsonObject(with: json) as? [[String: Any]] ?? []
            return elements.map(Plain.SmallItem.init(dictionary:))
        case .bareParse: return try JSONSerialization.jsonObject(with: json)
        }
    }
}
