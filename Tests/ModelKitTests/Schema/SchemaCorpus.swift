import Foundation
import ModelKit

/// One model class of the schema corpus: objects whose output every schema of the class must
/// accept, and documents that its reading schemas must accept or reject, as loading does.
struct SchemaCase: Sendable {
    let name: String
    let model: ModelObject.Type
    /// Objects built in code, whose JSON every schema of the class accepts.
    let samples: @Sendable () -> [ModelObject]
    /// Documents for the class's `openAIStrict` reading schema; `nil` for the samples' JSON
    /// without its header.
    var strictReading: [String]? = nil
    /// Documents that the class loads and its reading schemas accept.
    var accepted: [String] = []
    /// Documents that the class does not load and its reading schemas reject.
    var rejected: [String] = []
    /// The key path of the error that the class's `openAIStrict` schemas stop at, if any.
    var strictError: String? = nil

    /// Every schema of the class that can be made, by its name in the corpus.
    func schemas() throws -> [String: Data] {
        var schemas: [String: Data] = [:]
        for (purpose, purposeName) in [(SchemaPurpose.reading, "reading"), (.writing, "writing")] {
            schemas["\(purposeName)-draft"] = try model.jsonSchema(for: purpose)
            if strictError == nil {
                schemas["\(purposeName)-openai"] = try model.jsonSchema(for: purpose, profile: .openAIStrict)
            }
        }
        return schemas
    }
}

