import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Graphs that cannot be written as JSON: cycles, model objects nested more deeply than the
// limit, and arrays and objects nested more deeply than JSONSerialization reads.

private final class GraphLeaf: ModelObject {
    @Saved var tags: [String] = []
}

private final class GraphNode: ModelObject {
    @Saved var title = ""
    @Saved var leaf = GraphLeaf()
    @Saved var leavesByName: [String: GraphLeaf] = [:]
    @Saved var child: GraphNode? = nil
    @Saved var children: [GraphNode] = []
}

private final class Chain: ModelObject {
    @Saved var next: Chain? = nil
}

private final class Tree: ModelObject {
    @Saved var children: [Tree] = []
}

extension BadInputTests {
    @Test func cyclesThrowWithTheirKeyPathFromEveryWriter() throws {
        let root = GraphNode()
        let middle = GraphNode()
        root.children = [GraphNode(), middle]
        middle.leavesByName = ["k": GraphLeaf()]
        middle.child = root
        let selfish = GraphNode()
        selfish.child = selfish
        for write in writers {
            let error = try #require(modelError { try write(root) })
            #expect(error.reason == .cycle("GraphNode"))
            #expect(error.keyPath.description == "children[1].child")
            let selfError = try #require(modelError { try write(selfish) })
            #expect(selfError.reason == .cycle("GraphNode"))
            #expect(selfError.keyPath.description == "child")
        }
    }

    @Test func cyclicGraphsDescribeCopyCompareAndWalkWithoutTrapping() {
        let root = GraphNode()
        root.child = GraphNode()
        root.child?.children = [root]
        root.clearChanges()
        let copy = root.copy()
        #expect(copy.child?.children.first === copy, "the copy keeps the cycle")
        #expect(!root.description.isEmpty)
        #expect(root == copy, "a cyclic graph equals its copy")
        let different = root.copy()
        different.child?.child = GraphNode()
        #expect(root != different, "a difference behind the cycle counts")
        #expect(root.hash == copy.hash, "the hash leaves nested objects out")
        var count = 0
        root.enumerateObjects { _, _ in count += 1 }
        #expect(count == 4)
        #expect(!root.hasAnyChanges)
        root.revertChanges()
    }

    @Test func graphsDeeperThanTheLimitThrowFromEveryWriter() throws {
        let root = Chain()
        var last = root
        for _ in 0..<600 {
            let next = Chain()
            last.next = next
            last = next
        }
        for write in writers {
            let error = try #require(modelError { try write(root) })
            #expect(error.reason == .nestingTooDeep(limit: 512))
            #expect(error.keyPath.components == Array(repeating: .key("next"), count: 512))
        }
        // The model limit counts every model object on the way down, and the limit of JSON
        // every array and object, empty ones included: here the tags of the last leaf.
        let branch = GraphNode()
        var lastBranch = branch
        for _ in 0..<511 {
            let next = GraphNode()
            lastBranch.child = next
            lastBranch = next
        }
        let error = try #require(modelError { _ = try branch.jsonData() })
        #expect(error.keyPath.components == Array(repeating: .key("child"), count: 510) + [.key("leaf"), .key("tags")])
    }

    @Test func graphsAsDeepAsTheLimitWriteAndReadBack() throws {
        let root = GraphNode()
        var last = root
        for _ in 0..<500 {
            let next = GraphNode()
            last.child = next
            last = next
        }
        #expect(try GraphNode(dictionary: root.dictionary) == root)
        #expect(try GraphNode(json: root.jsonData(options: .sortedKeys)) == root)
        #expect(try GraphNode(json: root.jsonData(options: .compact)) == root)
    }

    // `JSONSerialization` reads no more than 512 arrays and objects inside one another. A
    // graph that needs more, here 300 models each inside an array, is refused when written
    // as JSON, instead of written as JSON that could never be read back.
    @Test func jsonNestedDeeperThanReadersAcceptIsNotWritten() throws {
        let root = Tree()
        var last = root
        for _ in 0..<300 {
            let next = Tree()
            last.children = [next]
            last = next
        }
        for options in [WriteOptions(), .compact, .sortedKeys, .foundationWriter] {
            let error = try #require(modelError { _ = try root.jsonData(options: options) })
            #expect(error.reason == .nestingTooDeep(limit: 512))
            let levels = Array(repeating: [ModelKeyPath.Component.key("children"), .index(0)], count: 256)
            #expect(error.keyPath.components == levels.flatMap { $0 })
        }
        let copy = try Tree(dictionary: root.dictionary)
        #expect(copy == root, "the dictionary form has no such limit")
    }

    /// Values kept under unknown keys are written as they are; from a dictionary they can be
    /// nested without end, so writing them is bounded by the same limit.
    @Test func deeplyNestedUnknownValuesThrowOnWriteAndCompareWithoutTrapping() throws {
        // Deep enough to overflow a test thread's stack through unbounded recursion, and shallow
        // enough for Swift to release the nested arrays, which it does recursively.
        var deep: Any = "bottom"
        for _ in 0..<1500 {
            deep = [deep]
        }
        let branch = try GraphNode(dictionary: ["extra": deep])
        for write in writers.dropLast() {
            let error = try #require(modelError { try write(branch) })
            #expect(error.reason == .nestingTooDeep(limit: 512))
            #expect(error.keyPath.components.first == .key("extra"))
        }
        #expect(try branch.dictionary["extra"] is [Any])
        #expect(branch == branch.copy(), "unknown values of any depth compare without trapping")
    }

    private var writers: [(ModelObject) throws -> Void] {
        [
            { _ = try $0.jsonData() },
            { _ = try $0.jsonData(options: [.compact, .sortedKeys]) },
            { _ = try $0.jsonData(options: .foundationWriter) },
            {
                try $0.save(
                    to: FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-never-\(UUID()).json"))
            },
            { _ = try $0.dictionary },
        ]
    }
}
