import Foundation
import ModelKit
import ModelKitTestSupport
import Observation
import Testing

@Suite struct UndoObservationTests {
    @Test func canUndoIsObservable() {
        let document = UndoDocument()
        let history = UndoHistory(tracking: document)
        let changed = ChangeFlag()
        withObservationTracking {
            _ = history.canUndo
        } onChange: {
            changed.set()
        }
        document.title = "A"
        #expect(changed.isSet)
    }

    @Test func canRedoIsObservable() {
        let document = UndoDocument()
        let history = UndoHistory(tracking: document)
        document.title = "A"
        let changed = ChangeFlag()
        withObservationTracking {
            _ = history.canRedo
        } onChange: {
            changed.set()
        }
        history.undo()
        #expect(changed.isSet)
    }

    @Test func observersOfAPropertySeeItsUndo() throws {
        let document = try UndoDocument(json: #"{"title":"Plan","pages":[{"text":"one"}]}"#)
        let history = UndoHistory(tracking: document)
        document.title = "Draft"
        document.pages[0].text = "two"
        let titleChanged = ChangeFlag()
        withObservationTracking {
            _ = document.title
        } onChange: {
            titleChanged.set()
        }
        let pageChanged = ChangeFlag()
        withObservationTracking {
            _ = document.pages[0].text
        } onChange: {
            pageChanged.set()
        }
        history.undo()
        #expect(pageChanged.isSet)
        #expect(!titleChanged.isSet)
        history.undo()
        #expect(titleChanged.isSet)
    }

    @Test func observersOfChangesSeeUndo() {
        let document = UndoDocument()
        let history = UndoHistory(tracking: document)
        document.title = "A"
        let changed = ChangeFlag()
        withObservationTracking {
            _ = document.hasChanges
        } onChange: {
            changed.set()
        }
        history.undo()
        #expect(changed.isSet)
        #expect(!document.hasChanges)
    }

    @Test func observersOfNestedChangesSeeAnUndoThatReplacesObjects() {
        let document = UndoDocument()
        let history = UndoHistory(tracking: document)
        document.pages = [UndoPage()]
        let changed = ChangeFlag()
        withObservationTracking {
            _ = document.hasAnyChanges
        } onChange: {
            changed.set()
        }
        history.undo()
        #expect(changed.isSet)
        #expect(document.pages.isEmpty)
    }

    @Test func aChangeThatLeavesTheStateAsItWasNotifiesNoOne() {
        let document = UndoDocument()
        let history = UndoHistory(tracking: document)
        document.title = "A"
        let changed = ChangeFlag()
        withObservationTracking {
            _ = history.canUndo
            _ = history.undoActionName
        } onChange: {
            changed.set()
        }
        document.title = "B"
        #expect(!changed.isSet)
    }
}
