import Foundation
import ModelKit

// The objects of the schema corpus, built in code: every kind of value each model holds.

extension SchemaCorpus {
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

    static func makeFigures() -> SchemaFigureHolder {
        let holder = SchemaFigureHolder()
        let rounded = SchemaFigureRoundedSquare()
        rounded.name = "r"
        rounded.cornerRadius = 0.5
        let square = SchemaFigureSquare()
        square.side = 2
        let circle = SchemaFigureCircle()
        circle.radius = 3
        holder.figure = circle
        holder.square = rounded
        holder.squares = [square, SchemaFigureRoundedSquare()]
        holder.circle = SchemaFigureCircle()
        holder.due = DateValue(string: "2024-01-02T03:04:05.25Z")
        return holder
    }

    static func makeCollections() -> SchemaCollections {
        let model = SchemaCollections()
        model.scores = ["reads": 3, "writes": 2]
        model.labels = ["sky": .blue]
        return model
    }
}
