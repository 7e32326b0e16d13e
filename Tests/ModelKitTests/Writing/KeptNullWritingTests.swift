import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Top-level and not private, so that `NSKeyedArchiver` on Linux can name the classes.
final class DeepPathNull: ModelObject {
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
    @Saved(path: "a", "b", "c") var x = 0
    @Saved var f: Bool?
}

final class TwoLevelPathNull: ModelObject {
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
    @Saved(path: "a", "b") var x = 0
    @Saved var f: Bool?
}

/// The shape of a GitHub issue's end: a count inside `reactions`, then `state_reason`, which
/// the API sends as `null` for an open issue.
final class IssueEnd: ModelObject {
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
    @Saved(path: "reactions", "total_count") var reactionCount = 0
    @Saved(path: "reactions", "+1") var plusOnes = 0
    @Saved("state_reason") var stateReason: String?
    @Saved var title = ""
}

/// Writes a model every way ModelKit writes one, as a JSON value, for comparing their values.
struct NamedWriter: CustomTestStringConvertible, Sendable {
    let name: String
    let write: @Sendable (ModelObject) throws -> Any

    var testDescription: String { name }

    static func json(_ options: WriteOptions, _ name: String) -> NamedWriter {
        NamedWriter(name: name) { try JSONSerialization.jsonObject(with: $0.jsonData(options: options)) }
    }

    static let all: [NamedWriter] = [
        .json([], "pretty"), .json(.compact, "compact"), .json(.sortedKeys, "sorted"),
        .json([.compact, .sortedKeys], "compact sorted"), .json(.foundationWriter, "Foundation"),
        .json([.foundationWriter, .compact], "Foundation compact"),
        .json([.foundationWriter, .sortedKeys], "Foundation sorted"), .json(.dejalObjectFormat, "DejalObject"),
        NamedWriter(name: "dictionary") { try $0.dictionary },
        NamedWriter(name: "JSONEncoder") { try JSONSerialization.jsonObject(with: JSONEncoder().encode($0)) },
    ]
}

@Suite struct KeptNullWritingTests {
    /// The same object gives the same bytes every time, from the first write on; through
    /// `JSONSerialization`, whose key order is a dictionary's, with sorted keys.
    @Test(arguments: [
        WriteOptions(), .compact, .sortedKeys, [.foundationWriter, .sortedKeys],
        [.foundationWriter, .compact, .sortedKeys],
    ])
    func everyWriteOfAnObjectGivesTheSameBytes(options: WriteOptions) throws {
        for json in [#"{"f":null}"#, #"{"a":{"b":{"c":3,"k":[1]}},"f":null,"z":1}"#] {
            let model = try DeepPathNull(json: json)
            let first = try model.jsonData(options: options)
            let second = try model.jsonData(options: options)
            #expect(first == second, "\(json)")
            #expect(try JSONSerialization.jsonObject(with: first) as? [String: Any] != nil)
            #expect(try jsonObject(String(decoding: first, as: UTF8.self))["f"] is NSNull, "\(json)")
        }
    }

    @Test func firstCompactWriteAfterADeepPathKeepsTheNull() throws {
        let model = try DeepPathNull(json: #"{"f":null}"#)
        #expect(try model.jsonString(options: .compact) == #"{"a":{"b":{"c":0}},"f":null}"#)
        #expect(try model.jsonString(options: .compact) == #"{"a":{"b":{"c":0}},"f":null}"#)
    }

    /// Each writer, first after a load, gives the null and the same value as every other.
    @Test(arguments: NamedWriter.all)
    func everyWriterKeepsTheNullTheFirstTime(writer: NamedWriter) throws {
        let expected = try jsonObject(#"{"a":{"b":0},"f":null}"#)
        let written = try writer.write(TwoLevelPathNull(json: #"{"f":null}"#))
        #expect(sameJSON(try #require(written as? [String: Any]), expected))
        let deep = try writer.write(DeepPathNull(json: #"{"f":null}"#))
        #expect(sameJSON(try #require(deep as? [String: Any]), try jsonObject(#"{"a":{"b":{"c":0}},"f":null}"#)))
    }

    @Test(arguments: NamedWriter.all)
    func anIssuesStateReasonSurvivesEveryWriter(writer: NamedWriter) throws {
        let json = #"{"reactions":{"url":"u","total_count":2,"+1":1,"-1":0},"state_reason":null,"title":"Crash"}"#
        let issue = try IssueEnd(json: json)
        let written = try #require(try writer.write(issue) as? [String: Any])
        #expect(sameJSON(written, try jsonObject(json)))
        // A container writes its properties first, then its other keys in the order they came.
        let compact = #"{"reactions":{"total_count":2,"+1":1,"url":"u","-1":0},"state_reason":null,"title":"Crash"}"#
        #expect(try issue.jsonString(options: .compact) == compact)
    }

    @Test func thePropertyListHoldsNoNullAndSaysWhere() throws {
        let issue = try IssueEnd(json: #"{"state_reason":null}"#)
        #expect(throws: ModelError.self) { try issue.propertyList() }
        let plain = try IssueEnd(json: #"{"state_reason":"completed"}"#)
        #expect(try plain.propertyList()["state_reason"] as? String == "completed")
    }
}
