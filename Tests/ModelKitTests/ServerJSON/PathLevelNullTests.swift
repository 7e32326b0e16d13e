import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Top-level and not private, so that `NSKeyedArchiver` on Linux can name the classes.
/// Optionals two and three keys down, as a server leaves them out, sends `null` for a whole
/// nested object, or an empty one.
final class LevelNote: ModelObject {
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
    @Saved(path: "a", "b", "c") var c: Int?
    @Saved(path: "a", "x") var x: String?
    @Saved var title = ""
}

/// A nested object on the way to properties that comes as `null` or `{}`, at any level, loads
/// as no nested object, is written back as it came while nothing is written into it, and is
/// no value: no unknown value, and no part of `==`, as JSONDecoder reads it into optionals.
@Suite struct PathLevelNullTests {
    /// Each document, and what every writer writes for it, whatever the key order.
    static let documents: [(json: String, written: String)] = [
        (#"{"a":null}"#, #"{"a":null,"title":""}"#),
        (#"{"a":{}}"#, #"{"a":{},"title":""}"#),
        (#"{"a":{"b":null}}"#, #"{"a":{"b":null},"title":""}"#),
        (#"{"a":{"b":{}}}"#, #"{"a":{"b":{}},"title":""}"#),
        (#"{"a":{"b":null,"x":"y"},"title":"t"}"#, #"{"a":{"b":null,"x":"y"},"title":"t"}"#),
        (#"{"a":{"x":"y","b":{"d":1}}}"#, #"{"a":{"x":"y","b":{"d":1}},"title":""}"#),
    ]

    @Test(arguments: documents.indices)
    func aNullOrEmptyLevelLoadsAsAbsentAndIsWrittenBackAsItCame(index: Int) throws {
        let (json, written) = Self.documents[index]
        let note = try loadThroughBothReaders(LevelNote.self, json)
        #expect(note.c == nil)
        let expected = try writtenObject(written)
        for options in [WriteOptions(), .compact, .sortedKeys, .foundationWriter, [.foundationWriter, .sortedKeys]] {
            let first = try note.jsonData(options: options)
            #expect(try writtenObject(first) == expected, "\(json) with \(options)")
            #expect(try note.jsonData(options: options) == first, "\(json): a second write with \(options) differs")
        }
        #expect(NSDictionary(dictionary: try note.dictionary) == expected)
        #expect(try LevelNote(json: note.jsonData()) == note)
        let decoded = try JSONDecoder().decode(LevelNote.self, from: JSONEncoder().encode(note))
        #expect(decoded == note)
    }

    @Test(arguments: documents.indices)
    func theLevelsAreNoValues(index: Int) throws {
        let (json, _) = Self.documents[index]
        let note = try LevelNote(json: json)
        let bare = try LevelNote(json: json.contains(#""d""#) ? #"{"a":{"x":"y","b":{"d":1}}}"# : "{}")
        if !json.contains(#""x""#) {
            #expect(note == bare && note.hashValue == bare.hashValue)
            #expect(note.unknownValues.isEmpty)
        }
        #expect(!note.hasChanges && note.changedKeys.isEmpty)
    }

    @Test func aValueSetBeneathANullLevelIsWrittenInIt() throws {
        for reader in [LoadOptions(), .foundationReader] {
            let note = try LevelNote(json: #"{"a":{"b":null}}"#, options: reader)
            note.c = 4
            #expect(
                try writtenObject(note.jsonData(options: .compact)) == writtenObject(#"{"a":{"b":{"c":4}},"title":""}"#)
            )
            #expect(
                try writtenObject(note.jsonData(options: .foundationWriter))
                    == writtenObject(#"{"a":{"b":{"c":4}},"title":""}"#))
            note.c = nil
            #expect(
                try writtenObject(note.jsonData(options: .compact)) == writtenObject(#"{"a":{"b":null},"title":""}"#))
        }
    }

    @Test func aNullLevelInAMergePatchRemovesThePropertiesBeneathIt() throws {
        let note = try LevelNote(json: #"{"a":{"b":{"c":3,"d":1},"x":"y"}}"#)
        try note.apply(mergePatchJSON: #"{"a":{"b":null}}"#)
        #expect(note.c == nil && note.x == "y")
        #expect(try writtenObject(note.jsonData(options: .compact)) == writtenObject(#"{"a":{"x":"y"},"title":""}"#))
    }
}
