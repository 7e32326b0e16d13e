import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

@Suite struct TypeTagTests {
    init() { registerTaggedShapes() }

    static let drawingJSON = #"""
        {"type": "drawing",
         "shapes": [{"type": "circle", "radius": 2}, {"type": "square", "side": 3, "name": "box"}, {"name": "plain"}],
         "named": {"sun": {"type": "circle", "radius": 9}},
         "main": {"radius": 4, "type": "circle"}}
        """#

    @Test func tagsPickTheSubclassesOfPropertiesArraysAndDictionaries() throws {
        let drawing = try loadThroughBothReaders(TaggedDrawing.self, Self.drawingJSON)
        #expect(
            drawing.shapes.map { String(describing: type(of: $0)) } == ["TaggedCircle", "TaggedSquare", "TaggedShape"])
        #expect((drawing.shapes[0] as? TaggedCircle)?.radius == 2)
        #expect((drawing.shapes[1] as? TaggedSquare)?.side == 3)
        #expect((drawing.named["sun"] as? TaggedCircle)?.radius == 9)
        #expect((drawing.main as? TaggedCircle)?.radius == 4)
        #expect(drawing.shapes[0].unknownValues.isEmpty)
    }

    @Test func theTagIsWrittenBack() throws {
        let drawing = try TaggedDrawing(json: Self.drawingJSON)
        let text = try drawing.jsonString(options: .compact)
        #expect(text.contains(#"{"type":"circle","name":"","radius":2}"#))
        #expect(text.hasPrefix(#"{"type":"drawing","#))
        let written = try writtenObject(Data(text.utf8))
        #expect((written["shapes"] as? [NSDictionary])?.map { $0["type"] as? String } == ["circle", "square", "shape"])
        #expect(try TaggedDrawing(json: text) == drawing)
        #expect(try writtenObject(JSONEncoder().encode(drawing)) == written)
        #expect(try JSONDecoder().decode(TaggedDrawing.self, from: Data(text.utf8)) == drawing)
        #expect(try ModelSnapshot(drawing).makeModel() == drawing)
    }

    @Test func makePicksTheTaggedSubclass() throws {
        for options: LoadOptions in [[], .foundationReader] {
            let shape = try TaggedShape.make(json: #"{"type": "square", "side": 5}"#, options: options)
            #expect((shape as? TaggedSquare)?.side == 5)
            let dictionaryShape = try TaggedShape.make(dictionary: ["type": "circle", "radius": 1.5], options: options)
            #expect((dictionaryShape as? TaggedCircle)?.radius == 1.5)
        }
    }

    @Test func topLevelArraysPickTheTaggedSubclasses() throws {
        let json = #"[{"type": "circle", "radius": 2}, {"type": "hexagon", "sides": 6}, {"type": "square"}]"#
        for options: LoadOptions in [[], .foundationReader] {
            let shapes = try [TaggedShape](json: json, options: options)
            #expect(shapes.map { String(describing: type(of: $0)) } == ["TaggedCircle", "TaggedShape", "TaggedSquare"])
            let written = try [TaggedShape](json: shapes.jsonData(options: .compact))
            #expect(written == shapes)
            #expect(try shapes.jsonString(options: .compact).hasPrefix(#"[{"type":"circle","name":"","radius":2}"#))
            let error = try #require(throws: ModelError.self) {
                try [TaggedShape](json: #"[{}, {"type": "note"}]"#, options: options)
            }
            #expect(error.keyPath.description == "[1].type")
        }
        let repositories = try [APIRepository](json: #"[{"id": 1, "stats": {"stars": 3}}, {"ID": 2}]"#)
        #expect(repositories.map(\.identifier) == [1, 2])
        #expect(repositories[0].stars == 3)
    }

    @Test func anUnknownTagLoadsAsTheDeclaredClassAndIsKept() throws {
        let json = #"{"shapes": [{"type": "hexagon", "sides": 6, "name": "hex"}]}"#
        let drawing = try loadThroughBothReaders(TaggedDrawing.self, json)
        let shape = try #require(drawing.shapes.first)
        #expect(type(of: shape) == TaggedShape.self)
        #expect(shape.name == "hex")
        #expect(shape.unknownValues["sides"] as? Int == 6)
        let written = try writtenObject(drawing.jsonData())
        #expect((written["shapes"] as? [NSDictionary])?.first == ["type": "hexagon", "sides": 6, "name": "hex"])
    }

    @Test func aTagOutsideTheDeclaredClassIsAnError() throws {
        for options: LoadOptions in [[], .foundationReader] {
            let error = try #require(throws: ModelError.self) {
                try TaggedDrawing(
                    json: #"{"shapes": [{"type": "circle"}, {"type": "note", "text": "x"}]}"#, options: options)
            }
            #expect(error.keyPath.description == "shapes[1].type")
            #expect(throws: ModelError.self) { try TaggedShape.make(json: #"{"type": "note"}"#, options: options) }
            #expect(throws: ModelError.self) { try TaggedShape.make(json: #"{"type": "hexagon"}"#, options: options) }
        }
    }

    @Test func mergePatchesFollowTheTags() throws {
        let drawing = try TaggedDrawing(json: Self.drawingJSON)
        let circle = try #require(drawing.main as? TaggedCircle)
        // A patch that names the object's own tag, or none, merges into it.
        try drawing.apply(mergePatch: ["main": ["type": "circle", "radius": 5]])
        #expect(drawing.main === circle && circle.radius == 5)
        // A patch that names another tag makes an object of that class.
        try drawing.apply(mergePatch: ["main": ["type": "square", "side": 2]])
        #expect((drawing.main as? TaggedSquare)?.side == 2)
        let patch = try drawing.mergePatch()
        let main = try #require(patch["main"] as? [String: Any])
        #expect(main["type"] as? String == "square")
        let original = try TaggedDrawing(json: Self.drawingJSON)
        try original.apply(mergePatch: patch)
        #expect(original == drawing)
    }

    @Test func theTagIsNotAnUnknownValueOrAProperty() throws {
        let circle = try TaggedCircle(json: #"{"type": "circle", "radius": 3}"#)
        #expect(circle.unknownValues.isEmpty)
        circle[extra: "type"] = "square"
        #expect(circle.unknownValues.isEmpty)
        #expect(try writtenObject(circle.jsonData()) == ["type": "circle", "name": "", "radius": 3])
    }
}
