import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Top-level and not private, so that `NSKeyedArchiver` on Linux can name the classes.
final class LenientTask: ModelObject {
    @Saved var title = ""
    @Saved var priority = 1
    @Saved var due: Date? = nil
    @Saved var counts: [Int] = []
}

final class LenientStep: ModelObject {
    @Saved var name = ""
    @Saved var minutes = 0
}

final class LenientPlan: ModelObject {
    @Saved var steps: [LenientStep] = []
}

@Suite struct SkippedValueTests {
    private static let taskJSON = """
        {
          "version" : 1,
          "representedClassName" : "LenientTask",
          "title" : "Buy milk",
          "priority" : "high",
          "due" : "next tuesday",
          "counts" : [1, "two", 3]
        }
        """

    private func loadTask() throws -> LenientTask {
        try LenientTask(json: Self.taskJSON, options: .lenient)
    }

    @Test func lenientLoadRecordsWhatItSkippedAndKeepsDefaults() throws {
        let task = try loadTask()
        #expect(task.loadIssues.map(\.keyPath.description).sorted() == ["counts[1]", "due", "priority"])
        #expect(task.priority == 1)
        #expect(task.due == nil)
        #expect(task.counts == [1, 3])
    }

    @Test func skippedValuesAreWrittenBackByEveryWriter() throws {
        let task = try loadTask()
        let original = try jsonObject(Self.taskJSON)
        #expect(sameJSON(try task.dictionary, original))
        for options in [WriteOptions(), .compact, .sortedKeys, .foundationWriter, [.foundationWriter, .sortedKeys]] {
            #expect(sameJSON(try jsonObject(task.jsonString(options: options)), original), "\(options)")
        }
        let encoded = try JSONEncoder().encode(task)
        #expect(sameJSON(try jsonObject(String(decoding: encoded, as: UTF8.self)), original))
        let text = try task.jsonString()
        #expect(text.contains(#""priority" : "high""#))
        #expect(text.contains(#""counts" : [\#n    1,\#n    "two",\#n    3\#n  ]"#))
    }

