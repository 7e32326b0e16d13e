import Foundation

/// One row of the partial workload: a reader of one text in pieces of one size.
struct PartialRow {
    /// How the text is read while it arrives.
    enum Reader {
        /// `PartialLoader`: each piece appended, then `finish()`.
        case loader
        /// The text so far completed and decoded by `JSONDecoder` after each piece.
        case completedPrefix

        var label: String {
            switch self {
            case .loader: return "PartialLoader"
            case .completedPrefix: return "prefix + JSONDecoder"
            }
        }
    }

    let reader: Reader
    /// The size of the text, as its label says it ("100 KB").
    let textLabel: String
    /// The size of the text: the size it is generated to, then its own.
    var textBytes: Int
    let pieceBytes: Int
    /// The most `ratio` may be, for the rows that SPEC §21 sets a bar on.
    let bar: Double?
    /// The median time of the whole stream, every piece and the end.
    var seconds: Double?
    /// The median time of one read of the whole text: `init(json:)` for the loader,
    /// `JSONDecoder` for the completed prefixes.
    var wholeSeconds: Double?

    var pieces: Int { (textBytes + pieceBytes - 1) / pieceBytes }

    /// The time over that of one read of the whole text.
    var ratio: Double? {
        guard let seconds, let wholeSeconds, wholeSeconds > 0 else { return nil }
        return seconds / wholeSeconds
    }

    /// Whether the row meets its bar; `nil` when it has none or was not compared.
    var meetsBar: Bool? {
        guard let bar, let ratio else { return nil }
        return ratio <= bar
    }
}

/// The table of the partial workload, with the bars of SPEC §21.
struct PartialReport: CustomStringConvertible {
    /// The label and size of each text, and its steps.
    let texts: [(label: String, bytes: Int, steps: Int)]
    var rows: [PartialRow]
    /// What the checks found that the table does not show.
    var notes: [String] = []

    /// The bar on the large text's time per byte over the medium text's, in pieces of
    /// ``perBytePieces`` bytes: each piece costs the same wherever it falls.
    static let perByteBar = 1.3
    static let perBytePieces = 64

    /// The large text's time per byte, the medium text's, and their ratio, in pieces of
    /// ``perBytePieces`` bytes, when both were measured.
    var perByte: (large: Double, medium: Double, ratio: Double)? {
        let loaderRows = rows.filter { $0.reader == .loader && $0.pieceBytes == Self.perBytePieces }
        guard let large = loaderRows.first(where: { $0.textLabel == PartialWorkload.large.label }),
            let medium = loaderRows.first(where: { $0.textLabel == PartialWorkload.medium.label }),
            let largeSeconds = large.seconds, let mediumSeconds = medium.seconds
        else { return nil }
        let (largeRate, mediumRate) = (largeSeconds / Double(large.textBytes), mediumSeconds / Double(medium.textBytes))
        return (largeRate, mediumRate, largeRate / mediumRate)
    }

    /// Whether each measured bar is met.
    var checks: [Bool] {
        rows.compactMap(\.meetsBar) + [perByte.map { $0.ratio <= Self.perByteBar }].compactMap { $0 }
    }

    var description: String {
        var lines = [header, "", table]
        if !notes.isEmpty { lines += [""] + notes }
        return lines.joined(separator: "\n")
    }

    private var header: String {
        let sizes = texts.map { "\($0.label) (\($0.bytes.formatted()) bytes, \($0.steps.formatted()) steps)" }
        return """
            Partial: a recipe as a language model writes it in structured output (compact JSON in the schema's \
            order: a title, a summary, numbers, booleans, an enum, an author object, tags, and steps of text, \
            minutes, ingredients and a flag; escaped quotes, line breaks and \\u escapes beside multi-byte \
            characters), generated from a fixed seed: \(sizes.joined(separator: ", ")). Calls: the pieces, \
            each appended or decoded. PartialLoader: a new AnswerRecipe, append(_:) of each piece of the text \
            as an ArraySlice of its bytes, then finish() (which loads the whole text once more and leaves the \
            object equal to that load); ÷ whole is its time over one init(json:) of the whole text. prefix + JSONDecoder: after each piece, the text so \
            far completed into a whole value (an open string closed, an unfinished member dropped, the open \
            containers closed) and decoded by JSONDecoder into Codable structs whose fields are all optional, \
            as apps do; it is quadratic, so it runs on fewer pieces or a smaller text, and ÷ whole is its time \
            over one JSONDecoder decode of the whole text. The per-byte row gives the loader's time per byte on \
            the 1 MB text, on the 100 KB text, and their ratio. Checked first: after finish() the object equals init(json:) of the text, \
            and halfway through it already shows the title and steps; the last completed prefix decodes to what \
            JSONDecoder gives for the whole text, which equals the model's values.
            """
    }

    private static let headers = ["Reader", "Text", "Pieces", "Calls", "Time", "Whole", "÷ whole", "Bar", "Result"]

    private var table: String {
        var cells = rows.map { row -> [String] in
            [
                row.reader.label, row.textLabel, "\(row.pieceBytes.formatted()) B", row.pieces.formatted(),
                Table.time(row.seconds), Table.time(row.wholeSeconds), Table.ratio(row.ratio),
                row.bar.map { "≤ \(Table.ratio($0))" } ?? "", Self.result(row.meetsBar),
            ]
        }
        if let perByte {
            cells.append([
                "PartialLoader, per byte", "\(PartialWorkload.large.label) ÷ \(PartialWorkload.medium.label)",
                "\(Self.perBytePieces) B", "", Self.nanoseconds(perByte.large), Self.nanoseconds(perByte.medium),
                Table.ratio(perByte.ratio), "≤ \(Table.ratio(Self.perByteBar))",
                Self.result(perByte.ratio <= Self.perByteBar),
            ])
        }
        let all = [Self.headers] + cells
        let widths = Self.headers.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        let leftAligned: Set<Int> = [0, 1, 8]
        func line(_ row: [String]) -> String {
            let text = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return leftAligned.contains(column) ? cell + padding : padding + cell
            }.joined(separator: "  ")
            return String(text.reversed().drop { $0 == " " }.reversed())
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(Self.headers), rule] + cells.map(line)).joined(separator: "\n")
    }

    private static func result(_ meetsBar: Bool?) -> String {
        meetsBar.map { $0 ? "PASS" : "FAIL" } ?? ""
    }

    private static func nanoseconds(_ seconds: Double) -> String {
        String(format: "%.1f ns/B", seconds * 1e9)
    }
}
