import Foundation
import ModelKit

/// A small object, of the kind a server lists by the thousand in a top-level array.
final class SmallItem: ModelObject {
    @Saved var id = 0
    @Saved var name = ""
    @Saved var active = false
    @Saved var score = 0.0
    @Saved var tags: [String] = []
}

extension Plain {
    struct SmallItem: Codable, Equatable {
        var id: Int
        var name: String
        var active: Bool
        var score: Double
        var tags: [String]
    }
}

extension Plain.SmallItem: HandMapped {
    init(dictionary: [String: Any]) {
        id = dictionary["id"] as? Int ?? 0
        name = dictionary["name"] as? String ?? ""
        active = dictionary["active"] as? Bool ?? false
        score = dictionary["score"] as? Double ?? 0
        tags = dictionary["tags"] as? [String] ?? []
    }

    var dictionary: [String: Any] {
        [
            "version": 1, "representedClassName": "SmallItem", "id": id, "name": name, "active": active,
            "score": score, "tags": tags,
        ]
    }
}

extension SmallItem {
    private static let words = ["alpha", "beta", "gamma", "café", "日本語", "emoji 🎉", "a/b", "quote \"q\"", "Zürich"]

    /// `count` small objects, the same from the same seed on every run.
    static func generate(count: Int, seed: UInt64) -> [SmallItem] {
        var random = SplitMix64(seed: seed)
        func word() -> String { words[Int(random.next() % UInt64(words.count))] }
        return (0..<count).map { index in
            let item = SmallItem()
            item.id = index
            item.name = "\(word()) \(index)"
            item.active = random.next() % 2 == 0
            item.score = Double(random.next() % 1_000_000) / 1000
            item.tags = (0..<Int(random.next() % 4)).map { _ in word() }
            item.clearChanges()
            return item
        }
    }
}

extension Workload {
    /// The small objects as a document whose top level is the array: `[SmallItem](json:)` and
    /// `jsonData(options:)` on the array, next to `Codable` on `[Plain.SmallItem]` and the
    /// hand-written mapping of `[[String: Any]]`, after checking that they agree.
    static func makeSmallObjects(count: Int) throws -> Workload {
        let json = try SmallItem.generate(count: count, seed: Benchmark.seed).jsonData(options: .compact)
        let name = "Small ×\(count.formatted()) array"
        let objects = try [SmallItem](json: json)
        let values = try JSONDecoder().decode([Plain.SmallItem].self, from: json)
        try checkSmallObjects(name: name, json: json, objects: objects, values: values)

        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        let handWritten = {
            let elements = try JSONSerialization.jsonObject(with: json) as? [[String: Any]] ?? []
            consume(elements.map(Plain.SmallItem.init(dictionary:)))
        }
        let bareParse = { consume(try JSONSerialization.jsonObject(with: json)) }
        let handWrittenWrite = { consume(try JSONSerialization.data(withJSONObject: values.map(\.dictionary))) }
        let dictionaries = try objects.map { try $0.dictionary }
        var operations: [Direction: [Contender: () throws -> Void]] = [:]
        operations[.jsonToModel] = [
            .modelKit: { consume(try [SmallItem](json: json)) },
            .codable: { consume(try decoder.decode([Plain.SmallItem].self, from: json)) },
            .handWritten: handWritten,
            .bareParse: bareParse,
        ]
        operations[.jsonToModelThroughFoundation] = [
            .modelKit: { consume(try [SmallItem](json: json, options: .foundationReader)) },
            .handWritten: handWritten,
            .bareParse: bareParse,
        ]
        operations[.modelToJSON] = [
            .modelKit: { consume(try objects.jsonData(options: .compact)) },
            .codable: { consume(try encoder.encode(values)) },
            .handWritten: handWrittenWrite,
        ]
        operations[.modelToJSONThroughFoundation] = [
            .modelKit: { consume(try objects.jsonData(options: [.compact, .foundationWriter])) },
            .handWritten: handWrittenWrite,
            .bareWrite: { consume(try JSONSerialization.data(withJSONObject: dictionaries, options: .sortedKeys)) },
        ]
        return Workload(name: name, json: json, kind: .generated, operations: operations)
    }

    /// Fails unless ModelKit's two readers, its writer, `Codable` and the hand-written mapping
    /// agree on the small objects.
    private static func checkSmallObjects(
        name: String,
        json: Data,
        objects: [SmallItem],
        values: [Plain.SmallItem]
    ) throws {
        func require(_ condition: Bool, _ what: String) throws {
            if !condition { throw BenchmarkError("\(name): \(what)") }
        }
        try require(objects.count == values.count && !objects.isEmpty, "the readers load different counts")
        try require(
            try [SmallItem](json: json, options: .foundationReader) == objects,
            "ModelKit's reader and JSONSerialization load different objects")
        let expected = values.map(\.dictionary)
        try require(
            Similar.values(try objects.map { try $0.dictionary }, expected, tolerance: 0),
            "ModelKit's dictionaries differ from the hand-written ones")
        let elements = try JSONSerialization.jsonObject(with: json) as? [[String: Any]] ?? []
        try require(
            Similar.values(elements.map { Plain.SmallItem(dictionary: $0).dictionary }, expected),
            "the hand-written mapping reads other values than Codable")
        let rewritten = try JSONDecoder().decode([Plain.SmallItem].self, from: objects.jsonData(options: .compact))
        try require(rewritten == values, "ModelKit's JSON decodes to other values")
        try require(
            try [SmallItem](json: objects.jsonData(options: [.compact, .foundationWriter])) == objects,
            "ModelKit's JSON through JSONSerialization reads back as other objects")
    }
}
