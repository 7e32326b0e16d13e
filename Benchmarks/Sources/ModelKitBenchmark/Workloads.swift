import Foundation
import ModelKit

/// The four things a model layer does, and reading JSON through `JSONSerialization`.
enum Direction: String, CaseIterable {
    case jsonToModel = "JSON → model"
    /// JSON → model with `LoadOptions.foundationReader`: `JSONSerialization`'s parse, then
    /// the dictionary form.
    case jsonToModelThroughFoundation = "JSON → model, Foundation"
    case modelToJSON = "model → JSON"
    /// model → JSON with `WriteOptions.foundationWriter`: the dictionary form, ModelKit's
    /// check of what `JSONSerialization` can write, then `JSONSerialization`'s write.
    case modelToJSONThroughFoundation = "model → JSON, Foundation"
    case dictionaryToModel = "dictionary → model"
    case modelToDictionary = "model → dictionary"
    /// The merge patch of one change in each generated object, next to writing the whole
    /// document's dictionary form.
    case mergePatch = "changes → patch"
    /// A `ModelSnapshot` of the generated objects and a model made from it, next to writing
    /// their JSON and loading it again.
    case snapshot = "snapshot and back"
    /// A property set in each generated object with an `UndoHistory` tracking them, next to
    /// the same sets without one.
    case setWithUndo = "set with undo"

    /// The name used on the command line.
    var option: String {
        switch self {
        case .jsonToModel: return "json-to-model"
        case .jsonToModelThroughFoundation: return "json-to-model-foundation"
        case .modelToJSON: return "model-to-json"
        case .modelToJSONThroughFoundation: return "model-to-json-foundation"
        case .dictionaryToModel: return "dictionary-to-model"
        case .modelToDictionary: return "model-to-dictionary"
        case .mergePatch: return "merge-patch"
        case .snapshot: return "snapshot"
        case .setWithUndo: return "set-with-undo"
        }
    }
}

/// The contenders of a measurement.
enum Contender: CaseIterable {
    case modelKit
    case codable
    case handWritten
    /// `JSONSerialization.jsonObject(with:)` alone: the floor for reading through it.
    case bareParse
    /// `JSONSerialization.data(withJSONObject:options:)` alone, with sorted keys, on
    /// ModelKit's dictionary form: the floor for writing through it, which sorts keys so that
    /// two writes of one object give the same bytes.
    case bareWrite
    /// ModelKit writing the whole document: what a merge patch spares.
    case wholeDocument
    /// ModelKit writing compact JSON and loading it again: what a snapshot may cost.
    case jsonRoundTrip
    /// ModelKit setting properties that no undo history tracks: what recording adds to.
    case withoutHistory

    /// The name used on the command line.
    var option: String {
        switch self {
        case .modelKit: return "modelkit"
        case .codable: return "codable"
        case .handWritten: return "hand-written"
        case .bareParse: return "parse"
        case .bareWrite: return "write"
        case .wholeDocument: return "whole-document"
        case .jsonRoundTrip: return "json-and-back"
        case .withoutHistory: return "without-history"
        }
    }
}

/// One payload, ready to measure: the same bytes, dictionary and values for every contender.
struct Workload {
    let name: String
    let json: Data
    /// What the payload is, which sets its bars.
    let kind: Kind
    var operations: [Direction: [Contender: () throws -> Void]]
    /// What the checks found that the table does not show, printed below it.
    var notes: [String] = []

    /// What a workload's payload is.
    enum Kind {
        /// Generated objects, with bars of their own.
        case generated
        /// One fixture payload, its every field declared.
        case fixture
        /// Real server payloads repeated, some of their keys declared and the rest kept.
        case apiPayload
    }

