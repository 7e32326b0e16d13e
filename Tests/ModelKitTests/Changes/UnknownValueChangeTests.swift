import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

@Suite struct UnknownValueChangeTests {
    @Test func anUnknownValueSetBackToItsOriginalIsNoChange() throws {
        let document = try UndoDocument(json: #"{"title":"Plan","shade":1}"#)
        document[extra: "shade"] = 2
        #expect(document.changedKeys == ["shade"])
        document[extra: "shade"] = 1
        #expect(document.changedKeys.isEmpty)
        #expect(!document.hasChanges)
    }

    @Test func anUnknownValueAddedAndRemovedIsNoChange() throws {
        let document = try UndoDocument(json: #"{"title":"Plan"}"#)
        try document.apply(mergePatchJSON: #"{"color":"red"}"#)
        #expect(document.changedKeys == ["color"])
        document[extra: "color"] = nil
        #expect(!document.hasChanges)
        #expect(try document.mergePatch().isEmpty)
    }

    @Test func anEqualUnknownValueIsNoChange() throws {
        let document = try UndoDocument(json: #"{"shade":{"a":[1,2]}}"#)
        document[extra: "shade"] = ["a": [1, 2]]
        #expect(!document.hasChanges)
        document[extra: "missing"] = nil
        #expect(!document.hasChanges)
    }

    @Test func aChangedUnknownValueRevertsToItsFirstOriginal() throws {
        let document = try UndoDocument(json: #"{"shade":1}"#)
        document[extra: "shade"] = 2
        document[extra: "shade"] = 3
        #expect(document.changedKeys == ["shade"])
        document.revertChanges()
        #expect(document[extra: "shade"] as? Int == 1)
        #expect(!document.hasChanges)
    }
}