    @Test(arguments: [#""high""#, "1e30", "2.5", "null", "[1]", #"{"level":3}"#, "true"])
    func anyValueThatDoesNotFitSurvivesARoundTrip(value: String) throws {
        let json = #"{"representedClassName":"LenientTask","priority":\#(value)}"#
        let task = try LenientTask(json: json, options: .lenient)
        #expect(task.loadIssues.count == 1)
        let written = try jsonObject(task.jsonString())
        #expect(sameJSON(["priority": try #require(written["priority"])], try jsonObject(#"{"priority":\#(value)}"#)))
        #expect(throws: ModelError.self) { try LenientTask(json: task.jsonData()) }
    }

    @Test func archivingKeepsSkippedValues() throws {
        let task = try loadTask()
        let archive = try NSKeyedArchiver.archivedData(withRootObject: task, requiringSecureCoding: true)
        let unarchived = try LenientTask.make(archivedData: archive)
        #expect(unarchived == task)
        #expect(try unarchived.dictionary["priority"] as? String == "high")
        #expect(unarchived.loadIssues.count == 3)
    }

    @Test func settingThePropertyReplacesTheSkippedValueAsAChange() throws {
        let task = try loadTask()
        #expect(!task.hasChanges)
        task.priority = 1
        #expect(try task.dictionary["priority"] as? Int == 1)
        #expect(task.changedKeys == ["priority"])
        task.priority = 3
        task.priority = 1
        #expect(task.changedKeys == ["priority"], "setting the old value back does not bring back \"high\"")
        task.counts.append(4)
        #expect(try task.dictionary["counts"] as? [Int] == [1, 3, 4])
        task.revertChanges()
        #expect(!task.hasChanges)
        #expect(sameJSON(try task.dictionary, try jsonObject(Self.taskJSON)))
    }

    @Test func aMergePatchReplacesASkippedValueAsTheSetterDoes() throws {
        let patched = try loadTask()
        try patched.apply(mergePatch: ["priority": 1])
        #expect(try patched.dictionary["priority"] as? Int == 1, "an equal value replaces \"high\"")
        #expect(patched.changedKeys == ["priority"])
        let set = try loadTask()
        set.priority = 1
        #expect(patched == set)
        #expect(sameJSON(try patched.mergePatch(), try set.mergePatch()))
        patched.revertChanges()
        #expect(try patched.dictionary["priority"] as? String == "high")
    }

    @Test func clearingChangesMakesTheNewValueStay() throws {
        let task = try loadTask()
        task.priority = 2
        task.clearChanges()
        task.revertChanges()
        #expect(try task.dictionary["priority"] as? Int == 2)
    }

    @Test func copiesKeepSkippedValuesAndEqualityComparesThem() throws {
        let task = try loadTask()
        let copy = task.copy()
        #expect(copy == task)
        #expect(try copy.dictionary["priority"] as? String == "high")
        copy.priority = 1
        #expect(copy != task, "the copy now writes 1 where the original writes \"high\"")
        #expect(try task.dictionary["priority"] as? String == "high")
        let sameValues = LenientTask()
        sameValues.title = "Buy milk"
        sameValues.counts = [1, 3]
        #expect(sameValues != task)
        #expect(try LenientTask(json: task.jsonData(), options: .lenient) == task)
    }

    @Test func loadingAGoodValueReplacesASkippedOne() throws {
        let task = try loadTask()
        try task.load(json: Data(#"{"priority":4}"#.utf8))
        #expect(try task.dictionary["priority"] as? Int == 4)
        #expect(try task.dictionary["due"] as? String == "next tuesday", "values the data leaves out stay")
    }

    @Test(arguments: [LoadOptions.lenient, [.lenient, .foundationReader]])
    func aValueThatDoesNotFitGivesTheDefaultWhenLoadingIntoAnObject(options: LoadOptions) throws {
        let task = LenientTask()
        task.title = "Call home"
        task.priority = 5
        task.counts = [7]
        try task.load(json: #"{"priority":"high","counts":{"first":1},"title":"Buy milk"}"#, options: options)
        #expect(task.loadIssues.map(\.keyPath.description).sorted() == ["counts", "priority"])
        #expect(task.priority == 1)
        #expect(task.counts == [])
        #expect(task.title == "Buy milk")
        #expect(try LenientTask(json: task.jsonData(), options: options) == task, "reads back as it was written")

        let plan = LenientPlan()
        plan.steps = [LenientStep()]
        try plan.load(json: #"{"steps":{"name":"Boil"}}"#, options: options)
        #expect(plan.steps.isEmpty)
        #expect(try LenientPlan(json: plan.jsonData(), options: options) == plan)
    }

    @Test func editsInsideAPartlyLoadedArrayOfModelsWin() throws {
        let json = """
            {"steps":[{"name":"Boil","minutes":"ten"},"garbage",{"name":"Pour","minutes":2}]}
            """
        let plan = try LenientPlan(json: json, options: .lenient)
        #expect(plan.loadIssues.map(\.keyPath.description).sorted() == ["steps[0].minutes", "steps[1]"])
        #expect(plan.steps.map(\.name) == ["Boil", "Pour"])
        let untouched = try #require(try plan.dictionary["steps"] as? [Any])
        #expect(untouched.count == 3)
        #expect(untouched[1] as? String == "garbage")
        #expect((untouched[0] as? [String: Any])?["minutes"] as? String == "ten")

        plan.steps[0].name = "Heat"
        let edited = try #require(try plan.dictionary["steps"] as? [[String: Any]])
        #expect(edited.map { $0["name"] as? String } == ["Heat", "Pour"])
        #expect(edited[0]["minutes"] as? String == "ten", "the nested object keeps its own skipped value")
    }
}
