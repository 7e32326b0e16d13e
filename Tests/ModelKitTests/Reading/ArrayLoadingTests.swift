import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

private final class Account: ModelObject {
    @Saved var login = ""
    @Saved var id = 0
}

private final class Repository: ModelObject {
    @Saved var name = ""
    @Saved var stars = 0
    @Saved var owner = Account()
}

/// A DejalObject document's class, at its version 1.
private final class Memo: ModelObject {
    @Saved var text = ""
    @Saved var number = 0
    override class var modelName: String { "Demo" }
}

/// The two readers a top-level array loads with.
private let readers: [LoadOptions] = [[], .foundationReader]

@Suite struct ArrayLoadingTests {
    @Test(arguments: readers)
    func loadsEachElementAsTheClassItsDataNames(reader: LoadOptions) throws {
        let json = """
            [
              {"representedClassName":"Shape","name":"plain"},
              {"version":1,"representedClassName":"Circle","name":"round","radius":2.5},
              {"name":"unnamed"},
              {"representedClassName":"Square","side":3}
            ]
            """
        let shapes = try [Shape](json: json, options: reader)
        #expect(shapes.map { String(describing: type(of: $0)) } == ["Shape", "Circle", "Shape", "Square"])
        #expect(shapes.map(\.name) == ["plain", "round", "unnamed", "shape"])
        #expect((shapes[1] as? Circle)?.radius == 2.5)
        #expect((shapes[3] as? Square)?.side == 3)
        #expect(shapes.allSatisfy { $0.loadIssues.isEmpty && !$0.hasChanges })
    }

    @Test func bothReadersLoadEqualElements() throws {
        let json = Data(
            """
            [{"name":"a","stars":3,"owner":{"login":"ann","id":1},"extra":[1,{"b":null}]},
             {"owner":{"login":"bob"}},{}]
            """.utf8)
        let own = try [Repository](json: json)
        let foundation = try [Repository](json: json, options: .foundationReader)
        #expect(own.count == 3)
        #expect(own == foundation)
        #expect(own[0].owner.login == "ann")
        #expect(own[0] !== foundation[0])
        #expect(own[1].owner.login == "bob")
        #expect(own[0].unknownValues.keys.sorted() == ["extra"])
    }

    @Test(arguments: readers)
    func loadsDejalObjectDocumentsAsElements(reader: LoadOptions) throws {
        let json = """
            [{"version":1,"representedClassName":"Demo","text":"Foo"},
             {"version":1,"representedClassName":"Demo","text":"Bar","number":12345,"extra":{"a":[1,2]}}]
            """
        let memos = try [Memo](json: json, options: reader)
        #expect(memos.map(\.text) == ["Foo", "Bar"])
        #expect(memos.map(\.number) == [0, 12345])
        #expect(memos[1][extra: "extra"] is [String: Any])
        #expect(memos == [try Memo(json: #"{"text":"Foo"}"#), try Memo.make(json: memos[1].jsonData())])
    }

    @Test(arguments: readers)
    func anElementOfAnOlderVersionIsMigrated(reader: LoadOptions) throws {
        // `Note` is "Demo" at version 2: each element takes the dictionary way on its own.
        let json = """
            [{"version":2,"representedClassName":"Demo","text":"New"},
             {"version":1,"representedClassName":"Demo","text":"Old","number":7}]
            """
        let notes = try [Note](json: json, options: reader)
        #expect(notes.map(\.text) == ["New", "Old"])
        #expect(notes[1].number == 7)
    }

    @Test(arguments: readers)
    func anUnknownClassNameLoadsAsTheElementTypeAndIsKept(reader: LoadOptions) throws {
        let json = #"[{"representedClassName":"Hexagon","name":"six"},{"name":"plain"}]"#
        let shapes = try [Shape](json: json, options: reader)
        #expect(shapes.map { String(describing: type(of: $0)) } == ["Shape", "Shape"])
        #expect(shapes[0].name == "six")
        #expect(shapes[0].loadIssues.isEmpty)
        let written = try JSONSerialization.jsonObject(with: shapes.jsonData()) as? [[String: Any]]
        #expect(written?.map { $0["representedClassName"] as? String } == ["Hexagon", "Shape"])
        // The root rules of `make(json:)` would refuse the name.
        #expect(modelError { _ = try Shape.make(json: #"{"representedClassName":"Hexagon"}"#) } != nil)
    }

    @Test(arguments: readers)
    func aClassOutsideTheElementTypesSubclassesIsAnErrorAtItsIndex(reader: LoadOptions) throws {
        let json = #"[{"name":"a"},{"representedClassName":"Unrelated","value":1}]"#
        let error = try #require(modelError { _ = try [Shape](json: json, options: reader) })
        #expect(
            error.description == #"[1].representedClassName: class "Unrelated" is not Shape or one of its subclasses"#)
    }

