import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

final class PatchPerson: ModelObject {
    @Saved var name = ""
    @Saved var email: String? = nil

    convenience init(name: String, email: String? = nil) {
        self.init()
        self.name = name
        self.email = email
        clearChanges()
    }
}

final class PatchTask: ModelObject {
    @Saved var title = ""
    @Saved var done = false
    @Saved var due: Date? = nil
    @Saved var tags: [String] = []
    @Saved var counts: [String: Int] = [:]
    @Saved var label = ColorValue.black
    @Saved var owner: PatchPerson? = nil
    @Saved var subtasks: [PatchTask] = []
}

@Suite struct MergePatchTests {
    static let taskJSON = """
        {
          "version" : 1,
          "representedClassName" : "PatchTask",
          "title" : "Write the report",
          "due" : "2026-03-01T09:00:00Z",
          "tags" : ["work"],
          "counts" : {"drafts" : 2, "reviews" : 1},
          "label" : {"version" : 1, "representedClassName" : "ColorValue", "red" : 0, "green" : 0, "blue" : 0, "alpha" : 1},
          "owner" : {"version" : 1, "representedClassName" : "PatchPerson", "name" : "Ann", "email" : "ann@example.com"},
          "subtasks" : [{"version" : 1, "representedClassName" : "PatchTask", "title" : "Outline"}],
          "priority" : "high",
          "links" : {"wiki" : "https://example.com/wiki", "tracker" : "https://example.com/t/1"}
        }
        """

    private func loadTask() throws -> PatchTask {
        try PatchTask(json: Self.taskJSON)
    }

    private func expectPatch(_ task: PatchTask, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let patch = try task.mergePatch()
        #expect(sameJSON(patch, try jsonObject(expected)), "patch: \(patch)", sourceLocation: sourceLocation)
    }

    @Test func anObjectWithoutChangesGivesAnEmptyPatch() throws {
        let task = try loadTask()
        #expect(try task.mergePatch().isEmpty)
        #expect(try task.mergePatchJSON(options: .compact) == Data("{}".utf8))
        #expect(try PatchTask().mergePatch().isEmpty)
    }

