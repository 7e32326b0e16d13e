import Foundation
import ModelKit
import ModelKitTestSupport
import Observation
import Testing

class PatchShape: ModelObject {
    @Saved var name = ""
}

final class PatchCircle: PatchShape {
    @Saved var radius = 1.0
}

final class PatchSquare: PatchShape {
    @Saved var side = 1.0
}

final class PatchCanvas: ModelObject {
    @Saved var main: PatchShape? = nil
    @Saved var shapes: [PatchShape] = []
}

@Suite struct ApplyingPatchesTests {
    private func loadTask() throws -> PatchTask {
        try PatchTask(json: MergePatchTests.taskJSON)
    }

    @Test func aKeyReplacesItsValueAsAChange() throws {
        let task = try loadTask()
        try task.apply(mergePatchJSON: #"{"title": "Send the report", "tags": ["work", "urgent"]}"#)
        #expect(task.title == "Send the report")
        #expect(task.tags == ["work", "urgent"])
        #expect(task.changedKeys == ["title", "tags"])
        #expect(
            sameJSON(
                try task.mergePatch(), try jsonObject(#"{"title": "Send the report", "tags": ["work", "urgent"]}"#)))
        task.revertChanges()
        #expect(task.title == "Write the report")
    }

    @Test func aValueEqualToTheCurrentOneIsNoChange() throws {
        let task = try loadTask()
        try task.apply(mergePatch: ["title": "Write the report", "done": false])
        #expect(!task.hasAnyChanges)
    }

    @Test func nullClearsAnOptional() throws {
        let task = try loadTask()
        try task.apply(mergePatchJSON: #"{"due": null, "owner": null}"#)
        #expect(task.due == nil)
        #expect(task.owner == nil)
        #expect(task.changedKeys == ["due", "owner"])
    }

    @Test func nullForAValueThatIsNotOptionalIsAnErrorAndChangesNothing() throws {
        let task = try loadTask()
        let error = try #require(modelError { try task.apply(mergePatchJSON: #"{"done": true, "title": null}"#) })
        #expect(error.keyPath.description == "title")
        #expect(error.reason == .valueNotFound(expected: "a string"))
        #expect(!task.done)
        #expect(!task.hasAnyChanges)
    }

    @Test func aNestedPatchMergesIntoTheObjectThePropertyHolds() throws {
        let task = try loadTask()
        let owner = try #require(task.owner)
        let label = task.label
        try task.apply(mergePatchJSON: #"{"owner": {"email": null}, "label": {"red": 1, "alpha": 0.5}}"#)
        #expect(task.owner === owner)
        #expect(task.label === label)
        #expect(owner.name == "Ann")
        #expect(owner.email == nil)
        #expect(label.red == 1 && label.alpha == 0.5 && label.green == 0)
        #expect(task.changedKeys.isEmpty)
        #expect(owner.changedKeys == ["email"])
        #expect(label.changedKeys == ["red", "alpha"])
    }

    @Test func aNestedPatchCreatesTheObjectWhereThereIsNone() throws {
        let task = PatchTask()
        try task.apply(mergePatchJSON: #"{"owner": {"name": "Dee", "email": null}}"#)
        let owner = try #require(task.owner)
        #expect(owner.name == "Dee")
        #expect(owner.email == nil)
        #expect(task.changedKeys == ["owner"])
    }

    @Test func aPatchNamingAnotherClassReplacesTheObject() throws {
        ModelObject.register(PatchCircle.self)
        ModelObject.register(PatchSquare.self)
        let canvas = try PatchCanvas(
            json: #"{"main": {"representedClassName": "PatchCircle", "name": "c", "radius": 3}}"#)
        try canvas.apply(mergePatchJSON: #"{"main": {"representedClassName": "PatchSquare", "side": 2}}"#)
        let square = try #require(canvas.main as? PatchSquare)
        #expect(square.side == 2)
        #expect(square.name == "")
        try canvas.apply(mergePatchJSON: #"{"main": {"representedClassName": "PatchSquare", "name": "s"}}"#)
        #expect(canvas.main === square)
        #expect(square.name == "s")
    }

    @Test func aDictionaryPropertyMergesEntryByEntry() throws {
        let task = try loadTask()
        try task.apply(mergePatchJSON: #"{"counts": {"reviews": null, "comments": 4}}"#)
        #expect(task.counts == ["drafts": 2, "comments": 4])
    }

    @Test func unknownKeysMergeIntoTheUnknownValues() throws {
        let task = try loadTask()
        try task.apply(mergePatchJSON: #"{"priority": null, "links": {"tracker": null, "chat": "c"}, "added": [1]}"#)
        #expect(task[extra: "priority"] == nil)
        #expect(task[extra: "added"] as? [Int] == [1])
        let links = try #require(task[extra: "links"] as? [String: String])
        #expect(links == ["wiki": "https://example.com/wiki", "chat": "c"])
        #expect(task.changedKeys == ["priority", "links", "added"])
    }

    @Test func aValueThatDoesNotFitNamesItsKeyPathAndChangesNothing() throws {
        let task = try loadTask()
        let patch = #"{"title": "New", "owner": {"name": "Bob"}, "subtasks": [{"title": "A"}, {"done": "yes"}]}"#
        let error = try #require(modelError { try task.apply(mergePatchJSON: patch) })
        #expect(error.keyPath.description == "subtasks[1].done")
        #expect(task.title == "Write the report")
        #expect(task.owner?.name == "Ann")
        #expect(!task.hasAnyChanges)
        let nested = try #require(modelError { try task.apply(mergePatchJSON: #"{"label": {"red": "x"}}"#) })
        #expect(nested.keyPath.description == "label.red")
        #expect(task.label.red == 0)
    }

    @Test func aLenientApplyLeavesWhatDoesNotFitAndReportsIt() throws {
        let task = try loadTask()
        let patch = #"{"title": 5, "done": true, "tags": ["a", 2], "owner": {"name": "Bob", "email": 7}}"#
        try task.apply(mergePatchJSON: patch, options: .lenient)
        #expect(task.title == "Write the report")
        #expect(task.done)
        #expect(task.tags == ["work"])
        #expect(task.owner?.name == "Bob")
        #expect(task.owner?.email == "ann@example.com")
        #expect(task.loadIssues.map(\.keyPath.description).sorted() == ["owner.email", "tags[1]", "title"])
    }

    @Test func theVersionIsIgnoredAndAnUnrelatedClassIsAnError() throws {
        let task = try loadTask()
        try task.apply(mergePatchJSON: #"{"version": 7, "representedClassName": "PatchTask", "done": true}"#)
        #expect(task.done)
        #expect(try task.dictionary["version"] as? Int == 1)
        ModelObject.register(PatchCanvas.self)
        let error = try #require(
            modelError { try task.apply(mergePatchJSON: #"{"representedClassName": "PatchCanvas"}"#) })
        #expect(error.reason == .unrelatedClass("PatchCanvas", expected: "PatchTask"))
    }

    @Test(arguments: [#"["c", "d"]"#, #"null"#, #""bar""#, #"{"a": 1"#])
    func aPatchThatIsNotAnObjectIsAnError(json: String) throws {
        let task = try loadTask()
        #expect(throws: ModelError.self) { try task.apply(mergePatchJSON: json) }
        #expect(!task.hasAnyChanges)
    }

    /// A patch is read as documents are: strict JSON, with the place of a syntax error.
    @Test func aPatchThatIsNotJSONNamesWhereItGoesWrong() throws {
        let task = try loadTask()
        let json = "{\n  \"tags\": [\"a\",]\n}"
        let error = try #require(modelError { try task.apply(mergePatchJSON: json) })
        #expect(error.reason == .syntaxError("a trailing comma before ']' is not allowed", line: 2, column: 16))
        #expect(error.keyPath.description == "tags")
        let asDocument = try #require(modelError { _ = try PatchTask(json: json) })
        #expect(asDocument.reason == error.reason && asDocument.keyPath == error.keyPath)
        #expect(throws: ModelError.self) { try task.apply(mergePatchJSON: #"{"priority": 1e400}"#) }
        #expect(!task.hasAnyChanges)

        try task.apply(mergePatchJSON: Data(#"\#u{FEFF}{"title": "Plan"}"#.utf8))
        #expect(task.title == "Plan")
        try task.apply(mergePatchJSON: try #require(#"{"title": "Ship"}"#.data(using: .utf16)))
        #expect(task.title == "Ship")
    }

    @Test func aValueThatRepeatsAnotherIsBroughtUpToDate() throws {
        let value = try DataValue(json: #"{"string": "AAEC", "length": 3}"#)
        try value.apply(mergePatchJSON: #"{"string": "AAECAwQ="}"#)
        #expect(value.data == Data([0, 1, 2, 3, 4]))
        #expect(value.length == 5)
        #expect(value.changedKeys == ["string", "length"])
        value.revertChanges()
        #expect(value.length == 3)
        #expect(!value.hasChanges)
    }

    @Test func observersAreNotified() throws {
        let task = try loadTask()
        let notified = ChangeFlag()
        withObservationTracking {
            _ = task.title
        } onChange: {
            notified.set()
        }
        try task.apply(mergePatch: ["title": "Observed"])
        #expect(notified.isSet)
    }
}
