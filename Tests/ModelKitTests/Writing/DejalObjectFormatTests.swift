import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// A model that holds value classes directly, in an array and in a dictionary, and plain dates.
private final class Agenda: ModelObject {
    @Saved var title = ""
    @Saved var tint = ColorValue(red: 1, green: 0, blue: 0)
    @Saved var due = DateValue(date: nil)
    @Saved var reminders: [IntervalValue] = []
    @Saved var milestones: [String: DateValue] = [:]
    @Saved var created = Date(timeIntervalSinceReferenceDate: 0)
    @Saved var history: [Date] = []
    @Saved var lastOpened: Date? = nil
}

/// A `Codable` value that holds a date.
private struct Checkpoint: Codable, Equatable, CodableSavedValue {
    var at: Date
}

private final class Log: ModelObject {
    @Saved var checkpoint = Checkpoint(at: sampleDate.addingTimeInterval(0.5))
}

/// 2015-02-23T18:30:00Z.
private let sampleDate = Date(timeIntervalSince1970: 1_424_716_200)

@Suite struct DejalObjectFormatTests {
    private static func makeAgenda() -> Agenda {
        let agenda = Agenda()
        agenda.title = "Launch"
        agenda.due = DateValue(date: sampleDate.addingTimeInterval(0.75))
        agenda.reminders = [IntervalValue(amount: 5, units: .minute)]
        agenda.milestones = ["beta": DateValue(date: sampleDate.addingTimeInterval(86_400.5))]
        agenda.created = sampleDate.addingTimeInterval(0.999)
        agenda.history = [sampleDate.addingTimeInterval(-0.25)]
        agenda.lastOpened = sampleDate
        agenda.clearChanges()
        return agenda
    }

    private static let expected = """
        {"version":1,"representedClassName":"Agenda","title":"Launch",\
        "tint":{"version":1,"representedClassName":"DejalColor","red":1,"green":0,"blue":0,"alpha":1},\
        "due":{"version":1,"representedClassName":"DejalDate","string":"2015-02-23T18:30:00Z"},\
        "reminders":[{"version":1,"representedClassName":"DejalInterval","usingRange":false,\
        "firstAmount":5,"secondAmount":5,"units":1}],\
        "milestones":{"beta":{"version":1,"representedClassName":"DejalDate","string":"2015-02-24T18:30:00Z"}},\
        "created":"2015-02-23T18:30:00Z","history":["2015-02-23T18:29:59Z"],"lastOpened":"2015-02-23T18:30:00Z"}
        """

    @Test func writesDejalObjectNamesAndWholeSeconds() throws {
        let json = try Self.makeAgenda().jsonString(options: [.dejalObjectFormat, .compact])
        #expect(json == Self.expected)
    }

    @Test(arguments: [
        [WriteOptions.dejalObjectFormat], [.dejalObjectFormat, .sortedKeys], [.dejalObjectFormat, .compact],
    ])
    func foundationWriterWritesTheSame(options: WriteOptions) throws {
        let agenda = Self.makeAgenda()
        let own = try jsonObject(agenda.jsonString(options: options))
        let foundation = try jsonObject(agenda.jsonString(options: options.union(.foundationWriter)))
        #expect(sameJSON(own, foundation))
        #expect(sameJSON(own, try jsonObject(Self.expected)))
    }

    @Test func withoutTheOptionNothingChanges() throws {
        let agenda = Self.makeAgenda()
        let saved = try jsonObject(agenda.jsonString())
        let tint = try #require(saved["tint"] as? [String: Any])
        #expect(tint["representedClassName"] as? String == "ColorValue")
        let due = try #require(saved["due"] as? [String: Any])
        #expect(due["representedClassName"] as? String == "DateValue")
        #expect(due["string"] as? String == "2015-02-23T18:30:00.75Z")
        #expect(saved["created"] as? String == "2015-02-23T18:30:00.999Z")
        #expect(saved["history"] as? [String] == ["2015-02-23T18:29:59.75Z"])
    }