    @Test func changedValuesAreGivenWithTheirNewValues() throws {
        let task = try loadTask()
        task.title = "Send the report"
        task.done = true
        try expectPatch(task, #"{"title": "Send the report", "done": true}"#)
        #expect(
            String(decoding: try task.mergePatchJSON(options: .compact), as: UTF8.self)
                == #"{"done":true,"title":"Send the report"}"#)
    }

    @Test func anOptionalSetToNilIsNull() throws {
        let task = try loadTask()
        task.due = nil
        try expectPatch(task, #"{"due": null}"#)
        #expect(String(decoding: try task.mergePatchJSON(options: .compact), as: UTF8.self) == #"{"due":null}"#)
    }

    @Test func aValueSetBackIsNotInThePatch() throws {
        let task = try loadTask()
        task.title = "Other"
        task.title = "Write the report"
        task.tags.append("x")
        task.tags.removeLast()
        #expect(try task.mergePatch().isEmpty)
    }

    @Test func aNestedObjectGivesThePatchOfItsOwnChanges() throws {
        let task = try loadTask()
        task.label.red = 1
        task.owner?.email = nil
        try expectPatch(task, #"{"label": {"red": 1}, "owner": {"email": null}}"#)
        #expect(task.changedKeys.isEmpty)
    }

    @Test func anObjectSetInPlaceOfAnotherIsGivenWhole() throws {
        let task = try loadTask()
        task.owner = PatchPerson(name: "Bob")
        try expectPatch(
            task,
            #"{"owner": {"version": 1, "representedClassName": "PatchPerson", "name": "Bob", "email": null}}"#)
        task.owner?.email = "bob@example.com"
        try expectPatch(
            task,
            #"{"owner": {"version": 1, "representedClassName": "PatchPerson", "name": "Bob", "email": "bob@example.com"}}"#
        )
    }

    @Test func anObjectSetWhereThereWasNoneIsGivenWhole() throws {
        let task = PatchTask()
        task.owner = PatchPerson(name: "Cy")
        try expectPatch(task, #"{"owner": {"version": 1, "representedClassName": "PatchPerson", "name": "Cy"}}"#)
        task.clearChanges()
        task.owner = nil
        try expectPatch(task, #"{"owner": null}"#)
    }

    @Test func arraysAreGivenWhole() throws {
        let task = try loadTask()
        task.tags.append("urgent")
        try expectPatch(task, #"{"tags": ["work", "urgent"]}"#)
    }

    @Test func anArrayWhoseObjectsChangedIsGivenWhole() throws {
        let task = try loadTask()
        task.subtasks[0].done = true
        try expectPatch(
            task,
            #"{"subtasks": [{"version": 1, "representedClassName": "PatchTask", "title": "Outline", "done": true,"#
                + #" "tags": [], "counts": {}, "subtasks": [],"#
                + #" "label": {"version": 1, "representedClassName": "ColorValue", "red": 0, "green": 0, "blue": 0, "alpha": 1}}]}"#
        )
    }

    @Test func dictionariesAreGivenAsThePatchOfTheirEntries() throws {
        let task = try loadTask()
        task.counts["drafts"] = 3
        task.counts["reviews"] = nil
        task.counts["comments"] = 5
        try expectPatch(task, #"{"counts": {"drafts": 3, "reviews": null, "comments": 5}}"#)
    }

    @Test func changedUnknownValuesAreGivenAndRemovedOnesAreNull() throws {
        let task = try loadTask()
        task[extra: "priority"] = nil
        task[extra: "links"] = ["wiki": "https://example.com/wiki", "chat": "https://example.com/c"]
        task[extra: "added"] = 1
        try expectPatch(
            task, #"{"priority": null, "links": {"tracker": null, "chat": "https://example.com/c"}, "added": 1}"#)
        task[extra: "priority"] = "high"
        task[extra: "added"] = nil
        try expectPatch(task, #"{"links": {"tracker": null, "chat": "https://example.com/c"}}"#)
    }

    @Test func clearingOrRevertingLeavesNothingToPatch() throws {
        let task = try loadTask()
        task.title = "New"
        task.label.green = 1
        task.clearChanges()
        #expect(try task.mergePatch().isEmpty)
        task.subtasks[0].title = "Changed"
        task.revertChanges()
        #expect(try task.mergePatch().isEmpty)
    }

    @Test func aValueThatALenientLoadKeptIsPatchedOnlyOnceSet() throws {
        let json = #"{"title": "T", "due": "next tuesday", "tags": ["a", 2]}"#
        let task = try PatchTask(json: json, options: .lenient)
        #expect(task.loadIssues.count == 2)
        task.title = "U"
        try expectPatch(task, #"{"title": "U"}"#)
        task.due = Date(timeIntervalSince1970: 0)
        try expectPatch(task, #"{"title": "U", "due": "1970-01-01T00:00:00Z"}"#)
    }

    @Test func thePatchOfAnObjectThatContainsItselfThrows() throws {
        let task = try loadTask()
        task.subtasks[0].title = "Changed"
        task.subtasks[0].subtasks = [task]
        let error = try #require(modelError { _ = try task.mergePatch() })
        #expect(error.reason == .cycle("PatchTask"))
    }

    @Test func theJSONFollowsTheWriteOptions() throws {
        let task = try loadTask()
        task.tags = ["a/b"]
        let pretty = String(decoding: try task.mergePatchJSON(), as: UTF8.self)
        #expect(pretty == "{\n  \"tags\" : [\n    \"a\\/b\"\n  ]\n}")
        let compact = try task.mergePatchJSON(options: [.compact, .withoutEscapingSlashes])
        #expect(String(decoding: compact, as: UTF8.self) == #"{"tags":["a/b"]}"#)
    }
}
