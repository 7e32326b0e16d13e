import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

private final class Alarm: ModelObject {
    @Saved var label = ""
    @Saved var time = TimeValue.noon
    @Saved var snoozes: [TimeValue] = []
}

/// 2015-02-23T18:30:00Z: a Monday evening in Paris, already Tuesday morning in Tokyo.
private let sampleDate = Date(timeIntervalSince1970: 1_424_716_200)

private func zone(_ identifier: String) throws -> TimeZone {
    try #require(TimeZone(identifier: identifier))
}

/// The date of an ISO 8601 string in UTC.
private func utc(_ text: String) throws -> Date {
    let value = try #require(DateValue(string: text))
    return try #require(value.date)
}

@Suite struct TimeValueTests {
    // MARK: DejalObject data

    @Test func loadsDejalTimeDocument() throws {
        let json = """
            {"version":1,"representedClassName":"DejalTime","hour":18,"minute":30,"second":15,\
            "timeZoneName":"America\\/New_York"}
            """
        let time = try TimeValue(json: json)
        #expect((time.hour, time.minute, time.second) == (18, 30, 15))
        #expect(time.timeZone == (try zone("America/New_York")))
        #expect(time.timeZoneName == "America/New_York")
        #expect(!time.hasChanges)
        let made = try #require(try ModelObject.make(json: json) as? TimeValue)
        #expect(made == time)
        #expect(try time.jsonString(options: [.compact, .dejalObjectFormat]) == json)
    }

