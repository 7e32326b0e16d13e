import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// A class's `dateFormat` is the default of the properties it declares: a property's own format
// wins, a subclass's format applies to the subclass's own properties only, and dates inside
// collections of a property take the property's format.

struct UnixStamp: SavedRepresentable, Equatable {
    var date: Date

    init(date: Date) {
        self.date = date
    }

    init(savedRepresentation: Date) {
        date = savedRepresentation
    }

    var savedRepresentation: Date { date }
}

class UnixRecord: ModelObject {
    override class var dateFormat: DateFormat { .secondsSince1970 }

    @Saved var created = Date(timeIntervalSince1970: 0)
    @Saved(date: .iso8601) var updated = Date(timeIntervalSince1970: 0)
    @Saved var history: [Date] = []
    @Saved var byName: [String: Date] = [:]
    @Saved var marks: Set<Date> = []
    @Saved var ended: Date?
    @Saved var stamp = UnixStamp(date: Date(timeIntervalSince1970: 0))
    @Saved var name = ""
}

final class DayRecord: UnixRecord {
    override class var dateFormat: DateFormat { .dateOnly }

    @Saved var due = Date(timeIntervalSince1970: 0)
    @Saved var days: [Date] = []
    @Saved(date: .millisecondsSince1970) var touched = Date(timeIntervalSince1970: 0)
    @Saved var child: UnixRecord?
    @Saved var children: [UnixRecord] = []
}

/// A class of DejalObject's data, whose dates a server wrote as Unix time stamps.
final class DejalEvent: ModelObject {
    override class var modelName: String { "Event" }

    @Saved("at", date: .secondsSince1970) var at = Date()
}

/// Dates with formats of their own inside nested objects of the data, and under other keys.
final class NestedTimes: ModelObject {
    @Saved(path: "times", "created", date: .secondsSince1970) var created = Date(timeIntervalSince1970: 0)
    @Saved(path: "times", "day", date: .dateOnly) var day: Date?
    @Saved("at", alternatives: ["time"], date: .millisecondsSince1970) var at = Date(timeIntervalSince1970: 0)
}

@Suite struct DateFormatClassTests {
    @Test func readsAndWritesDatesInsideNestedObjectsAndUnderOtherKeys() throws {
        let json = #"{"times":{"created":100,"day":"2011-01-26","other":1},"time":1500}"#
        let times = try loadedEveryWay(NestedTimes.self, json)
        #expect(times.created == Date(timeIntervalSince1970: 100))
        #expect(times.day == Date(timeIntervalSince1970: 1_296_000_000))
        #expect(times.at == Date(timeIntervalSince1970: 1.5))
        let expected: [String: Any] = [
            "version": 1, "representedClassName": "NestedTimes", "at": 1500,
            "times": ["created": 100, "day": "2011-01-26", "other": 1],
        ]
        for (name, form) in try writtenEveryWay(times) {
            #expect(sameJSON(form, expected), "\(name): \(form)")
        }
        let message = #"times.day: expected a date in the form "yyyy-MM-dd", found "2011""#
        #expect(modelError { _ = try NestedTimes(json: #"{"times":{"day":"2011"}}"#) }?.description == message)
    }

    private let recordJSON = """
        {"created":100,"updated":"1970-01-01T00:01:40Z","history":[1,2.5,-3],"byName":{"a":4},"marks":[5],\
        "ended":6,"stamp":7,"name":"n"}
        """

    @Test func usesTheClassFormatUnlessThePropertyHasItsOwn() throws {
        let record = try loadedEveryWay(UnixRecord.self, recordJSON)
        #expect(record.created == Date(timeIntervalSince1970: 100))
        #expect(record.updated == Date(timeIntervalSince1970: 100))
        #expect(record.history == [1, 2.5, -3].map { Date(timeIntervalSince1970: $0) })
        #expect(record.byName == ["a": Date(timeIntervalSince1970: 4)])
        #expect(record.marks == [Date(timeIntervalSince1970: 5)])
        #expect(record.ended == Date(timeIntervalSince1970: 6))
        #expect(record.stamp == UnixStamp(date: Date(timeIntervalSince1970: 7)))
        var expected = try jsonObject(recordJSON)
        expected["version"] = 1
        expected["representedClassName"] = "UnixRecord"
        for (name, form) in try writtenEveryWay(record) {
            #expect(sameJSON(form, expected), "\(name): \(form)")
        }
    }

