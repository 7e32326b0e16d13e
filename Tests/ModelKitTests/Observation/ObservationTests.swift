import Foundation
import ModelKit
import ModelKitTestSupport
import Observation
import Testing

// The models and helpers that the suite's files share.
extension ObservationTests {
    final class Entry: ModelObject {
        @Saved var text = "Foo"
        @Saved var number = 12345
        @Saved var note: String? = nil
        @Saved var child: Entry? = nil
        var title: String { "\(text) (\(number))" }
    }

    final class SpecialEntry: ModelObject {
        @Saved var base = Entry()
        @Saved var flag = false
    }

    final class Tint: ModelObject {
        @Saved var color = ColorValue(red: 1, green: 0, blue: 0)
        @Saved var swatches: [ColorValue] = [.red, .green]
    }

    class Base: ModelObject {
        @Saved var name = ""
    }

    final class Derived: Base {
        @Saved var size = 0
    }

    /// Counts the change notifications of one `withObservationTracking` call.
    ///
    /// The change handler may run on any thread, so the count is guarded by a lock.
    final class ChangeCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var storedCount = 0

        var count: Int {
            lock.lock()
            defer { lock.unlock() }
            return storedCount
        }

        func increment() {
            lock.lock()
            defer { lock.unlock() }
            storedCount += 1
        }
    }

    /// Tracks what `read` reads, and returns a counter of the notifications that follow.
    func observe(_ read: () -> Void) -> ChangeCounter {
        let counter = ChangeCounter()
        withObservationTracking(read) {
            counter.increment()
        }
        return counter
    }
}

@Suite struct ObservationTests {
    @Test func settingATrackedPropertyNotifies() {
        let entry = Entry()
        let changes = observe { _ = entry.text }
        entry.text = "Bar"
        #expect(changes.count == 1)
        #expect(entry.text == "Bar")
    }

    @Test func settingAnEqualValueDoesNotNotify() {
        let entry = Entry()
        let changes = observe { _ = entry.text }
        entry.text = "Foo"
        #expect(changes.count == 0)
    }

    @Test func settingAnUntrackedPropertyDoesNotNotify() {
        let entry = Entry()
        let changes = observe { _ = entry.text }
        entry.number = 1
        entry.note = "note"
        #expect(changes.count == 0)
    }

    @Test func optionalPropertiesAreTracked() {
        let entry = Entry()
        let changes = observe { _ = entry.note }
        entry.note = "note"
        #expect(changes.count == 1)
    }

    @Test func derivedPropertyIsTrackedThroughTheSavedPropertiesItReads() {
        let entry = Entry()
        let numberChanges = observe { _ = entry.title }
        entry.number = 42
        #expect(numberChanges.count == 1)

        let textChanges = observe { _ = entry.title }
        entry.text = "Bar"
        #expect(textChanges.count == 1)
        #expect(entry.title == "Bar (42)")
    }

    @Test func loadingADictionaryNotifies() throws {
        let entry = Entry()
        let changes = observe { _ = entry.title }
        try entry.load(dictionary: ["text": "Loaded", "number": 7])
        #expect(changes.count == 1)
        #expect(entry.title == "Loaded (7)")
        #expect(!entry.hasChanges)
    }

    @Test func loadingJSONNotifiesObserversOfAPropertyItDoesNotMention() throws {
        let entry = Entry()
        let changes = observe { _ = entry.number }
        try entry.load(json: Data(#"{"text" : "Loaded"}"#.utf8))
        #expect(changes.count == 1)
        #expect(entry.text == "Loaded")
    }

    @Test func aFailedLoadDoesNotNotify() {
        let entry = Entry()
        let changes = observe { _ = entry.text }
        #expect(throws: ModelError.self) {
            try entry.load(dictionary: ["number": "not a number"])
        }
        #expect(changes.count == 0)
    }

    @Test func revertingChangesNotifies() {
        let entry = Entry()
        entry.text = "Changed"
        let changes = observe { _ = entry.text }
        entry.revertChanges()
        #expect(changes.count == 1)
        #expect(entry.text == "Foo")
    }

    @Test func nestedObjectsAreTrackedThroughTheParent() {
        let parent = Entry()
        parent.child = Entry()
        let changes = observe { _ = parent.child?.text }
        parent.child?.text = "Child"
        #expect(changes.count == 1)

        let replacement = observe { _ = parent.child?.text }
        parent.child = Entry()
        #expect(replacement.count == 1)
    }

    @Test func propertiesOfASuperclassAreTrackedOnASubclass() throws {
        let derived = Derived()
        let nameChanges = observe { _ = derived.name }
        derived.name = "Name"
        #expect(nameChanges.count == 1)

        let sizeChanges = observe { _ = derived.size }
        derived.name = "Other"
        #expect(sizeChanges.count == 0)
        derived.size = 3
        #expect(sizeChanges.count == 1)

        let loadChanges = observe { _ = derived.name }
        try derived.load(dictionary: ["size": 4])
        #expect(loadChanges.count == 1)
    }

    @Test func unknownValuesAreTracked() throws {
        let entry = try Entry(dictionary: ["flavor": "vanilla"])
        let changes = observe { _ = entry[extra: "flavor"] }
        entry[extra: "flavor"] = "lemon"
        #expect(changes.count == 1)

        let loadChanges = observe { _ = entry[extra: "flavor"] }
        try entry.load(dictionary: ["flavor": "mint"])
        #expect(loadChanges.count == 1)
    }

    @Test func settingAnUnknownValueNotifiesObserversOfSavedProperties() {
        let entry = Entry()
        let changes = observe { _ = entry.text }
        entry[extra: "flavor"] = "lemon"
        #expect(changes.count == 1)
    }

    @Test func hasChangesIsTracked() throws {
        let entry = Entry()
        let changes = observe { _ = entry.hasChanges }
        entry.text = "Changed"
        #expect(changes.count == 1)

        let stillChanged = observe { _ = entry.changedKeys }
        entry.text = "Changed again"
        #expect(stillChanged.count == 0)
        entry.number = 1
        #expect(stillChanged.count == 1)

        let cleared = observe { _ = entry.hasChanges }
        entry.clearChanges()
        #expect(cleared.count == 1)
        #expect(!entry.hasChanges)

        entry.text = "Once more"
        let reverted = observe { _ = entry.hasChanges }
        entry.revertChanges()
        #expect(reverted.count == 1)

        entry.text = "And again"
        let loaded = observe { _ = entry.hasChanges }
        try entry.load(dictionary: ["text": "Loaded"])
        #expect(loaded.count == 1)
        #expect(!entry.hasChanges)
    }

    @Test func hasAnyChangesIsTrackedThroughNestedObjects() {
        let parent = Entry()
        parent.child = Entry()
        parent.clearChanges()
        let changes = observe { _ = parent.hasAnyChanges }
        parent.child?.number = 2
        #expect(changes.count == 1)
    }

    @Test func settingAnUnknownValueNotifiesObserversOfChanges() {
        let entry = Entry()
        let changes = observe { _ = entry.hasChanges }
        entry[extra: "flavor"] = "lemon"
        #expect(changes.count == 1)
    }

    @Test func observationIsPerObject() {
        let first = Entry()
        let second = Entry()
        let changes = observe { _ = first.text }
        second.text = "Other"
        #expect(changes.count == 0)
    }
}
