import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// The encoders and decoders that models are tested with.
enum CodableFormat: String, CaseIterable, CustomStringConvertible {
    case json, binaryPropertyList, xmlPropertyList

    var description: String { rawValue }

    func encode<Value: Encodable>(_ value: Value) throws -> Data {
        switch self {
        case .json:
            return try JSONEncoder().encode(value)
        case .binaryPropertyList, .xmlPropertyList:
            let encoder = PropertyListEncoder()
            encoder.outputFormat = self == .xmlPropertyList ? .xml : .binary
            return try encoder.encode(value)
        }
    }

    func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        switch self {
        case .json: try JSONDecoder().decode(type, from: data)
        case .binaryPropertyList, .xmlPropertyList: try PropertyListDecoder().decode(type, from: data)
        }
    }

    func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
        try decode(Value.self, from: encode(value))
    }
}

// The models and helpers that the suite's files share.
extension CodableTests {
    final class CodedColor: ModelObject {
        @Saved var red = 0.0
        @Saved var green = 0.0
        @Saved var blue = 1.0
        @Saved var alpha = 1.0
    }

    enum CodedMood: String, SavedValue {
        case calm, busy
    }

    final class CodedNote: ModelObject {
        @Saved var text = "Foo"
        @Saved var number = 12345
        @Saved var ratio = 0.25
        @Saved var isDone = false
        @Saved var tags: [String] = []
        @Saved var note: String? = nil
        @Saved("created_at") var createdAt = Date(timeIntervalSince1970: 1_700_000_000.5)
        @Saved var payload = Data([0, 1, 2, 255])
        @Saved var link = URL(string: "https://example.com/a/b?c=d")
        @Saved var identifier = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        @Saved var mood = CodedMood.calm
        @Saved var scores: [String: Int] = [:]
        @Saved var gaps: [String?] = []
        @Saved var label = CodedColor()
        @Saved var children: [CodedNote] = []

        override class var modelVersion: Int { 2 }
    }

    class CodedShape: ModelObject {
        @Saved var name = ""
    }

    final class CodedCircle: CodedShape {
        @Saved var radius = 1.0
    }

    final class CodedSquare: CodedShape {
        @Saved var side = 2
    }

    final class CodedCanvas: ModelObject {
        @Saved var main = CodedShape()
        @Saved var shapes: [CodedShape] = []
    }

    final class CodedPrice: ModelObject {
        @Saved var amount = Decimal(0)
    }

    final class CodedSchedule: ModelObject {
        @Saved var label = ColorValue(red: 0, green: 0, blue: 1)
        @Saved var when = DateValue(date: Date(timeIntervalSince1970: 1_424_716_200.25))
        @Saved var interval = IntervalValue(amount: 5, units: .minute)
        @Saved var window = IntervalValue(firstAmount: 1, secondAmount: 3, units: .week)
        @Saved var never = DateValue(date: nil)
    }

    final class CodedLoop: ModelObject {
        @Saved var next: CodedLoop? = nil
    }

    /// A plain `Codable` struct holding model objects.
    struct Envelope: Codable, Equatable {
        var title: String
        var note: CodedNote
        var notes: [CodedNote]
        var extra: CodedNote?
    }

    /// Decodes whichever shape the data names, through `make(from:)`.
    struct AnyShape: Decodable {
        var shape: CodedShape

        init(from decoder: any Decoder) throws {
            shape = try CodedShape.make(from: decoder)
        }
    }

    func makeNote() -> CodedNote {
        let note = CodedNote()
        note.text = "Shopping \u{1F6D2} \"list\""
        note.number = -42
        note.ratio = 1e-7
        note.isDone = true
        note.tags = ["a", "b"]
        note.note = "a note"
        note.scores = ["one": 1, "zero": 0]
        note.gaps = ["x", nil, "z"]
        note.label.red = 0.5
        let child = CodedNote()
        child.text = "Child"
        child.isDone = false
        child.number = 1
        note.children = [child]
        note.clearChanges()
        return note
    }

    /// Compact JSON with sorted keys, for comparing with literal text.
    func sortedJSON<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    func codingPath(of error: DecodingError) -> [String]? {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            return context.codingPath.map(\.stringValue)
        @unknown default:
            return nil
        }
    }
}

@Suite struct CodableTests {
    @Test func encodesTheKeysAndValuesOfTheDictionaryForm() throws {
        let note = makeNote()
        let encoded = try jsonObject(String(decoding: JSONEncoder().encode(note), as: UTF8.self))
        let dictionary = try note.dictionary
        #expect(Set(encoded.keys) == Set(dictionary.keys))
        #expect(sameJSON(encoded, dictionary))
        #expect(encoded["created_at"] as? String == "2023-11-14T22:13:20.5Z")
        #expect(encoded["version"] as? Int == 2)
        #expect(encoded["representedClassName"] as? String == "CodedNote")
    }

    @Test func writesTheSameJSONAsTheModelsOwnWriter() throws {
        let note = makeNote()
        let fromEncoder = try jsonObject(String(decoding: JSONEncoder().encode(note), as: UTF8.self))
        let fromWriter = try jsonObject(note.jsonString())
        #expect(sameJSON(fromEncoder, fromWriter))
    }

