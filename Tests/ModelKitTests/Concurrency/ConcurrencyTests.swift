import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Classes that only `firstUseOfClassesFromManyThreadsAtOnce` uses, so that their metadata is
// created there, by many threads at once.

private class FirstUseBase: ModelObject {
    @Saved var name = ""
}

private final class FirstUse0: FirstUseBase {
    @Saved var number = 0
    @Saved var list: [Int] = [0]
}

private final class FirstUse1: FirstUseBase {
    @Saved var text = "1"
    @Saved var nested: FirstUse0? = nil
}

private final class FirstUse2: FirstUseBase {
    @Saved var flag = true
    @Saved var children: [FirstUseBase] = []
}

private final class FirstUse3: FirstUseBase {
    @Saved var date = Date(timeIntervalSince1970: 3)
    @Saved("custom_key") var custom = [String: Double]()

    override class var legacyModelNames: [String] { ["LegacyFirstUse3"] }
}

private final class FirstUse4: FirstUseBase {
    @Saved var number = 4
    @Saved var other = FirstUse5()
}

private final class FirstUse5: FirstUseBase {
    @Saved var text = "5"
    @Saved var list: [FirstUse6] = [FirstUse6()]
}

private final class FirstUse6: FirstUseBase {
    @Saved var flag = false
    @Saved var byName: [String: FirstUse7] = [:]
}

private final class FirstUse7: FirstUseBase {
    @Saved var date = Date(timeIntervalSince1970: 7)

    override class var modelName: String { "SeventhFirstUse" }
}

private final class FirstUse8: FirstUseBase {
    @Saved var number: Int64 = 8
    @Saved var uuid = UUID()
}

private final class FirstUse9: FirstUseBase {
    @Saved var text = "9"
    @Saved var data = Data([9])
}

private final class FirstUse10: FirstUseBase {
    @Saved var flag = true
    @Saved var shapes: [FirstUseBase] = [FirstUse11(), FirstUse9()]
}

private final class FirstUse11: FirstUseBase {
    @Saved var decimal: Decimal = 11

    override class var legacyModelNames: [String] { ["LegacyFirstUse11", "OlderFirstUse11"] }
}

private let firstUseClasses: [FirstUseBase.Type] = [
    FirstUse0.self, FirstUse1.self, FirstUse2.self, FirstUse3.self, FirstUse4.self, FirstUse5.self,
    FirstUse6.self, FirstUse7.self, FirstUse8.self, FirstUse9.self, FirstUse10.self, FirstUse11.self,
]

/// Problems found on other threads, gathered under a lock and recorded at the end.
private final class Problems: @unchecked Sendable {
    // Every access to `list` holds `lock`.
    private let lock = NSLock()
    private var list: [String] = []

    func add(_ problem: String) {
        lock.withLock { list.append(problem) }
    }

    func check(_ condition: Bool, _ problem: @autoclosure () -> String) {
        if !condition { add(problem()) }
    }

    var all: [String] {
        lock.withLock { list }
    }
}

