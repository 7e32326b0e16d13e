import Foundation
import ModelKit
import ModelKitTestSupport
import Observation
import Testing

@Suite struct UndoObservationTests {
    /// A new document and a history tracking it.
    private static func tracked() -> (UndoDocument, UndoHistory) {
        let document = UndoDocument()
        return (document, UndoHistory(tracking: document))
    }

    /// Tracks what `read` reads, returning the flag that its change handler sets.
    private static func observing(_ read: () -> Void) -> ChangeFlag {
        let changed = ChangeFlag()
        withObservationTracking(read) {
            changed.set()
        }
        return changed
    }

    @Test func canUndoIsObservable() {
        let (document, history) = Self.tracked()
        let changed = Self.observing {
            _ = history.canUndo
        }
        document.title = "A"
        #expect(changed.isSet)
    }

    @Test func canRedoIsObservable() {
        let (document, history) = Self.tracked()
        document.title = "A"
        let changed = Self.observing {
            _ = history.canRedo
        }
        history.undo()
        #expect(changed.isSet)
    }

    @Test func observersOfAPropertySeeItsUndo() throws {
        let document = try UndoDocument(json: #"{"title":"Plan","pages":[{"text":"one"}]}"#)
        let history = UndoHistory(tracking: document)
        document.title = "Draft"
        document.pages[0].text = "two"
        let titleChanged = Self.observing {
            _ = document.title
        }
        let pageChanged = Self.observing {
            _ = document.pages[0].text
        }
        history.undo()
        #expect(pageChanged.isSet)
        #expect(!titleChanged.isSet)
        history.undo()
        #expect(titleChanged.isSet)
    }

    @Test func observersOfChangesSeeUndo() {
        let (document, history) = Self.tracked()
        document.title = "A"
        let changed = Self.observing {
            _ = document.hasChanges
        }
        history.undo()
        #expect(changed.isSet)
        #expect(!document.hasChanges)
    }

    @Test func observersOfNestedChangesSeeAnUndoThatReplacesObjects() {
        let (document, history) = Self.tracked()
        document.pages = [UndoPage()]
        let changed = Self.observing {
            _ = document.hasAnyChanges
        }
        history.undo()
        #expect(changed.isSet)
        #expect(document.pages.isEmpty)
    }

    @Test func aChangeThatLeavesTheStateAsItWasNotifiesNoOne() {
        let (document, history) = Self.tracked()
        document.title = "A"
        let changed = Self.observing {
            _ = history.canUndo
            _ = history.undoActionName
        }
        document.title = "B"
        #expect(!changed.isSet)
    }
}
