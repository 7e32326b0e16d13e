import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Graphs built in code can be as deep as memory allows. Walks that visit every object (copy,
// equality, change tracking, enumeration, release) keep their own lists and never overflow
// the stack; walks that write (the dictionary form, JSON, Codable, archiving) throw
// `nestingTooDeep` instead. Each runs on the test's thread and on a thread with the 512 KiB
// stack that Apple's platforms give secondary threads.

/// Archived with `NSKeyedArchiver`, so top-level and not private.
final class DeepLink: ModelObject {
    @Saved var title = ""
    @Saved var next: DeepLink? = nil
    @Saved var tags: [String] = []
}

private final class DeepBranch: ModelObject {
    @Saved var name = ""
    @Saved var children: [DeepBranch] = []
    @Saved var members: Set<DeepBranch> = []
}

/// Where a deep case runs.
enum DeepGraphThread: String, CaseIterable, CustomStringConvertible {
    /// The test's own thread, with the 8 MiB stack of a main thread.
    case testThread
    /// A new thread with a stack of 512 KiB, the default for secondary threads on Apple's
    /// platforms.
    case smallStack

    var description: String { rawValue }

    /// The length of chains for walks that take little time for each object: the 100,000
    /// links of the reported crashes, and fewer on the small stack, which any recursion
    /// would overflow after a few hundred.
    var deepChainLength: Int { self == .testThread ? 100_000 : 20_000 }

    /// Runs `body` on this thread and returns what it returns.
    func run<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
        guard self == .smallStack else { return body() }
        let outcome = Outcome<Result>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            outcome.value = body()
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        guard let value = outcome.value else { preconditionFailure("the thread ended without a result") }
        return value
    }
}

/// The result of a body run on another thread; the semaphore orders the write before the read.
private final class Outcome<Value>: @unchecked Sendable {
    var value: Value?
}

/// A chain of `count` links, each titled with its position.
private func makeChain(_ count: Int) -> (first: DeepLink, last: DeepLink) {
    let first = DeepLink()
    var last = first
    for index in 1..<count {
        let next = DeepLink()
        next.title = "\(index)"
        last.next = next
        last = next
    }
    first.clearChanges()
    return (first, last)
}

@Suite struct DeepGraphTests {
    @Test(arguments: DeepGraphThread.allCases)
    func changeTrackingAndEnumerationOfDeepChainsNeedNoStack(on thread: DeepGraphThread) {
        let problems = thread.run { () -> [String] in
            var problems: [String] = []
            let depth = thread.deepChainLength
            let (first, last) = makeChain(depth)
            var count = 0
            first.enumerateObjects { _, _ in count += 1 }
            if count != depth { problems.append("enumerated \(count) objects") }
            if first.hasAnyChanges { problems.append("a new chain has changes") }
            last.tags = ["changed"]
            if !first.hasAnyChanges { problems.append("a change at the end is not found") }
            first.revertChanges()
            if last.tags != [] || first.hasAnyChanges { problems.append("the change is not reverted") }
            last.tags = ["changed"]
            first.clearChanges()
            if first.hasAnyChanges || last.tags != ["changed"] { problems.append("the changes are not cleared") }
            if !first.description.contains("DeepLink(…)") { problems.append("the description is not cut") }
            return problems
        }
        #expect(problems == [])
    }

    @Test(arguments: DeepGraphThread.allCases)
    func copyAndEqualityOfDeepChainsNeedNoStack(on thread: DeepGraphThread) {
        let problems = thread.run { () -> [String] in
            var problems: [String] = []
            let (first, last) = makeChain(20_000)
            let copy = first.copy()
            if copy != first { problems.append("the copy differs") }
            if copy.hash != first.hash { problems.append("the copy hashes differently") }
            var count = 0
            copy.enumerateObjects { _, _ in count += 1 }
            if count != 20_000 { problems.append("the copy has \(count) objects") }
            last.tags = ["changed"]
            if copy == first { problems.append("a change at the end does not count for equality") }
            return problems
        }
        #expect(problems == [])
    }

    @Test(arguments: DeepGraphThread.allCases)
    func releasingADeepChainNeedsNoStack(on thread: DeepGraphThread) {
        let released = thread.run { () -> Bool in
            weak var last: DeepLink?
            do {
                last = makeChain(thread.deepChainLength).last
            }
            return last == nil
        }
        #expect(released, "every link is deallocated")
    }