/// Runs `body` on `count` threads of its own, released together, and waits for them all.
private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let start = DispatchGroup()
    start.enter()
    let done = DispatchGroup()
    for index in 0..<count {
        done.enter()
        let thread = Thread {
            start.wait()
            body(index)
            done.leave()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
    start.leave()
    done.wait()
}

/// A JSON document for each writer, shared by every task as immutable bytes.
private let sharedDocuments: [Data] = {
    var generator = ModelGenerator(seed: 4242)
    let model = generator.node()
    return [WriteOptions(), .compact, .sortedKeys, .foundationWriter].compactMap { try? model.jsonData(options: $0) }
}()

@Suite struct ConcurrencyTests {
    // The first use of a class builds its metadata and registers it. Many threads use twelve
    // new classes at once, in different orders and in every way: the metadata must come out
    // the same everywhere, and a class must be registered as soon as any use of it returns.
    @Test func firstUseOfClassesFromManyThreadsAtOnce() throws {
        let problems = Problems()
        onThreads(8) { thread in
            let order = thread.isMultiple(of: 2) ? firstUseClasses : firstUseClasses.reversed()
            for (step, modelClass) in order.enumerated() {
                switch (thread + step) % 4 {
                case 0:
                    ModelObject.register(modelClass)
                case 1:
                    problems.check(modelClass.savedKeys.first == "name", "\(modelClass) lists no saved keys")
                case 2:
                    do {
                        problems.check(!(try modelClass.init().jsonData().isEmpty), "\(modelClass) wrote no JSON")
                    } catch {
                        problems.add("\(modelClass) could not be written on thread \(thread): \(error)")
                    }
                default:
                    do {
                        let object = modelClass.init()
                        try object.load(json: Data(#"{"name":"x"}"#.utf8))
                        problems.check(object.name == "x", "\(modelClass) did not load its name")
                    } catch {
                        problems.add("\(modelClass) could not be loaded on thread \(thread): \(error)")
                    }
                }
                // Whatever the first use was, data naming the class now creates it.
                let name = modelClass.modelName
                do {
                    let made = try FirstUseBase.make(json: #"{"representedClassName":"\#(name)","name":"made"}"#)
                    problems.check(type(of: made) == modelClass, "\(name) made a \(type(of: made))")
                    problems.check(made.name == "made", "\(name) lost its name")
                } catch {
                    problems.add("\(name) could not be made on thread \(thread): \(error)")
                }
            }
        }
        #expect(problems.all == [])
        #expect(FirstUse3.savedKeys == ["name", "date", "custom_key"])
        #expect(try FirstUseBase.make(json: #"{"representedClassName":"OlderFirstUse11"}"#) is FirstUse11)
    }

    @Test func loadWriteAndCopyGeneratedModelsFromManyTasks() async {
        let results = await withTaskGroup(of: [String].self) { group in
            for task in 0..<32 {
                group.addTask {
                    var problems: [String] = []
                    var generator = ModelGenerator(seed: UInt64(10_000 + task))
                    let model = generator.node(depth: 2)
                    for options in [WriteOptions(), .compact, .sortedKeys, .foundationWriter] {
                        do {
                            let loaded = try GeneratedNode(json: model.jsonData(options: options))
                            if loaded != model { problems.append("task \(task): JSON \(options.rawValue) differs") }
                        } catch {
                            problems.append("task \(task): \(error)")
                        }
                    }
                    let copy = model.copy()
                    if copy != model || copy.hash != model.hash { problems.append("task \(task): the copy differs") }
                    do {
                        let fromDictionary = try GeneratedNode(dictionary: model.dictionary)
                        if fromDictionary != model { problems.append("task \(task): the dictionary form differs") }
                    } catch {
                        problems.append("task \(task): \(error)")
                    }
                    if model.description.isEmpty { problems.append("task \(task): no description") }
                    return problems
                }
            }
            var all: [String] = []
            for await problems in group { all += problems }
            return all
        }
        #expect(results == [])
    }

    /// Every task loads the same bytes: what they share is immutable, and what loading
    /// touches in common (metadata, registry, caches) is guarded.
    @Test func loadTheSameDocumentsFromManyTasks() async throws {
        #expect(sharedDocuments.count == 4, "every writer wrote the shared model")
        let expected = try sharedDocuments.map { try GeneratedNode(json: $0).jsonData(options: .sortedKeys) }
        let matches = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<48 {
                group.addTask {
                    let index = task % sharedDocuments.count
                    guard let model = try? GeneratedNode.make(json: sharedDocuments[index]),
                        let json = try? model.jsonData(options: .sortedKeys)
                    else { return false }
                    return json == expected[index]
                }
            }
            var all: [Bool] = []
            for await match in group { all.append(match) }
            return all
        }
        #expect(matches.count == 48 && matches.allSatisfy { $0 })
    }

    /// Equality keeps its state per thread, and descriptions bound their depth with a counter
    /// per thread; deep and cyclic graphs compared and described on many threads at once each
    /// give the same answer.
    @Test func compareAndDescribeDeepGraphsOnManyThreads() {
        let problems = Problems()
        onThreads(6) { thread in
            let chain = GeneratedNode()
            var last = chain
            for _ in 0..<400 {
                let next = GeneratedNode()
                last.next = next
                last = next
            }
            let copy = chain.copy()
            let cyclic = GeneratedNode()
            cyclic.children = [GeneratedNode()]
            cyclic.children[0].next = cyclic
            for _ in 0..<5 {
                problems.check(chain == copy, "thread \(thread): equal chains compare unequal")
                problems.check(cyclic == cyclic.copy(), "thread \(thread): a cycle compared unequal to its copy")
                problems.check(
                    !chain.description.isEmpty && !cyclic.description.isEmpty, "thread \(thread): no description")
                problems.check(chain.hash == copy.hash, "thread \(thread): equal chains hash differently")
            }
        }
        #expect(problems.all == [])
    }
}
