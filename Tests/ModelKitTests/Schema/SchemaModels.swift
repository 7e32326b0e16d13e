import Foundation
import ModelKit

// Models for the schema tests, covering each mapping of a declaration to JSON Schema. Internal
// and top-level, as every test model.

enum SchemaColor: String, CaseIterable, SavedValue {
    case red, green, blue
}

enum SchemaLevel: Int, CaseIterable, SavedValue {
    case low = 1
    case high = 2
}

enum SchemaVisibility: String, CaseIterable, SavedValue {
    case open, closed, unknown
}

/// Not `CaseIterable`: its cases cannot be listed, so any string is described.
enum SchemaMood: String, SavedValue {
    case calm, busy
}

struct SchemaPoint: Codable, Equatable, CodableSavedValue {
    var x = 0
    var y = 0

    static var jsonSchema: [String: Any]? {
        let integer: [String: Any] = ["type": "integer", "minimum": Int.min, "maximum": Int.max]
        return [
            "type": "object",
            "properties": ["x": integer, "y": integer],
            "required": ["x", "y"],
        ]
    }
}

/// A `Codable` value without a schema of its own: any value.
struct SchemaBlob: Codable, Equatable, CodableSavedValue {
    var text = ""
}

struct SchemaCelsius: SavedRepresentable, Equatable {
    var degrees: Double

    init(degrees: Double) {
        self.degrees = degrees
    }

    init(savedRepresentation: Double) {
        degrees = savedRepresentation
    }

    var savedRepresentation: Double { degrees }
}

enum SchemaIDOrCount: SavedUnion, Equatable {
    case id(String)
    case count(Int)

    static var alternatives: [SavedAlternative<SchemaIDOrCount>] { [.init(Self.id), .init(Self.count)] }
}

/// A property of every scalar kind, date format, enum, conversion, path and alternative.
final class SchemaScalars: ModelObject {
    @Saved var text = ""
    @Saved var flag = false
    @Saved var int = 0
    @Saved var int8: Int8 = 0
    @Saved var uint8: UInt8 = 0
    @Saved var int16: Int16 = 0
    @Saved var uint16: UInt16 = 0
    @Saved var int32: Int32 = 0
    @Saved var uint32: UInt32 = 0
    @Saved var int64: Int64 = 0
    @Saved var uint64: UInt64 = 0
    @Saved var uint: UInt = 0
    @Saved var double = 0.0
    @Saved var float: Float = 0
    @Saved var decimal = Decimal(0)
    @Saved("created_at") var createdAt = Date(timeIntervalSince1970: 0)
    @Saved(date: .dateOnly) var day = Date(timeIntervalSince1970: 0)
    @Saved(date: .secondsSince1970) var seconds = Date(timeIntervalSince1970: 0)
    @Saved(date: .millisecondsSince1970) var milliseconds = Date(timeIntervalSince1970: 0)
    @Saved(date: .pattern("yyyy/MM/dd HH:mm")) var stamped = Date(timeIntervalSince1970: 0)
    @Saved var bytes = Data()
    @Saved var link = URL(fileURLWithPath: "/")
    @Saved var identifier = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    @Saved var color = SchemaColor.red
    @Saved var level = SchemaLevel.low
    @Saved(fallback: .unknown) var visibility = SchemaVisibility.open
    @Saved var mood = SchemaMood.calm
    @Saved var point = SchemaPoint()
    @Saved var celsius = SchemaCelsius(degrees: 0)
    @Saved var choice = SchemaIDOrCount.id("")
    @Saved var note: String? = nil
    @Saved var tags: [String] = []
    @Saved var numbers: Set<Int> = []
    @Saved(date: .dateOnly) var holiday: Date? = nil
    @Saved("id", alternatives: ["ID", "item_id"]) var id = 0
    @Saved(path: "stats", "stars") var stars = 0
    @Saved(path: "stats", "detail", "forks") var forks = 0
    @Saved var blob: SchemaBlob? = nil

    override class var schemaTitle: String? { "Scalars" }
    override class var schemaDescriptions: [String: String] {
        ["text": "Any text.", "created_at": "When it was made.", "stars": "How many stars it has."]
    }
}

