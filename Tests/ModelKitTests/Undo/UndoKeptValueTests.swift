import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// Undoing a set that replaced a value a load kept in the property's place (a lenient load's
/// value that did not fit, or a loaded `null`) puts that value back, as the data had it.
@Suite struct UndoKeptValueTests {
    private func written(_ document: UndoDocument) throws -> NSDictionary {
        try #require(JSONSerialization.jsonObject(with: document.jsonData()) as? NSDictionary)
    }

    @Test func undoingASetPutsBackAValueALenientLoadKept() throws {
        let document = try UndoDocument(json: #"{"title": "Plan", "count": "seven"}"#, options: .lenient)
        let history = UndoHistory(tracking: document)
        document.count = 5
        #expect(try written(document)["count"] as? Int == 5)
        history.undo()
        #expect(document.count == 0 && !document.hasChanges)
        #expect(try written(document)["count"] as? String == "seven")
        history.redo()
        #expect(document.count == 5 && document.changedKeys == ["count"])
        #expect(try written(document)["count"] as? Int == 5)
        history.undo()
        #expect(!document.hasChanges)
        #expect(try written(document)["count"] as? String == "seven")
    }

    @Test func undoingASetPutsBackALoadedNull() throws {
        let document = try UndoDocument(json: #"{"title": "Plan", "note": null}"#)
        let history = UndoHistory(tracking: document)
        document.note = "n"
        history.undo()
        #expect(document.note == nil && !document.hasChanges)
        #expect(try written(document)["note"] is NSNull)
        history.redo()
        #expect(document.note == "n" && document.changedKeys == ["note"])
        #expect(try written(document)["note"] as? String == "n")
    }

    @Test func settingAnEqualValueInPlaceOfAKeptOneIsAStep() throws {
        let document = try UndoDocument(json: #"{"count": "seven", "note": null}"#, options: .lenient)
        let history = UndoHistory(tracking: document)
        // Equal to the property's own value, yet the data changes: the kept value goes. A
        // kept null stays beside the `nil` it stands for: setting `nil` again changes nothing.
        document.count = 0
        document.note = nil
        #expect(document.changedKeys == ["count"])
        let changed = try written(document)
        #expect(changed["count"] as? Int == 0 && changed["note"] is NSNull)
        history.undo()
        #expect(!document.hasChanges && !history.canUndo)
        let restored = try written(document)
        #expect(restored["count"] as? String == "seven" && restored["note"] is NSNull)
        history.redo()
        #expect(document.changedKeys == ["count"])
    }

    @Test func onlyTheSetThatReplacedTheKeptValuePutsItBack() throws {
        let document = try UndoDocument(json: #"{"count": "seven"}"#, options: .lenient)
        let history = UndoHistory(tracking: document)
        document.count = 0
        document.count = 7
        history.undo()
        // Back to the explicit 0, which replaced the kept value: still a change.
        #expect(document.count == 0 && document.changedKeys == ["count"])
        #expect(try written(document)["count"] as? Int == 0)
        history.undo()
        #expect(!document.hasChanges)
        #expect(try written(document)["count"] as? String == "seven")
    }

    @Test func typingInPlaceOfAKeptValueCoalescesIntoOneStep() throws {
        let document = try UndoDocument(json: #"{"note": null}"#)
        let history = UndoHistory(tracking: document)
        history.coalescing {
            document.note = "a"
            document.note = "ab"
        }
        history.undo()
        #expect(!history.canUndo && !document.hasChanges)
        #expect(try written(document)["note"] is NSNull)
    }

    @Test func aStepFromBeforeAClearSetsTheValueAsAChange() throws {
        let document = try UndoDocument(json: #"{"count": "seven"}"#, options: .lenient)
        let history = UndoHistory(tracking: document)
        document.count = 5
        document.clearChanges()
        history.undo()
        // The kept value was no part of the data at the last clear: the value set is a change.
        #expect(document.count == 0 && document.changedKeys == ["count"])
        #expect(try written(document)["count"] as? Int == 0)
        document.revertChanges()
        #expect(document.count == 5 && !document.hasChanges)
    }
}
