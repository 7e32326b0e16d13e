import Foundation
import ModelKit

/// The shapes workload: for each cell of the matrix (`Shape.matrix`), a generated document
/// read and written by ModelKit's model and by `JSONDecoder` and `JSONEncoder` on the twin,
/// in the same run, after checking that both read the same values.
///
/// No single payload decides the result: the bar is on the worst row, so a declaration that
/// takes a slower way than the others shows.
enum ShapesWorkload {
    /// Whether the arguments select the workload, or some of its shapes with
    /// `--workload shapes-d2` (the shapes whose `option` begins with `d2`).
    static func isSelected(by arguments: Arguments) -> Bool {
        guard let workload = arguments.workload else { return true }
        return workload == "shapes" || workload.hasPrefix("shapes-")
    }

    /// Measures the shapes that the arguments select, in the directions and for the
    /// contenders they select; `nil` when they select none.
    static func measure(_ arguments: Arguments) throws -> ShapesReport? {
        let directions: [Direction] = [.jsonToModel, .modelToJSON].filter { direction in
            arguments.direction.map { $0 == direction } ?? true
        }
        let contenders: [Contender] = [.modelKit, .codable].filter { contender in
            arguments.contender.map { $0 == contender } ?? true
        }
        guard !directions.isEmpty, !contenders.isEmpty else { return nil }
        let prefix = arguments.workload.map { $0.dropFirst("shapes-".count) } ?? ""
        let shapes = Shape.matrix.filter { arguments.workload == "shapes" || $0.option.hasPrefix(prefix) }
        guard !shapes.isEmpty else { throw BenchmarkError("no shape is named \(prefix)*") }
        let measurer = ShapeMeasurer(arguments: arguments, directions: directions, contenders: contenders)
        var report = ShapesReport(bytes: arguments.shapeDocumentBytes)
        for shape in shapes {
            report.rows.append(try measurer.measure(shape, as: modelType(of: shape)))
        }
        return report
    }

    /// The model class that declares `shape`.
    private static func modelType(of shape: Shape) -> any ShapeModel.Type {
        let types: [[any ShapeModel.Type]] = [
            [
                ShapeCharge1.self, ShapeUnionCharge1.self, ShapeCodableCharge1.self, ShapeNullsCharge1.self,
                ShapeArrayCharge1.self, ShapeFullCharge1.self,
            ],
            [
                ShapeCharge2.self, ShapeUnionCharge2.self, ShapeCodableCharge2.self, ShapeNullsCharge2.self,
                ShapeArrayCharge2.self, ShapeFullCharge2.self,
            ],
            [
                ShapeCharge3.self, ShapeUnionCharge3.self, ShapeCodableCharge3.self, ShapeNullsCharge3.self,
                ShapeArrayCharge3.self, ShapeFullCharge3.self,
            ],
        ]
        return types[shape.depth - 1][ShapeFields.allCases.firstIndex(of: shape.fields) ?? 0]
    }
}

/// Generates, checks and times one shape at a time, so that only one document and its
/// objects are alive at once.
struct ShapeMeasurer {
    let arguments: Arguments
    let directions: [Direction]
    let contenders: [Contender]

    /// The CPU seconds that a sample lasts at least: 20 ms, as for the other workloads, at the
    /// default size of the documents, and less in proportion for smaller ones, so that a short
    /// run (`--objects 2000`) of all 54 shapes stays short.
    private var fill: Double { 0.02 * min(1, Double(arguments.objects) / 20_000) }

    func measure<Model: ShapeModel>(_ shape: Shape, as model: Model.Type) throws -> ShapeRow {
        var generator = ShapeGenerator(shape, seed: Benchmark.seed)
        let (json, count) = generator.makeDocument(bytes: arguments.shapeDocumentBytes)
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        let objects = try [Model](json: json, options: [])
        let twins = try decoder.decode([Model.Twin].self, from: json)
        var row = ShapeRow(shape: shape, objects: count, bytes: json.count)
        row.droppedNulls = try check(
            shape, json: json, objects: objects, twins: twins, decoder: decoder, encoder: encoder)

        var operations: [Direction: [Contender: () throws -> Void]] = [:]
        operations[.jsonToModel] = [
            .modelKit: { consume(try [Model](json: json, options: [])) },
            .codable: { consume(try decoder.decode([Model.Twin].self, from: json)) },
        ]
        operations[.modelToJSON] = [
            .modelKit: { consume(try objects.jsonData(options: .compact)) },
            .codable: { consume(try encoder.encode(twins)) },
        ]
        for direction in directions {
            FileHandle.standardError.write(Data("measuring shapes-\(shape.option), \(direction.rawValue)…\n".utf8))
            let bodies = contenders.compactMap { operations[direction]?[$0] }
            let repetitions = try arguments.repetitions ?? Measurement.repetitions(toFill: fill, bodies[0])
            let medians = try Measurement.medians(rounds: arguments.iterations, repetitions: repetitions, of: bodies)
            row.seconds[direction] = Dictionary(uniqueKeysWithValues: zip(contenders, medians))
        }
        return row
    }

    /// Fails unless each model's declared values are its twin's, value by value, ModelKit's
    /// two readers load equal objects, ModelKit's JSON decodes to the twins and holds every
    /// value of the input, and the twins round-trip through `Codable`.
    ///
    /// - Returns: The nulls of the input that ModelKit's JSON leaves out, described, or `nil`
    ///   when it leaves out none.
    private func check<Model: ShapeModel>(
        _ shape: Shape, json: Data, objects: [Model], twins: [Model.Twin], decoder: JSONDecoder, encoder: JSONEncoder
    ) throws -> String? {
        func require(_ condition: Bool, _ what: String) throws {
            if !condition { throw BenchmarkError("shapes-\(shape.option): \(what)") }
        }
        try require(objects.count == twins.count, "ModelKit loads \(objects.count) charges, Codable \(twins.count)")
        for (index, (object, twin)) in zip(objects, twins).enumerated() where object.twin != twin {
            let difference = try Self.difference(between: twin, and: object.twin, encoder: encoder)
            try require(false, "charge \(index) loads other values than Codable's: \(difference)")
        }
        try require(
            try [Model](json: json, options: .foundationReader) == objects,
            "ModelKit's reader and JSONSerialization load different objects")
        try require(
            try decoder.decode([Model.Twin].self, from: encoder.encode(twins)) == twins, "Codable does not round-trip")
        let written = try objects.jsonData(options: .compact)
        try require(
            try decoder.decode([Model.Twin].self, from: written) == twins, "ModelKit's JSON decodes to other values")
        var comparison = WrittenBack()
        do {
            try comparison.compare(
                JSONSerialization.jsonObject(with: json), JSONSerialization.jsonObject(with: written))
        } catch let error as BenchmarkError {
            try require(false, "ModelKit's JSON differs from the input: \(error)")
        }
        return comparison.droppedNullsDescription
    }

    /// Where two twins differ, as "payment_method_details.card.brand is amex, not visa".
    private static func difference<Twin: Encodable>(between expected: Twin, and found: Twin, encoder: JSONEncoder)
        throws -> String
    {
        var comparison = WrittenBack()
        do {
            try comparison.compare(
                JSONSerialization.jsonObject(with: encoder.encode(expected)),
                JSONSerialization.jsonObject(with: encoder.encode(found)))
        } catch let error as BenchmarkError {
            return error.description
        }
        return "a value that JSON does not show"
    }
}
