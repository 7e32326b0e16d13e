import Foundation
import ModelKit
import ModelKitTestSupport
import Observation
import Testing

// A model as a language model's structured output fills it, and documents of every kind of
// value, fed to a `PartialLoader` in pieces of every size.

enum Course: String, SavedValue, CaseIterable {
    case starter, main, dessert
}

final class StreamedStep: ModelObject {
    @Saved var text = ""
    @Saved var minutes = 0
}

final class StreamedAuthor: ModelObject {
    @Saved var name = ""
    @Saved var links: [String] = []
}

final class StreamedRecipe: ModelObject {
    @Saved var title = ""
    @Saved var summary: String? = nil
    @Saved var servings = 0
    @Saved var rating = 0.0
    @Saved var vegetarian = false
    @Saved var course = Course.main
    @Saved var tags: [String] = []
    @Saved var author: StreamedAuthor? = nil
    @Saved var steps: [StreamedStep] = []
    @Saved var published: Date? = nil
    @Saved var source: URL? = nil
    @Saved var counts: [String: Int] = [:]
    @Saved var grid: [[Int]] = []
    @Saved var times: [Date] = []
    @Saved(path: "nutrition", "energy", "kcal") var calories = 0
    @Saved("name", alternatives: ["label"]) var name = ""
}