    /// Builds a workload from JSON, after checking that every contender reads and writes the
    /// same data.
    ///
    /// - Parameters:
    ///   - name: The row label.
    ///   - json: The payload.
    ///   - model: How ModelKit loads the model class from JSON and from a dictionary: the
    ///     everyday `init(json:)` and `init(dictionary:)`.
    ///   - twin: The equivalent struct, `Codable` and hand-mapped.
    ///   - kind: What the payload is.
    static func make<Model: ModelObject, Twin: Codable & Equatable & HandMapped>(
        name: String,
        json: Data,
        model: ModelLoader<Model>,
        twin: Twin.Type,
        kind: Kind = .fixture
    ) throws -> Workload {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let dictionary = try JSONSerialization.jsonObject(with: json) as? [String: Any] ?? [:]
        let object = try model.fromJSON(json, [])
        guard try model.fromJSON(json, .foundationReader) == object else {
            throw BenchmarkError("\(name): ModelKit's reader and JSONSerialization load different objects")
        }
        let value = try decoder.decode(Twin.self, from: json)
        try check(name: name, object: object, value: value, dictionary: dictionary, decoder: decoder, encoder: encoder)

        var operations: [Direction: [Contender: () throws -> Void]] = [:]
        let handWritten = {
            consume(Twin(dictionary: try JSONSerialization.jsonObject(with: json) as? [String: Any] ?? [:]))
        }
        let bareParse = { consume(try JSONSerialization.jsonObject(with: json)) }
        operations[.jsonToModel] = [
            .modelKit: { consume(try model.fromJSON(json, [])) },
            .codable: { consume(try decoder.decode(Twin.self, from: json)) },
            .handWritten: handWritten,
            .bareParse: bareParse,
        ]
        operations[.jsonToModelThroughFoundation] = [
            .modelKit: { consume(try model.fromJSON(json, .foundationReader)) },
            .handWritten: handWritten,
            .bareParse: bareParse,
        ]
        operations[.modelToJSON] = [
            .modelKit: { consume(try object.jsonData(options: .compact)) },
            .codable: { consume(try encoder.encode(value)) },
            .handWritten: { consume(try JSONSerialization.data(withJSONObject: value.dictionary)) },
        ]
        let modelDictionary = try object.dictionary
        operations[.modelToJSONThroughFoundation] = [
            .modelKit: { consume(try object.jsonData(options: [.compact, .foundationWriter])) },
            .handWritten: { consume(try JSONSerialization.data(withJSONObject: value.dictionary)) },
            .bareWrite: { consume(try JSONSerialization.data(withJSONObject: modelDictionary, options: .sortedKeys)) },
        ]
        operations[.dictionaryToModel] = [
            .modelKit: { consume(try model.fromDictionary(dictionary)) },
            .handWritten: { consume(Twin(dictionary: dictionary)) },
        ]
        operations[.modelToDictionary] = [
            .modelKit: { consume(try object.dictionary) },
            .handWritten: { consume(value.dictionary) },
        ]
        return Workload(name: name, json: json, kind: kind, operations: operations)
    }

    /// Fails unless ModelKit, `Codable` and the hand-written mapping agree on the payload.
    private static func check<Model: ModelObject, Twin: Codable & Equatable & HandMapped>(
        name: String,
        object: Model,
        value: Twin,
        dictionary: [String: Any],
        decoder: JSONDecoder,
        encoder: JSONEncoder
    ) throws {
        func require(_ condition: Bool, _ what: String) throws {
            if !condition { throw BenchmarkError("\(name): \(what)") }
        }
        let expected = value.dictionary
        try require(
            Twin(dictionary: dictionary) == value || Similar.values(Twin(dictionary: dictionary).dictionary, expected),
            "the hand-written mapping reads other values than Codable")
        try require(
            Similar.values(try object.dictionary, expected, tolerance: 0),
            "ModelKit's dictionary differs from the hand-written one")
        let written = try JSONSerialization.jsonObject(with: try object.jsonData(options: .compact))
        try require(Similar.values(written, expected), "ModelKit's JSON differs from the hand-written dictionary")
        try require(
            try decoder.decode(Twin.self, from: try encoder.encode(value)) == value, "Codable does not round-trip")
        let rewritten = try decoder.decode(Twin.self, from: try object.jsonData(options: .compact))
        try require(rewritten == value, "ModelKit's JSON decodes to other values")
    }
}

/// Compares dictionary forms, allowing the last bits of a `Double` to differ: on Linux, `JSONSerialization`
/// reads numbers of 16 or 17 digits into `NSDecimalNumber`, whose `doubleValue` (and so `as? Double`) can be
/// a few units in the last place away from the number written.
///
/// ModelKit reads them exactly and is checked exactly; the hand-written mapping and a reparse of written JSON
/// are checked with this.
enum Similar {
    static func values(_ lhs: Any, _ rhs: Any, tolerance: Double = 1e-14) -> Bool {
        switch (lhs, rhs) {
        case (let lhs as String, let rhs as String):
            return lhs == rhs
        case (let lhs as [String: Any], let rhs as [String: Any]):
            // ModelKit writes back the nulls of declared optionals that the data held, where the
            // structs' forms leave the key out.
            let lhs = lhs.filter { !($0.value is NSNull) }
            let rhs = rhs.filter { !($0.value is NSNull) }
            return lhs.count == rhs.count
                && lhs.allSatisfy { key, value in rhs[key].map { values(value, $0, tolerance: tolerance) } ?? false }
        case (let lhs as [Any], let rhs as [Any]):
            return lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { values($0, $1, tolerance: tolerance) }
        case (let lhs as NSNumber, let rhs as NSNumber):
            guard isBoolean(lhs) == isBoolean(rhs) else { return false }
            let (x, y) = (lhs.doubleValue, rhs.doubleValue)
            return x == y || abs(x - y) <= tolerance * max(abs(x), abs(y))
        default:
            return false
        }
    }

    private static let booleanType: AnyClass = type(of: NSNumber(value: true))

    private static func isBoolean(_ number: NSNumber) -> Bool {
        type(of: number) == booleanType
    }
}

/// The initializers of a model class, which generic code cannot call through a metatype.
struct ModelLoader<Model: ModelObject> {
    let fromJSON: (Data, LoadOptions) throws -> Model
    let fromDictionary: ([String: Any]) throws -> Model
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
