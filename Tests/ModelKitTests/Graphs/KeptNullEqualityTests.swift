import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Top-level and not private, so that `NSKeyedArchiver` on Linux can name the classes.
/// A status of a Twitter-style timeline, whose API sends `"contributors": null`.
final class TimelineStatus: ModelObject {
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
    override class var keyStyle: KeyStyle { .snakeCase }
    @Saved var id = 0
    @Saved var text = ""
    @Saved var contributors: [Int]?
    @Saved var inReplyToStatusId: Int?
    @Saved(path: "user", "screen_name") var screenName = ""
}

/// The Codable twin of ``TimelineStatus``, whose encoder leaves `nil` out.
private struct TimelineStatusTwin: Codable {
    struct User: Codable {
        var screenName: String
        enum CodingKeys: String, CodingKey { case screenName = "screen_name" }
    }
    var id: Int
    var text: String
    var contributors: [Int]?
    var inReplyToStatusId: Int?
    var user: User

    enum CodingKeys: String, CodingKey {
        case id, text, contributors, user
        case inReplyToStatusId = "in_reply_to_status_id"
    }
}

final class NilAsNullNote: ModelObject {
    override class var writesNilAsNull: Bool { true }
    @Saved var title = ""
    @Saved var note: String?
    @Saved var due: Date?
}

@Suite struct KeptNullEqualityTests {
    private static let status = #"""
        {"id":7,"text":"hi","contributors":null,"in_reply_to_status_id":null,"user":{"screen_name":"a"}}
        """#

    @Test func aNullAndAnAbsentKeyLoadEqualObjects() throws {
        let original = try TimelineStatus(json: Self.status)
        let twin = try JSONDecoder().decode(TimelineStatusTwin.self, from: Data(Self.status.utf8))
        let reencoded = try JSONEncoder().encode(twin)
        #expect(!String(decoding: reencoded, as: UTF8.self).contains("contributors"))
        let fromTwin = try TimelineStatus(json: reencoded)
        #expect(original == fromTwin)
        #expect(original.hashValue == fromTwin.hashValue)
        #expect(original.isEqual(fromTwin) && original.hash == fromTwin.hash)
        // Each is written as it came all the same.
        #expect(try original.jsonString(options: .compact).contains(#""contributors":null"#))
        #expect(try !fromTwin.jsonString(options: .compact).contains("contributors"))
    }

    @Test func aNullAndANilSetInCodeAreEqual() throws {
        let loaded = try TimelineStatus(json: Self.status)
        let built = TimelineStatus()
        built.id = 7
        built.text = "hi"
        built.screenName = "a"
        #expect(loaded == built && loaded.hashValue == built.hashValue)
        built.contributors = [1]
        #expect(loaded != built)
    }

    @Test func aClassThatWritesNilAsNullSurvivesItsOwnRoundTrip() throws {
        let note = NilAsNullNote()
        note.title = "t"
        let data = try note.jsonData()
        #expect(String(decoding: data, as: UTF8.self).contains(#""note" : null"#))
        #expect(try NilAsNullNote(json: data) == note)
        #expect(try NilAsNullNote(json: note.jsonData(options: .compact)) == note)
        #expect(try NilAsNullNote(dictionary: note.dictionary) == note)
    }

    @Test func aKeptNullIsNoChange() throws {
        let status = try TimelineStatus(json: Self.status)
        #expect(!status.hasChanges && status.changedKeys.isEmpty)
        // Setting `nil` again holds what it held and writes what it wrote.
        status.contributors = nil
        #expect(!status.hasChanges && status.changedKeys.isEmpty)
        #expect(try status.jsonString(options: .compact).contains(#""contributors":null"#))
        // A value set and taken back leaves the object as it loaded, null included.
        status.contributors = [3]
        #expect(status.changedKeys == ["contributors"])
        status.contributors = nil
        #expect(!status.hasChanges && status.changedKeys.isEmpty)
        #expect(
            try status.jsonString(options: .compact)
                == (try TimelineStatus(json: Self.status).jsonString(options: .compact)))
        #expect(try status.mergePatch().isEmpty)
    }

    @Test func aKeptNullIsNoChangeInAPatchBetweenEqualObjects() throws {
        let withNull = try TimelineStatus(json: Self.status)
        let without = try TimelineStatus(json: #"{"id":7,"text":"hi","user":{"screen_name":"a"}}"#)
        #expect(withNull == without)
        #expect(Set([withNull, without]).count == 1)
    }
}
