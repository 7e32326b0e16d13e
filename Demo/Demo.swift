import Foundation
import ModelKit

/// How urgent a demo item is; saved as its raw value.
enum Priority: String, CaseIterable, SavedValue {
    case low, normal, high
}

/// The sample model: one saved property of every kind of value ModelKit saves.
final class Demo: ModelObject {
    @Saved var text = "Foo"
    @Saved var number = 12345
    @Saved var label = ColorValue(red: 0, green: 0, blue: 1)
    @Saved var when = DateValue.now
    @Saved var interval = IntervalValue(amount: 5, units: .minute)
    @Saved var tags: [String] = []
    @Saved var note: String? = nil
    @Saved("created_at") var createdAt = Date()  // custom key in the data
    @Saved var children: [Demo] = []  // nested model objects
    @Saved var isDone = false
    @Saved var ratio = 0.75
    @Saved var price = Decimal(sign: .plus, exponent: -2, significand: 1999)
    @Saved var priority = Priority.normal
    @Saved var topics: Set<String> = []
    @Saved var scores: [String: Int] = [:]
    @Saved var identifier = UUID()
    @Saved var website: URL? = nil
    @Saved var thumbnail = Data()
    @Saved var attachment = DataValue(data: nil)
    @Saved var reminder = TimeValue.noon
    var title: String { "\(text) (\(number))" }  // derived, not saved

    override class var modelVersion: Int { 2 }
}

extension Demo {
    /// A sample object with every value set and two nested children.
    static func makeSample() -> Demo {
        let demo = Demo()
        demo.tags = ["swift", "models"]
        demo.note = "Saved with ModelKit"
        demo.label = ColorValue(hex: "#3366CC") ?? .blue
        demo.interval = IntervalValue(firstAmount: 5, secondAmount: 10, units: .minute)
        demo.priority = .high
        demo.topics = ["json", "dictionaries"]
        demo.scores = ["reads": 3, "writes": 2]
        demo.website = URL(string: "https://example.com/modelkit")
        demo.thumbnail = Data([0xCA, 0xFE, 0xF0, 0x0D])
        demo.attachment = DataValue(data: Data("Hello, DejalData".utf8))
        demo.reminder = TimeValue(hour: 9, minute: 30, timeZone: TimeZone(identifier: "Europe/Paris"))
        demo.children = [makeChild("First child", number: 1), makeChild("Second child", number: 2)]
        demo.clearChanges()
        return demo
    }

    private static func makeChild(_ text: String, number: Int) -> Demo {
        let child = Demo()
        child.text = text
        child.number = number
        child.label = .green
        child.when = DateValue(string: "2015-02-23T18:30:00Z") ?? .distantPast
        child.interval = IntervalValue(amount: number, units: .day)
        child.isDone = number.isMultiple(of: 2)
        return child
    }

    /// The changed keys of this object and of each nested object that has changes, one line
    /// each, such as `label: green`.
    var changeSummary: [String] {
        var objects: [(path: String, object: ModelObject)] = [
            ("demo", self), ("label", label), ("when", when), ("interval", interval),
            ("attachment", attachment), ("reminder", reminder),
        ]
        objects += children.enumerated().map { ("children[\($0.offset)]", $0.element) }
        return objects.filter(\.object.hasChanges).map { path, object in
            "\(path): \(object.changedKeys.sorted().joined(separator: ", "))"
        }
    }
}