    @Test func sortedKeysStillSortTheKeys() throws {
        let color = ColorValue(red: 0, green: 0.5, blue: 1)
        let json = try color.jsonString(options: [.dejalObjectFormat, .sortedKeys, .compact])
        #expect(json == #"{"alpha":1,"blue":1,"green":0.5,"red":0,"representedClassName":"DejalColor","version":1}"#)
    }

    @Test func otherClassesAndUnknownValuesAreWrittenAsTheyAre() throws {
        let json = """
            {"version":1,"representedClassName":"Agenda","title":"Plan","tint":{"representedClassName":"OldColor","red":1},\
            "notes":{"representedClassName":"ColorValue","red":1},"extra":["2015-02-23T18:30:00.5Z"]}
            """
        let agenda = try Agenda(json: json)
        let saved = try jsonObject(agenda.jsonString(options: .dejalObjectFormat))
        #expect(saved["representedClassName"] as? String == "Agenda")
        #expect((saved["tint"] as? [String: Any])?["representedClassName"] as? String == "OldColor")
        #expect(
            sameJSON(try #require(saved["notes"] as? [String: Any]), ["representedClassName": "ColorValue", "red": 1]))
        #expect(saved["extra"] as? [String] == ["2015-02-23T18:30:00.5Z"])
    }

    @Test func distantDatesAreWrittenAsDejalObjectWroteThem() throws {
        let value = DateValue.distantPast
        let json = try value.jsonString(options: [.dejalObjectFormat, .compact])
        #expect(json == #"{"version":1,"representedClassName":"DejalDate","string":"0001-01-01T00:00:00Z"}"#)
        #expect(try DateValue(json: json).isDistantPast)
        let justAfter = DateValue(date: Date.distantPast.addingTimeInterval(0.5))
        #expect(try justAfter.jsonString(options: [.dejalObjectFormat, .compact]) == json)
        let future = try DateValue.distantFuture.jsonString(options: [.dejalObjectFormat, .compact])
        #expect(future == #"{"version":1,"representedClassName":"DejalDate","string":"4001-01-01T00:00:00Z"}"#)
    }

    @Test func datesBefore1970AreRoundedDown() throws {
        let agenda = Agenda()
        agenda.created = Date(timeIntervalSince1970: -0.25)
        agenda.due = DateValue(date: Date(timeIntervalSince1970: -1.5))
        let saved = try jsonObject(agenda.jsonString(options: .dejalObjectFormat))
        #expect(saved["created"] as? String == "1969-12-31T23:59:59Z")
        #expect((saved["due"] as? [String: Any])?["string"] as? String == "1969-12-31T23:59:58Z")
    }

    @Test(arguments: [WriteOptions.dejalObjectFormat, [.dejalObjectFormat, .foundationWriter]])
    func datesInCodableValuesAreWholeSecondsToo(options: WriteOptions) throws {
        let log = Log()
        let saved = try jsonObject(log.jsonString(options: options))
        #expect((saved["checkpoint"] as? [String: Any])?["at"] as? String == "2015-02-23T18:30:00Z")
        let plain = try jsonObject(log.jsonString(options: options.subtracting(.dejalObjectFormat)))
        #expect((plain["checkpoint"] as? [String: Any])?["at"] as? String == "2015-02-23T18:30:00.5Z")
    }

    @Test func theOutputLoadsBackWithTheFractionsDropped() throws {
        let agenda = Self.makeAgenda()
        let loaded = try Agenda(json: agenda.jsonData(options: .dejalObjectFormat))
        #expect(loaded.due.date == sampleDate)
        #expect(loaded.milestones["beta"]?.date == sampleDate.addingTimeInterval(86_400))
        #expect(loaded.created == sampleDate)
        #expect(loaded.tint == agenda.tint)
        #expect(loaded.reminders == agenda.reminders)
        #expect(!loaded.hasAnyChanges)
        #expect(try loaded.jsonString(options: [.dejalObjectFormat, .compact]) == Self.expected)
    }

    @Test func savesFilesInTheFormat() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("agenda.json")
        try Self.makeAgenda().save(to: url, options: [.dejalObjectFormat, .compact])
        #expect(String(decoding: try Data(contentsOf: url), as: UTF8.self) == Self.expected)
    }
}
