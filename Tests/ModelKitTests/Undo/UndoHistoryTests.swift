import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

@Suite struct UndoHistoryTests {
    /// A new document and a history tracking it.
    private static func tracked() -> (UndoDocument, UndoHistory) {
        let document = UndoDocument()
        return (document, UndoHistory(tracking: document))
    }

    private static let documentJSON = #"""
        {"title":"Plan","count":2,"cover":{"text":"front"},"pages":[{"text":"one","child":{"text":"inner"}}],
         "pagesByName":{"a":{"text":"by name"}},"shade":1}
        """#

    @Test func undoAndRedoOfAPropertySet() throws {
        let document = try UndoDocument(json: Self.documentJSON)
        let history = UndoHistory(tracking: document)
        #expect(!history.canUndo && !history.canRedo)
        document.title = "Draft"
        #expect(history.canUndo)
        history.undo()
        #expect(document.title == "Plan")
        #expect(!document.hasChanges)
        #expect(history.canRedo && !history.canUndo)
        history.redo()
        #expect(document.title == "Draft")
        #expect(document.changedKeys == ["title"])
    }

    @Test func eachChangeOutsideAGroupIsAStep() {
        let (document, history) = Self.tracked()
        document.title = "A"
        document.count = 1
        document.note = "n"
        history.undo()
        #expect(document.note == nil && document.count == 1 && document.title == "A")
        history.undo()
        #expect(document.count == 0 && document.title == "A")
        history.undo()
        #expect(document.title == "Untitled")
        #expect(!history.canUndo)
        #expect(!document.hasChanges)
    }

    @Test func undoingBackToTheLastClearLeavesNoChanges() {
        let (document, history) = Self.tracked()
        document.title = "Saved"
        document.clearChanges()
        document.title = "A"
        document.title = "B"
        document.count = 3
        history.undo()
        history.undo()
        #expect(document.changedKeys == ["title"])
        history.undo()
        #expect(document.title == "Saved")
        #expect(!document.hasChanges)
        history.undo()
        #expect(document.title == "Untitled")
        #expect(document.changedKeys == ["title"])
    }

    @Test func changesToNestedObjectsAreRecorded() throws {
        let document = try UndoDocument(json: Self.documentJSON)
        let history = UndoHistory(tracking: document)
        document.cover?.text = "back"
        document.pages[0].child?.text = "deep"
        document.pagesByName["a"]?.text = "renamed"
        #expect(document.hasAnyChanges)
        history.undo()
        #expect(document.pagesByName["a"]?.text == "by name")
        history.undo()
        #expect(document.pages[0].child?.text == "inner")
        history.undo()
        #expect(document.cover?.text == "front")
        #expect(!document.hasAnyChanges)
        history.redo()
        #expect(document.cover?.text == "back")
    }

    @Test func objectsAddedLaterAreTracked() throws {
        let document = try UndoDocument(json: Self.documentJSON)
        let history = UndoHistory(tracking: document)
        let page = UndoPage()
        page.child = UndoPage()
        document.pages.append(page)
        document.pages[1].child?.text = "added"
        document.pagesByName["b"] = UndoPage()
        document.pagesByName["b"]?.text = "b"
        history.undo()
        #expect(document.pagesByName["b"]?.text == "")
        history.undo()
        #expect(document.pagesByName["b"] == nil)
        history.undo()
        #expect(page.child?.text == "")
        history.undo()
        #expect(document.pages.count == 1)
        #expect(!document.hasAnyChanges)
        history.redo()
        history.redo()
        #expect(document.pages.count == 2)
        #expect(document.pages[1].child?.text == "added")
    }

    @Test func aMergePatchIsOneStep() throws {
        let document = try UndoDocument(json: Self.documentJSON)
        let history = UndoHistory(tracking: document)
        try document.apply(
            mergePatchJSON: #"{"title":"Patched","count":5,"cover":{"text":"new"},"color":"red","shade":null}"#)
        #expect(document.changedKeys == ["title", "count", "color", "shade"])
        #expect(document.cover?.text == "new")
        history.undo()
        #expect(document.title == "Plan" && document.count == 2 && document.cover?.text == "front")
        #expect(document[extra: "color"] == nil)
        #expect(document[extra: "shade"] as? Int == 1)
        #expect(!document.hasAnyChanges)
        #expect(!history.canUndo)
        history.redo()
        #expect(document[extra: "color"] as? String == "red")
        #expect(document.changedKeys == ["title", "count", "color", "shade"])
        #expect(document.cover?.text == "new")
    }

    @Test func revertChangesIsOneStep() throws {
        let document = try UndoDocument(json: Self.documentJSON)
        let history = UndoHistory(tracking: document)
        document.title = "Changed"
        document.pages[0].text = "changed"
        document[extra: "shade"] = 7
        document.revertChanges()
        #expect(!document.hasAnyChanges)
        history.undo()
        #expect(document.title == "Changed" && document.pages[0].text == "changed")
        #expect(document[extra: "shade"] as? Int == 7)
        #expect(document.changedKeys == ["title", "shade"])
        #expect(document.pages[0].changedKeys == ["text"])
        history.redo()
        #expect(!document.hasAnyChanges)
        #expect(document.title == "Plan")
        history.undo()
        history.undo()
        #expect(document[extra: "shade"] as? Int == 1)
        history.undo()
        history.undo()
        #expect(!document.hasAnyChanges)
    }

    @Test func aLoadIntoATrackedObjectIsOneStep() throws {
        let document = try UndoDocument(json: Self.documentJSON)
        let history = UndoHistory(tracking: document)
        let oldPage = document.pages[0]
        try document.load(json: #"{"title":"Loaded","pages":[{"text":"fresh"}],"shade":2}"#)
        #expect(document.title == "Loaded" && !document.hasAnyChanges)
        // The objects the load made are tracked.
        document.pages[0].text = "edited"
        history.undo()
        #expect(document.pages[0].text == "fresh")
        history.undo()
        #expect(document.title == "Plan")
        #expect(document.pages[0] === oldPage)
        #expect(document[extra: "shade"] as? Int == 1)
        // Undoing a load puts the earlier values back as changes to the loaded data; the
        // keys it left out kept their values.
        #expect(document.changedKeys == ["title", "pages", "shade"])
        #expect(document.count == 2 && document.cover?.text == "front")
        history.redo()
        #expect(document.title == "Loaded" && document.pages[0].text == "fresh")
        #expect(!document.hasChanges)
    }

    @Test func aLoadKeepingLocalChangesIsOneStep() throws {
        let document = try UndoDocument(json: Self.documentJSON)
        let history = UndoHistory(tracking: document)
        document.title = "Mine"
        try document.load(json: #"{"title":"Plan","count":9}"#, options: .keepingLocalChanges)
        #expect(document.title == "Mine" && document.count == 9)
        history.undo()
        #expect(document.title == "Mine" && document.count == 2)
        history.undo()
        #expect(document.title == "Plan")
    }

    @Test func aGroupIsOneNamedStep() {
        let (document, history) = Self.tracked()
        history.group(named: "Add Page") {
            document.pages.append(UndoPage())
            document.pages[0].text = "first"
            history.group(named: "Inner") { document.count = 1 }
        }
        #expect(history.undoActionName == "Add Page")
        history.undo()
        #expect(document.pages.isEmpty && document.count == 0)
        #expect(!history.canUndo)
        #expect(history.redoActionName == "Add Page")
        #expect(history.undoActionName == "")
        history.redo()
        #expect(document.pages.first?.text == "first" && document.count == 1)
        #expect(history.undoActionName == "Add Page")
    }

    @Test func aGroupThatChangesNothingAddsNoStep() {
        let (document, history) = Self.tracked()
        history.group(named: "Nothing") { document.title = "Untitled" }
        #expect(!history.canUndo)
    }

    @Test func coalescingMakesOneStepOfTyping() {
        let (document, history) = Self.tracked()
        for text in ["H", "He", "Hel", "Hell", "Hello"] {
            history.coalescing { document.title = text }
        }
        history.coalescing { document.count = 1 }
        history.coalescing { document.title = "Hello!" }
        history.undo()
        #expect(document.title == "Hello")
        history.undo()
        #expect(document.count == 0)
        history.undo()
        #expect(document.title == "Untitled")
        #expect(!history.canUndo)
    }

    @Test func changesOutsideCoalescingDoNotJoinTheStep() {
        let (document, history) = Self.tracked()
        history.coalescing { document.title = "A" }
        document.title = "B"
        history.coalescing { document.title = "C" }
        history.undo()
        #expect(document.title == "B")
        history.undo()
        #expect(document.title == "A")
    }

    @Test func changesWithoutRecordingAreNotSteps() {
        let (document, history) = Self.tracked()
        document.title = "A"
        history.withoutRecording {
            document.count = 5
            document.pages = [UndoPage()]
        }
        #expect(history.canUndo)
        // Objects put in place without recording are still tracked.
        document.pages[0].text = "tracked"
        history.undo()
        #expect(document.pages[0].text == "")
        history.undo()
        #expect(document.title == "Untitled" && document.count == 5)
        #expect(!history.canUndo)
    }

    @Test func redoPutsBackWhatUndoReplaced() {
        let (document, history) = Self.tracked()
        document.title = "A"
        document[extra: "shade"] = 1
        history.withoutRecording {
            document.title = "B"
            document[extra: "shade"] = 2
        }
        history.undo()
        #expect(document[extra: "shade"] == nil && document.title == "B")
        history.undo()
        #expect(document.title == "Untitled")
        history.redo()
        history.redo()
        // Redoing undoes the undo: the values that were there when it ran come back.
        #expect(document.title == "B")
        #expect(document[extra: "shade"] as? Int == 2)
        history.undo()
        history.undo()
        #expect(document.title == "Untitled" && document[extra: "shade"] == nil)
        #expect(!document.hasChanges)
    }

    @Test func levelsOfUndoDropTheOldestSteps() {
        let (document, history) = Self.tracked()
        history.levelsOfUndo = 3
        for count in 1...40 { document.count = count }
        var undone = 0
        while history.canUndo {
            history.undo()
            undone += 1
        }
        #expect(undone == 3)
        #expect(document.count == 37)
        history.levelsOfUndo = 1
        history.redo()
        history.redo()
        #expect(document.count == 39)
        history.undo()
        #expect(!history.canUndo)
        #expect(document.count == 38)
    }

    /// The counts that undoing every step sets, in order, after the history has been at its
    /// limit: the steps kept are the last ones, whatever came between them.
    private static func countsUndone(_ history: UndoHistory, _ document: UndoDocument) -> [Int] {
        var counts: [Int] = []
        while history.canUndo {
            history.undo()
            counts.append(document.count)
        }
        return counts
    }

    @Test func levelsOfUndoKeepTheLastStepsAcrossUndoRedoAndNewSteps() {
        let (document, history) = Self.tracked()
        history.levelsOfUndo = 4
        for count in 1...6 { document.count = count }
        history.undo()
        #expect(document.count == 5)
        document.count = 7
        document.count = 8
        history.undo()
        history.redo()
        document.count = 9
        #expect(Self.countsUndone(history, document) == [8, 7, 5, 4])
        for _ in 0..<4 { history.redo() }
        #expect(document.count == 9 && !history.canRedo)
        for count in 10...13 { document.count = count }
        history.levelsOfUndo = 6
        document.count = 14
        document.count = 15
        #expect(Self.countsUndone(history, document) == [14, 13, 12, 11, 10, 9])
        for count in 20...30 { document.count = count }
        history.levelsOfUndo = 2
        #expect(Self.countsUndone(history, document) == [29, 28])
        history.levelsOfUndo = 0
        for count in 40...45 { document.count = count }
        #expect(Self.countsUndone(history, document) == [44, 43, 42, 41, 40, 28])
    }

    @Test func aNewChangeClearsRedo() {
        let (document, history) = Self.tracked()
        document.title = "A"
        history.undo()
        #expect(history.canRedo)
        document.count = 1
        #expect(!history.canRedo)
        history.redo()
        #expect(document.title == "Untitled")
    }

    @Test func removeAllForgetsEveryStep() {
        let (document, history) = Self.tracked()
        document.title = "A"
        document.title = "B"
        history.undo()
        history.removeAll()
        #expect(!history.canUndo && !history.canRedo)
        document.title = "C"
        history.undo()
        #expect(document.title == "A")
    }

    @Test func undoingAnUnknownValueLeavesNoChanges() throws {
        let document = try UndoDocument(json: Self.documentJSON)
        let history = UndoHistory(tracking: document)
        document[extra: "shade"] = 2
        document[extra: "flavor"] = "vanilla"
        #expect(document.changedKeys == ["shade", "flavor"])
        history.undo()
        #expect(document[extra: "flavor"] == nil)
        history.undo()
        #expect(document[extra: "shade"] as? Int == 1)
        #expect(!document.hasChanges)
        #expect(try document.jsonString(options: .compact).contains(#""shade":1"#))
    }

    @Test func validationSeesTheValuesUndoPutsBack() throws {
        let counter = CheckedCounter()
        let history = UndoHistory(tracking: counter)
        counter.count = -1
        #expect(throws: ModelError.self) { try CheckedCounter(json: counter.jsonData()) }
        history.undo()
        #expect(try CheckedCounter(json: counter.jsonData()).count == 0)
    }

    @Test func objectsInNoStepAndOutOfTheGraphAreReleased() {
        let (document, history) = Self.tracked()
        weak var released: UndoPage?
        do {
            let page = UndoPage()
            released = page
            document.pages = [page]
            page.text = "tracked"
        }
        document.pages = []
        #expect(released != nil)
        history.removeAll()
        #expect(released == nil)
        #expect(!history.canUndo)
    }

    @Test func aReleasedHistoryStopsRecording() {
        let document = UndoDocument()
        var history: UndoHistory? = UndoHistory(tracking: document)
        document.title = "A"
        #expect(history?.canUndo == true)
        history = nil
        document.title = "B"
        let next = UndoHistory(tracking: document)
        #expect(!next.canUndo)
        document.title = "C"
        next.undo()
        #expect(document.title == "B")
    }

    @Test func aReleasedHistoryReleasesTheGraph() {
        weak var releasedDocument: UndoDocument?
        weak var releasedPage: UndoPage?
        weak var releasedHistory: UndoHistory?
        do {
            let document = UndoDocument()
            let page = UndoPage()
            let history = UndoHistory(tracking: document)
            document.pages = [page]
            page.text = "tracked"
            document.title = "A"
            #expect(history.canUndo)
            releasedDocument = document
            releasedPage = page
            releasedHistory = history
        }
        #expect(releasedHistory == nil)
        #expect(releasedDocument == nil)
        #expect(releasedPage == nil)
    }

    @Test func aHistoryThatTookOverRecordsAfterTheFirstGoes() {
        let document = UndoDocument()
        var first: UndoHistory? = UndoHistory(tracking: document)
        let second = UndoHistory(tracking: document)
        document.title = "A"
        #expect(first?.canUndo == false)
        #expect(second.canUndo)
        first = nil
        document.title = "B"
        second.undo()
        #expect(document.title == "A")
        second.undo()
        #expect(document.title == "Untitled")
    }
}
