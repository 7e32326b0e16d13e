import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// Snapshots inside a `Codable` type.
private struct Payload: Codable, Equatable {
    var note: ModelSnapshot<Note>
    var shapes: [ModelSnapshot<Shape>]
}

/// The same models, held as models: what the payload must encode like.
private struct ModelPayload: Encodable {
    var note: Note
    var shapes: [Shape]
}

private func makePayload() throws -> (Payload, ModelPayload) {
    let note = Note()
    note.text = "Trip"
    note.tags = ["travel"]
    note[extra: "color"] = "blue"
    let circle = Circle()
    circle.radius = 4
    let square = Square()
    square.name = "box"
    let shapes: [Shape] = [circle, square]
    return (
        Payload(note: try note.snapshot(), shapes: try shapes.map { try ModelSnapshot($0) }),
        ModelPayload(note: note, shapes: shapes)
    )
}

@Suite struct ModelSnapshotCodingTests {
    @Test func encodesAsItsModelDoes() throws {
        let (payload, models) = try makePayload()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(try encoder.encode(payload) == encoder.encode(models))
        #expect(try PropertyListEncoder().encode(payload) == PropertyListEncoder().encode(models))
    }

    @Test func decodesBackThroughJSONAndPropertyLists() throws {
        let (payload, _) = try makePayload()
        let fromJSON = try JSONDecoder().decode(Payload.self, from: JSONEncoder().encode(payload))
        #expect(fromJSON == payload)
        let fromPropertyList = try PropertyListDecoder().decode(
            Payload.self, from: PropertyListEncoder().encode(payload))
        #expect(fromPropertyList == payload)
        let shapes = try fromPropertyList.shapes.map { try $0.makeModel() }
        #expect((shapes.first as? Circle)?.radius == 4 && shapes.last is Square)
        #expect(try fromJSON.note.makeModel()[extra: "color"] as? String == "blue")
    }

    @Test func decodesTheClassThatTheDataNames() throws {
        let json = #"{"representedClassName": "Circle", "radius": 2}"#
        let snapshot = try JSONDecoder().decode(ModelSnapshot<Shape>.self, from: Data(json.utf8))
        let circle = Circle()
        circle.radius = 2
        #expect(snapshot == (try ModelSnapshot<Shape>(circle)))
    }

    @Test func decodesStrictlyWithTheCodingPath() throws {
        let json = #"{"note": {"text": "x", "number": "many"}, "shapes": []}"#
        #expect {
            try JSONDecoder().decode(Payload.self, from: Data(json.utf8))
        } throws: { error in
            guard case .typeMismatch(_, let context) = error as? DecodingError else { return false }
            return context.codingPath.map(\.stringValue) == ["note", "number"]
        }
    }

    /// A model that keeps a value a lenient load skipped encodes it as it was found, and a
    /// strict decoding stops at it, as it does for the model itself.
    @Test func skippedValuesEncodeAsFoundAndFailStrictDecoding() throws {
        let note = try Note(json: #"{"representedClassName": "Demo", "number": "many"}"#, options: .lenient)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let encoded = try encoder.encode(note.snapshot())
        #expect(try encoder.encode(note) == encoded)
        #expect(String(decoding: encoded, as: UTF8.self).contains(#""number":"many""#))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ModelSnapshot<Note>.self, from: encoded)
        }
    }
}
