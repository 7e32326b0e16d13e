import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// The models and checks that the suite's files share.
extension BadInputTests {
    final class Leaf: ModelObject {
        @Saved var title = ""
        @Saved var tags: [String] = []
    }

    final class Branch: ModelObject {
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

    class Fruit: ModelObject {
        @Saved var name = ""
    }

    final class Apple: Fruit {
        @Saved var variety = ""
    }

    final class Basket: ModelObject {
        @Saved var fruit = Fruit()
        @Saved var fruits: [Fruit] = []
    }

    final class Stone: ModelObject {
        @Saved var weight = 0.0
    }

    /// The error that loading `json` throws through `make(json:)`, or `nil` when it loads.
    func loadError(_ json: Data, into modelClass: ModelObject.Type = Branch.self) -> ModelError? {
        modelError { _ = try modelClass.make(json: json) }
    }

    func loadError(_ json: String, into modelClass: ModelObject.Type = Branch.self) -> ModelError? {
        loadError(Data(json.utf8), into: modelClass)
    }

    /// Whether `json` fails to load the same way through `init(json:)`, `make(json:)` and
    /// `load(json:)`, with ModelKit's reader and with `JSONSerialization`, and the failed
    /// `load(json:)` leaves its object as it was.
    func failsEverywhere(_ json: Data, check: (ModelError) -> Bool) -> Bool {
        [LoadOptions(), .foundationReader].allSatisfy { failsEverywhere(json, options: $0, check: check) }
    }

    /// Whether `json` fails as ``failsEverywhere(_:check:)`` checks, through `JSONSerialization`
    /// only where what it does is known.
    ///
    /// That is on Linux, whose swift-corelibs-foundation is public. Apple does not document what
    /// its `JSONSerialization` makes of such input; there the promise is that ModelKit's reader
    /// is the stricter one, and that the load through `JSONSerialization` throws a `ModelError`
    /// or loads.
    func failsInModelKitsReader(_ json: Data, check: (ModelError) -> Bool) -> Bool {
        #if canImport(Darwin)
            return failsEverywhere(json, options: [], check: check)
                && returnsOrThrowsModelError { _ = try Branch(json: json, options: .foundationReader) }
        #else
            return failsEverywhere(json, check: check)
        #endif
    }

    func failsEverywhere(_ json: Data, options: LoadOptions, check: (ModelError) -> Bool) -> Bool {
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
    func isInvalidJSON(_ error: ModelError) -> Bool {
        switch error.reason {
        case .invalidJSON: return error.keyPath.isRoot
        case .syntaxError: return true
        default: return false
        }
    }

    /// A document whose value at `path` (keys and array positions, from the root) is `value`.
    func document(_ path: [ModelKeyPath.Component], _ value: Any) -> Any {
        guard let first = path.first else { return value }
        let rest = document(Array(path.dropFirst()), value)
        switch first {
        case .key(let key): return [key: rest]
        case .index(let index): return Array(repeating: [String: Any](), count: index) + [rest]
        }
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
}
