import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

@Suite struct DictionaryTests {
    @Test func dictionaryFormHasVersionClassNameAndSavedValues() throws {
        let note = Note()
        note.tags = ["a"]
        let dictionary = try note.dictionary
        #expect(dictionary["version"] as? Int == 2)
        #expect(dictionary["representedClassName"] as? String == "Demo")
        #expect(dictionary["text"] as? String == "Foo")
        #expect(dictionary["number"] as? Int == 12345)
        #expect(dictionary["tags"] as? [String] == ["a"])
        #expect(dictionary["created_at"] as? String == "1970-01-01T00:00:00Z")
        #expect(dictionary["note"] == nil, "nil optionals are omitted")
        #expect(JSONSerialization.isValidJSONObject(dictionary))
    }

    @Test func nestedModelsBecomeNestedDictionariesAndLoadBackAsModels() throws {
        let parent = Note()
        let child = Note()
        child.text = "child"
        parent.children = [child, Note()]
        parent.attachment = Note()
        let dictionary = try parent.dictionary
        let children = try #require(dictionary["children"] as? [[String: Any]])
        #expect(children.count == 2)
        #expect(children[0]["text"] as? String == "child")
        #expect(children[0]["representedClassName"] as? String == "Demo")
        let loaded = try Note(dictionary: dictionary)
        #expect(loaded.children.count == 2)
        #expect(loaded.children[0].text == "child")
        #expect(loaded.attachment != nil)
        #expect(loaded == parent)
    }

    @Test func missingKeysKeepDefaults() throws {
        let note = try Note(dictionary: ["text": "Bar"])
        #expect(note.text == "Bar")
        #expect(note.number == 12345)
        #expect(note.tags.isEmpty)
    }

    @Test func nullLoadsAsNilForOptionals() throws {
        let note = try Note(dictionary: ["note": NSNull(), "attachment": NSNull()])
        #expect(note.note == nil)
        #expect(note.attachment == nil)
    }

    @Test func unknownKeysAreKeptAndWrittenBack() throws {
        let note = try Note(dictionary: ["text": "x", "future": ["a": [1, 2]], "other": true])
        #expect(note.unknownValues.count == 2)
        #expect(note[extra: "other"] as? Bool == true)
        let written = try note.dictionary
        #expect(sameJSON(try #require(written["future"] as? [String: Any]), ["a": [1, 2]]))
        #expect(written["other"] as? Bool == true)
    }

    @Test func extraSubscriptWritesUnknownValuesAndRecordsAChange() throws {
        let note = Note()
        note[extra: "flavor"] = "vanilla"
        #expect(note.hasChanges)
        #expect(note.changedKeys == ["flavor"])
        #expect(try note.dictionary["flavor"] as? String == "vanilla")
        note[extra: "text"] = "ignored"
        #expect(note.text == "Foo")
        #expect(note[extra: "text"] == nil)
        note.revertChanges()
        #expect(note[extra: "flavor"] == nil)
    }

    @Test func loadIntoExistingObjectKeepsMissingValuesAndClearsChanges() throws {
        let note = Note()
        note.text = "changed"
        note.number = 1
        try note.load(dictionary: ["number": 2])
        #expect(note.text == "changed")
        #expect(note.number == 2)
        #expect(!note.hasChanges)
    }

    @Test func failedLoadLeavesExistingObjectUnchanged() throws {
        let note = Note()
        note.text = "kept"
        #expect(throws: ModelError.self) {
            try note.load(dictionary: ["text": "replaced", "number": "not a number"])
        }
        #expect(note.text == "kept")
        #expect(note.number == 12345)
    }

    @Test func booleansAndNumbersStayApart() throws {
        final class Flags: ModelObject {
            @Saved var flag = false
            @Saved var count = 0
            @Saved var ratio = 0.0
        }
        let fromJSON = try Flags(json: #"{"flag":true,"count":1,"ratio":1}"#)
        #expect(fromJSON.flag && fromJSON.count == 1 && fromJSON.ratio == 1)
        let json = try fromJSON.jsonString(options: .compact)
        #expect(json.contains(#""flag":true"#))
        #expect(json.contains(#""count":1"#))
        #expect(throws: ModelError.self) { try Flags(json: #"{"count":true}"#) }
        #expect(throws: ModelError.self) { try Flags(json: #"{"ratio":false}"#) }
        #expect(throws: ModelError.self) { try Flags(json: #"{"flag":2}"#) }
        // Old DejalObject data wrote BOOLs as the numbers 0 and 1.
        #expect(try Flags(json: #"{"flag":1}"#).flag)
        #expect(try !Flags(json: #"{"flag":0}"#).flag)
    }
}
