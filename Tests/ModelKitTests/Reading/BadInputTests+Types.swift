import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Values of the wrong kind at every level, and class names that are not strings, name no class
// or name an unrelated one.

extension BadInputTests {
    // MARK: Wrong types at every level

    /// The places where a value can sit: the top, a nested object, an array of objects, a
    /// dictionary of objects, and those inside one another.
    static let nestings: [[ModelKeyPath.Component]] = [
        [],
        [.key("child")],
        [.key("children"), .index(2)],
        [.key("child"), .key("children"), .index(0), .key("child")],
        [.key("children"), .index(1), .key("child"), .key("children"), .index(3)],
    ]

    /// Values of the wrong kind for a key of `Branch` or `Leaf`, each with the key path
    /// below the nesting where it is reported.
    static var wrongValues: [(path: [ModelKeyPath.Component], value: Any, expected: String)] {
        [
            ([.key("leaf")], "a string", "an object"),
            ([.key("leaf")], [1, 2], "an object"),
            ([.key("leaves")], "a string", "an array"),
            ([.key("leaves")], ["title": "x"], "an array"),
            ([.key("leaves"), .index(1)], "a string", "an object"),
            ([.key("leavesByName")], "a string", "an object"),
            ([.key("leavesByName"), .key("k")], "a string", "an object"),
            ([.key("child")], "a string", "an object"),
            ([.key("children"), .index(0)], 12, "an object"),
            ([.key("title")], ["an": "object"], "a string"),
            ([.key("title")], ["an", "array"], "a string"),
            ([.key("leaf"), .key("title")], ["an": "object"], "a string"),
            ([.key("leaf"), .key("tags"), .index(0)], ["an": "object"], "a string"),
            ([.key("leaves"), .index(0), .key("tags")], ["an": "object"], "an array"),
            ([.key("number")], "12", "a number"),
            ([.key("number")], ["n": 1], "a number"),
        ]
    }

    @Test(arguments: 0..<nestings.count)
    func wrongKindsOfValueThrowWithTheirKeyPath(nesting: Int) throws {
        for wrong in Self.wrongValues {
            let path = Self.nestings[nesting] + wrong.path
            let json = try JSONSerialization.data(withJSONObject: document(path, wrong.value))
            let error = try #require(loadError(json), "\(ModelKeyPath(path))")
            #expect(error.keyPath == ModelKeyPath(path))
            guard case .typeMismatch(let expected, _) = error.reason else {
                Issue.record("\(ModelKeyPath(path)): expected a type mismatch, got \(error)")
                continue
            }
            #expect(expected == wrong.expected, "\(ModelKeyPath(path))")
        }
    }

    @Test(arguments: [#""a string""#, "12", "true", "null", #"["an", "array"]"#, "[]"])
    func topLevelValuesThatAreNotObjectsThrow(json: String) {
        #expect(
            failsEverywhere(Data(json.utf8)) { error in
                guard case .typeMismatch(let expected, _) = error.reason else { return false }
                return expected == "an object" && error.keyPath.isRoot
            })
    }

    @Test func wrongKindsInALenientLoadAreAllReportedWithTheirKeyPaths() throws {
        let json = #"{"leaf":"x","children":[{"title":{}},{"leaves":["y"]}],"number":"z"}"#
        let branch = try Branch(json: json, options: .lenient)
        let paths = Set(branch.loadIssues.map(\.keyPath.description))
        #expect(paths == ["leaf", "children[0].title", "children[1].leaves[0]", "number"])
    }

    // MARK: Class names

    @Test(arguments: ["12", "true", "null", "{}", #"["Apple"]"#])
    func classNamesThatAreNotStringsThrowWithTheirKeyPath(name: String) throws {
        ModelObject.register(Apple.self)
        let cases: [(json: String, keyPath: String)] = [
            (#"{"representedClassName":\#(name)}"#, "representedClassName"),
            (#"{"fruit":{"representedClassName":\#(name)}}"#, "fruit.representedClassName"),
            (#"{"fruits":[{},{"representedClassName":\#(name)}]}"#, "fruits[1].representedClassName"),
        ]
        for (json, keyPath) in cases {
            for load in [{ _ = try Basket(json: json) }, { _ = try Basket.make(json: json) }] as [() throws -> Void] {
                let error = try #require(modelError(load), "\(json)")
                #expect(error.keyPath.description == keyPath)
                guard case .typeMismatch(let expected, _) = error.reason else {
                    Issue.record("\(json): expected a type mismatch, got \(error)")
                    continue
                }
                #expect(expected == "a class name")
            }
        }
    }

    @Test func unknownClassNamesThrowAtTheTopAndFallBackToTheDeclaredTypeInside() throws {
        #expect {
            try Fruit.make(json: #"{"representedClassName":"Banana"}"#)
        } throws: { error in
            (error as? ModelError)?.reason == .unknownClass("Banana")
                && (error as? ModelError)?.keyPath.description == "representedClassName"
        }
        let basket = try Basket(
            json: #"{"fruit":{"representedClassName":"Banana","name":"b"},"fruits":[{"representedClassName":""}]}"#)
        #expect(type(of: basket.fruit) == Fruit.self && basket.fruit.name == "b")
        #expect(type(of: basket.fruits[0]) == Fruit.self)
    }

    @Test func unrelatedClassNamesThrowWithTheirKeyPath() throws {
        // Only registered names can be unrelated; others are unknown.
        for modelClass: ModelObject.Type in [Stone.self, Apple.self, Basket.self] {
            ModelObject.register(modelClass)
        }
        let cases: [(load: () throws -> Void, keyPath: String)] = [
            ({ _ = try Fruit.make(json: #"{"representedClassName":"Stone"}"#) }, "representedClassName"),
            ({ _ = try Apple(json: #"{"representedClassName":"Stone"}"#) }, "representedClassName"),
            ({ _ = try Apple.make(json: #"{"representedClassName":"Fruit"}"#) }, "representedClassName"),
            ({ try Apple().load(json: Data(#"{"representedClassName":"Basket"}"#.utf8)) }, "representedClassName"),
            ({ _ = try Basket(json: #"{"fruit":{"representedClassName":"Stone"}}"#) }, "fruit.representedClassName"),
            (
                { _ = try Basket(json: #"{"fruits":[{},{},{"representedClassName":"Basket"}]}"#) },
                "fruits[2].representedClassName"
            ),
        ]
        for (load, keyPath) in cases {
            let error = try #require(modelError(load), "\(keyPath)")
            #expect(error.keyPath.description == keyPath)
            guard case .unrelatedClass = error.reason else {
                Issue.record("\(keyPath): expected an unrelated class, got \(error)")
                continue
            }
        }
    }
}