    @Test func zoneNameMeansWhatDejalTimeDocuments() throws {
        let local = try TimeValue(json: #"{"representedClassName":"DejalTime","hour":8}"#)
        #expect(local.timeZone == nil)
        #expect(local.timeZoneName == nil)
        let utcTime = try TimeValue(json: #"{"representedClassName":"DejalTime","hour":8,"timeZoneName":""}"#)
        #expect(utcTime.timeZone?.secondsFromGMT(for: sampleDate) == 0)
        #expect(utcTime.timeZoneName == "")
        let named = try TimeValue(json: #"{"representedClassName":"DejalTime","hour":8,"timeZoneName":"Asia/Tokyo"}"#)
        #expect(named.timeZone == (try zone("Asia/Tokyo")))
    }

    @Test func loadsNestedInArrays() throws {
        let json = """
            {"label":"Wake","time":{"version":1,"representedClassName":"DejalTime","hour":6,"minute":45,"second":0},\
            "snoozes":[{"version":1,"representedClassName":"DejalTime","hour":6,"minute":55,"second":0,"timeZoneName":""}]}
            """
        let alarm = try Alarm(json: json)
        #expect(alarm.time == TimeValue(hour: 6, minute: 45))
        #expect(alarm.snoozes == [TimeValue(hour: 6, minute: 55, timeZone: .gmt)])
        #expect(!alarm.hasAnyChanges)
    }

    // MARK: Writing

    @Test func writesDejalObjectKeys() throws {
        let standUp = TimeValue(hour: 9, minute: 30, timeZone: try zone("Europe/Paris"))
        let expected = """
            {"version":1,"representedClassName":"TimeValue","hour":9,"minute":30,"second":0,\
            "timeZoneName":"Europe\\/Paris"}
            """
        #expect(try standUp.jsonString(options: .compact) == expected)
        #expect(!standUp.hasChanges)
    }

    @Test func localZoneWritesNoNameAndUTCAnEmptyOne() throws {
        #expect(try TimeValue(hour: 7).dictionary["timeZoneName"] == nil)
        for utcZone in [TimeZone.gmt, try zone("UTC"), try zone("GMT")] {
            let time = TimeValue(hour: 7, timeZone: utcZone)
            #expect(try time.dictionary["timeZoneName"] as? String == "")
            #expect(try TimeValue(json: time.jsonData()) == time)
        }
    }

    @Test func keepsTheZoneNameAsItWasRead() throws {
        let json =
            #"{"version":1,"representedClassName":"TimeValue","hour":1,"minute":2,"second":3,"timeZoneName":"US\/Pacific"}"#
        let time = try TimeValue(json: json)
        #expect(time.timeZone?.secondsFromGMT(for: sampleDate) == -8 * 3600)
        #expect(try time.jsonString(options: .compact) == json)
    }

    @Test func settingValuesRecordsChanges() throws {
        let time = TimeValue(hour: 9)
        time.minute = 15
        time.timeZone = try zone("Asia/Tokyo")
        #expect(time.changedKeys == ["minute", "timeZoneName"])
        time.minute = 0
        time.timeZone = nil
        #expect(!time.hasChanges)
    }

    // MARK: Named times

    @Test func noonAndMidnightAreNewLocalTimesWithoutChanges() {
        #expect(TimeValue.noon == TimeValue())
        #expect((TimeValue.noon.hour, TimeValue.noon.minute, TimeValue.noon.second) == (12, 0, 0))
        #expect((TimeValue.midnight.hour, TimeValue.midnight.minute, TimeValue.midnight.second) == (0, 0, 0))
        #expect(TimeValue.noon.timeZone == nil && TimeValue.midnight.timeZone == nil)
        #expect(!TimeValue.noon.hasChanges && !TimeValue.midnight.hasChanges)
        let first = TimeValue.noon
        first.hour = 13
        #expect(TimeValue.noon.hour == 12)
        #expect(TimeValue.midnight !== TimeValue.midnight)
    }

    // MARK: Dates

    @Test(arguments: [
        ("Europe/Paris", "2015-02-23T08:30:05Z"),
        ("Asia/Tokyo", "2015-02-24T00:30:05Z"),
        ("America/Los_Angeles", "2015-02-23T17:30:05Z"),
        ("GMT", "2015-02-23T09:30:05Z"),
    ])
    func dateOnADayInTheTimesZone(identifier: String, expected: String) throws {
        let time = TimeValue(hour: 9, minute: 30, second: 5, timeZone: try zone(identifier))
        #expect(time.date(on: sampleDate) == (try utc(expected)))
    }

    @Test func dateInTheLocalZone() throws {
        let time = TimeValue(hour: 9, minute: 30, second: 5)
        let date = time.date(on: sampleDate)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let components = calendar.dateComponents([.hour, .minute, .second], from: date)
        #expect((components.hour, components.minute, components.second) == (9, 30, 5))
        #expect(calendar.isDate(date, inSameDayAs: sampleDate))
    }

    @Test func datesOnDaysWhenTheClocksChange() throws {
        let newYork = try zone("America/New_York")
        let skipped = TimeValue(hour: 2, minute: 30, timeZone: newYork)
        #expect(skipped.date(on: try utc("2024-03-10T17:00:00Z")) == (try utc("2024-03-10T07:30:00Z")))
        let repeated = TimeValue(hour: 1, minute: 30, timeZone: newYork)
        #expect(repeated.date(on: try utc("2024-11-03T17:00:00Z")) == (try utc("2024-11-03T05:30:00Z")))
    }

    @Test func timeOfADateInAZone() throws {
        let tokyo = try zone("Asia/Tokyo")
        let time = TimeValue(date: sampleDate.addingTimeInterval(15.75), timeZone: tokyo)
        #expect((time.hour, time.minute, time.second) == (3, 30, 15))
        #expect(time.timeZone == tokyo)
        #expect(time.date(on: sampleDate) == sampleDate.addingTimeInterval(15))
    }

    // MARK: Bad data

    @Test(arguments: [
        (#"{"time":{"hour":24}}"#, "time.hour", #""hour":24"#),
        (#"{"time":{"hour":-1}}"#, "time.hour", #""hour":-1"#),
        (#"{"time":{"minute":60}}"#, "time.minute", #""minute":60"#),
        (#"{"snoozes":[{},{"second":75}]}"#, "snoozes[1].second", #""second":75"#),
        (#"{"time":{"hour":"12"}}"#, "time.hour", #""hour":"12""#),
        (#"{"time":{"timeZoneName":"Mars/Olympus"}}"#, "time.timeZoneName", #""timeZoneName":"Mars/Olympus""#),
        (#"{"time":{"timeZoneName":3}}"#, "time.timeZoneName", #""timeZoneName":3"#),
    ])
    func rejectsValuesOutOfRange(json: String, path: String, keptValue: String) throws {
        let error = try #require(throws: ModelError.self) { try Alarm(json: json) }
        #expect(error.keyPath.description == path)
        let lenient = try Alarm(json: json, options: .lenient)
        #expect(lenient.loadIssues.map(\.keyPath.description) == [path])
        #expect((lenient.time.hour, lenient.time.minute, lenient.time.second) == (12, 0, 0))
        #expect(lenient.time.timeZone == nil)
        // The value that did not fit is kept, and written back.
        #expect(try lenient.jsonString(options: [.compact, .withoutEscapingSlashes]).contains(keptValue))
    }

    @Test func outOfRangeErrorNamesTheRange() throws {
        let error = try #require(throws: ModelError.self) { try TimeValue(json: #"{"hour":24}"#) }
        #expect(error.description == "hour: expected a number from 0 to 23, found 24")
    }
}
