import Foundation
import ModelKit
import Testing

private final class Leaf: ModelObject {
    @Saved var title = ""
    @Saved var tags: [String] = []
}

private final class Branch: ModelObject {
    @Saved var title = ""
    @Saved var leaf = Leaf()
    @Saved var leaves: [Leaf] = []
    @Saved var leavesByName: [String: Leaf] = [:]
    @Saved var child: Branch? = nil
    @Saved var children: [Branch] = []
    @Saved var number = 0
    @Saved var unsigned: UInt64 = 0
    @Saved var small: Int8 = 0
    @Saved var double = 0.0
    @Saved var float: Float = 0
    @Saved var decimal: Decimal = 0
    @Saved var numbers: [Int] = []
}

private class Fruit: ModelObject {
    @Saved var name = ""
}

private final class Apple: Fruit {
    @Saved var variety = ""
}

private final class Basket: ModelObject {
    @Saved var fruit = Fruit()
    @Saved var fruits: [Fruit] = []
}

private final class Stone: ModelObject {
    @Saved var weight = 0.0
}

/// The error that loading `json` throws through `make(json:)`, or `nil` when it loads.
private func loadError(_ json: Data, into modelClass: ModelObject.Type = Branch.self) -> ModelError? {
    modelError { _ = try modelClass.make(json: json) }
}

private func loadError(_ json: String, into modelClass: ModelObject.Type = Branch.self) -> ModelError? {
    loadError(Data(json.utf8), into: modelClass)
}

/// Whether `json` fails to load the same way through `init(json:)`, `make(json:)` and
/// `load(json:)`, with ModelKit's reader and with `JSONSerialization`, and the failed
/// `load(json:)` leaves its object as it was.
private func failsEverywhere(_ json: Data, check: (ModelError) -> Bool) -> Bool {
    [LoadOptions(), .foundationReader].allSatisfy { failsEverywhere(json, options: $0, check: check) }
}

/// Whether `json` fails as ``failsEverywhere(_:check:)`` checks, through `JSONSerialization`
/// only where what it does is known.
///
/// That is on Linux, whose swift-corelibs-foundation is public. Apple does not document what
/// its `JSONSerialization` makes of such input; there the promise is that ModelKit's reader
/// is the stricter one, and that the load through `JSONSerialization` throws a `ModelError`
/// or loads.
private func failsInModelKitsReader(_ json: Data, check: (ModelError) -> Bool) -> Bool {
    #if canImport(Darwin)
        return failsEverywhere(json, options: [], check: check)
            && returnsOrThrowsModelError { _ = try Branch(json: json, options: .foundationReader) }
    #else
        return failsEverywhere(json, check: check)
    #endif
}

private func failsEverywhere(_ json: Data, options: LoadOptions, check: (ModelError) -> Bool) -> Bool {
    let attempts: [() throws -> Void] = [
        { _ = try Branch(json: json, options: options) },
        { _ = try Branch.make(json: json, options: options) },
        { _ = try ModelObject.make(json: json, options: options) },
    ]
    for attempt in attempts {
        do {
            try attempt()
            return false
        } catch let error as ModelError {
            guard check(error) else { return false }
        } catch {
            return false
        }
    }
    let existing = Branch()
    existing.title = "kept"
    existing.clearChanges()
    do {
        try existing.load(json: json, options: options)
        return false
    } catch let error as ModelError {
        return check(error) && existing.title == "kept" && !existing.hasChanges
    } catch {
        return false
    }
}

/// Whether the error says that the bytes are not JSON: `JSONSerialization`'s error, at the
/// root, or the syntax error of ModelKit's reader, at the key path it was reading.
private func isInvalidJSON(_ error: ModelError) -> Bool {
    switch error.reason {
    case .invalidJSON: return error.keyPath.isRoot
    case .syntaxError: return true
    default: return false
    }
}

/// A document whose value at `path` (keys and array positions, from the root) is `value`.
private func document(_ path: [ModelKeyPath.Component], _ value: Any) -> Any {
    guard let first = path.first else { return value }
    let rest = document(Array(path.dropFirst()), value)
    switch first {
    case .key(let key): return [key: rest]
    case .index(let index): return Array(repeating: [String: Any](), count: index) + [rest]
    }
}

