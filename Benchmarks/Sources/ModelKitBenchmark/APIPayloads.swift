import Foundation
import ModelKit

extension Workload {
    /// The workload of one API document: ModelKit's models, which declare some of the keys and
    /// keep the rest, next to `Codable` twins that declare the same keys and drop the rest,
    /// after checking that they read the same declared values and that ModelKit writes back
    /// everything it read.
    ///
    /// There is no hand-written mapping of these payloads; `JSONSerialization`'s bare parse
    /// stands beside the reading.
    ///
    /// - Parameters:
    ///   - document: The document, a payload repeated.
    ///   - model: What ModelKit loads the document as.
    ///   - twin: What `JSONDecoder` decodes it as.
    static func makeAPIPayload<Model: ModelDocument, Twin: Codable & Equatable>(
        _ document: APIDocument,
        model: Model.Type,
        twin: Twin.Type
    ) throws -> Workload {
        let json = document.json
        let decoder = document.payload.makeDecoder()
        let encoder = document.payload.makeEncoder()
        let object = try Model(json: json, options: [])
        let value = try decoder.decode(Twin.self, from: json)
        let droppedNulls = try checkAPIPayload(
            document, object: object, value: value, decoder: decoder, encoder: encoder)

        var operations: [Direction: [Contender: () throws -> Void]] = [:]
        operations[.jsonToModel] = [
            .modelKit: { consume(try Model(json: json, options: [])) },
            .codable: { consume(try decoder.decode(Twin.self, from: json)) },
            .bareParse: { consume(try JSONSerialization.jsonObject(with: json)) },
        ]
        operations[.modelToJSON] = [
            .modelKit: { consume(try object.jsonData(options: .compact)) },
            .codable: { consume(try encoder.encode(value)) },
        ]
        var workload = Workload(name: document.name, json: json, kind: .apiPayload, operations: operations)
        if let droppedNulls {
            workload.notes.append("\(document.name): ModelKit's JSON leaves out \(droppedNulls).")
        }
        return workload
    }

    /// Fails unless ModelKit's two readers load equal objects, ModelKit's declared values are
    /// the twin's, and ModelKit's JSON holds every value of the input document.
    ///
    /// - Returns: The nulls of the input that ModelKit's JSON leaves out, described, or `nil`
    ///   when it leaves out none.
    private static func checkAPIPayload<Model: ModelDocument, Twin: Codable & Equatable>(
        _ document: APIDocument,
        object: Model,
        value: Twin,
        decoder: JSONDecoder,
        encoder: JSONEncoder
    ) throws -> String? {
        func require(_ condition: Bool, _ what: String) throws {
            if !condition { throw BenchmarkError("\(document.name): \(what)") }
        }
        try require(
            try Model(json: document.json, options: .foundationReader) == object,
            "ModelKit's reader and JSONSerialization load different objects")
        try require(try decoder.decode(Twin.self, from: encoder.encode(value)) == value, "Codable does not round-trip")
        let written = try object.jsonData(options: .compact)
        // The twin reads exactly the declared keys, so decoding ModelKit's JSON compares the
        // declared values, in the server's formats.
        try require(
            try decoder.decode(Twin.self, from: written) == value,
            "ModelKit's declared values differ from Codable's")
        var comparison = WrittenBack()
        do {
            try comparison.compare(
                JSONSerialization.jsonObject(with: document.json), JSONSerialization.jsonObject(with: written))
        } catch let error as BenchmarkError {
            throw BenchmarkError("\(document.name): ModelKit's JSON differs from the input: \(error)")
        }
        return comparison.droppedNullsDescription
    }
}

/// Compares the document that ModelKit wrote with the one it read, both as `JSONSerialization`
/// parses them, so that nothing is lost: the same keys, arrays and values everywhere, numbers
/// up to their formatting (`1` and `1.0`, which `Similar` compares as numbers).
///
/// A `null` of the input that the output leaves out is counted, not failed: ModelKit leaves out
/// `nil` optionals unless it kept that they came as `null`.
struct WrittenBack {
    /// How many nulls the output leaves out, under each key path (array indices left out).
    private(set) var droppedNulls: [String: Int] = [:]

    /// Throws a `BenchmarkError` that names the first key path where `output` differs.
    mutating func compare(_ input: Any, _ output: Any, at path: String = "") throws {
        switch (input, output) {
        case (is NSNull, is NSNull):
            return
        case (let input as [String: Any], let output as [String: Any]):
            for (key, value) in input {
                let keyPath = path.isEmpty ? key : "\(path).\(key)"
                if let written = output[key] {
                    try compare(value, written, at: keyPath)
                } else if value is NSNull {
                    droppedNulls[keyPath, default: 0] += 1
                } else {
                    throw BenchmarkError("\(keyPath) is missing")
                }
            }
            if let extra = output.keys.first(where: { input[$0] == nil }) {
                throw BenchmarkError("\(path.isEmpty ? extra : "\(path).\(extra)") was not in the input")
            }
        case (let input as [Any], let output as [Any]):
            guard input.count == output.count else {
                throw BenchmarkError("\(path) holds \(output.count) elements, not \(input.count)")
            }
            for (element, written) in zip(input, output) {
                try compare(element, written, at: path + "[]")
            }
        default:
            guard Similar.values(input, output, tolerance: 0) else {
                throw BenchmarkError("\(path) is \(output), not \(input)")
            }
        }
    }

    /// The nulls left out, as "5,000 nulls, under closed_at and milestone", or `nil` for none.
    var droppedNullsDescription: String? {
        guard !droppedNulls.isEmpty else { return nil }
        let count = droppedNulls.values.reduce(0, +)
        let paths = droppedNulls.keys.sorted()
        return "\(count.formatted()) nulls of the input, under \(paths.joined(separator: ", "))"
    }
}
