import Foundation
import ModelKit
import Observation
import Testing

/// The models of the article "Streaming structured output", as it declares them.
enum StreamingArticle {
    final class Author: ModelObject {
        @Saved var name = ""
    }

    final class Step: ModelObject {
        @Saved var text = ""
        @Saved var minutes = 0
    }

    final class Recipe: ModelObject {
        @Saved var title = ""
        @Saved var summary = ""
        @Saved var servings = 0
        @Saved var tags: [String] = []
        @Saved var author: Author? = nil
        @Saved var steps: [Step] = []

        override class var schemaDescriptions: [String: String] {
            ["summary": "One or two sentences.", "steps": "The method, one action a step."]
        }
    }

    /// The article's `titleLine(_:_:)`: a placeholder, the part so far with a cursor, or the
    /// whole title.
    static func titleLine(_ recipe: Recipe, _ loader: PartialLoader<Recipe>) -> String {
        switch loader.state(of: \.title) {
        case .absent: "Writing…"  // a placeholder
        case .growing: recipe.title + "▍"  // the part so far, and a cursor
        case .complete: recipe.title
        }
    }

    /// The text of the article's example, in the pieces it appends.
    static let pieces = [
        #"{"author": {"name": "Ada"}, "servings": 4, "steps": [{"minutes": 1"#,
        #"5, "text": "Heat the o"#,
        #"ven."}], "summary": "A soft cake.", "tags": ["baking"], "title": "Plum c"#,
        #"ake"}"#,
    ]
}

/// Models with the kinds of values that the article's table lists and its recipe does not have.
enum StreamingArticleValues {
    enum Course: String, CaseIterable, SavedValue {
        case starter, main, dessert
    }

    enum Amount: SavedUnion {
        case cents(Int)
        case text(String)

        static var alternatives: [SavedAlternative<Amount>] { [.init(Self.cents), .init(Self.text)] }
    }

    struct Point: Codable, Equatable, CodableSavedValue {
        var x: Double
        var y: Double
    }

    class Shape: ModelObject {
        override class var typeKey: String? { "type" }
        override class var modelName: String { "shape" }
        override class var knownSubclasses: [ModelObject.Type] { [Circle.self] }

        @Saved var name = ""
    }

    final class Circle: Shape {
        override class var modelName: String { "circle" }

        @Saved var radius = 0.0
    }

    final class Address: ModelObject {
        @Saved var city = ""
    }

    final class Dish: ModelObject {
        @Saved var course = Course.main
        @Saved var published: Date? = nil
        @Saved var counts: [String: Int] = [:]
        @Saved var labels: Set<String> = []
        @Saved var price = Amount.cents(0)
        @Saved var origin = Point(x: 0, y: 0)
        @Saved var shape: Shape? = nil
        @Saved(path: "nutrition", "kcal") var calories = 0
        @Saved("name", alternatives: ["label"]) var name = ""
        @Saved var note = ""
        @Saved(flattened: true) var address = Address()
    }
}

/// Counts the notifications that `onChange` of `withObservationTracking` sends, from any thread.
private final class Notifications: @unchecked Sendable {
    // The lock guards `storedCount`, which `onChange` sets from the thread of the change.
    private let lock = NSLock()
    private var storedCount = 0

    var count: Int { lock.withLock { storedCount } }

    func add() {
        lock.withLock { storedCount += 1 }
    }
}

@Suite struct StreamingArticleTests {
    typealias Article = StreamingArticle
    typealias Recipe = StreamingArticle.Recipe

    // MARK: Ask for the schema