enum SchemaCorpus {
    static let cases: [SchemaCase] = [
        SchemaCase(
            name: "scalars", model: SchemaScalars.self, samples: { [makeScalars()] },
            accepted: [
                "{}", #"{"ID": 7}"#, #"{"item_id": 8}"#, #"{"visibility": "internal"}"#, #"{"decimal": "12.5"}"#,
                #"{"note": null, "holiday": null}"#, #"{"stats": {"stars": 3, "other": true}}"#,
                #"{"extra": [1, 2], "version": 1, "representedClassName": "SchemaScalars"}"#,
                #"{"choice": 5, "point": {"x": 1, "y": 2}, "celsius": -3.5, "seconds": 1700000000.25}"#,
            ],
            rejected: [
                #"{"text": 5}"#, #"{"int8": 200}"#, #"{"uint8": -1}"#, #"{"int64": 9223372036854775808}"#,
                #"{"uint64": -1}"#, #"{"float": 1e39}"#, #"{"color": "purple"}"#, #"{"level": 3}"#,
                #"{"identifier": "not-a-uuid"}"#, #"{"stats": {"stars": "many"}}"#, #"{"bytes": "***"}"#,
                #"{"choice": true}"#, #"{"tags": [1]}"#, #"{"seconds": "2020"}"#, #"{"numbers": [1.5]}"#,
                #"{"created_at": 5}"#, #"{"ID": "seven"}"#, #"{"flag": "yes"}"#, #"{"version": "1"}"#,
            ]),
        SchemaCase(
            name: "value-classes", model: SchemaValueClasses.self, samples: { [makeValueClasses()] },
            accepted: [#"{"color": {"representedClassName": "DejalColor", "red": 1}, "time": {"hour": 23}}"#],
            rejected: [
                #"{"time": {"hour": 24}}"#, #"{"interval": {"units": 12}}"#, #"{"color": {"red": "1"}}"#,
                #"{"data": {"length": "3"}}"#,
            ]),
        SchemaCase(
            name: "tree", model: SchemaTree.self, samples: { [makeTree()] },
            accepted: [#"{"next": {"name": "n", "next": {"children": []}}}"#],
            rejected: [#"{"children": [{"name": 3}]}"#, #"{"next": {"next": {"name": false}}}"#]),
        SchemaCase(
            name: "forest", model: SchemaForest.self, samples: { [makeForest()] },
            rejected: [#"{"trees": [{"children": [{"children": {}}]}]}"#]),
        SchemaCase(
            name: "drawing", model: SchemaDrawing.self, samples: { [makeDrawing()] },
            strictReading: [
                #"{"shapes": [{"kind": "circle", "name": "c", "radius": 2}], "main": null}"#,
                #"{"shapes": [], "main": {"kind": "square", "name": "s", "side": 1}}"#,
            ],
            accepted: [
                #"{"shapes": [{"kind": "circle", "radius": 2}, {"kind": "box", "side": 3}, {"name": "plain"}]}"#,
                #"{"shapes": [{"kind": "hexagon", "name": "kept"}], "main": {"kind": "shape"}}"#,
            ],
            rejected: [
                #"{"shapes": [{"kind": "circle", "radius": "big"}]}"#, #"{"shapes": [{"kind": 5}]}"#,
                #"{"main": {"kind": "square", "side": [1]}}"#,
            ]),
        SchemaCase(
            name: "shape", model: SchemaShape.self, samples: { [SchemaShape(), makeCircle()] },
            accepted: [#"{"kind": "square", "side": 2}"#, #"{"name": "plain"}"#],
            rejected: [#"{"kind": "circle", "radius": "x"}"#, #"{"kind": "square", "side": false}"#],
            strictError: "(root)"),
        SchemaCase(
            name: "invoice", model: SchemaInvoice.self, samples: { [makeInvoice(total: 12), makeInvoice(total: nil)] },
            accepted: [#"{"number": "F-1", "createdBy": "ana", "total": null}"#],
            rejected: [
                #"{"number": "F-1", "extra": 1}"#, #"{"createdBy": 5}"#, #"{"version": 1}"#,
                #"{"total": 1.5}"#,
            ]),
        SchemaCase(
            name: "collections", model: SchemaCollections.self, samples: { [makeCollections()] },
            accepted: [#"{"scores": {"a": 1}, "labels": {"x": "red"}}"#, #"{"labels": null}"#],
            rejected: [#"{"scores": {"a": "x"}}"#, #"{"labels": {"x": "purple"}}"#, #"{"scores": []}"#],
            strictError: "scores"),
    ]

    static func makeScalars() -> SchemaScalars {
        let model = SchemaScalars()
        model.text = "Zoë / 1"
        model.flag = true
        model.int = -42
        model.int8 = .min
        model.uint8 = .max
        model.int16 = .min
        model.uint16 = .max
        model.int32 = .min
        model.uint32 = .max
        model.int64 = .min
        model.uint64 = .max
        model.uint = .max
        model.double = 0.1
        model.float = -1.5
        model.decimal = Decimal(string: "1234.5678") ?? 0
        model.createdAt = Date(timeIntervalSince1970: 1_700_000_000.5)
        model.day = Date(timeIntervalSince1970: 1_699_920_000)
        model.seconds = Date(timeIntervalSince1970: 1_700_000_000.25)
        model.milliseconds = Date(timeIntervalSince1970: 1_700_000_000.125)
        model.stamped = Date(timeIntervalSince1970: 1_700_000_040)
        model.bytes = Data([0xCA, 0xFE, 0xF0, 0x0D, 0x01])
        model.link = URL(string: "https://example.com/a/b?c=d") ?? model.link
        model.identifier = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? model.identifier
        model.color = .blue
        model.level = .high
        model.visibility = .closed
        model.mood = .busy
        model.point = SchemaPoint(x: 3, y: -4)
        model.celsius = SchemaCelsius(degrees: 21.5)
        model.choice = .count(3)
        model.note = "a note"
        model.tags = ["a", "b"]
        model.numbers = [3, 1, 2]
        model.holiday = Date(timeIntervalSince1970: 1_703_462_400)
        model.id = 99
        model.stars = 120
        model.forks = 7
        return model
    }

    static func makeValueClasses() -> SchemaValueClasses {
        let model = SchemaValueClasses()
        model.color = ColorValue(hex: "#3366CC80") ?? .red
        model.interval = IntervalValue(firstAmount: 5, secondAmount: 10, units: .hour)
        model.data = DataValue(data: Data("Hello".utf8))
        model.data.dataClass = "NSData"
        model.time = TimeValue(hour: 9, minute: 30, second: 15, timeZone: TimeZone(identifier: "Europe/Paris"))
        return model
    }

    static func makeTree() -> SchemaTree {
        let root = SchemaTree()
        root.name = "root"
        let leaf = SchemaTree()
        leaf.name = "leaf"
        let last = SchemaTree()
        last.name = "last"
        leaf.next = last
        root.children = [leaf]
        root.next = SchemaTree()
        root.next?.name = "next"
        root.next?.next = SchemaTree()
        root.next?.next?.name = "end"
        root.next?.next?.next = SchemaTree()
        return root
    }

    static func makeForest() -> SchemaForest {
        let forest = SchemaForest()
        forest.trees = [makeTree(), makeTree()]
        return forest
    }

    static func makeCircle() -> SchemaCircle {
        let circle = SchemaCircle()
        circle.name = "c"
        circle.radius = 2.5
        return circle
    }

    static func makeDrawing() -> SchemaDrawing {
        let drawing = SchemaDrawing()
        let square = SchemaSquare()
        square.name = "s"
        square.side = 3
        let plain = SchemaShape()
        plain.name = "plain"
        drawing.shapes = [makeCircle(), square, plain]
        drawing.main = makeCircle()
        return drawing
    }

    static func makeInvoice(total: Int?) -> SchemaInvoice {
        let invoice = SchemaInvoice()
        invoice.number = "F-1"
        invoice.total = total
        invoice.audit.createdBy = "ana"
        invoice.audit.approvedBy = "ben"
        return invoice
    }

    static func makeCollections() -> SchemaCollections {
        let model = SchemaCollections()
        model.scores = ["reads": 3, "writes": 2]
        model.labels = ["sky": .blue]
        return model
    }
}
