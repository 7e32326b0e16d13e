import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Declared at the top level and not private, so that loading can find them by name. Each test
// that relies on finding an unregistered class uses a class that no other test touches.

class TodoItem: ModelObject {
    @Saved var title = ""
}

final class NoteTodoItem: TodoItem {
    @Saved var body = ""
}

final class CheckTodoItem: TodoItem {
    @Saved var isDone = false
}

final class TodoBoard: ModelObject {
    @Saved var items: [TodoItem] = []
}

final class TodoFolder: ModelObject {
    @Saved var attachment: ModelObject? = nil
}

final class FolderSketch: ModelObject {
    @Saved var strokes = 0
}

final class WorkTask: ModelObject {
    @Saved var project = ""
    override class var modelName: String { "Task" }
}

final class HomeTask: ModelObject {
    @Saved var room = ""
    override class var modelName: String { "Task" }
}

final class TaskList: ModelObject {
    @Saved var tasks: [ModelObject] = []
}

@Suite struct ClassNameTests {
    @Test func anUnregisteredSubclassFromTheExpectedTypesModuleLoadsAndKeepsItsClass() throws {
        let json = """
            {
              "version" : 1,
              "representedClassName" : "TodoBoard",
              "items" : [
                { "version" : 1, "representedClassName" : "NoteTodoItem", "title" : "Milk", "body" : "2 litres" }
              ]
            }
            """
        let board = try TodoBoard(json: json)
        let note = try #require(board.items.first as? NoteTodoItem)
        #expect(note.body == "2 litres")
        #expect(note.unknownValues.isEmpty)

        board.items[0].title = "Oat milk"
        let saved = try TodoBoard(json: board.jsonData())
        let reloaded = try #require(saved.items.first as? NoteTodoItem)
        #expect(reloaded.title == "Oat milk")
        #expect(reloaded.body == "2 litres")
    }

    @Test func anUnregisteredSubclassFromTheLoadingClassesModuleLoads() throws {
        // `ModelObject` is declared in ModelKit; the folder and the sketch in this module.
        let json = #"{"attachment":{"representedClassName":"FolderSketch","strokes":12}}"#
        let folder = try TodoFolder(json: json)
        let sketch = try #require(folder.attachment as? FolderSketch)
        #expect(sketch.strokes == 12)
    }

