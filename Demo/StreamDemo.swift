import Foundation
import ModelKit

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

// `demo stream`: plays back a language model's structured-output answer into a `Recipe` with a
// `PartialLoader`, a few bytes at a time as a model's deltas come, and shows the recipe as it
// fills in. On a terminal it redraws the recipe after each piece, with a short pause, in the
// alternate screen; otherwise (a log, a pipe, CI) it prints a few snapshots and the final
// state, without pausing.

/// Streams the recorded answer into a new recipe, shows it filling in, and checks that the
/// result equals a load of the whole answer.
///
/// - Throws: What the loader throws, or a ``DemoFailure`` when the streamed recipe differs
///   from `Recipe(json:)` of the whole answer.
func streamRecipe() throws {
    let isTerminal = isatty(STDOUT_FILENO) != 0
    let answer = Array(recordedAnswer.utf8)
    let pieces = StreamPieces.split(answer)
    try printRequest(answerSize: answer.count, pieceCount: pieces.count)

    let recipe = Recipe()
    let loader = PartialLoader(into: recipe)
    let drawing = RecipeDrawing(recipe: recipe, loader: loader, usesColor: isTerminal)
    var screen = StreamScreen(isTerminal: isTerminal, total: answer.count, snapshots: 3)
    screen.begin()
    defer { screen.end() }
    screen.show(drawing, received: 0)
    var received = 0
    for piece in pieces {
        try loader.append(piece)
        received += piece.count
        screen.show(drawing, received: received)
    }
    try loader.finish()
    screen.end()

    print("After finish():")
    var final = drawing
    if isTerminal { final.width = min(final.width, screen.terminalSize().columns - 1) }
    print(final.lines().joined(separator: "\n"))
    print()
    try report(recipe, screen: screen, pieceCount: pieces.count)
}

/// Prints what the request asked for: the schema, compact, as a request body carries it.
private func printRequest(answerSize: Int, pieceCount: Int) throws {
    let schema = try JSONSerialization.jsonObject(with: Recipe.jsonSchema(profile: .openAIStrict))
    let compact = try JSONSerialization.data(withJSONObject: schema, options: [.sortedKeys, .withoutEscapingSlashes])
    print("A language model asked for a recipe answers Recipe.jsonSchema(profile: .openAIStrict):")
    print(String(decoding: compact, as: UTF8.self))
    print()
    print("It writes the keys in the schema's order, which is sorted: author first, title last. Its recorded")
    print("answer, \(answerSize) bytes, arrives in \(pieceCount) pieces of 4 to 12 bytes, cut anywhere, and a")
    print("PartialLoader fills a Recipe with each: ▍ marks a value still arriving, … one not begun.")
    print()
}

/// Checks the streamed recipe against a load of the whole answer, and says what streaming did.
private func report(_ recipe: Recipe, screen: StreamScreen, pieceCount: Int) throws {
    let whole = try Recipe(json: recordedAnswer)
    print(
        "Observation: \(screen.notifiedPieces) of \(pieceCount) pieces changed something that the drawing reads,"
            + " and notified it; the other \(pieceCount - screen.notifiedPieces) did not.")
    print("Changes recorded while streaming: \(recipe.hasAnyChanges ? "some" : "none").")
    guard recipe == whole, try recipe.jsonData() == whole.jsonData() else {
        throw DemoFailure("the streamed recipe differs from Recipe(json:) of the whole answer")
    }
    print("The streamed recipe equals Recipe(json: wholeText): true.")
}

/// Cuts an answer into pieces of 4 to 12 bytes, the same pieces on every run.
enum StreamPieces {
    static func split(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var generator = SplitMix64(seed: 2026)
        var pieces: [ArraySlice<UInt8>] = []
        var start = 0
        while start < bytes.count {
            let end = min(start + Int.random(in: 4...12, using: &generator), bytes.count)
            pieces.append(bytes[start..<end])
            start = end
        }
        return pieces
    }
}

/// A seeded generator, so that the demo cuts the answer the same way each time.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
