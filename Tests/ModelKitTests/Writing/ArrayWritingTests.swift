import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

private final class Crate: ModelObject {
    @Saved var label = ""
    @Saved var weight = 0.0
    @Saved var parts: [Shape] = []
}

@Suite struct ArrayWritingTests {
    /// A circle, a plain shape and a square, with values of their own.
    private static func shapes() -> [Shape] {
        let circle = Circle()
        circle.name = "round"
        circle.radius = 2.5
        let square = Square()
        square.name = "a/b"
        square.side = 3
        return [circle, Shape(), square]
    }

    /// `text` with each line but the blank ones indented by two spaces, as one level of
    /// nesting indents it.
    private static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }
            .joined(separator: "\n")
    }

    @Test func writesAPrettyPrintedArrayOfEachElementsOwnJSON() throws {
        let shapes = Self.shapes()
        let expected = try "[\n" + shapes.map { Self.indented(try $0.jsonString()) }.joined(separator: ",\n") + "\n]"
        #expect(try shapes.jsonString() == expected)
        #expect(try shapes.jsonData() == Data(expected.utf8))
        let one = try [Shape()].jsonString()
        #expect(
            one == """
                [
                  {
                    "version" : 1,
                    "representedClassName" : "Shape",
                    "name" : "shape"
                  }
                ]
                """)
    }

    @Test(arguments: [WriteOptions.compact, [.compact, .sortedKeys], [.compact, .withoutEscapingSlashes]])
    func writesCompactElementsAsTheyWriteThemselves(options: WriteOptions) throws {
        let shapes = Self.shapes()
        let expected = try "[" + shapes.map { try $0.jsonString(options: options) }.joined(separator: ",") + "]"
        #expect(try shapes.jsonString(options: options) == expected)
    }

    @Test func sortsTheKeysOfEveryElement() throws {
        let json = try Self.shapes().prefix(1).map { $0 }.jsonString(options: [.compact, .sortedKeys])
        #expect(json == #"[{"name":"round","radius":2.5,"representedClassName":"Circle","version":1}]"#)
        let pretty = try Self.shapes().jsonString(options: .sortedKeys)
        let expected =
            try "[\n"
            + Self.shapes().map { Self.indented(try $0.jsonString(options: .sortedKeys)) }.joined(separator: ",\n")
            + "\n]"
        #expect(pretty == expected)
    }

    @Test func writesNestedArraysOfAnElementOneLevelDeeper() throws {
        let crate = Crate()
        crate.label = "box"
        crate.parts = Self.shapes()
        let crates = [crate, Crate()]
        let expected = try "[\n" + crates.map { Self.indented(try $0.jsonString()) }.joined(separator: ",\n") + "\n]"
        #expect(try crates.jsonString() == expected)
        #expect(try [Crate](json: crates.jsonData()) == crates)
    }

    @Test func writesAnEmptyArray() throws {
        let empty: [Shape] = []
        #expect(try empty.jsonString(options: .compact) == "[]")
        #expect(try empty.jsonString() == "[\n\n]")
        #expect(try [Shape](json: empty.jsonData()).isEmpty)
    }

    @Test(arguments: [WriteOptions(), .compact, .sortedKeys, .foundationWriter, [.foundationWriter, .compact]])
    func roundTripsWithEachElementsClass(options: WriteOptions) throws {
        let shapes = Self.shapes()
        let data = try shapes.jsonData(options: options)
        for reader in [LoadOptions(), .foundationReader] {
            let loaded = try [Shape](json: data, options: reader)
            #expect(loaded == shapes)
            #expect(loaded.map { ObjectIdentifier(type(of: $0)) } == shapes.map { ObjectIdentifier(type(of: $0)) })
            #expect(loaded.allSatisfy { !$0.hasChanges && $0.loadIssues.isEmpty })
        }
    }

    @Test(arguments: [WriteOptions(), .sortedKeys, .compact])
    func theFoundationWriterWritesTheSameArray(options: WriteOptions) throws {
        let shapes = Self.shapes()
        shapes[1][extra: "kept"] = ["a": [1, 2], "b": NSNull()] as [String: Any]
        let own = try JSONSerialization.jsonObject(with: shapes.jsonData(options: options)) as? NSArray
        let foundation =
            try JSONSerialization.jsonObject(with: shapes.jsonData(options: options.union(.foundationWriter)))
            as? NSArray
        #expect(own != nil)
        #expect(own == foundation)
        #expect(own?.count == 3)
    }

    @Test func theFoundationWriterChecksValuesAndNamesTheirIndex() throws {
        let shapes = Self.shapes()
        shapes[2][extra: "when"] = Date(timeIntervalSince1970: 0)
        // ModelKit's writer writes the date as text; `JSONSerialization` cannot write it.
        #expect(try shapes.jsonString(options: .compact).contains(#""when":"1970-01-01T00:00:00Z""#))
        let error = try #require(modelError { _ = try shapes.jsonData(options: .foundationWriter) })
        #expect(error.keyPath == ModelKeyPath([.index(2), .key("when")]))
    }

    @Test(arguments: [WriteOptions(), .foundationWriter])
    func anElementThatJSONCannotHoldIsAnErrorAtItsIndex(options: WriteOptions) throws {
        let shapes = Self.shapes()
        let circle = try #require(shapes[0] as? Circle)
        circle.radius = .infinity
        let error = try #require(modelError { _ = try shapes.jsonData(options: options) })
        #expect(error.keyPath == ModelKeyPath([.index(0), .key("radius")]))
        guard case .unencodableNumber = error.reason else {
            Issue.record("unexpected error \(error)")
            return
        }
    }

    @Test(arguments: [WriteOptions(), .foundationWriter])
    func aCycleIsAnErrorAtItsIndex(options: WriteOptions) throws {
        let note = Note()
        note.children = [note]
        let error = try #require(modelError { _ = try [Note(), note].jsonData(options: options) })
        #expect(error.keyPath.components.first == .index(1))
        guard case .cycle = error.reason else {
            Issue.record("unexpected error \(error)")
            return
        }
        note.children = []
    }

    @Test func theSameObjectTwiceIsNoCycle() throws {
        let shape = Shape()
        shape.name = "twice"
        let loaded = try [Shape](json: [shape, shape].jsonData())
        #expect(loaded.map(\.name) == ["twice", "twice"])
        #expect(loaded[0] !== loaded[1])
    }

    @Test func elementsNestedTooDeeplyAreAnErrorNotACrash() throws {
        // One level of the array and 512 of objects: one more than JSON readers accept.
        let root = Note()
        var deepest = root
        for _ in 0..<JSONReader.maximumDepth {
            let next = Note()
            deepest.attachment = next
            deepest = next
        }
        for options in [WriteOptions(), .foundationWriter] {
            let error = try #require(modelError { _ = try [root].jsonData(options: options) })
            guard case .nestingTooDeep = error.reason else {
                Issue.record("unexpected error \(error)")
                continue
            }
            #expect(error.keyPath.components.first == .index(0))
        }
    }
}
