import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

private final class Tree: ModelObject {
    @Saved var children: [Tree] = []
    @Saved var child: Tree? = nil
    @Saved var byName: [String: Tree] = [:]
    @Saved var label = Leaf()
}

private final class Leaf: ModelObject {
    @Saved var name = ""
}

/// A tree whose saved data is older than the class, so that loading it migrates each level.
private final class OldTree: ModelObject {
    @Saved var children: [OldTree] = []
    @Saved var child: OldTree? = nil

    override class var modelVersion: Int { 2 }

    override class func migrate(_ dictionary: inout [String: Any], from version: Int) throws {}
}

/// Documents nested as deeply as the reader accepts load on the stack of a secondary thread
/// on Apple platforms, 512 KiB.
///
/// Loading recurses once per nested model object, through frames kept small for it; values
/// under unknown keys are read with a stack of their own. Release builds load every depth
/// the reader accepts: run `swift test -c release -Xswiftc -enable-testing --filter
/// DeepNestingTests`. Debug builds, whose frames are about four times as large, load a
/// quarter of that depth on the same stack.
@Suite struct DeepNestingTests {
    static let stackSize = 512 * 1024

    #if DEBUG
        static let depth = JSONReader.maximumDepth / 4
    #else
        static let depth = JSONReader.maximumDepth
    #endif

    /// Documents whose arrays and objects nest `depth` levels, each `[` or `{` one level, and
    /// the number of model objects on their deepest path.
    static func documents(depth: Int) -> [(name: String, json: String, objects: Int)] {
        var children = #"{"children":[]}"#
        for _ in 0..<(depth / 2 - 1) { children = #"{"children":["# + children + "]}" }
        var optionals = "{}"
        for _ in 0..<(depth - 1) { optionals = #"{"child":"# + optionals + "}" }
        var dictionaries = "{}"
        for _ in 0..<(depth / 2 - 1) { dictionaries = #"{"byName":{"k":"# + dictionaries + "}}" }
        // An optional object (one level) and an array of objects (two) in turn, down to a leaf.
        var mixed = #"{"label":{"name":"deepest"}}"#
        var (mixedLevels, mixedObjects) = (2, 1)
        while mixedLevels + (mixedObjects.isMultiple(of: 2) ? 1 : 2) <= depth {
            let isOptional = mixedObjects.isMultiple(of: 2)
            mixed = isOptional ? #"{"child":"# + mixed + "}" : #"{"children":["# + mixed + "]}"
            (mixedLevels, mixedObjects) = (mixedLevels + (isOptional ? 1 : 2), mixedObjects + 1)
        }
        let arrays =
            #"{"extra":"# + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1)
            + "}"
        let objects =
            #"{"extra":"# + String(repeating: #"{"a":"#, count: depth - 2) + "{}"
            + String(repeating: "}", count: depth - 1)
        return [
            ("arrays of model objects", children, depth / 2),
            ("optional model objects", optionals, depth),
            ("dictionaries of model objects", dictionaries, depth / 2),
            ("model objects and arrays", mixed, mixedObjects),
            ("arrays under an unknown key", arrays, 1),
            ("objects under an unknown key", objects, 1),
        ]
    }

    @Test func deepestDocumentsLoadOnASecondaryThread() {
        for document in Self.documents(depth: Self.depth) {
            let outcome = onThread(stackSize: Self.stackSize) { () -> String in
                do {
                    let strict = try Tree(json: document.json)
                    let lenient = try Tree.make(json: document.json, options: .lenient)
                    return "\(Self.deepestObject(in: strict)) \(Self.deepestObject(in: lenient))"
                } catch {
                    return "\(error)"
                }
            }
            #expect(outcome == "\(document.objects) \(document.objects)", "\(document.name)")
        }
    }

    /// The ways of loading that go through the dictionary form need more stack for each
    /// level than the reader: on a small stack they stop with an error before it runs out.
    @Test func theDictionaryFormLoadsOrThrowsOnASecondaryThread() {
        let loads: [(name: String, load: @Sendable (String) throws -> Void)] = [
            (
                "init(dictionary:)",
                { json in
                    let dictionary = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
                    _ = try Tree(dictionary: dictionary)
                }
            ),
            ("foundationReader", { json in _ = try Tree(json: json, options: .foundationReader) }),
            ("migration", { json in _ = try OldTree(json: json) }),
        ]
        let documents = Self.documents(depth: JSONReader.maximumDepth).filter { $0.objects > 1 }
        for document in documents {
            for way in loads {
                let outcome = onThread(stackSize: Self.stackSize) { () -> String in
                    do {
                        try way.load(document.json)
                        return "loaded"
                    } catch let error as ModelError {
                        guard case .nestingTooDeep = error.reason else { return "\(error)" }
                        return "loaded"
                    } catch {
                        return "\(error)"
                    }
                }
                #expect(outcome == "loaded", "\(document.name), \(way.name)")
            }
        }
    }

    @Test func oneLevelMoreThrows() throws {
        for document in Self.documents(depth: JSONReader.maximumDepth + 1) where document.objects < 2 {
            let error = try #require(throws: ModelError.self) { try Tree(json: document.json) }
            guard case .syntaxError(let detail, _, _) = error.reason else {
                Issue.record("\(document.name): \(error)")
                continue
            }
            #expect(detail == "arrays and objects are nested more than 512 levels deep", "\(document.name)")
        }
    }

    /// The number of model objects on the deepest path from `tree`.
    private static func deepestObject(in tree: Tree) -> Int {
        var deepest = 1
        var level: [(Tree, Int)] = [(tree, 1)]
        while let (node, depth) = level.popLast() {
            deepest = max(deepest, depth)
            let next = node.children + node.byName.values + (node.child.map { [$0] } ?? [])
            level += next.map { ($0, depth + 1) }
        }
        return deepest
    }

    /// Runs `body` on a new thread with a stack of `stackSize` bytes and waits for its result.
    private func onThread(stackSize: Int, _ body: @escaping @Sendable () -> String) -> String {
        let result = ThreadResult()
        let thread = Thread {
            result.set(body())
        }
        thread.stackSize = stackSize
        thread.start()
        return result.wait()
    }
}

/// The result of a thread, handed over under a lock and a semaphore.
private final class ThreadResult: @unchecked Sendable {
    // `value` is written by the thread and read after `done` signals, both under `lock`.
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var value = ""

    func set(_ newValue: String) {
        lock.withLock { value = newValue }
        done.signal()
    }

    func wait() -> String {
        done.wait()
        return lock.withLock { value }
    }
}
