import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

private final class Appointment: ModelObject {
    @Saved var title = ""
    @Saved var when = DateValue.now
}

/// 2015-02-23T18:30:00Z.
private let sampleDate = Date(timeIntervalSince1970: 1_424_716_200)

@Suite struct DateValueTests {
    // MARK: DejalObject data

    @Test func loadsDejalDateDocument() throws {
        let value = try DateValue(
            json: #"{"version":1,"representedClassName":"DejalDate","string":"2015-02-23T18:30:00Z"}"#)
        #expect(value.date == sampleDate)
        #expect(value.string == "2015-02-23T18:30:00Z")
        #expect(!value.hasChanges)
    }

    @Test func makesDateValueFromDejalDateName() throws {
        let object = try ModelObject.make(
            json: #"{"version":1,"representedClassName":"DejalDate","string":"2015-02-23T18:30:00Z"}"#)
        let value = try #require(object as? DateValue)
        #expect(value.date == sampleDate)
    }

    @Test func writesDejalObjectKeys() throws {
        let value = DateValue(date: sampleDate)
        let expected = #"{"version":1,"representedClassName":"DateValue","string":"2015-02-23T18:30:00Z"}"#
        #expect(try value.jsonString(options: .compact) == expected)
    }

    @Test func loadsNestedDejalDate() throws {
        let json = #"{"title":"Dentist","when":{"representedClassName":"DejalDate","string":"2015-02-23T18:30:00Z"}}"#
        let appointment = try Appointment(json: json)
        #expect(appointment.when.date == sampleDate)
    }

    // MARK: Writing

    @Test(arguments: [
        (0.0, "2015-02-23T18:30:00Z"),
        (0.5, "2015-02-23T18:30:00.5Z"),
        (0.25, "2015-02-23T18:30:00.25Z"),
        (0.123, "2015-02-23T18:30:00.123Z"),
        (0.123456, "2015-02-23T18:30:00.123456Z"),
        (0.000001, "2015-02-23T18:30:00.000001Z"),
        (0.1234567, "2015-02-23T18:30:00.123457Z"),
        (0.9999999, "2015-02-23T18:30:00.999999Z"),
    ])
    func writesFractionalSecondsToTheMicrosecond(fraction: Double, expected: String) throws {
        let value = DateValue(date: sampleDate.addingTimeInterval(fraction))
        #expect(value.string == expected)
        let loaded = try DateValue(json: try value.jsonData())
        #expect(loaded == value)
        #expect(loaded.date == value.date)
    }

    @Test func noDateWritesNoString() throws {
        let value = DateValue(date: nil)
        let dictionary = try value.dictionary
        #expect(dictionary["string"] == nil)
        #expect(try value.jsonString(options: .compact) == #"{"version":1,"representedClassName":"DateValue"}"#)
        #expect(try DateValue(json: #"{"representedClassName":"DejalDate"}"#).date == nil)
        #expect(try DateValue(json: #"{"string":null}"#).date == nil)
    }

    // MARK: Reading

    @Test(arguments: [
        ("2015-02-23T18:30:00Z", 0.0),
        ("2015-02-23T20:30:00+02:00", 0.0),
        ("2015-02-23T13:30:00-05:00", 0.0),
        ("2015-02-23T18:00:00-00:30", 0.0),
        ("2015-02-23T18:30:00.250Z", 0.25),
        ("2015-02-23T20:30:00.5+02:00", 0.5),
        ("2015-02-23T18:30:00.123456789Z", 0.123457),
    ])
    func readsFractionsAndOffsets(string: String, fraction: Double) throws {
        let value = try DateValue(json: #"{"string":"\#(string)"}"#)
        let expected = DateValue(date: sampleDate.addingTimeInterval(fraction))
        #expect(value == expected)
        #expect(DateValue(string: string) == expected)
    }

    @Test(arguments: [
        ("2015-02-23T18:30:00", 0.0),
        ("2015-02-23T18:30:00.000", 0.0),
        ("2015-02-23T18:30:00.000Z", 0.0),
        ("2015-02-23T18:30:00.250", 0.25),
    ])
    func readsWhatDejalDateReads(string: String, fraction: Double) throws {
        let json = #"{"version":1,"representedClassName":"DejalDate","string":"\#(string)"}"#
        let value = try DateValue(json: json)
        #expect(value.date == sampleDate.addingTimeInterval(fraction))
        #expect(!value.hasChanges)
        #expect(DateValue(string: string)?.date == value.date)
        let appointment = try Appointment(json: #"{"when":\#(json)}"#)
        #expect(appointment.when == value)
    }

    @Test func emptyStringIsNoDate() throws {
        let value = try DateValue(json: #"{"version":1,"representedClassName":"DejalDate","string":""}"#)
        #expect(value.date == nil)
        #expect(value.string == nil)
        #expect(value == DateValue(date: nil))
        #expect(try value.jsonString(options: .compact) == #"{"version":1,"representedClassName":"DateValue"}"#)
        let appointment = try Appointment(json: #"{"when":{"representedClassName":"DejalDate","string":""}}"#)
        #expect(appointment.when.date == nil)
        #expect(DateValue(string: "") == nil)
    }

    @Test(arguments: [
        "2015-02-23", "2015-02-30T18:30:00Z", "2015-02-30T18:30:00", "2015-02-23T18:30:00.Z",
        "2015-02-23T18:30:00+02:00Z", "2015-02-23T25:30:00Z", "yesterday-ish", "18:30",
        "2015-02-23T18:30:00+2",
    ])
    func rejectsInvalidStrings(string: String) throws {
        #expect(DateValue(string: string) == nil)
        let error = try #require(throws: ModelError.self) {
            try Appointment(json: #"{"when":{"string":"\#(string)"}}"#)
        }
        #expect(error.keyPath.description == "when.string")
    }

    @Test func rejectsStringOfWrongType() throws {
        let error = try #require(throws: ModelError.self) {
            try DateValue(json: #"{"string":12}"#)
        }
        #expect(error.description == "string: expected a string, found 12")
    }

    // MARK: Distant dates

    @Test func distantDatesRoundTripExactly() throws {
        for value in [DateValue.distantPast, DateValue.distantFuture] {
            let loaded = try DateValue(json: try value.jsonData())
            #expect(loaded.date == value.date)
        }
        #expect(DateValue.distantPast.date == .distantPast)
        #expect(DateValue.distantFuture.date == .distantFuture)
        #expect(DateValue.distantPast.isDistantPast && !DateValue.distantPast.isDistantFuture)
        #expect(DateValue.distantFuture.isDistantFuture && !DateValue.distantFuture.isDistantPast)
    }

    @Test func readsDejalObjectDistantPast() throws {
        // Apple's date formatter wrote `Date.distantPast` in the Julian calendar.
        let value = try DateValue(json: #"{"representedClassName":"DejalDate","string":"0001-01-01T00:00:00Z"}"#)
        #expect(value.isDistantPast)
    }

    // MARK: Words and relative dates

    @Test(arguments: [("now", 0), ("today", 0), ("Tomorrow", 1), ("YESTERDAY", -1), ("  today  ", 0)])
    func readsRelativeWords(word: String, dayOffset: Int) throws {
        let value = try #require(DateValue(string: word))
        let date = try #require(value.date)
        let calendar = Calendar.current
        let today = calendar.startOfDay(for: Date())
        let expectedDay = try #require(calendar.date(byAdding: .day, value: dayOffset, to: today))
        #expect(calendar.startOfDay(for: date) == expectedDay)
        if word.lowercased().contains("now") {
            #expect(abs(date.timeIntervalSinceNow) < 5)
        } else {
            #expect(date == expectedDay)
        }
    }

    @Test func nowIsTodayAndRoundTripsExactly() throws {
        let demo = Appointment()
        #expect(demo.when.isToday)
        let loaded = try Appointment(json: try demo.jsonData())
        #expect(loaded == demo)
        #expect(loaded.when.date == demo.when.date)
        #expect(!DateValue.distantPast.isToday)
        #expect(!DateValue(date: nil).isToday)
    }

    @Test func timeIntervalSinceNowReadsAndWrites() throws {
        let value = DateValue(date: nil)
        #expect(value.timeIntervalSinceNow == nil)
        value.timeIntervalSinceNow = 3600
        let interval = try #require(value.timeIntervalSinceNow)
        #expect(abs(interval - 3600) < 5)
        #expect(value.changedKeys == ["string"])
        value.timeIntervalSinceNow = nil
        #expect(value.date == nil)
    }

    @Test func addTimeIntervalMovesTheDate() {
        let value = DateValue(date: sampleDate)
        value.addTimeInterval(90.5)
        #expect(value.string == "2015-02-23T18:31:30.5Z")
        #expect(value.hasChanges)
        let empty = DateValue(date: nil)
        empty.addTimeInterval(60)
        #expect(empty.date == nil && !empty.hasChanges)
    }

    // MARK: Threads

    @Test func formatsAndParsesFromManyThreadsAtOnce() async throws {
        let results = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<64 {
                group.addTask {
                    (0..<200).allSatisfy { step in
                        let date = sampleDate.addingTimeInterval(Double(task * 1000 + step) + 0.000250)
                        let value = DateValue(date: date)
                        guard let string = value.string, let parsed = DateValue(string: string) else { return false }
                        return parsed == value && string.hasSuffix(".00025Z")
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 64 && results.allSatisfy { $0 })
    }
}
