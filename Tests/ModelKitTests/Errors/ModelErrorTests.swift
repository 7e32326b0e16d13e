import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

private final class Paint: ModelObject {
    @Saved var red = 0.0
    @Saved var green = 0.0
}

private final class Canvas: ModelObject {
    @Saved var label = Paint()
    @Saved var tiny: Int8 = 0
    @Saved var unsigned: UInt = 0
    @Saved var count = 0
    @Saved var when = Date(timeIntervalSince1970: 0)
    @Saved var link = URL(fileURLWithPath: "/")
    @Saved var identifier = UUID()
    @Saved var bytes = Data()
    @Saved var children: [Canvas] = []
    @Saved var byName: [String: Paint] = [:]
    @Saved var title = ""
}

/// Loads `json` into a `Canvas` and returns the error it throws.
private func loadError(_ json: String) -> ModelError? {
    modelError { _ = try Canvas(json: json) }
}

@Suite struct ModelErrorTests {
    @Test(
        arguments: [
            (#"{"title": 5}"#, "title", "title: expected a string, found 5"),
            (#"{"label": {"red": "red"}}"#, "label.red", #"label.red: expected a number, found "red""#),
            (
                #"{"children": [{}, {}, {"label": {"red": "red"}}]}"#, "children[2].label.red",
                #"children[2].label.red: expected a number, found "red""#
            ),
            (
                #"{"byName": {"k": {"green": []}}}"#, "byName.k.green",
                "byName.k.green: expected a number, found an array"
            ),
            (#"{"label": "blue"}"#, "label", #"label: expected an object, found "blue""#),
            (#"{"children": {"a": 1}}"#, "children", "children: expected an array, found an object"),
            (#"{"title": null}"#, "title", "title: expected a string, found null"),
            (#"{"tiny": 300}"#, "tiny", "tiny: number 300 is out of range for Int8"),
            (#"{"unsigned": -1}"#, "unsigned", "unsigned: number -1 is out of range for UInt"),
            (#"{"count": 1.5}"#, "count", "count: expected a whole number for Int, found 1.5"),
            (#"{"count": 123456789012345678901234567890}"#, "count", nil),
            (#"{"when": "yesterday at noon"}"#, "when", #"when: expected an ISO 8601 date, found "yesterday at noon""#),
            (#"{"when": "2015-02-30T10:00:00Z"}"#, "when", nil),
            (#"{"link": ""}"#, "link", nil),
            (#"{"identifier": "not-a-uuid"}"#, "identifier", #"identifier: expected a UUID, found "not-a-uuid""#),
            (#"{"bytes": "***"}"#, "bytes", #"bytes: expected Base64 data, found "***""#),
            (#"{"version": "two"}"#, "version", nil),
        ] as [(String, String, String?)])
    func strictLoadThrowsWithKeyPath(json: String, keyPath: String, message: String?) throws {
        let error = try #require(loadError(json))
        #expect(error.keyPath.description == keyPath)
        if let message {
            #expect(error.description == message)
        }
    }

    @Test func invalidJSONThrowsWithLineColumnAndKeyPath() throws {
        let json = "{\n  \"title\": \"a\",\n  \"children\": [{\"title\": tru}]\n}"
        let error = try #require(modelError { _ = try Canvas(json: json) })
        #expect(error.reason == .syntaxError("expected true, found 't'", line: 3, column: 26))
        #expect(error.keyPath.description == "children[0].title")
        #expect(error.description == "children[0].title: invalid JSON at line 3, column 26: expected true, found 't'")
    }

    @Test(
        arguments: [
            ([.key("items"), .index(0), .key("tags"), .key("a.b")], #"items[0].tags["a.b"]"#),
            ([.key("items"), .index(0), .key("tags"), .key("a"), .key("b")], "items[0].tags.a.b"),
            ([.key("tags"), .key("a[0]")], #"tags["a[0]"]"#),
            ([.key("tags"), .key("]")], #"tags["]"]"#),
            ([.key("a.b"), .key("c")], #"["a.b"].c"#),
            ([.key("tags"), .key("")], #"tags[""]"#),
            ([.key("tags"), .key(#"say "hi""#)], #"tags["say \"hi\""]"#),
            ([.key("tags"), .key(#"a\".b"#)], #"tags["a\\\".b"]"#),
            ([.key("tags"), .key(#"back\slash"#)], #"tags.back\slash"#),
            ([.key("(root)")], #"["(root)"]"#),
            ([.key("dates"), .key("2024-01-01 12:00")], "dates.2024-01-01 12:00"),
        ] as [([ModelKeyPath.Component], String)])
    func keysThatLookLikePathsAreQuoted(components: [ModelKeyPath.Component], text: String) {
        #expect(ModelKeyPath(components).description == text)
    }

    @Test func errorsQuoteKeysThatContainDotsOrBrackets() throws {
        let error = try #require(loadError(#"{"byName": {"a.b": {"green": []}, "c[1]": {}}}"#))
        #expect(error.description == #"byName["a.b"].green: expected a number, found an array"#)
        let lenient = try Canvas(json: #"{"byName": {"x": {"red": "r"}, "x.red": {"red": "s"}}}"#, options: .lenient)
        let paths = Set(lenient.loadIssues.map(\.keyPath.description))
        #expect(paths == ["byName.x.red", #"byName["x.red"].red"#])
    }

    @Test func invalidJSONThroughFoundationThrowsAtTheRoot() throws {
        let error = try #require(modelError { _ = try Canvas(json: #"{"title": "#, options: .foundationReader) })
        guard case .invalidJSON = error.reason else {
            Issue.record("expected invalidJSON, got \(error)")
            return
        }
        #expect(error.keyPath.isRoot)
    }

    @Test(arguments: [#"[1, 2]"#, #""text""#, "12", "null"])
    func topLevelValueThatIsNotAnObjectThrows(json: String) throws {
        let error = try #require(loadError(json))
        #expect(error.keyPath.isRoot)
        #expect(error.description.hasPrefix("expected an object"))
    }

    @Test func unknownClassNameAtTopLevelThrowsFromMake() throws {
        #expect {
            try Shape.make(json: #"{"representedClassName": "NoSuchShape"}"#)
        } throws: { error in
            (error as? ModelError)?.reason == .unknownClass("NoSuchShape")
                && (error as? ModelError)?.keyPath.description == "representedClassName"
        }
    }

    @Test func unrelatedClassNameThrows() throws {
        ModelObject.register(Unrelated.self)
        #expect {
            try Shape.make(json: #"{"representedClassName": "Unrelated"}"#)
        } throws: { error in
            (error as? ModelError)?.reason == .unrelatedClass("Unrelated", expected: "Shape")
        }
        #expect {
            try Drawing(json: #"{"shapes": [{"representedClassName": "Unrelated"}]}"#)
        } throws: { error in
            (error as? ModelError)?.keyPath.description == "shapes[0].representedClassName"
        }
        #expect(throws: ModelError.self) {
            try Circle(json: #"{"representedClassName": "Unrelated"}"#)
        }
    }

    @Test func unencodableNumbersThrowOnWrite() throws {
        let paint = Paint()
        paint.green = .nan
        #expect {
            try paint.jsonData()
        } throws: { error in
            (error as? ModelError)?.keyPath.description == "green"
        }
        paint.green = .infinity
        #expect(throws: ModelError.self) { try paint.jsonData(options: .foundationWriter) }
        let canvas = Canvas()
        canvas.children = [Canvas(), Canvas()]
        canvas.children[1].label.red = -.infinity
        #expect {
            try canvas.jsonData(options: .compact)
        } throws: { error in
            (error as? ModelError)?.keyPath.description == "children[1].label.red"
        }
    }

    @Test func cyclesThrowOnWriteInsteadOfOverflowing() throws {
        let canvas = Canvas()
        let child = Canvas()
        canvas.children = [child]
        child.children = [canvas]
        #expect {
            try canvas.jsonData()
        } throws: { error in
            guard let error = error as? ModelError, case .cycle = error.reason else { return false }
            return error.keyPath.description == "children[0].children[0]"
        }
        #expect(throws: ModelError.self) { try canvas.dictionary }
        #expect(throws: ModelError.self) { try canvas.jsonData(options: .sortedKeys) }
    }

    @Test func lenientLoadKeepsDefaultsAndRecordsEveryIssue() throws {
        let json = """
            {"title": 5, "count": 7, "label": {"red": "red", "green": 0.5},
             "children": [{}, {"tiny": 1000}], "when": "nope"}
            """
        let canvas = try Canvas(json: json, options: .lenient)
        #expect(canvas.title == "")
        #expect(canvas.count == 7)
        #expect(canvas.label.green == 0.5)
        #expect(canvas.children.count == 2)
        let paths = Set(canvas.loadIssues.map(\.keyPath.description))
        #expect(paths == ["title", "label.red", "children[1].tiny", "when"])
    }

    @Test func lenientArraysDropElementsThatDoNotFit() throws {
        final class Numbers: ModelObject {
            @Saved var values: [Int] = []
        }
        let numbers = try Numbers(json: #"{"values": [1, "two", 3]}"#, options: .lenient)
        #expect(numbers.values == [1, 3])
        #expect(numbers.loadIssues.map(\.keyPath.description) == ["values[1]"])
    }

    @Test func deepInMemoryNestingThrowsInsteadOfOverflowing() throws {
        var dictionary: [String: Any] = [:]
        for _ in 0..<600 {
            dictionary = ["attachment": dictionary]
        }
        #expect {
            try Note(dictionary: dictionary)
        } throws: { error in
            guard let error = error as? ModelError, case .nestingTooDeep = error.reason else { return false }
            return true
        }
    }

    @Test func localizedDescriptionNamesTheKeyPathAndReason() throws {
        let error = ModelError(
            .typeMismatch(expected: "a number", found: #""red""#), at: ModelKeyPath([.key("label"), .key("red")]))
        #expect(error.errorDescription == #"label.red: expected a number, found "red""#)
        let asError: any Error = error
        #expect(asError.localizedDescription == #"label.red: expected a number, found "red""#)
    }
}