/// The value classes, each as a nested object.
final class SchemaValueClasses: ModelObject {
    @Saved var color = ColorValue(red: 0, green: 0, blue: 1)
    @Saved var date = DateValue(string: "2015-02-23T18:30:00Z") ?? .distantPast
    @Saved var interval = IntervalValue(amount: 5, units: .minute)
    @Saved var data = DataValue(data: nil)
    @Saved var time = TimeValue.noon
}

/// A recursive model, which the root's schema refers to as `#`.
///
/// Its chains end in `nil`, written as `null`, which the strict profile's schemas require.
final class SchemaTree: ModelObject {
    @Saved var name = ""
    @Saved var children: [SchemaTree] = []
    @Saved var next: SchemaTree? = nil

    override class var writesNilAsNull: Bool { true }
}

/// A recursive model below the root, in `$defs`.
final class SchemaForest: ModelObject {
    @Saved var trees: [SchemaTree] = []
}

/// A tagged family.
class SchemaShape: ModelObject {
    @Saved var name = ""

    override class var typeKey: String? { "kind" }
    override class var modelName: String { "shape" }
    override class var knownSubclasses: [ModelObject.Type] { [SchemaCircle.self, SchemaSquare.self] }
}

final class SchemaCircle: SchemaShape {
    @Saved var radius = 1.0

    override class var modelName: String { "circle" }
}

final class SchemaSquare: SchemaShape {
    @Saved var side = 1.0

    override class var modelName: String { "square" }
    override class var legacyModelNames: [String] { ["box"] }
}

final class SchemaDrawing: ModelObject {
    @Saved var shapes: [SchemaShape] = []
    @Saved var main: SchemaShape? = nil
}

/// A tagged family under the key `type`, whose square has a subclass of its own and a legacy
/// name.
class SchemaFigure: ModelObject {
    @Saved var name = ""

    override class var typeKey: String? { "type" }
    override class var modelName: String { "figure" }
    override class var knownSubclasses: [ModelObject.Type] {
        [SchemaFigureCircle.self, SchemaFigureSquare.self, SchemaFigureRoundedSquare.self]
    }
}

final class SchemaFigureCircle: SchemaFigure {
    @Saved var radius = 1.0

    override class var modelName: String { "figure-circle" }
}

class SchemaFigureSquare: SchemaFigure {
    @Saved var side = 1.0

    override class var modelName: String { "figure-square" }
    override class var legacyModelNames: [String] { ["figure-box"] }
}

final class SchemaFigureRoundedSquare: SchemaFigureSquare {
    @Saved var cornerRadius = 0.0

    override class var modelName: String { "figure-rounded-square" }
}

/// Properties declared as a family's base and as one of its branches, and a value class.
final class SchemaFigureHolder: ModelObject {
    @Saved var figure: SchemaFigure? = nil
    @Saved var square: SchemaFigureSquare? = nil
    @Saved var squares: [SchemaFigureSquare] = []
    @Saved var circle: SchemaFigureCircle? = nil
    @Saved var due: DateValue? = nil
}

/// The object flattened into ``SchemaInvoice``.
final class SchemaAudit: ModelObject {
    @Saved var createdBy = ""
    @Saved var approvedBy: String? = nil

    override class var schemaDescriptions: [String: String] { ["createdBy": "Who made it."] }
}

/// Strict keys, no header, `nil` written as `null`, and a flattened object.
final class SchemaInvoice: ModelObject {
    @Saved var number = ""
    @Saved var total: Int? = nil
    @Saved(flattened: true) var audit = SchemaAudit()

    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
    override class var rejectsUnknownKeys: Bool { true }
    override class var writesNilAsNull: Bool { true }
}

/// Dictionaries with arbitrary keys, which OpenAI's strict subset cannot say.
final class SchemaCollections: ModelObject {
    @Saved var scores: [String: Int] = [:]
    @Saved var labels: [String: SchemaColor]? = nil
}

/// A small model whose schemas the tests pin.
final class SchemaNote: ModelObject {
    @Saved var title = ""
    @Saved var due: Date? = nil
    @Saved var replies: [SchemaNote] = []

    override class var schemaDescriptions: [String: String] { ["title": "The note's first line."] }
}
