import Foundation

/// The measured medians of one workload in one direction.
struct Row {
    let workload: String
    let direction: Direction
    /// What the workload's payload is, which sets the bar.
    let kind: Workload.Kind
    let seconds: [Contender: Double]

    /// ModelKit's time over the contender's, when both were measured.
    func ratio(to contender: Contender) -> Double? {
        guard let modelKit = seconds[.modelKit], let other = seconds[contender], other > 0 else { return nil }
        return modelKit / other
    }

    var bar: Bar { Bar(direction, kind: kind) }

    var meetsBar: Bool {
        guard let ratio = ratio(to: bar.reference) else { return false }
        return bar.isStrict ? ratio < bar.limit : ratio <= bar.limit
    }
}

/// The performance bar of a direction: ModelKit's time at most `limit` times the reference's,
/// or below it when the bar is strict.
struct Bar {
    let reference: Contender
    let limit: Double
    var isStrict = false

    init(_ direction: Direction, kind: Workload.Kind) {
        switch direction {
        case .jsonToModel where kind == .generated: (reference, limit) = (.codable, 0.35)
        case .jsonToModel where kind == .apiPayload: (reference, limit) = (.codable, 0.3)
        case .jsonToModel: (reference, limit) = (.codable, 0.6)
        case .jsonToModelThroughFoundation: (reference, limit) = (.bareParse, 1.3)
        case .modelToJSON: (reference, limit) = (.codable, kind == .apiPayload ? 0.4 : 0.5)
        case .modelToJSONThroughFoundation: (reference, limit) = (.bareWrite, 1.3)
        case .dictionaryToModel, .modelToDictionary: (reference, limit) = (.handWritten, 1.5)
        case .mergePatch: (reference, limit, isStrict) = (.wholeDocument, 1, true)
        // The same work, so the same time; the tenth allows for the noise of a shared machine.
        case .snapshot: (reference, limit) = (.jsonRoundTrip, 1.1)
        // Recording a step costs at most a tenth of the set it records.
        case .setWithUndo: (reference, limit) = (.withoutHistory, 1.1)
        }
    }

    var label: String {
        let name: String
        switch reference {
        case .bareParse: name = "parse"
        case .bareWrite: name = "write"
        case .codable: name = "Codable"
        case .handWritten: name = "hand"
        case .modelKit: name = "ModelKit"
        case .wholeDocument: name = "whole"
        case .jsonRoundTrip: name = "JSON"
        case .withoutHistory: name = "no undo"
        }
        return "\(isStrict ? "<" : "≤") \(Table.ratio(limit)) \(name)"
    }
}

/// Prints rows as one aligned text table.
enum Table {
    private static let headers = [
        "Workload", "Direction", "ModelKit", "Codable", "Hand-written", "Parse only", "Write only",
        "Whole doc", "JSON & back", "No undo", "MK/Codable", "MK/Hand", "MK/Parse", "MK/Write", "MK/Whole",
        "MK/JSON", "MK/No undo", "Bar", "Result",
    ]

    static func render(_ rows: [Row]) -> String {
        let cells = rows.map { row -> [String] in
            [
                row.workload, row.direction.rawValue,
                time(row.seconds[.modelKit]), time(row.seconds[.codable]),
                time(row.seconds[.handWritten]), time(row.seconds[.bareParse]), time(row.seconds[.bareWrite]),
                time(row.seconds[.wholeDocument]), time(row.seconds[.jsonRoundTrip]),
                time(row.seconds[.withoutHistory]),
                ratio(row.ratio(to: .codable)), ratio(row.ratio(to: .handWritten)), ratio(row.ratio(to: .bareParse)),
                ratio(row.ratio(to: .bareWrite)), ratio(row.ratio(to: .wholeDocument)),
                ratio(row.ratio(to: .jsonRoundTrip)), ratio(row.ratio(to: .withoutHistory)), row.bar.label,
                row.meetsBar ? "PASS" : "FAIL",
            ]
        }
        let all = [headers] + cells
        let widths = headers.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        let leftAligned: Set<Int> = [0, 1, 18]
        func line(_ row: [String]) -> String {
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return leftAligned.contains(column) ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(headers), rule] + cells.map(line)).joined(separator: "\n")
    }

    static func time(_ seconds: Double?) -> String {
        guard let seconds else { return "—" }
        if seconds >= 1 { return String(format: "%.2f s", seconds) }
        if seconds >= 1e-3 { return String(format: "%.2f ms", seconds * 1e3) }
        return String(format: "%.1f µs", seconds * 1e6)
    }

    static func ratio(_ value: Double?) -> String {
        guard let value else { return "—" }
        return String(format: "%.2f×", value)
    }

    static func megabytes(_ bytes: Int?) -> String {
        guard let bytes else { return "n/a" }
        return String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
}
