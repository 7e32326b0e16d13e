import Foundation
import ModelKit

/// The partial workload: a language model's answer loaded while it arrives, by
/// `PartialLoader` in pieces of 64, 16 and 1 bytes, against one `init(json:)` of the whole
/// text, and the common approach beside it, completing the text so far and decoding it with
/// `JSONDecoder` after each piece (`PrefixCompleter`), against one whole decode.
///
/// The texts are of fixed sizes, whatever `--objects` says, since the bars of SPEC §21 are
/// set on them; the whole workload takes under ten seconds.
enum PartialWorkload {
    /// A text of the workload: its label and the size it is generated to.
    struct Size {
        let label: String
        let bytes: Int
    }

    static let small = Size(label: "10 KB", bytes: 10 << 10)
    static let medium = Size(label: "100 KB", bytes: 100 << 10)
    static let large = Size(label: "1 MB", bytes: 1 << 20)

    /// The rows, before they are measured: the bars of SPEC §21 on the 100 KB text, the 1 MB
    /// text for the time per byte, and the quadratic contender on fewer pieces or the 10 KB
    /// text, each beside the loader on the same pieces.
    static let plan: [PartialRow] = [
        row(.loader, medium, pieces: 64, bar: 1.3),
        row(.loader, medium, pieces: 16, bar: 1.5),
        row(.loader, medium, pieces: 1, bar: 3),
        row(.loader, large, pieces: 64),
        row(.loader, large, pieces: 16),
        row(.loader, large, pieces: 1),
        row(.loader, medium, pieces: 1_024),
        row(.completedPrefix, medium, pieces: 1_024),
        row(.loader, small, pieces: 64),
        row(.completedPrefix, small, pieces: 64),
    ]

    private static func row(_ reader: PartialRow.Reader, _ size: Size, pieces: Int, bar: Double? = nil) -> PartialRow {
        PartialRow(reader: reader, textLabel: size.label, textBytes: size.bytes, pieceBytes: pieces, bar: bar)
    }

    /// Whether the arguments select the workload, or its rows of one piece size with
    /// `--workload partial-N` (`partial-1`: the rows in pieces of one byte).
    static func isSelected(by arguments: Arguments) -> Bool {
        guard let workload = arguments.workload else { return true }
        return workload == "partial" || workload.hasPrefix("partial-")
    }

    /// Measures the rows that the arguments select; `nil` when they select none.
    ///
    /// `--contender modelkit` times the loader alone and `--contender codable` the completed
    /// prefixes alone, without the whole reads, for a profiler.
    static func measure(_ arguments: Arguments) throws -> PartialReport? {
        guard arguments.direction.map({ $0 == .jsonToModel }) ?? true else { return nil }
        let readers: [PartialRow.Reader]
        switch arguments.contender {
        case nil: readers = [.loader, .completedPrefix]
        case .modelKit?: readers = [.loader]
        case .codable?: readers = [.completedPrefix]
        default: return nil
        }
        var pieces: Int?
        if let workload = arguments.workload, workload.hasPrefix("partial-") {
            guard let number = Int(workload.dropFirst("partial-".count)) else {
                throw BenchmarkError("\(workload): partial-N takes a number of bytes")
            }
            pieces = number
        }
        let rows = plan.filter { readers.contains($0.reader) && (pieces == nil || $0.pieceBytes == pieces) }
        guard !rows.isEmpty else { throw BenchmarkError("no partial row has pieces of \(pieces ?? 0) bytes") }
        let measurer = PartialMeasurer(arguments: arguments, rows: rows, sizes: [small, medium, large])
        var report = PartialReport(texts: measurer.summaries, rows: measurer.rows)
        report.notes = try measurer.check()
        try measurer.measure(&report.rows, withWholeReads: arguments.contender == nil)
        return report
    }
}
