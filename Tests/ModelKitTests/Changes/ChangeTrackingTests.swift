import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

@Suite struct ChangeTrackingTests {
    @Test func settingADifferentValueIsAChange() {
        let note = Note()
        note.text = "Bar"
        #expect(note.hasChanges)
        #expect(note.changedKeys == ["text"])
        note.createdAt = Date(timeIntervalSince1970: 5)
        #expect(note.changedKeys == ["text", "created_at"])
    }

    @Test func settingAnEqualValueIsNotAChange() {
        let note = Note()
        note.text = "Foo"
        note.number = 12345
        #expect(!note.hasChanges)
    }

    @Test func settingTheOriginalValueBackUndoesTheChange() {
        let note = Note()
        note.text = "Bar"
        note.text = "Foo"
        #expect(!note.hasChanges)
    }

    @Test func loadedObjectsHaveNoChanges() throws {
        let note = try Note(json: #"{"text":"a","children":[{"text":"b"}]}"#)
        #expect(!note.hasChanges)
        #expect(!note.hasAnyChanges)
        #expect(try !Note.make(dictionary: ["text": "c"]).hasChanges)
    }

    @Test func hasAnyChangesLooksThroughNestedObjectsAndCollections() throws {
        let note = try Note(json: #"{"children":[{"text":"b"},{"attachment":{"text":"c"}}]}"#)
        note.children[1].attachment?.number = 1
        #expect(!note.hasChanges)
        #expect(note.hasAnyChanges)
        note.clearChanges()
        #expect(!note.hasAnyChanges)
    }

    @Test func revertChangesPutsBackValuesFromTheLastClearThroughTheTree() throws {
        let note = try Note(json: #"{"text":"a","children":[{"text":"b"}]}"#)
        note.text = "changed"
        note.tags = ["x"]
        note.children[0].text = "changed child"
        note.revertChanges()
        #expect(note.text == "a")
        #expect(note.tags.isEmpty)
        #expect(note.children[0].text == "b")
        #expect(!note.hasAnyChanges)

        note.number = 7
        note.clearChanges()
        note.number = 8
        note.revertChanges()
        #expect(note.number == 7)
    }

    @Test func enumerateObjectsVisitsDepthFirstAndCanStop() throws {
        let note = try Note(
            json:
                #"{"text":"root","children":[{"text":"a","children":[{"text":"a1"}]},{"text":"b"}],"attachment":{"text":"c"}}"#
        )
        var visited: [String] = []
        note.enumerateObjects { object, _ in
            visited.append((object as? Note)?.text ?? "?")
        }
        #expect(visited == ["root", "a", "a1", "b", "c"])

        var first: [String] = []
        note.enumerateObjects { object, stop in
            first.append((object as? Note)?.text ?? "?")
            stop = first.count == 2
        }
        #expect(first == ["root", "a"])
    }

    @Test func copiesHaveNoChanges() {
        let note = Note()
        note.text = "changed"
        #expect(!note.copy().hasChanges)
    }
}