    @Test(arguments: readers)
    func anErrorNamesTheKeyPathFromTheIndex(reader: LoadOptions) throws {
        let good = #"{"name":"r","owner":{"login":"ann"}}"#
        let json = "[\(good),\(good),\(good),{\"name\":\"r\",\"owner\":{\"login\":5}}]"
        let error = try #require(modelError { _ = try [Repository](json: json, options: reader) })
        #expect(error.description == "[3].owner.login: expected a string, found 5")
        #expect(error.keyPath == ModelKeyPath([.index(3), .key("owner"), .key("login")]))
    }

    @Test(arguments: readers, [#"{"name":"a"}"#, "5", #""text""#, "null", "true"])
    func aTopLevelThatIsNotAnArrayIsAnError(reader: LoadOptions, json: String) throws {
        let error = try #require(modelError { _ = try [Shape](json: json, options: reader) })
        guard case .typeMismatch(let expected, _) = error.reason else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(expected == "an array")
        #expect(error.keyPath.isRoot)
        #expect(error.description.hasPrefix("expected an array, found "))
    }

    @Test(arguments: readers, [LoadOptions(), .lenient])
    func anElementThatIsNotAnObjectIsAnErrorAtItsIndex(reader: LoadOptions, mode: LoadOptions) throws {
        let options = reader.union(mode)
        let error = try #require(modelError { _ = try [Shape](json: #"[{"name":"a"},5]"#, options: options) })
        #expect(error.description == "[1]: expected an object, found 5")
        let null = try #require(modelError { _ = try [Shape](json: #"[null]"#, options: options) })
        #expect(null.description == "[0]: expected an object, found null")
        let nested = try #require(modelError { _ = try [Shape](json: #"[[{"name":"a"}]]"#, options: options) })
        #expect(nested.description == "[0]: expected an object, found an array")
    }

    @Test(arguments: readers, ["[]", " [ ] \n", "\u{FEFF}[]"])
    func anEmptyArrayLoadsNoElements(reader: LoadOptions, json: String) throws {
        #expect(try [Shape](json: json, options: reader).isEmpty)
        #expect(try [Shape](json: Data(json.utf8), options: reader).isEmpty)
    }

    @Test(arguments: readers)
    func aLenientLoadRecordsEachElementsIssuesInThatElement(reader: LoadOptions) throws {
        let elements = [
            #"{"name":"ok"}"#, #"{"name":5,"stars":"many","owner":{"login":6}}"#,
            #"{"representedClassName":"Unrelated","name":"kept"}"#,
        ]
        let json = "[" + elements.joined(separator: ",") + "]"
        let repositories = try [Repository](json: json, options: reader.union(.lenient))
        #expect(repositories[0].loadIssues.isEmpty)
        #expect(
            repositories[1].loadIssues.map(\.description).sorted() == [
                "name: expected a string, found 5", "owner.login: expected a string, found 6",
                #"stars: expected a number, found "many""#,
            ])
        // Each element records what loading it alone records, with key paths from itself.
        for (element, json) in zip(repositories, elements) {
            let alone = try Repository(json: json, options: .lenient)
            #expect(element.loadIssues.map(\.description).sorted() == alone.loadIssues.map(\.description).sorted())
            #expect(element == alone)
        }
        #expect(repositories[2].name == "kept")
        #expect(repositories[2].loadIssues.map(\.keyPath) == [ModelKeyPath([.key("representedClassName")])])
        // The values that did not fit are written back as they came.
        let rewritten = try [Repository](json: repositories.jsonData(), options: .lenient)
        #expect(rewritten[1].loadIssues.count == 3)
    }

    @Test func aLenientLoadMatchesBetweenTheReaders() throws {
        let json = #"[{"name":[1],"stars":2.5},{"owner":"none"},{"owner":{"id":"x","login":"l"}}]"#
        let own = try [Repository](json: json, options: .lenient)
        let foundation = try [Repository](json: json, options: [.lenient, .foundationReader])
        #expect(own == foundation)
        #expect(own.map { $0.loadIssues.map(\.description) } == foundation.map { $0.loadIssues.map(\.description) })
        #expect(own.map(\.loadIssues.count) == [2, 1, 1])
    }

    @Test func aStringLoadsAsItsUTF8Bytes() throws {
        let json = #"[{"name":"café ☕︎"},{"representedClassName":"Circle","radius":1.5}]"#
        let fromString = try [Shape](json: json)
        let fromData = try [Shape](json: Data(json.utf8))
        #expect(fromString == fromData)
        #expect(fromString[0].name == "café ☕︎")
        let utf16 = try #require(json.data(using: .utf16LittleEndian))
        #expect(try [Shape](json: utf16) == fromData)
    }

    @Test func elementsOfTheBaseModelClassResolveRegisteredNames() throws {
        let objects = try [ModelObject](json: #"[{"representedClassName":"ModelObject"}]"#)
        #expect(objects.count == 1)
        #expect(type(of: objects[0]) == ModelObject.self)
    }
}