    @Test func aClassOutsideTheExpectedTypesSubclassesIsNeverCreated() throws {
        let json = #"{"items":[{"representedClassName":"TodoBoard","title":"Milk"}]}"#
        let error = try #require(modelError { _ = try TodoBoard(json: json) })
        #expect(error.keyPath.description == "items[0].representedClassName")
        #expect(error.reason == .unrelatedClass("TodoBoard", expected: "TodoItem"))
        #expect(throws: ModelError.self) { try TodoItem.make(json: #"{"representedClassName":"TodoBoard"}"#) }

        let lenient = try TodoBoard(json: json, options: .lenient)
        #expect(type(of: lenient.items[0]) == TodoItem.self)
        #expect(
            lenient.loadIssues.map(\.description) == [
                #"items[0].representedClassName: class "TodoBoard" is not TodoItem or one of its subclasses"#
            ])
        let written = try #require(try lenient.dictionary["items"] as? [[String: Any]])
        #expect(written[0]["representedClassName"] as? String == "TodoBoard")
    }

    @Test func anUnresolvableClassNameIsKeptAndWrittenBackUnchanged() throws {
        let item = #"{"version":1,"representedClassName":"AudioTodoItem","title":"Call","seconds":30}"#
        let json = #"{"version":1,"representedClassName":"TodoBoard","items":[\#(item)]}"#
        let board = try TodoBoard(json: json)
        #expect(type(of: board.items[0]) == TodoItem.self)
        #expect(board.items[0].unknownValues["seconds"] as? Int == 30)
        #expect(board.loadIssues.isEmpty)
        for options in [WriteOptions(), .sortedKeys, .foundationWriter] {
            #expect(sameJSON(try jsonObject(board.jsonString(options: options)), try jsonObject(json)))
        }
        #expect(sameJSON(try board.dictionary, try jsonObject(json)))
        let encoded = try JSONEncoder().encode(board)
        #expect(sameJSON(try jsonObject(String(decoding: encoded, as: UTF8.self)), try jsonObject(json)))

        board.items[0].title = "Call back"
        let edited = try #require(try board.dictionary["items"] as? [[String: Any]])
        #expect(edited[0]["representedClassName"] as? String == "AudioTodoItem")
        #expect(board.copy() == board)
        #expect(board != (try TodoBoard(json: #"{"items":[{"title":"Call back","seconds":30}]}"#)))

        let lenient = try TodoBoard(json: json, options: .lenient)
        #expect(
            lenient.loadIssues.map(\.description) == [
                #"items[0].representedClassName: unknown class name "AudioTodoItem""#
            ])
    }

    @Test func aTopLevelNameIsKeptWhereTheLoadStaysWithItsClass() throws {
        let json = #"{"representedClassName":"CheckTodoItem","title":"Milk","isDone":true}"#
        let item = try TodoItem(json: json)
        // `init` makes the class it is called on; the subclass's value stays an unknown value.
        #expect(item.title == "Milk" && item.unknownValues["isDone"] as? Bool == true)
        #expect(sameJSON(try item.dictionary, try jsonObject(json).merging(["version": 1]) { $1 }))
        #expect(try TodoItem.make(json: item.jsonData()) is CheckTodoItem)

        let unknown = try TodoItem.make(json: #"{"representedClassName":"VideoTodoItem"}"#, options: .lenient)
        #expect(unknown.loadIssues.count == 1)
        #expect(try unknown.dictionary["representedClassName"] as? String == "VideoTodoItem")
        #expect(throws: ModelError.self) { try TodoItem.make(json: #"{"representedClassName":"VideoTodoItem"}"#) }
    }

    @Test func twoClassesAnsweringToOneNameAreAnErrorNeverAGuess() throws {
        ModelObject.register(WorkTask.self)
        ModelObject.register(HomeTask.self)
        let document = #"{"representedClassName":"Task","room":"Kitchen"}"#
        let error = try #require(modelError { _ = try ModelObject.make(json: document) })
        guard case .ambiguousClass("Task", let candidates) = error.reason else {
            Issue.record("expected an ambiguous class name, got \(error)")
            return
        }
        #expect(Set(candidates) == ["ModelKitTests.WorkTask", "ModelKitTests.HomeTask"])
        #expect(error.description.contains("ModelKitTests.WorkTask"))
        #expect(error.description.contains("ModelKitTests.HomeTask"))

        let nested = try #require(modelError { _ = try TaskList(json: #"{"tasks":[\#(document)]}"#) })
        #expect(nested.keyPath.description == "tasks[0].representedClassName")

        // Where the expected class settles the question, the name is not ambiguous.
        #expect(try HomeTask.make(json: document).room == "Kitchen")
        #expect(try ModelObject(json: document).unknownValues["room"] as? String == "Kitchen")
        let lenient = try TaskList(json: #"{"tasks":[\#(document)]}"#, options: .lenient)
        #expect(lenient.loadIssues.count == 1)
        #expect(
            sameJSON(
                try #require(try lenient.dictionary["tasks"] as? [[String: Any]])[0],
                try jsonObject(document).merging(["version": 1]) { $1 }))
    }

    @Test func namesThatAreNotPlainSwiftIdentifiersAreKeptAsUnknown() throws {
        let names = [
            "", "A.B", "$s13ModelKitTests8TodoItemC", "Todo\u{1}Item", "Todo Item", "TodoItem<Int>",
            String(repeating: "N", count: 10_000), "Ünïcode",
        ]
        for name in names {
            let item: [String: Any] = ["representedClassName": name, "title": "x"]
            let board = try TodoBoard(dictionary: ["items": [item]])
            #expect(type(of: board.items[0]) == TodoItem.self)
            #expect(
                try (board.dictionary["items"] as? [[String: Any]])?.first?["representedClassName"] as? String == name)
        }
    }

    @Test func manyUnknownNamesInOneDocumentAreAllKept() throws {
        let items = (0..<300).map { ["representedClassName": "MadeUpItem\($0)", "title": "\($0)"] }
        let board = try TodoBoard(dictionary: ["items": items])
        let written = try #require(try board.dictionary["items"] as? [[String: Any]])
        #expect(written.map { $0["representedClassName"] as? String } == items.map { $0["representedClassName"] })
    }
}