    @Test func theStrictSchemaListsEveryKeyInSortedOrder() throws {
        let schema = try Recipe.jsonSchema(profile: .openAIStrict)
        let object = try #require(try JSONSerialization.jsonObject(with: schema) as? [String: Any])
        let keys = ["author", "servings", "steps", "summary", "tags", "title"]
        #expect(object["required"] as? [String] == keys)
        #expect(object["additionalProperties"] as? Bool == false)
        // The text lists the properties in that order, which a model answers in.
        let text = String(decoding: schema, as: UTF8.self)
        let properties = try #require(text.range(of: #""properties""#))
        let offsets = try keys.map { key in
            try #require(text.range(of: "\"\(key)\" :", range: properties.upperBound..<text.endIndex)).lowerBound
        }
        #expect(offsets == offsets.sorted())
    }

    // MARK: Load the text as it arrives

    @Test func theRecipeFillsInPieceByPiece() throws {
        let pieces = Article.pieces
        let recipe = Recipe()
        let loader = PartialLoader(into: recipe)

        try loader.append(pieces[0])
        #expect(recipe.author?.name == "Ada" && recipe.servings == 4)
        #expect(recipe.steps.count == 1)
        #expect(recipe.steps[0].minutes == 0, "\"1\" may begin \"15\"")
        try loader.append(pieces[1])
        #expect(recipe.steps[0].minutes == 15 && recipe.steps[0].text == "Heat the o")
        try loader.append(pieces[2])
        #expect(recipe.title == "Plum c")
        try loader.append(pieces[3])
        try loader.finish()
        #expect(recipe == (try Recipe(json: pieces.joined())))
        #expect(!recipe.hasAnyChanges)
        #expect(loader.isFinished)
    }

    @Test func anAsyncSequenceOfDeltasLoadsAndFinishes() async throws {
        let deltas = AsyncThrowingStream<String, any Error> { continuation in
            for piece in Article.pieces { continuation.yield(piece) }
            continuation.finish()
        }

        let recipe = Recipe()
        let loader = PartialLoader(into: recipe)
        try await loader.load(from: deltas)

        #expect(loader.isFinished)
        #expect(recipe == (try Recipe(json: Article.pieces.joined())))
    }

    @Test func bytesAndDataLoadAsTextDoes() async throws {
        let whole = try Recipe(json: Article.pieces.joined())
        let data = AsyncStream<Data> { continuation in
            for piece in Article.pieces { continuation.yield(Data(piece.utf8)) }
            continuation.finish()
        }
        let fromData = Recipe()
        try await PartialLoader(into: fromData).load(from: data)
        #expect(fromData == whole)
        let bytes = AsyncStream<UInt8> { continuation in
            for byte in Article.pieces.joined().utf8 { continuation.yield(byte) }
            continuation.finish()
        }
        let fromBytes = Recipe()
        try await PartialLoader(into: fromBytes).load(from: bytes)
        #expect(fromBytes == whole)
    }

    // MARK: Show what has come