    @Test(arguments: DeepGraphThread.allCases)
    func writersThrowForDeepChains(on thread: DeepGraphThread) {
        let reasons = thread.run { () -> [String] in
            let (first, _) = makeChain(2_000)
            let writers: [(ModelObject) throws -> Void] = [
                { _ = try $0.dictionary },
                { _ = try $0.jsonData() },
                { _ = try $0.jsonData(options: [.compact, .sortedKeys]) },
                { _ = try $0.jsonData(options: .foundationWriter) },
                { _ = try JSONEncoder().encode($0) },
                { _ = try PropertyListEncoder().encode($0) },
                { _ = try NSKeyedArchiver.archivedData(withRootObject: $0, requiringSecureCoding: true) },
            ]
            return writers.map { write in
                do {
                    try write(first)
                    return "no error"
                } catch {
                    return Self.reason(of: error)
                }
            }
        }
        #expect(reasons.dropLast().allSatisfy { $0 == "nestingTooDeep" }, "\(reasons)")
        #expect(reasons.last == "no error", "archiving cannot fail; unarchiving reports the error")
    }

    @Test(arguments: DeepGraphThread.allCases)
    func modelsThatHoldThemselvesAsUnknownValuesThrowWhenEncoded(on thread: DeepGraphThread) {
        let reason = thread.run { () -> String in
            let link = DeepLink()
            link[extra: "self"] = link
            defer { link[extra: "self"] = nil }
            do {
                _ = try JSONEncoder().encode(link)
                return "no error"
            } catch {
                return Self.reason(of: error)
            }
        }
        #expect(reason == "nestingTooDeep")
    }

    @Test func cyclicGraphsEqualTheirCopies() {
        let ring = DeepLink()
        ring.title = "ring"
        ring.next = DeepLink()
        ring.next?.next = ring
        let copy = ring.copy()
        #expect(copy == ring)
        #expect(copy.hash == ring.hash)
        copy.next?.tags = ["different"]
        #expect(copy != ring)
        // Equality compares what can be reached in step, not the shape of the objects: a loop
        // of one object equals a loop of two with the same values.
        let loop = DeepLink()
        loop.next = loop
        let pair = DeepLink()
        pair.next = DeepLink()
        pair.next?.next = pair
        #expect(loop == pair)
        pair.next?.title = "other"
        #expect(loop != pair)
    }

    @Test func longCyclesEqualTheirCopies() {
        let (first, last) = makeChain(1_000)
        last.next = first
        let copy = first.copy()
        #expect(copy == first)
        var link = copy
        for _ in 0..<500 { link = link.next ?? link }
        link.title = "changed"
        #expect(copy != first)
        last.next = nil
    }

    @Test func sharedObjectsAreComparedOnce() {
        // Each level holds the one below twice: comparing every path would take 2^60 steps.
        var top = DeepBranch()
        for _ in 0..<60 {
            let level = DeepBranch()
            level.children = [top, top]
            top = level
        }
        let copy = top.copy()
        #expect(copy.children[0] === copy.children[1], "shared objects stay shared")
        #expect(copy == top)
        var bottom = copy
        while let next = bottom.children.first { bottom = next }
        bottom.name = "changed"
        #expect(copy != top)
    }

    @Test func setsOfModelObjectsCopyAndCompareByTheirWholeValues() {
        let tree = DeepBranch()
        let first = DeepBranch()
        first.children = [DeepBranch()]
        first.children[0].name = "a"
        let second = DeepBranch()
        second.children = [DeepBranch()]
        second.children[0].name = "b"
        tree.members = [first, second]
        #expect(tree.members.count == 2)
        let copy = tree.copy()
        #expect(copy.members.count == 2)
        #expect(copy == tree)
        let other = DeepBranch()
        other.members = [second.copy(), first.copy()]
        #expect(other == tree)
        other.members.first { $0.children[0].name == "a" }?.children[0].name = "c"
        #expect(other != tree)
    }

    private static func reason(of error: any Error) -> String {
        var underlying: (any Error)? = error
        while let encoding = underlying as? EncodingError, case .invalidValue(_, let context) = encoding {
            underlying = context.underlyingError
        }
        guard let modelError = underlying as? ModelError else { return "\(error)" }
        guard case .nestingTooDeep = modelError.reason else { return "\(modelError.reason)" }
        return "nestingTooDeep"
    }
}