@Suite struct PartialLoaderTests {
    static let recipe = #"""
        {"title": "Plum cake \u00e9\ud83c\udf70 \"best\"", "summary": "Soft, with plums: ½ kg",
         "servings": 8, "rating": 4.75e0, "vegetarian": true, "course": "dessert",
         "tags": ["baking", "fruit", "\u2603"], "author": {"name": "Ada Lovelace", "links": ["a", "b"]},
         "steps": [{"text": "Heat the oven to 180 °C.", "minutes": 10}, {"text": "Mix.", "minutes": 5},
                   {"minutes": 45, "text": "Bake until golden; test with a skewer."}],
         "published": "2026-12-01T10:00:00Z", "source": "https://example.com/plum?x=1&y=2",
         "counts": {"eggs": 3, "plums": 12}, "nutrition": {"energy": {"kcal": 310, "kJ": 1297}, "fat": 12},
         "grid": [[1, 2], [], [3]], "times": ["2026-01-01T00:00:00Z", "2026-01-02T00:00:00Z"],
         "label": "plum-cake", "extra": {"kept": [1, 2.50, null, "x"]}, "empty": "", "n": -0.0}
        """#

    /// Documents in DejalObject's format and in servers' forms, for models of every kind.
    static let notes = [
        #"{"version":2,"representedClassName":"Demo","text":"Hello","number":-17,"tags":["a","b"],"note":null,"created_at":"2025-01-02T03:04:05Z","children":[{"version":2,"representedClassName":"Demo","text":"Child","number":1,"children":[]}],"attachment":{"version":2,"representedClassName":"Demo","text":"Attached"}}"#,
        #"{"text":"Old data","number":5}"#,
        #"{"version":2,"text":"Twice","text":"Last","number":1}"#,
        #"{"version": 2,"text":"Spaces \t and\nlines","number":1e3,"attachment":null,"unknown":{"a":[true,false,null]}}"#,
    ]

    static let drawing = #"""
        {"shapes": [{"representedClassName": "Circle", "name": "c", "radius": 2.5},
                    {"name": "plain"}, {"side": 3, "representedClassName": "Square", "name": "s"}],
         "main": {"representedClassName": "Square", "side": 1.5}, "named": {"x": {"name": "x"}}}
        """#

    static let family = #"""
        {"shapes": [{"name": "c", "radius": 2.5, "kind": "circle"}, {"kind": "square", "name": "s", "side": 3},
                    {"name": "b", "side": 2, "kind": "box", "extra": [1]}],
         "main": {"side": 1.5, "name": "m", "kind": "square"}}
        """#

    // MARK: Filling in

    @Test func aModelFillsInAsItsTextArrives() throws {
        let recipe = StreamedRecipe()
        let loader = PartialLoader(into: recipe)
        try loader.append(#"{"title": "Plum c"#)
        #expect(recipe.title == "Plum c")
        #expect(loader.state(of: \.title) == .growing)
        #expect(loader.state(of: \.servings) == .absent)
        try loader.append(#"ake", "servings": 1"#)
        #expect(recipe.title == "Plum cake")
        #expect(loader.state(of: \.title) == .complete)
        #expect(recipe.servings == 0, "a number shows once what ends it has come")
        try loader.append(#"2, "steps": [{"text": "Heat"#)
        #expect(recipe.servings == 12)
        #expect(recipe.steps.count == 1)
        #expect(recipe.steps.first?.text == "Heat")
        #expect(loader.state(of: \.steps) == .growing)
        #expect(loader.state(forKey: "steps[0].text") == .growing)
        try loader.append("\", \"minutes\": 3}, {\"")
        #expect(recipe.steps.count == 1, "an element shows from its first key")
        #expect(loader.state(forKey: "steps[0]") == .complete)
        try loader.append(#"text": "Ba"#)
        #expect(recipe.steps.count == 2)
        #expect(recipe.steps.last?.text == "Ba")
        #expect(loader.state(forKey: "steps[1]") == .growing)
        try loader.append(#"ke"}]}"#)
        #expect(loader.state(of: \.steps) == .complete)
        try loader.finish()
        #expect(loader.isFinished)
        #expect(
            recipe
                == (try StreamedRecipe(
                    json:
                        #"{"title": "Plum cake", "servings": 12, "steps": [{"text": "Heat", "minutes": 3}, {"text": "Bake"}]}"#
                )))
        #expect(!recipe.hasAnyChanges)
    }

    @Test func aCutEscapeSurrogatePairOrCharacterNeverShows() throws {
        let recipe = StreamedRecipe()
        let loader = PartialLoader(into: recipe)
        let text = Array(#"{"title":"a\u00e9\ud83c\udf70é🍰\n"}"#.utf8)
        var shown: [String] = []
        for byte in text {
            try loader.append([byte])
            if shown.last != recipe.title { shown.append(recipe.title) }
        }
        try loader.finish()
        #expect(shown == ["", "a", "aé", "aé🍰", "aé🍰é", "aé🍰é🍰", "aé🍰é🍰\n"])
    }

    @Test func aFamilyMemberIsMadeWhenItsTagComesWithTheFieldsBeforeIt() throws {
        let drawing = SchemaDrawing()
        let loader = PartialLoader(into: drawing)
        try loader.append(#"{"shapes": [{"radius": 2.5, "#)
        #expect(drawing.shapes.isEmpty, "no member before its tag")
        #expect(loader.state(of: \.shapes) == .growing)
        try loader.append(#""kind": "circle"#)
        #expect(drawing.shapes.isEmpty, "nor before its tag ends")
        try loader.append(#"", "#)
        let circle = try #require(drawing.shapes.first as? SchemaCircle)
        #expect(circle.radius == 2.5, "the fields before the tag are kept")
        try loader.append(#""name": "c"}], "main": {"kind": "square", "name": "m"#)
        #expect(circle.name == "c")
        #expect(drawing.main is SchemaSquare)
        #expect(drawing.main?.name == "m")
        try loader.append(#""}}"#)
        try loader.finish()
        #expect(drawing.shapes.first === circle, "finishing keeps the objects shown")
    }

    @Test func anElementWithNoKeyToShowKeepsItsPlace() throws {
        let recipe = StreamedRecipe()
        let loader = PartialLoader(into: recipe)
        try loader.append(#"{"steps": [{}, {"version": 1}, {"text": "y"#)
        #expect(recipe.steps.count == 3)
        #expect(recipe.steps.last?.text == "y")
        #expect(loader.state(forKey: "steps[1]") == .complete)
        try loader.append(#""}]}"#)
        let shown = recipe.steps
        try loader.finish()
        #expect(recipe.steps.map(\.text) == ["", "", "y"])
        #expect(zip(shown, recipe.steps).allSatisfy { $0 === $1 }, "finishing keeps the elements shown")

        let drawing = SchemaDrawing()
        let family = PartialLoader(into: drawing)
        try family.append(#"{"shapes": [{"name": "a"}, {"kind": "circle", "name": "b""#)
        #expect(drawing.shapes.map(\.name) == ["a", "b"])
        #expect(drawing.shapes.last is SchemaCircle)
        try family.append("}]}")
        try family.finish()
        #expect(drawing == (try SchemaDrawing(json: #"{"shapes": [{"name": "a"}, {"kind": "circle", "name": "b"}]}"#)))
    }

    @Test func anArrayOfValuesGainsEachElementWhenItEnds() throws {
        let recipe = StreamedRecipe()
        let loader = PartialLoader(into: recipe, options: .lenient)
        try loader.append(#"{"grid": [[1, 2], [3"#)
        #expect(recipe.grid == [[1, 2]])
        try loader.append(#"], ["x"], [4]], "times": ["2026-01-01T00:00:00Z", "2026"#)
        // A value that does not fit is left out, as a lenient load leaves it out.
        #expect(recipe.grid == [[1, 2], [3], [], [4]])
        #expect(recipe.times.count == 1)
        try loader.append(#"-01-02T00:00:00Z"]}"#)
        #expect(recipe.times.count == 2)
        try loader.finish()
        let text = #"{"grid": [[1, 2], [3], ["x"], [4]], "times": ["2026-01-01T00:00:00Z", "2026-01-02T00:00:00Z"]}"#
        #expect(recipe == (try StreamedRecipe(json: text, options: .lenient)))
    }

    @Test func aDictionaryGainsEachEntryWhenItEnds() throws {
        let recipe = StreamedRecipe()
        recipe.counts = ["old": 1]
        let loader = PartialLoader(into: recipe)
        try loader.append(#"{"counts": {"eggs": 3, "plums": 1"#)
        #expect(recipe.counts == ["eggs": 3])
        try loader.append(#"2, "eggs": 4}}"#)
        #expect(recipe.counts == ["eggs": 4, "plums": 12], "the last value of a key counts, as in a load")
        try loader.finish()
        #expect(recipe == (try StreamedRecipe(json: #"{"counts": {"eggs": 3, "plums": 12, "eggs": 4}}"#)))

        let drawing = Drawing()
        let named = PartialLoader(into: drawing)
        try named.append(#"{"named": {"a": {"representedClassName": "Circle", "radius": 2}, "b": {"#)
        #expect((drawing.named["a"] as? Circle)?.radius == 2)
        try named.append(#""name": "b"}}}"#)
        try named.finish()
        #expect(drawing.named["b"]?.name == "b")
    }

    @Test func completeValuesOnlyShowsStringsWhole() throws {
        let recipe = StreamedRecipe()
        let loader = PartialLoader(into: recipe, partialOptions: .completeValuesOnly)
        try loader.append(#"{"title": "Plum c"#)
        #expect(recipe.title == "")
        #expect(loader.state(of: \.title) == .growing)
        try loader.append(#"ake"}"#)
        #expect(recipe.title == "Plum cake")
        try loader.finish()
    }

    @Test func observersOfOtherPropertiesAreNotNotified() throws {
        let recipe = StreamedRecipe()
        let loader = PartialLoader(into: recipe)
        _ = loader.state(of: \.title)
        let titleChanges = ObservationTests.ChangeCounter()
        let servingsChanges = ObservationTests.ChangeCounter()
        withObservationTracking {
            _ = recipe.title
        } onChange: {
            titleChanges.increment()
        }
        withObservationTracking {
            _ = recipe.servings
        } onChange: {
            servingsChanges.increment()
        }
        try loader.append(#"{"title": "Pl"#)
        #expect(titleChanges.count == 1)
        #expect(servingsChanges.count == 0)
        withObservationTracking {
            _ = recipe.title
        } onChange: {
            titleChanges.increment()
        }
        try loader.append(#"um", "#)
        #expect(titleChanges.count == 2)
        withObservationTracking {
            _ = recipe.title
        } onChange: {
            titleChanges.increment()
        }
        try loader.append(" \n ")
        #expect(titleChanges.count == 2, "whitespace between values changes nothing")
        try loader.append(#""servings": 2}"#)
        #expect(titleChanges.count == 2)
        #expect(servingsChanges.count == 1)
        try loader.finish()
        #expect(titleChanges.count == 2, "finishing changes nothing that streaming showed")
    }

    // MARK: Every prefix

    @Test(arguments: [1, 7, 64])
    func everyPieceShowsOnlyWhatTheWholeLoadHas(pieceSize: Int) throws {
        try checkStreaming(StreamedRecipe.self, Self.recipe, pieceSize: pieceSize)
        for note in Self.notes {
            try checkStreaming(Note.self, note, pieceSize: pieceSize, allowsChangedValues: note.contains("Twice"))
        }
        try checkStreaming(Drawing.self, Self.drawing, pieceSize: pieceSize)
        try checkStreaming(UnionCharge.self, SavedUnionTests.charge, pieceSize: pieceSize)
        try checkStreaming(SchemaDrawing.self, Self.family, pieceSize: pieceSize)
    }

    @Test func everySplitOfTheTextInTwoGivesTheWholeLoad() throws {
        let text = Array(Self.recipe.utf8)
        let whole = try StreamedRecipe(json: Self.recipe)
        for split in 0...text.count {
            let recipe = StreamedRecipe()
            let loader = PartialLoader(into: recipe)
            try loader.append(text[..<split])
            try loader.append(text[split...])
            try loader.finish()
            #expect(recipe == whole, "split at \(split)")
            #expect(try recipe.jsonString() == whole.jsonString())
        }
    }

    // MARK: Errors

    @Test func badJSONFailsAtThePieceThatHoldsIt() throws {
        let loader = PartialLoader(into: StreamedRecipe())
        try loader.append(#"{"title": "x", "steps": [{"text": "a"}, "#)
        try loader.append(#"{"text": tru"#)
        let error = #expect(throws: ModelError.self) { try loader.append(#"x"#) }
        #expect(error?.description.contains("line 1") == true)
        #expect(error?.description.contains("steps[1].text") == true)
        #expect(throws: ModelError.self) { try loader.append("e}]}") }
        #expect(throws: ModelError.self) { try loader.finish() }
    }

    @Test func finishThrowsWhatTheWholeLoadThrows() throws {
        let text = #"{"title": "x", "servings": "many"}"#
        let loader = PartialLoader(into: StreamedRecipe())
        try loader.append(text)
        var expected: (any Error)?
        do { _ = try StreamedRecipe(json: text) } catch { expected = error }
        let error = #expect(throws: ModelError.self) { try loader.finish() }
        #expect(error?.description == (expected as? ModelError)?.description)

        let cut = PartialLoader(into: StreamedRecipe())
        try cut.append(#"{"title": "x""#)
        #expect(throws: ModelError.self) { try cut.finish() }
    }

    @Test func aDocumentThatIsNotAnObjectFailsAsTheWholeLoadDoes() throws {
        // A number ends only with the text, so nothing shows it while it streams; `finish()`
        // must still refuse it as `init(json:)` does.
        for text in ["1.797693134831", "12", "1e400", "true", #""x""#, "null", "[1]"] {
            var expected: ModelError?
            do { _ = try StreamedRecipe(json: text) } catch let error as ModelError { expected = error }
            let loader = PartialLoader(into: StreamedRecipe())
            let error = #expect(throws: ModelError.self, "\(text)") {
                try loader.append(text)
                try loader.finish()
            }
            #expect(expected != nil)
            #expect(error?.description == expected?.description, "\(text)")
        }
    }

    @Test func anObjectWithValuesOfItsOwnEndsAsANewLoadDoes() throws {
        let recipe = StreamedRecipe()
        recipe.title = "Old"
        recipe.servings = 3
        recipe.steps = [StreamedStep()]
        let loader = PartialLoader(into: recipe)
        try loader.append(#"{"title": "New", "vegetarian": true}"#)
        try loader.finish()
        #expect(recipe == (try StreamedRecipe(json: #"{"title": "New", "vegetarian": true}"#)))
        #expect(recipe.servings == 0)
        #expect(recipe.steps.isEmpty)
        #expect(!recipe.hasAnyChanges)
    }

    @Test(arguments: [
        #"{"title": "Sales", "head": {"name": "Sales"}}"#,
        #"{"title": "Sales", "members": [{"name": "A", "age": -1}]}"#,
        #"{"title": "Sales", "head": {"name": "B", "email": "b"}}"#,
    ])
    func validationFailsTheFinishAsItFailsTheLoad(text: String) throws {
        var expected: ModelError?
        do { _ = try Department(json: text) } catch let error as ModelError { expected = error }
        let loader = PartialLoader(into: Department())
        for byte in text.utf8 { try loader.append([byte]) }
        let error = #expect(throws: ModelError.self) { try loader.finish() }
        #expect(error?.description == expected?.description)
    }

    @Test func moreThanTheLimitIsRefused() throws {
        let loader = PartialLoader(into: StreamedRecipe(), maxSize: 16)
        try loader.append(#"{"title": ""#)
        #expect(throws: ModelError.self) { try loader.append("0123456789") }
    }

    @Test func aLenientFinishKeepsWhatFitsAsALoadDoes() throws {
        let text = #"{"title": "x", "servings": "many", "tags": ["a", 1]}"#
        let recipe = StreamedRecipe()
        let loader = PartialLoader(into: recipe, options: .lenient)
        try loader.append(text)
        try loader.finish()
        #expect(recipe == (try StreamedRecipe(json: text, options: .lenient)))
        #expect(!recipe.loadIssues.isEmpty)
    }

    // MARK: Async

    @Test func anAsyncSequenceOfChunksLoadsAndFinishes() async throws {
        let chunks = AsyncStream<String> { continuation in
            for piece in Self.recipe.chunked(into: 9) { continuation.yield(piece) }
            continuation.finish()
        }
        let recipe = StreamedRecipe()
        try await PartialLoader(into: recipe).load(from: chunks)
        #expect(recipe == (try StreamedRecipe(json: Self.recipe)))

        let bytes = AsyncStream<UInt8> { continuation in
            for byte in Self.recipe.utf8 { continuation.yield(byte) }
            continuation.finish()
        }
        let fromBytes = StreamedRecipe()
        try await PartialLoader(into: fromBytes).load(from: bytes)
        #expect(fromBytes == recipe)
    }

    @Test func aCancelledTaskEndsTheLoad() async throws {
        let (chunks, continuation) = AsyncStream<Data>.makeStream()
        let recipe = StreamedRecipe()
        let task = Task {
            try await PartialLoader(into: recipe).load(from: chunks)
        }
        continuation.yield(Data(#"{"title": "x"#.utf8))
        task.cancel()
        continuation.yield(Data("y".utf8))
        continuation.finish()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func utf16TextLoadsWhenFinished() throws {
        let recipe = StreamedRecipe()
        let loader = PartialLoader(into: recipe)
        let data = try #require(#"{"title": "x"}"#.data(using: .utf16LittleEndian))
        for byte in data { try loader.append([byte]) }
        try loader.finish()
        #expect(recipe.title == "x")
    }
}

// MARK: Checking streams

extension String {
    /// The string in pieces of `size` UTF-8 bytes, cut anywhere, even inside a character.
    fileprivate func chunked(into size: Int) -> [String] {
        let bytes = Array(utf8)
        return stride(from: 0, to: bytes.count, by: size).map {
            String(decoding: bytes[$0..<Swift.min($0 + size, bytes.count)], as: UTF8.self)
        }
    }
}

/// Streams `text` into a new `Model` in pieces of `pieceSize` bytes, checking after each that
/// every value shown is the whole load's (a string a prefix of it, an array a prefix of its
/// elements), that states only move forward, and at the end that the object equals the whole
/// load's and writes the same JSON.
private func checkStreaming<Model: ModelObject>(
    _ type: Model.Type, _ text: String, pieceSize: Int, allowsChangedValues: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let whole = try Model(json: text)
    let expected = try whole.dictionary
    let defaults = try Model().dictionary
    let object = Model()
    let loader = PartialLoader(into: object)
    let keys = Array(expected.keys) + Array(defaults.keys)
    var lastStates: [String: PartialState] = [:]
    let bytes = Array(text.utf8)
    for start in stride(from: 0, to: bytes.count, by: pieceSize) {
        try loader.append(bytes[start..<min(start + pieceSize, bytes.count)])
        if !allowsChangedValues {
            let shown = try object.dictionary
            for (key, value) in shown where !isSame(value, defaults[key]) {
                #expect(
                    isShownPart(value, of: expected[key]), "\(key) shows \(value) at \(start)",
                    sourceLocation: sourceLocation)
            }
        }
        for key in keys {
            let state = loader.state(forKey: key)
            if let last = lastStates[key] {
                #expect(last.advanced(to: state) == state, "\(key) moved back", sourceLocation: sourceLocation)
            }
            lastStates[key] = state
        }
    }
    try loader.finish()
    #expect(object == whole, sourceLocation: sourceLocation)
    #expect(try object.jsonString() == whole.jsonString(), sourceLocation: sourceLocation)
    #expect(!object.hasAnyChanges, sourceLocation: sourceLocation)
}

extension PartialState {
    fileprivate func advanced(to other: PartialState) -> PartialState {
        let order: [PartialState] = [.absent, .growing, .complete]
        return order[max(order.firstIndex(of: self) ?? 0, order.firstIndex(of: other) ?? 0)]
    }
}

/// Whether a dictionary-form value shown while streaming is the whole value or part of it as
/// the loader may show it.
private func isShownPart(_ shown: Any, of whole: Any?) -> Bool {
    guard let whole else { return false }
    switch (shown, whole) {
    case (let shown as String, let whole as String):
        return whole.hasPrefix(shown)
    case (let shown as [Any], let whole as [Any]):
        guard shown.count <= whole.count else { return false }
        return zip(shown, whole).enumerated().allSatisfy { index, pair in
            index == shown.count - 1
                ? isShownPart(pair.0, of: pair.1)
                : isSame(pair.0, pair.1)
                    || isShownPart(pair.0, of: pair.1)
        }
    case (let shown as [String: Any], let whole as [String: Any]):
        let defaults = ((shown["representedClassName"] ?? shown["kind"]) as? String).flatMap { defaultForms[$0] } ?? [:]
        return shown.allSatisfy { key, value in
            isSame(value, whole[key]) || isShownPart(value, of: whole[key]) || isSame(value, defaults[key])
                || (key != "representedClassName" && isDefaultLike(value))
        }
    default:
        return isSame(shown, whole)
    }
}

/// The dictionary forms of new objects of the classes that the documents nest, by class name.
nonisolated(unsafe) private let defaultForms: [String: [String: Any]] = {
    let objects: [ModelObject] = [
        Shape(), Circle(), Square(), StreamedStep(), StreamedAuthor(), Note(), SchemaCircle(), SchemaSquare(),
    ]
    var forms: [String: [String: Any]] = [:]
    for object in objects {
        guard let form = try? object.dictionary, let name = (form["representedClassName"] ?? form["kind"]) as? String
        else { continue }
        forms[name] = form
    }
    return forms
}()

private func isDefaultLike(_ value: Any) -> Bool {
    switch value {
    case let string as String: string.isEmpty
    case let array as [Any]: array.isEmpty
    case let number as NSNumber: number == 0 || number == false
    case is NSNull: true
    default: false
    }
}

private func isSame(_ lhs: Any, _ rhs: Any?) -> Bool {
    guard let rhs else { return false }
    switch (lhs, rhs) {
    case (let lhs as String, let rhs as String): return lhs == rhs
    case (let lhs as [Any], let rhs as [Any]): return lhs.count == rhs.count && zip(lhs, rhs).allSatisfy(isSame)
    case (let lhs as [String: Any], let rhs as [String: Any]):
        return lhs.count == rhs.count && lhs.allSatisfy { isSame($1, rhs[$0]) }
    case (is NSNull, is NSNull): return true
    case (let lhs as NSNumber, let rhs as NSNumber): return lhs == rhs
    default: return "\(lhs)" == "\(rhs)"
    }
}
