import Foundation

/// The heap that each loaded object of the API documents holds, ModelKit's next to its
/// `Codable` twin's, each load in a process of its own as for the peak memory.
///
/// ModelKit's objects hold every key of the payload, the undeclared ones as unknown values;
/// the twins hold the declared keys only. The difference is the price of writing the rest back.
struct APIMemoryReport: CustomStringConvertible {
    private struct Line {
        let document: APIDocument
        let modelKit: Int?
        let codable: Int?
    }

    private let lines: [Line]

    /// Measures each document in `documents` in processes of their own.
    static func measure(_ documents: [APIDocument]) throws -> APIMemoryReport {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "modelkit-benchmark-api-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let lines = try documents.map { document in
            try document.json.write(to: file)
            func perObject(_ subject: MemoryProbe.Subject) throws -> Int? {
                let result = try MemoryProbe.measure(subject, jsonFile: file.path, payload: .api(document.payload))
                return result?.retainedHeap.map { $0 / max(document.objects, 1) }
            }
            return Line(document: document, modelKit: try perObject(.modelKit), codable: try perObject(.codable))
        }
        return APIMemoryReport(lines: lines)
    }

    var description: String {
        var text =
            "Heap held per loaded object of the API documents (bytes in use after loading, over the objects; "
            + "ModelKit's objects keep the undeclared keys too, the Codable twins only the declared ones):"
        for line in lines {
            let document = line.document
            text += "\n  \(document.name), per \(document.payload.objectName): "
            guard let modelKit = line.modelKit, let codable = line.codable else {
                text += "not measured on this system"
                continue
            }
            let ratio = codable > 0 ? " (\(Table.ratio(Double(modelKit) / Double(codable))))" : ""
            text += "ModelKit \(modelKit.formatted()) bytes, Codable \(codable.formatted()) bytes\(ratio)"
        }
        return text
    }
}
