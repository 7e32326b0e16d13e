import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// Loading fresh data with `LoadOptions.keepingLocalChanges`.
@Suite struct LocalChangesTests {
    /// The server's newer copy of `MergePatchTests.taskJSON`: another title, the task done, a
    /// new email for the owner, a colour with more green, a changed count and unknown value.
    static let refreshedJSON = """
        {
          "version" : 1,
          "representedClassName" : "PatchTask",
          "title" : "Write the final report",
          "done" : true,
          "due" : "2026-03-01T09:00:00Z",
          "tags" : ["work"],
          "counts" : {"drafts" : 3, "reviews" : 1},
          "label" : {"version" : 1, "representedClassName" : "ColorValue", "red" : 0, "green" : 0.5, "blue" : 0, "alpha" : 1},
          "owner" : {"version" : 1, "representedClassName" : "PatchPerson", "name" : "Ann", "email" : "ann@example.org"},
          "subtasks" : [{"version" : 1, "representedClassName" : "PatchTask", "title" : "Outline"}],
          "priority" : "low",
          "links" : {"wiki" : "https://example.com/wiki", "tracker" : "https://example.com/t/1"}
        }
        """

    private func loadTask() throws -> PatchTask {
        try PatchTask(json: MergePatchTests.taskJSON)
    }

    @Test func theUsersChangesStayAndTheRestComesFromTheData() throws {
        let task = try loadTask()
        task.tags = ["work", "urgent"]
        task.label.red = 1
        try task.load(json: Self.refreshedJSON, options: .keepingLocalChanges)
        #expect(task.tags == ["work", "urgent"])
        #expect(task.label.red == 1)
        #expect(task.title == "Write the final report")
        #expect(task.done)
        #expect(task.label.green == 0.5)
        #expect(task.owner?.email == "ann@example.org")
        #expect(task[extra: "priority"] as? String == "low")
        #expect(task.changedKeys == ["tags"])
        #expect(task.label.changedKeys == ["red"])
        #expect(task.mergeConflicts.isEmpty)
    }

    @Test func theDataBecomesTheBaseline() throws {
        let task = try loadTask()
        task.title = "Mine"
        task.owner?.name = "Bea"
        try task.load(json: Self.refreshedJSON, options: .keepingLocalChanges)
        let patch = try task.mergePatch()
        #expect(sameJSON(patch, try jsonObject(#"{"title": "Mine", "owner": {"name": "Bea"}}"#)))
        task.revertChanges()
        #expect(sameJSON(try task.dictionary, try PatchTask(json: Self.refreshedJSON).dictionary))
    }

    @Test func aValueTheDataChangedTooIsAConflictAndTheUsersValueStays() throws {
        let task = try loadTask()
        task.title = "Mine"
        task.done = true
        task.owner?.email = "ann@example.net"
        task.counts["drafts"] = 9
        task[extra: "priority"] = "urgent"
        try task.load(json: Self.refreshedJSON, options: .keepingLocalChanges)
        #expect(task.title == "Mine")
        #expect(task.owner?.email == "ann@example.net")
        #expect(task.counts == ["drafts": 9, "reviews": 1])
        #expect(task[extra: "priority"] as? String == "urgent")
        // The data set `done` to the user's value: not a conflict, and no longer a change.
        #expect(task.done)
        #expect(!task.changedKeys.contains("done"))
        let conflicts = task.mergeConflicts.map(\.description)
        #expect(conflicts == ["title", "counts", "priority", "owner.email"])
    }

    @Test func aLoadWithoutTheOptionForgetsTheConflicts() throws {
        let task = try loadTask()
        task.title = "Mine"
        try task.load(json: Self.refreshedJSON, options: .keepingLocalChanges)
        #expect(task.mergeConflicts.map(\.description) == ["title"])
        try task.load(json: Self.refreshedJSON)
        #expect(task.mergeConflicts.isEmpty)
        #expect(task.title == "Write the final report")
        #expect(!task.hasAnyChanges)
    }