    @Test func theTitleLineShowsAPlaceholderACursorOrTheTitle() throws {
        let recipe = Recipe()
        let loader = PartialLoader(into: recipe)
        #expect(Article.titleLine(recipe, loader) == "Writing…")
        try loader.append(#"{"title": "Plum c"#)
        #expect(Article.titleLine(recipe, loader) == "Plum c▍")
        try loader.append(#"ake"}"#)
        #expect(Article.titleLine(recipe, loader) == "Plum cake")
    }

    @Test func nestedStatesByKeyPathAndByKey() throws {
        let recipe = Recipe()
        let loader = PartialLoader(into: recipe)
        try loader.append(#"{"author": {"name": "Ad"#)
        #expect(loader.state(forKey: "author.name") == .growing)
        #expect(loader.state(of: \.author) == .growing)
        try loader.append(#"a"}, "steps": [{"minutes": 5, "text": "Mix"#)
        #expect(loader.state(of: \.author) == .complete)
        #expect(loader.state(of: \.steps) == .growing)
        #expect(loader.state(of: \.steps[0].minutes) == .complete)
        #expect(loader.state(of: \.steps[0].text) == .growing)
        #expect(loader.state(forKey: "steps[0].text") == .growing)
        #expect(loader.state(forKey: "steps[1]") == .absent)
        #expect(loader.state(of: \.title) == .absent)
    }

    @Test func completeValuesOnlyShowsStringsWhole() throws {
        let recipe = Recipe()
        let loader = PartialLoader(into: recipe, partialOptions: .completeValuesOnly)
        try loader.append(#"{"title": "Plum c"#)
        #expect(recipe.title == "")
        #expect(loader.state(of: \.title) == .growing)
        try loader.append(#"ake", "#)
        #expect(recipe.title == "Plum cake")
    }

    // MARK: What appears when

    @Test func aNumberAppearsOnceWhatEndsItHasCome() throws {
        let recipe = Recipe()
        let loader = PartialLoader(into: recipe)
        try loader.append(#"{"servings": 1"#)
        #expect(recipe.servings == 0)
        #expect(loader.state(of: \.servings) == .absent)
        try loader.append("2")
        #expect(recipe.servings == 0)
        try loader.append(" ")
        #expect(recipe.servings == 12)
        #expect(loader.state(of: \.servings) == .complete)
    }

    @Test func aStringNeverShowsACutEscapeOrCharacter() throws {
        let recipe = Recipe()
        let loader = PartialLoader(into: recipe)
        try loader.append(#"{"title": "Cr\u00"#)
        #expect(recipe.title == "Cr")
        try loader.append(#"e8me br"#)
        #expect(recipe.title == "Crème br")
        let accented = Array("û".utf8)
        try loader.append([accented[0]])
        #expect(recipe.title == "Crème br", "half of û is not shown")
        try loader.append([accented[1]] + Array("lée\"}".utf8))
        #expect(recipe.title == "Crème brûlée")
    }

    @Test func anObjectAppearsFromItsFirstKeyAndAnElementAsItsFirstKeyComes() throws {
        let recipe = Recipe()
        let loader = PartialLoader(into: recipe)
        try loader.append(#"{"author": {"#)
        #expect(recipe.author == nil)
        try loader.append(#""name": "#)
        #expect(recipe.author?.name == "")
        try loader.append(#""Ada"}, "steps": [{"#)
        #expect(recipe.steps.isEmpty)
        #expect(loader.state(of: \.steps) == .growing)
        try loader.append(#""minutes": 5, "#)
        #expect(recipe.steps.count == 1)
        #expect(recipe.steps[0].minutes == 5)
        try loader.append(#""text": "Mix."}, {"text": "#)
        #expect(recipe.steps.count == 2)
        #expect(loader.state(forKey: "steps[0]") == .complete)
        #expect(loader.state(forKey: "steps[1]") == .growing)
    }

    @Test func anArrayOfStringsGainsEachElementWhenItEnds() throws {
        let recipe = Recipe()
        recipe.tags = ["old"]
        let loader = PartialLoader(into: recipe)
        try loader.append(#"{"tags": ["#)
        #expect(recipe.tags.isEmpty)
        try loader.append(#""baking", "fr"#)
        #expect(recipe.tags == ["baking"])
        #expect(loader.state(of: \.tags) == .growing)
        try loader.append(#"uit"], "#)
        #expect(recipe.tags == ["baking", "fruit"])
        #expect(loader.state(of: \.tags) == .complete)
    }

    @Test func whatOnlyTheWholeTextSettlesWaitsForFinish() throws {
        let text = #"{"title": "Plum cake", "cuisine": "French", "extra": {"kcal": 310}}"#
        let recipe = Recipe()
        let loader = PartialLoader(into: recipe)
        try loader.append(text)
        #expect(recipe.title == "Plum cake")
        #expect(!(try recipe.jsonString()).contains("cuisine"))
        try loader.finish()
        #expect(try recipe.jsonString() == Recipe(json: text).jsonString())
        #expect(try recipe.jsonString().contains(#""cuisine" : "French""#))
    }

    @Test func anArrayOfObjectsIsEmptiedWhenItOpens() throws {
        let recipe = Recipe()
        recipe.steps = [Article.Step(), Article.Step()]
        recipe.clearChanges()
        let loader = PartialLoader(into: recipe)
        try loader.append(#"{"steps": ["#)
        #expect(recipe.steps.isEmpty)
    }

    @Test func valuesWrittenAsStringsAppearWhenTheirStringEnds() throws {
        let dish = StreamingArticleValues.Dish()
        let loader = PartialLoader(into: dish)
        try loader.append(#"{"course": "dess"#)
        #expect(dish.course == .main)
        #expect(loader.state(of: \.course) == .growing)
        try loader.append(#"ert", "published": "2026-12-01T10:00"#)
        #expect(dish.course == .dessert && loader.state(of: \.course) == .complete)
        #expect(dish.published == nil && loader.state(of: \.published) == .growing)
        try loader.append(#":00Z", "#)
        #expect(dish.published == Date(timeIntervalSince1970: 1_796_119_200))
    }

    @Test func dictionariesGainEntriesAndSetsUnionsAndCodableValuesAppearWhole() throws {
        let dish = StreamingArticleValues.Dish()
        let loader = PartialLoader(into: dish)
        try loader.append(#"{"counts": {"eggs": 3, "plums": 12"#)
        #expect(dish.counts == ["eggs": 3] && loader.state(of: \.counts) == .growing)
        try loader.append(#"}, "labels": ["a", "b""#)
        #expect(dish.counts == ["eggs": 3, "plums": 12])
        #expect(dish.labels.isEmpty)
        try loader.append(#"], "price": "10.99 EU"#)
        #expect(dish.labels == ["a", "b"])
        #expect(dish.price == .cents(0) && loader.state(of: \.price) == .growing)
        try loader.append(#"R", "origin": {"x": 1, "y": 2"#)
        #expect(dish.price == .text("10.99 EUR"))
        #expect(dish.origin == StreamingArticleValues.Point(x: 0, y: 0))
        try loader.append("}")
        #expect(dish.origin == StreamingArticleValues.Point(x: 1, y: 2))
    }

    @Test func aFamilyObjectAppearsOnceItsTagHasCome() throws {
        let dish = StreamingArticleValues.Dish()
        let loader = PartialLoader(into: dish)
        try loader.append(#"{"shape": {"name": "round", "radius": 2, "#)
        #expect(dish.shape == nil, "the keys before the tag wait")
        try loader.append(#""type": "circle", "#)
        let circle = try #require(dish.shape as? StreamingArticleValues.Circle)
        #expect(circle.name == "round" && circle.radius == 2)
        try loader.append(#""name": "disc"#)
        #expect(dish.shape?.name == "round", "a key twice waits for finish()")
        try loader.append(#""}}"#)
        try loader.finish()
        #expect(dish.shape?.name == "disc")
    }

    @Test func pathsAlternativesAndRepeatedKeysSettleAtFinish() throws {
        let text = #"{"note": "a", "nutrition": {"kcal": 310}, "label": "Pie", "note": "b", "course": "starter"}"#
        let dish = StreamingArticleValues.Dish()
        let loader = PartialLoader(into: dish)
        try loader.append(text)
        #expect(dish.note == "a")
        #expect(dish.calories == 0 && loader.state(of: \.calories) == .absent)
        #expect(dish.name == "" && loader.state(of: \.name) == .absent)
        #expect(dish.course == .main, "the values after a key twice wait")
        try loader.finish()
        #expect(dish == (try StreamingArticleValues.Dish(json: text)))
        #expect(dish.note == "b" && dish.calories == 310 && dish.name == "Pie" && dish.course == .starter)
        #expect(loader.state(of: \.calories) == .complete)
    }

    @Test func aFlattenedObjectSettlesAtFinish() throws {
        let text = #"{"city": "Paris", "note": "x"}"#
        let dish = StreamingArticleValues.Dish()
        let loader = PartialLoader(into: dish)
        try loader.append(text)
        #expect(dish.note == "x")
        #expect(dish.address.city == "")
        try loader.finish()
        #expect(dish.address.city == "Paris")
        #expect(dish == (try StreamingArticleValues.Dish(json: text)))
    }

    @Test func dataThatNamesAnotherClassWaitsForFinish() throws {
        let text = #"{"representedClassName": "Cake", "title": "Plum cake"}"#
        let recipe = Recipe()
        let loader = PartialLoader(into: recipe)
        try loader.append(text)
        #expect(recipe.title == "")
        try loader.finish()
        #expect(recipe == (try Recipe(json: text)))
        #expect(recipe.title == "Plum cake")
    }

    @Test func dataOfAnotherVersionWaitsForFinish() throws {
        let text = #"{"version": 7, "title": "Plum cake"}"#
        let recipe = Recipe()
        let loader = PartialLoader(into: recipe)
        try loader.append(text)
        #expect(recipe.title == "")
        try loader.finish()
        #expect(recipe == (try Recipe(json: text)))
    }

    @Test func theObjectsOwnValuesStayUntilTheTextSetsThem() throws {
        let recipe = Recipe()
        recipe.title = "Draft"
        recipe.servings = 2
        recipe.clearChanges()
        let loader = PartialLoader(into: recipe)
        try loader.append(#"{"servings": 4, "summary": "Soft"#)
        #expect(recipe.title == "Draft" && recipe.servings == 4)
        try loader.append(#""}"#)
        try loader.finish()
        #expect(recipe.title == "", "a property the text does not name takes its default")
        #expect(recipe == (try Recipe(json: #"{"servings": 4, "summary": "Soft"}"#)))
    }

    @Test func streamingRecordsNoChanges() throws {
        let recipe = Recipe()
        let history = UndoHistory(tracking: recipe)
        let loader = PartialLoader(into: recipe)
        for piece in Article.pieces { try loader.append(piece) }
        try loader.finish()
        #expect(!recipe.hasAnyChanges)
        #expect(try recipe.mergePatch().isEmpty)
        #expect(!history.canUndo)
    }

    // MARK: Errors

    @Test func badJSONThrowsFromTheAppendThatHoldsIt() throws {
        let pieces = [
            #"{"servings": 4, "steps": [{"minutes": 15, "text": "Heat"}, "#,
            #"{"minutes": 20 min, "text": "Bake"}]}"#,
        ]
        let loader = PartialLoader(into: Recipe())
        var caught: (any Error)?
        do {
            try loader.append(pieces[0])
            try loader.append(pieces[1])
        } catch {
            caught = error
        }
        let error = try #require(caught as? ModelError)
        let message =
            "steps[1]: invalid JSON at line 1, column 75: expected ',' or '}' after an object entry, found 'm'"
        #expect(error.description == message)
        #expect("\(error)" == message, "what print(error) prints")
        let whole = #expect(throws: ModelError.self) { try Recipe(json: pieces.joined()) }
        #expect(whole?.description == error.description, "the message of a load of the whole text")
        let later = #expect(throws: ModelError.self) { try loader.append("0") }
        #expect(later?.description == error.description)
        let atFinish = #expect(throws: ModelError.self) { try loader.finish() }
        #expect(atFinish?.description == error.description)
    }

    @Test func finishThrowsWhatALoadOfTheWholeTextThrows() throws {
        let recipe = Recipe()
        let loader = PartialLoader(into: recipe)
        try loader.append(#"{"servings": "four", "title": "Plum cake"}"#)
        let error = #expect(throws: ModelError.self) { try loader.finish() }
        #expect(error?.description == #"servings: expected a number, found "four""#)
        #expect(recipe.title == "Plum cake", "the object keeps what streaming showed")
        #expect(recipe.servings == 0, "a value that does not fit leaves its property as it was")

        let cut = PartialLoader(into: Recipe())
        try cut.append(#"{"title": "Plum"#)
        #expect(throws: ModelError.self) { try cut.finish() }
    }

    @Test func aLenientFinishSkipsWhatDoesNotFit() throws {
        let text = #"{"servings": "four", "title": "Plum cake"}"#
        let recipe = Recipe()
        let loader = PartialLoader(into: recipe, options: .lenient)
        try loader.append(text)
        try loader.finish()
        #expect(recipe == (try Recipe(json: text, options: .lenient)))
        #expect(recipe.loadIssues.map(\.description) == [#"servings: expected a number, found "four""#])
    }

    @Test func moreThanMaxSizeIsRefused() throws {
        let loader = PartialLoader(into: Recipe(), maxSize: 1 << 20)  // 1 MiB at most
        #expect(loader.maxSize == 1_048_576)
        try loader.append(#"{"summary": ""#)
        #expect(throws: ModelError.self) { try loader.append(String(repeating: "a", count: 1 << 20)) }
    }

    @Test func aCancelledTaskEndsTheLoad() async throws {
        let (deltas, continuation) = AsyncStream<String>.makeStream()
        let task = Task {
            try await PartialLoader(into: Recipe()).load(from: deltas)
        }
        task.cancel()
        continuation.yield(#"{"title": "Plum"#)
        continuation.finish()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    // MARK: Observation

    @Test func onlyTheObserversOfAChangedPropertyAreNotified() throws {
        let recipe = Recipe()
        let loader = PartialLoader(into: recipe)
        let titleChanges = Notifications()
        let servingsChanges = Notifications()

        withObservationTracking {
            _ = recipe.title
        } onChange: {
            titleChanges.add()
        }
        withObservationTracking {
            _ = recipe.servings
        } onChange: {
            servingsChanges.add()
        }
        try loader.append(#"{"servings": 4, "#)
        #expect(servingsChanges.count == 1 && titleChanges.count == 0)
        try loader.append(#""title": "Plum"#)
        #expect(titleChanges.count == 1)
    }

    @Test func aPropertyNotReadSinceTheLoaderBeganNotifiesEveryObserverOfItsObject() throws {
        let recipe = Recipe()
        let loader = PartialLoader(into: recipe)
        let titleChanges = Notifications()
        withObservationTracking {
            _ = recipe.title
        } onChange: {
            titleChanges.add()
        }
        try loader.append(#"{"servings": 4, "#)
        #expect(titleChanges.count == 1, "nothing read servings, so its change notifies as a load does")
    }

    @Test func aPieceThatChangesNothingNotifiesNoOne() throws {
        let recipe = Recipe()
        let loader = PartialLoader(into: recipe)
        try loader.append(#"{"title": "Plum", "servings": 1"#)
        let changes = Notifications()
        let track = {
            withObservationTracking {
                _ = (recipe.title, recipe.servings, recipe.steps, loader.state(of: \.servings))
            } onChange: {
                changes.add()
            }
        }
        track()
        try loader.append("0")
        #expect(changes.count == 0, "the middle of a number")
        try loader.append(",")
        #expect(changes.count == 1 && recipe.servings == 10)
        track()
        try loader.append("\n  ")
        try loader.append(#""ste"#)
        #expect(changes.count == 1, "whitespace and the middle of a key")
    }

    @Test func statesAreObservable() throws {
        let recipe = Recipe()
        let loader = PartialLoader(into: recipe)
        let stateChanges = Notifications()
        withObservationTracking {
            _ = loader.state(of: \.title)
        } onChange: {
            stateChanges.add()
        }
        try loader.append(#"{"title": "#)
        #expect(stateChanges.count == 0)
        try loader.append(#""P"#)
        #expect(stateChanges.count == 1)
    }
}
