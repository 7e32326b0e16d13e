import Foundation

/// The measured medians of one shape, in both directions.
struct ShapeRow {
    let shape: Shape
    /// The charges in the document.
    let objects: Int
    let bytes: Int
    var seconds: [Direction: [Contender: Double]] = [:]
    /// The nulls of the input that ModelKit's JSON leaves out, described, if any.
    var droppedNulls: String?

    init(shape: Shape, objects: Int, bytes: Int) {
        self.shape = shape
        self.objects = objects
        self.bytes = bytes
    }

    /// ModelKit's time over `JSONDecoder`'s or `JSONEncoder`'s, when both were measured.
    func ratio(_ direction: Direction) -> Double? {
        guard let times = seconds[direction], let modelKit = times[.modelKit], let codable = times[.codable],
            codable > 0
        else { return nil }
        return modelKit / codable
    }
}

/// The table of the shapes workload, its worst rows and their bars.
struct ShapesReport: CustomStringConvertible {
    /// The size each document was generated to.
    let bytes: Int
    var rows: [ShapeRow] = []

    /// The bars, on the worst row of each direction: at most these times `JSONDecoder`'s and
    /// `JSONEncoder`'s.
    static let bars: [Direction: Double] = [.jsonToModel: 0.3, .modelToJSON: 0.4]
    /// What both directions aim for.
    static let goal = 0.15

    /// The row with the highest ratio in `direction`, and the ratio.
    func worst(_ direction: Direction) -> (row: ShapeRow, ratio: Double)? {
        rows.compactMap { row in row.ratio(direction).map { (row, $0) } }.max { $0.1 < $1.1 }
    }

    /// Whether the worst row of each measured direction meets its bar.
    var checks: [Bool] {
        [Direction.jsonToModel, .modelToJSON].compactMap { direction in
            worst(direction).map { $0.ratio <= Self.bars[direction] ?? 0 }
        }
    }

    var description: String {
        var lines = [header, "", table]
        let notes = rows.compactMap { row in
            row.droppedNulls.map { "shapes-\(row.shape.option): ModelKit's JSON leaves out \($0)." }
        }
        if !notes.isEmpty { lines += [""] + notes }
        lines.append("")
        for direction in [Direction.jsonToModel, .modelToJSON] {
            guard let (row, ratio) = worst(direction), let bar = Self.bars[direction] else { continue }
            let over = rows.filter { ($0.ratio(direction) ?? 0) > bar }.count
            lines.append(
                "Worst \(direction.rawValue): \(row.shape.label), \(Table.ratio(ratio)) Codable; "
                    + "bar ≤ \(Table.ratio(bar)) (goal \(Table.ratio(Self.goal))): "
                    + (ratio <= bar ? "met" : "missed, \(over) of \(rows.count) rows above it") + ".")
        }
        return lines.joined(separator: "\n")
    }

    private var header: String {
        """
        Shapes: a Stripe-like charge declared over a matrix of shapes: @Saved(path:) properties at depth 1, 2 \
        or 3 inside payment_method_details (payment_method_details.type; .card.brand; \
        .card.checks.cvc_check), 0, 8 or 32 undeclared keys in every object a model declares, and further \
        fields: none, a SavedUnion, a CodableSavedValue, four optionals that are mostly null, an array of \
        nested models, or all four. Each shape is a generated top-level array of charges of about \
        \(Table.megabytes(bytes)), compact, keys in alphabetical order. ModelKit keeps the undeclared keys and \
        writes them back; the Codable twins declare the same keys and drop the rest. Checked first, per shape: \
        each model's declared values equal its twin's, ModelKit's two readers agree, and ModelKit's JSON \
        decodes to the twins and holds every value of the input.
        """
    }

    private static let headers = [
        "Depth", "Undeclared", "Fields", "Charges", "Size", "MK read", "Codable read", "MK/Codable read",
        "MK write", "Codable write", "MK/Codable write", "Above bar",
    ]

    private var table: String {
        let cells = rows.map { row -> [String] in
            let read = row.seconds[.jsonToModel] ?? [:]
            let write = row.seconds[.modelToJSON] ?? [:]
            let above = [Direction.jsonToModel, .modelToJSON].filter { direction in
                (row.ratio(direction) ?? 0) > Self.bars[direction] ?? .infinity
            }
            return [
                String(row.shape.depth), String(row.shape.siblings), row.shape.fields.label,
                row.objects.formatted(), Table.megabytes(row.bytes),
                Table.time(read[.modelKit]), Table.time(read[.codable]), Table.ratio(row.ratio(.jsonToModel)),
                Table.time(write[.modelKit]), Table.time(write[.codable]), Table.ratio(row.ratio(.modelToJSON)),
                above.map { $0 == .jsonToModel ? "read" : "write" }.joined(separator: ", "),
            ]
        }
        let all = [Self.headers] + cells
        let widths = Self.headers.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        let leftAligned: Set<Int> = [2, 11]
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
}