    @Test func subclassesKeepTheFormatsOfTheirSuperclassesProperties() throws {
        let json = """
            {"created":100,"history":[1],"due":"2011-01-26","days":["2011-01-26","2011-01-27"],\
            "touched":1500,"child":{"created":5,"history":[6]},"children":[{"ended":8}]}
            """
        let record = try loadedEveryWay(DayRecord.self, json)
        #expect(record.created == Date(timeIntervalSince1970: 100))
        #expect(record.history == [Date(timeIntervalSince1970: 1)])
        #expect(record.due == Date(timeIntervalSince1970: 1_296_000_000))
        #expect(record.days == [1_296_000_000, 1_296_086_400].map { Date(timeIntervalSince1970: $0) })
        #expect(record.touched == Date(timeIntervalSince1970: 1.5))
        #expect(record.child?.created == Date(timeIntervalSince1970: 5))
        #expect(record.child?.history == [Date(timeIntervalSince1970: 6)])
        #expect(record.children.first?.ended == Date(timeIntervalSince1970: 8))
        for (name, form) in try writtenEveryWay(record) {
            #expect(form["created"] as? Int == 100, "\(name)")
            #expect(form["due"] as? String == "2011-01-26", "\(name)")
            #expect(form["days"] as? [String] == ["2011-01-26", "2011-01-27"], "\(name)")
            #expect(form["touched"] as? Int == 1500, "\(name)")
            let child = form["child"] as? [String: Any]
            #expect(child?["created"] as? Int == 5, "\(name)")
            #expect(child?["history"] as? [Int] == [6], "\(name)")
            #expect((form["children"] as? [[String: Any]])?.first?["ended"] as? Int == 8, "\(name)")
        }
        #expect(try JSONDecoder().decode(DayRecord.self, from: JSONEncoder().encode(record)) == record)
        #expect(try ModelSnapshot(record).makeModel() == record)
    }

    @Test func ordersSetsByTheFormWritten() throws {
        let record = UnixRecord()
        record.marks = [
            Date(timeIntervalSince1970: 5), Date(timeIntervalSince1970: 10), Date(timeIntervalSince1970: -3),
        ]
        // By the bytes of each number, as for any set, not by date.
        #expect(try record.jsonString(options: .compact).contains(#""marks":[-3,10,5]"#))
        #expect(try record.jsonString(options: .foundationWriter).contains("-3,\n    10,\n    5"))
        #expect((try record.dictionary["marks"] as? [Int]) == [-3, 10, 5])
    }

    @Test func readsDatesInsideCollectionsStrictly() throws {
        let message = #"days[1]: expected a date in the form "yyyy-MM-dd", found "2011-01-27T00:00:00Z""#
        let json = #"{"days":["2011-01-26","2011-01-27T00:00:00Z"]}"#
        #expect(modelError { _ = try DayRecord(json: json) }?.description == message)
        #expect(modelError { _ = try DayRecord(json: json, options: .foundationReader) }?.description == message)
        let nested = #"{"child":{"byName":{"a":"4"}}}"#
        let nestedMessage = #"child.byName.a: expected a number of seconds since 1970, found "4""#
        #expect(modelError { _ = try DayRecord(json: nested) }?.description == nestedMessage)
        #expect(modelError { _ = try DayRecord(dictionary: try jsonObject(nested)) }?.description == nestedMessage)
    }

    @Test func readsAndWritesADejalObjectDocument() throws {
        let json = #"{"version":1,"representedClassName":"Event","at":1296068472}"#
        let event = try loadedEveryWay(DejalEvent.self, json)
        #expect(event.at == Date(timeIntervalSince1970: 1_296_068_472))
        let made = try DejalEvent.make(json: json)
        #expect(made.at == event.at)
        // The DejalObject format changes ISO 8601 dates only.
        for options: WriteOptions in [[.compact], [.compact, .dejalObjectFormat]] {
            let json = try event.jsonString(options: options.union(.sortedKeys))
            #expect(json == #"{"at":1296068472,"representedClassName":"Event","version":1}"#)
        }
        event.at = Date(timeIntervalSince1970: 1_296_068_472.25)
        #expect(try event.jsonString(options: [.compact, .dejalObjectFormat]).contains(#""at":1296068472.25"#))
    }

    @Test func tellsEachPropertyItsResolvedFormat() throws {
        let record = DayRecord()
        record.due = Date(timeIntervalSince1970: 1_296_068_472)
        record.created = Date(timeIntervalSince1970: 1_296_068_472)
        record.updated = Date(timeIntervalSince1970: 1_296_068_472)
        let form = try record.dictionary
        #expect(form["due"] as? String == "2011-01-26")
        #expect(form["created"] as? Int == 1_296_068_472)
        #expect(form["updated"] as? String == "2011-01-26T19:01:12Z")
        #expect(form["name"] as? String == "")
    }
}