@Suite struct BadInputTests {
    static let validDocument = #"""
        {"version":1,"representedClassName":"Branch","title":"t\u00e9st \ud83d\ude00","leaf":{"title":"leaf","tags":["a","b"]},"leaves":[{"title":"x"}],"leavesByName":{"k":{"tags":[]}},"child":{"number":-5,"children":[]},"number":42,"double":-1.5e-7,"decimal":12.5,"numbers":[1,2,3]}
        """#

    // MARK: Broken JSON

    @Test func validDocumentLoads() throws {
        let branch = try Branch(json: Self.validDocument)
        #expect(branch.leaf.tags == ["a", "b"])
        #expect(branch.child?.number == -5)
    }

    @Test func everyTruncationThrowsInvalidJSON() {
        let bytes = Array(Self.validDocument.utf8)
        for length in 0..<bytes.count {
            let truncated = Data(bytes[..<length])
            #expect(failsEverywhere(truncated, check: isInvalidJSON), "truncated to \(length) bytes")
        }
    }

    @Test(
        arguments: [
            [0xFF],
            [0xC0, 0xAF],  // an overlong "/"
            [0x80],  // a continuation byte alone
            [0xE2, 0x82],  // a sequence cut short
            [0xED, 0xA0, 0x80],  // a UTF-16 surrogate encoded as UTF-8
            [0xF4, 0x90, 0x80, 0x80],  // beyond U+10FFFF
        ] as [[UInt8]])
    func invalidUTF8ThrowsInvalidJSON(bytes: [UInt8]) {
        let inValue = Data(#"{"title":""#.utf8) + bytes + Data(#""}"#.utf8)
        let inKey = Data(#"{""#.utf8) + bytes + Data(#"":1}"#.utf8)
        // Whether Apple's JSONSerialization refuses overlong forms and encoded surrogates, as
        // RFC 3629 asks, is not documented.
        #expect(failsInModelKitsReader(inValue, check: isInvalidJSON))
        #expect(failsInModelKitsReader(inKey, check: isInvalidJSON))
    }

    @Test(arguments: ["", " ", "nul", "{", "}", "{\"title\"}", "{\"title\":}", "{'title':'x'}", "{\"a\":1,,}", "\u{0}"])
    func malformedJSONThrowsInvalidJSON(json: String) {
        #expect(failsEverywhere(Data(json.utf8), check: isInvalidJSON), "\(json)")
    }

    @Test func unescapedControlCharacterInAStringThrows() {
        #expect(failsEverywhere(Data("{\"title\":\"a\u{1}b\"}".utf8), check: isInvalidJSON))
    }

    @Test func loneSurrogateEscapeThrows() {
        #expect(failsEverywhere(Data(#"{"title":"\ud800"}"#.utf8), check: isInvalidJSON))
        #expect(failsEverywhere(Data(#"{"title":"\udc00x"}"#.utf8), check: isInvalidJSON))
    }

    /// A byte order mark before the document is allowed by RFC 8259 for readers to ignore;
    /// `JSONSerialization` ignores it, so the document loads as if it were not there.
    @Test func byteOrderMarkBeforeTheDocumentIsIgnored() throws {
        let withMark = Data([0xEF, 0xBB, 0xBF]) + Data(Self.validDocument.utf8)
        let branch = try Branch(json: withMark)
        #expect(branch == (try Branch(json: Self.validDocument)))
    }

    /// A byte order mark anywhere but at the start is not white space in JSON.
    @Test func byteOrderMarkInsideTheStructureThrows() {
        let json = Data(#"{"title":"#.utf8) + Data([0xEF, 0xBB, 0xBF]) + Data(#""x"}"#.utf8)
        #expect(failsEverywhere(json, check: isInvalidJSON))
    }

    // RFC 8259 leaves duplicate names to the reader. `JSONSerialization` keeps the last value,
    // before ModelKit sees the data, and ModelKit's reader loads an object that repeats a key
    // the dictionary way, so both load the last value.
    @Test func duplicateKeysLoadTheLastValue() throws {
        let branch = try Branch(json: #"{"title":"first","title":"second","leaf":{"title":"a"},"leaf":{"title":"b"}}"#)
        #expect(branch.title == "second")
        #expect(branch.leaf.title == "b")
        let error = try #require(modelError { _ = try Branch(json: #"{"number":1,"number":"two"}"#) })
        #expect(error.keyPath.description == "number", "the last value is the one loaded")
    }

    // MARK: Nesting

    @Test func containersNestedDeeperThanFoundationReadsThrowInvalidJSON() {
        // swift-corelibs-foundation reads 512 levels, as swift-foundation's JSONScanner does;
        // Apple does not document the depth its JSONSerialization reads.
        let depth = 513
        let arrays = "{\"extra\":" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        #expect(failsInModelKitsReader(Data(arrays.utf8), check: isInvalidJSON))
        var objects = "{}"
        for _ in 0..<depth { objects = "{\"child\":\(objects)}" }
        #expect(failsInModelKitsReader(Data(objects.utf8), check: isInvalidJSON))
    }

    @Test func modelsNestedAsDeepAsFoundationReadsLoad() throws {
        var json = "{}"
        for _ in 0..<511 { json = "{\"child\":\(json)}" }
        var branch: Branch? = try Branch(json: json)
        var depth = 0
        while let next = branch?.child {
            depth += 1
            branch = next
        }
        #expect(depth == 511)
    }

    @Test func modelsNestedDeeperThanTheLimitInADictionaryThrowWithTheirKeyPath() throws {
        var dictionary: [String: Any] = [:]
        for _ in 0..<600 {
            dictionary = ["child": dictionary]
        }
        let error = try #require(modelError { _ = try Branch(dictionary: dictionary) })
        #expect(error.reason == .nestingTooDeep(limit: 512))
        #expect(error.keyPath.components == Array(repeating: .key("child"), count: 512))
    }

    // MARK: Numbers

    @Test(arguments: [
        (#"{"number":9223372036854775808}"#, "number"),
        (#"{"number":-9223372036854775809}"#, "number"),
        (#"{"number":123456789012345678901234567890}"#, "number"),
        (#"{"unsigned":18446744073709551616}"#, "unsigned"),
        (#"{"unsigned":-1}"#, "unsigned"),
        (#"{"small":128}"#, "small"),
        (#"{"numbers":[1,2,9223372036854775808]}"#, "numbers[2]"),
        (#"{"children":[{},{"number":1e19}]}"#, "children[1].number"),
        (#"{"float":1e39}"#, "float"),
        (#"{"float":-3.5e38}"#, "float"),
    ])
    func numbersOutOfRangeThrowWithTheirKeyPath(json: String, keyPath: String) throws {
        let error = try #require(loadError(json))
        #expect(error.keyPath.description == keyPath)
        guard case .numberOutOfRange = error.reason else {
            Issue.record("expected numberOutOfRange, got \(error)")
            return
        }
    }

    @Test(arguments: [
        (#"{"number":1.5}"#, "number"),
        (#"{"number":1.0000000000000000001}"#, "number"),
        (#"{"unsigned":12345678901234567890.5}"#, "unsigned"),
        (#"{"leavesByName":{"k":{"title":"t"}},"numbers":[0.5]}"#, "numbers[0]"),
    ])
    func fractionsWhereIntegersBelongThrowWithTheirKeyPath(json: String, keyPath: String) throws {
        let error = try #require(loadError(json))
        #expect(error.keyPath.description == keyPath)
        guard case .fractionalNumber = error.reason else {
            Issue.record("expected fractionalNumber, got \(error)")
            return
        }
    }

    @Test func integersAtTheLimitsLoadExactly() throws {
        let branch = try Branch(json: #"{"number":-9223372036854775808,"unsigned":18446744073709551615}"#)
        #expect(branch.number == .min)
        #expect(branch.unsigned == .max)
        #expect(try Branch(json: #"{"number":9223372036854775807}"#).number == .max)
    }

    /// ModelKit's reader reports a number beyond `Double` as the one value at fault, which a
    /// lenient load skips.
    ///
    /// `JSONSerialization` on Linux refuses the whole document; Apple does not document what
    /// its `JSONSerialization` makes of such a number.
    @Test(arguments: ["1e400", "-1e400", "1E309", "123e456789"])
    func numbersBeyondDoubleThrow(number: String) throws {
        for key in ["double", "number", "decimal", "extra"] {
            let json = Data("{\"\(key)\":\(number),\"title\":\"kept\"}".utf8)
            #if canImport(Darwin)
                #expect(
                    returnsOrThrowsModelError { _ = try Branch(json: json, options: .foundationReader) },
                    "\(key): \(number)")
            #else
                #expect(
                    failsEverywhere(json, options: .foundationReader, check: isInvalidJSON), "\(key): \(number)")
            #endif
            let error = try #require(modelError { _ = try Branch(json: json) })
            #expect(error.keyPath.description == key)
            #expect(error.description == "\(key): number \(number) is out of range for Double")
            let lenient = try Branch(json: json, options: .lenient)
            #expect(lenient.title == "kept")
            #expect(lenient.loadIssues.map(\.description) == [error.description])
            #expect(lenient[extra: "extra"] == nil)
        }
    }

    @Test func numbersBeyondDoublePrecisionLoadRounded() throws {
        let branch = try Branch(
            json: #"{"double":123456789012345678901234567890,"decimal":123456789012345678901234567890}"#)
        #expect(branch.double == 1.2345678901234568e29)
        #expect(branch.decimal == Decimal(string: "123456789012345678901234567890"))
        #expect(try Branch(json: #"{"double":1e-400}"#).double == 0)
    }

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
