import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// A subclass that no registry knows by name: only its class, which the snapshot keeps,
/// makes it again.
private final class Ellipse: Shape {
    @Saved var ratio = 2.0

    override class var modelName: String { "UnregisteredEllipse" }
}

/// A note with nested objects and values of several kinds, and a change.
private func makeNote() -> Note {
    let note = Note()
    note.text = "Shopping"
    note.tags = ["home", "ünïcödé"]
    note.createdAt = Date(timeIntervalSince1970: 1_700_000_000.25)
    let child = Note()
    child.number = -7
    note.children = [child, Note()]
    note.attachment = child
    note.clearChanges()
    note.number = 42
    return note
}

/// The sorted JSON of a model, to compare models byte for byte.
private func sortedJSON(_ model: ModelObject) throws -> Data {
    try model.jsonData(options: .sortedKeys)
}

@Suite struct ModelSnapshotTests {
    @Test func makesAnEqualModelWithoutChanges() throws {
        let note = makeNote()
        #expect(note.hasChanges)
        let snapshot: ModelSnapshot<Note> = try note.snapshot()
        let made = try snapshot.makeModel()
        #expect(made !== note)
        #expect(made == note)
        #expect(try sortedJSON(made) == sortedJSON(note))
        #expect(made.number == 42 && made.children.count == 2 && made.attachment?.number == -7)
        #expect(!made.hasAnyChanges)
        #expect(made.loadIssues.isEmpty)
        #expect(try ModelSnapshot(note) == snapshot)
    }

    @Test func keepsUnknownValuesKeptClassNamesAndSkippedValues() throws {
        let json = """
            {
              "version": 1,
              "representedClassName": "Drawing",
              "shapes": [
                {"representedClassName": "Circle", "name": "round", "radius": 2.5},
                {"representedClassName": "Hexagon", "name": "six", "sides": 6}
              ],
              "main": {"representedClassName": "Square", "name": "box", "side": "wide"},
              "named": {"a": {"representedClassName": "Circle", "radius": "big"}},
              "layer": {"depth": [1, 2.5, "three"], "visible": true}
            }
            """
        let drawing = try Drawing(json: json, options: .lenient)
        #expect(drawing.loadIssues.count == 3, "Hexagon, main.side and named.a.radius")
        let made = try ModelSnapshot(drawing).makeModel()
        #expect(made == drawing)
        #expect(try sortedJSON(made) == sortedJSON(drawing))
        #expect(made.loadIssues.map(\.description).sorted() == drawing.loadIssues.map(\.description).sorted())
        #expect(made.shapes.first is Circle && type(of: made.shapes[1]) == Shape.self)
        #expect(made.shapes[1].unknownValues["sides"] as? Int == 6)
        #expect(try made.shapes[1].dictionary["representedClassName"] as? String == "Hexagon")
        #expect(try made.main?.dictionary["side"] as? String == "wide")
        #expect((made.unknownValues["layer"] as? [String: Any])?["visible"] as? Bool == true)
        #expect(!made.hasAnyChanges)
    }

    @Test func keepsAClassNameThatDidNotResolveAtTheTop() throws {
        let json = #"{"version": 1, "representedClassName": "Hexagon", "name": "six"}"#
        let shape = try Shape.make(json: json, options: .lenient)
        #expect(type(of: shape) == Shape.self)
        let made = try shape.snapshot().makeModel()
        #expect(type(of: made) == Shape.self && made == shape)
        #expect(try made.dictionary["representedClassName"] as? String == "Hexagon")
        #expect(made.name == "six")
    }

    @Test func keepsTheVersionOfNewerData() throws {
        let note = try Note(json: #"{"version": 7, "representedClassName": "Demo", "text": "from the future"}"#)
        let made = try note.snapshot().makeModel()
        #expect(try made.dictionary["version"] as? Int == 7)
        #expect(try sortedJSON(made) == sortedJSON(note))
    }

    @Test func makesTheSubclassThatItWasTakenOf() throws {
        let circle = Circle()
        circle.radius = 3
        let shape: Shape = circle
        let snapshot = try ModelSnapshot(shape)
        let made = try snapshot.makeModel()
        #expect((made as? Circle)?.radius == 3)

        let ellipse = Ellipse()
        ellipse.ratio = 0.5
        let madeEllipse = try ModelSnapshot<Shape>(ellipse).makeModel()
        #expect((madeEllipse as? Ellipse)?.ratio == 0.5)
        #expect(try sortedJSON(madeEllipse) == sortedJSON(ellipse))

        let drawing = Drawing()
        drawing.shapes = [circle, ellipse]
        let madeDrawing = try drawing.snapshot().makeModel()
        #expect(madeDrawing.shapes.first is Circle)
        #expect(madeDrawing == drawing)
    }

    @Test func makesNewModelsEachTime() throws {
        let snapshot = try makeNote().snapshot()
        let models = try (0..<5).map { _ in try snapshot.makeModel() }
        for (index, model) in models.enumerated() {
            #expect(model == models[0])
            for other in models[..<index] {
                #expect(model !== other)
                #expect(model.children[0] !== other.children[0])
            }
        }
        models[0].text = "changed"
        models[0].children[0].number = 0
        #expect(models[1].text == "Shopping" && models[1].children[0].number == -7)
        #expect(try snapshot.makeModel().text == "Shopping")
    }

    @Test func equalSavedFormsAreEqualSnapshots() throws {
        let note = makeNote()
        let copy = note.copy()
        #expect(try note.snapshot() == copy.snapshot())
        #expect(try note.snapshot().hashValue == copy.snapshot().hashValue)
        copy.children[0].tags = ["other"]
        #expect(try note.snapshot() != copy.snapshot())
        let set: Set = [try note.snapshot(), try note.copy().snapshot(), try copy.snapshot()]
        #expect(set.count == 2)

        // The same JSON, but of another class: not the same saved form.
        let shape = Shape()
        let circle = Circle()
        #expect(try ModelSnapshot<Shape>(shape) != ModelSnapshot<Shape>(circle))
    }

    @Test func throwsForAModelThatCannotBeWritten() throws {
        let circle = Circle()
        circle.radius = .nan
        let error = try #require(modelError { _ = try circle.snapshot() })
        #expect(error.keyPath.description == "radius")
        guard case .unencodableNumber = error.reason else {
            Issue.record("expected an unencodable number, got \(error)")
            return
        }
        let note = Note()
        note.children = [Note()]
        note.children[0].attachment = note
        let cycle = try #require(modelError { _ = try ModelSnapshot(note) })
        guard case .cycle = cycle.reason else {
            Issue.record("expected a cycle, got \(cycle)")
            return
        }
    }
}