    @Test(arguments: CodableFormat.allCases)
    func roundTrips(through coder: CodableFormat) throws {
        let note = makeNote()
        let decoded = try coder.roundTrip(note)
        #expect(decoded == note)
        #expect(decoded !== note)
        #expect(!decoded.hasAnyChanges)
        #expect(decoded.gaps == ["x", nil, "z"])
        #expect(decoded.children.first?.text == "Child")
        #expect(decoded.label.red == 0.5)
    }

    @Test func decodesJSONThatTheModelWrote() throws {
        let note = makeNote()
        let decoded = try JSONDecoder().decode(CodedNote.self, from: note.jsonData())
        #expect(decoded == note)
    }

    @Test func encodesLiteralJSON() throws {
        let circle = CodedCircle()
        circle.name = "dot"
        circle.radius = 0.5
        let expected = #"{"name":"dot","radius":0.5,"representedClassName":"CodedCircle","version":1}"#
        #expect(try sortedJSON(circle) == expected)
    }

    @Test func decodesLiteralJSON() throws {
        let json = #"{"version": 1, "representedClassName": "CodedCircle", "name": "ring", "radius": 3}"#
        let circle = try JSONDecoder().decode(CodedCircle.self, from: Data(json.utf8))
        #expect(circle.name == "ring")
        #expect(circle.radius == 3)
    }

    @Test(arguments: CodableFormat.allCases)
    func keepsBooleansAndNumbersApart(through coder: CodableFormat) throws {
        let json = #"{"isDone": true, "number": 1, "ratio": 0, "flag": false, "one": 1, "zero": 0, "half": 0.5}"#
        let note = try CodedNote(json: json)
        let decoded = try coder.roundTrip(note)
        let text = try sortedJSON(decoded)
        #expect(text.contains(#""flag":false"#))
        #expect(text.contains(#""one":1,"#))
        #expect(text.contains(#""zero":0}"#))
        #expect(text.contains(#""half":0.5"#))
        #expect(text.contains(#""isDone":true"#))
        #expect(text.contains(#""number":1,"#))
        #expect(decoded == note)
    }

    @Test(arguments: CodableFormat.allCases)
    func keepsUnknownKeysAndNewerVersions(through coder: CodableFormat) throws {
        let dictionary: [String: Any] = [
            "version": 7,
            "text": "Future",
            "addedLater": ["nested": [1, true, "two", NSNull()]],
            "alsoLater": NSNull(),
        ]
        let note = try CodedNote(dictionary: dictionary)
        let decoded = try coder.roundTrip(note)
        let form = try decoded.dictionary
        #expect(form["version"] as? Int == 7)
        #expect(sameJSON(form, try note.dictionary))
        #expect(try sortedJSON(decoded).contains(#""addedLater":{"nested":[1,true,"two",null]},"alsoLater":null"#))
    }

    @Test func encodesModelObjectsKeptAsUnknownValues() throws {
        let note = CodedNote()
        let color = CodedColor()
        color.red = 1
        note[extra: "highlight"] = color
        note[extra: "palette"] = [color, "plain"]
        let text = try sortedJSON(note)
        let expected = #"{"alpha":1,"blue":1,"green":0,"red":1,"representedClassName":"CodedColor","version":1}"#
        #expect(text.contains(#""highlight":"# + expected))
        #expect(text.contains(#""palette":["# + expected + #","plain"]"#))
        #expect(sameJSON(try jsonObject(text), try jsonObject(note.jsonString())))
    }

    @Test(arguments: CodableFormat.allCases)
    func decodesSubclassesThatNestedPropertiesName(through coder: CodableFormat) throws {
        let canvas = CodedCanvas()
        let circle = CodedCircle()
        circle.radius = 4
        let square = CodedSquare()
        square.side = 3
        canvas.main = circle
        canvas.shapes = [square, CodedShape(), circle]
        let decoded = try coder.roundTrip(canvas)
        #expect(decoded == canvas)
        #expect((decoded.main as? CodedCircle)?.radius == 4)
        #expect((decoded.shapes.first as? CodedSquare)?.side == 3)
        #expect(type(of: decoded.shapes[1]) == CodedShape.self)
        #expect(decoded.shapes[2] is CodedCircle)
    }

    @Test func initFromDecoderCreatesTheClassItIsCalledOn() throws {
        let circle = CodedCircle()
        circle.radius = 9
        let data = try JSONEncoder().encode(circle)
        let shape = try JSONDecoder().decode(CodedShape.self, from: data)
        // `init(from:)` makes the class it is called on, so the subclass's value is unknown.
        #expect(shape.unknownValues.keys.contains("radius"))
        // The values the class does not declare and the name of the subclass are kept, so
        // nothing is lost.
        #expect(sameJSON(try shape.dictionary, try circle.dictionary))
    }

    @Test func makeFromDecoderCreatesTheClassTheDataNames() throws {
        let circle = CodedCircle()
        circle.radius = 9
        let decoded = try JSONDecoder().decode(AnyShape.self, from: JSONEncoder().encode(circle))
        let shape = try #require(decoded.shape as? CodedCircle)
        #expect(shape.radius == 9)
        #expect(shape == circle)
    }

    @Test(arguments: CodableFormat.allCases)
    func modelsArePropertiesOfCodableStructs(through coder: CodableFormat) throws {
        let envelope = Envelope(title: "Mail", note: makeNote(), notes: [makeNote(), CodedNote()], extra: nil)
        let decoded = try coder.roundTrip(envelope)
        #expect(decoded == envelope)
        #expect(decoded.extra == nil)
    }
}