    @Test func anObjectTheDataTookAwayIsKeptAsAConflict() throws {
        let task = try loadTask()
        let owner = try #require(task.owner)
        owner.name = "Bea"
        try task.load(dictionary: ["title": "No owner", "owner": NSNull()], options: .keepingLocalChanges)
        #expect(task.title == "No owner")
        #expect(task.owner === owner)
        #expect(task.mergeConflicts.map(\.description) == ["owner"])
        #expect(task.changedKeys == ["owner"])
    }

    @Test func aCollectionWhoseObjectsChangedStaysWhole() throws {
        let task = try loadTask()
        task.subtasks[0].done = true
        let unchangedOnServer = try jsonObject(MergePatchTests.taskJSON)
        try task.load(dictionary: unchangedOnServer, options: .keepingLocalChanges)
        #expect(task.subtasks.count == 1 && task.subtasks[0].done)
        #expect(task.mergeConflicts.isEmpty)

        var changedOnServer = unchangedOnServer
        changedOnServer["subtasks"] = [["title": "Outline"], ["title": "Draft"]]
        try task.load(dictionary: changedOnServer, options: .keepingLocalChanges)
        #expect(task.subtasks.map(\.title) == ["Outline"])
        #expect(task.subtasks[0].done)
        #expect(task.mergeConflicts.map(\.description) == ["subtasks"])
        task.revertChanges()
        #expect(task.subtasks.map(\.title) == ["Outline", "Draft"])
    }

    @Test func aLoadThatFailsChangesNothing() throws {
        let task = try loadTask()
        task.title = "Mine"
        task.subtasks[0].done = true
        task.label.red = 1
        task[extra: "priority"] = nil
        let before = try task.mergePatch()
        #expect(throws: ModelError.self) {
            try task.load(json: #"{"title": "Theirs", "done": "yes"}"#, options: .keepingLocalChanges)
        }
        #expect(task.title == "Mine")
        #expect(task.changedKeys == ["title", "priority"])
        #expect(task.subtasks[0].done)
        #expect(task.label.red == 1)
        #expect(task.done == false)
        #expect(sameJSON(try task.mergePatch(), before))
        task.revertChanges()
        #expect(sameJSON(try task.dictionary, try loadTask().dictionary))
    }

    @Test func aKeyTheDataLeavesOutKeepsItsChangeAndItsEarlierValue() throws {
        let task = try loadTask()
        task.done = true
        task.label.red = 1
        task.subtasks[0].title = "Mine"
        try task.load(json: #"{"title": "Theirs"}"#, options: .keepingLocalChanges)
        #expect(task.title == "Theirs")
        #expect(task.done)
        #expect(task.label.red == 1)
        #expect(task.subtasks[0].title == "Mine")
        #expect(task.mergeConflicts.isEmpty)
        #expect(task.changedKeys == ["done", "subtasks"])
        #expect(task.label.changedKeys == ["red"])
        task.revertChanges()
        #expect(!task.done)
        #expect(task.label.red == 0)
        #expect(task.subtasks[0].title == "Outline")
        #expect(task.title == "Theirs")
    }

    @Test func aLenientLoadKeepsTheUsersChangesToo() throws {
        let task = try loadTask()
        task.title = "Mine"
        try task.load(
            json: #"{"title": "Theirs", "done": "yes", "tags": ["a"]}"#, options: [.keepingLocalChanges, .lenient])
        #expect(task.title == "Mine")
        #expect(task.tags == ["a"])
        #expect(task.loadIssues.map(\.keyPath.description) == ["done"])
        #expect(task.mergeConflicts.map(\.description) == ["title"])
    }

    @Test func anObjectWithoutChangesLoadsAsUsual() throws {
        let task = try loadTask()
        try task.load(json: Self.refreshedJSON, options: .keepingLocalChanges)
        #expect(sameJSON(try task.dictionary, try PatchTask(json: Self.refreshedJSON).dictionary))
        #expect(!task.hasAnyChanges)
        #expect(task.mergeConflicts.isEmpty)
    }
}
