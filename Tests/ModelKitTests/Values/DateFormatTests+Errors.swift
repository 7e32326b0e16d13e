import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Values that are not dates in their property's format: the same error through every reader,
// naming the key path; a lenient load records it and writes the value back as it came.

/// The descriptions of the errors that a strict load of `json` throws through ModelKit's
/// reader, `foundationReader` and the dictionary way; `nil` for a load that succeeds.
private func errorsEveryWay<Model: ModelObject>(_ type: Model.Type, _ json: String) throws -> [String?] {
    let dictionary = try jsonObject(json)
    return [
        modelError { _ = try Model(json: json) }?.description,
        modelError { _ = try Model(json: json, options: .foundationReader) }?.description,
        modelError { _ = try Model(dictionary: dictionary) }?.description,
    ]
}

final class DatedLog: ModelObject {
    @Saved var events: [DatedEvent] = []
    @Saved var first: DatedEvent?
}

@Suite struct DateFormatErrorTests {
    @Test(arguments: [
        (#"{"day":"26/01/2011"}"#, #"day: expected a date in the form "yyyy-MM-dd", found "26/01/2011""#),
        (#"{"day":"2011-1-26"}"#, #"day: expected a date in the form "yyyy-MM-dd", found "2011-1-26""#),
        (
            #"{"day":"2011-01-26T00:00:00Z"}"#,
            #"day: expected a date in the form "yyyy-MM-dd", found "2011-01-26T00:00:00Z""#
        ),
        (#"{"day":"2011-02-29"}"#, #"day: expected a date in the form "yyyy-MM-dd", found "2011-02-29""#),
        (#"{"day":20110126}"#, #"day: expected a date string in the form "yyyy-MM-dd", found 20110126"#),
        (#"{"day":null}"#, #"day: expected a date string in the form "yyyy-MM-dd", found null"#),
        (#"{"seconds":"1296068472"}"#, #"seconds: expected a number of seconds since 1970, found "1296068472""#),
        (#"{"seconds":true}"#, #"seconds: expected a number of seconds since 1970, found true"#),
        (#"{"seconds":[1]}"#, #"seconds: expected a number of seconds since 1970, found an array"#),
        (#"{"milliseconds":"soon"}"#, #"milliseconds: expected a number of milliseconds since 1970, found "soon""#),
        (#"{"closed_at":"x"}"#, #"closed_at: expected a number of seconds since 1970, found "x""#),
        (
            #"{"posted":"Wed Jan 26 19:01:12 2011"}"#,
            #"posted: expected a date in the form "EEE MMM dd HH:mm:ss Z yyyy", found "Wed Jan 26 19:01:12 2011""#
        ),
        (
            #"{"posted":"Wed Jan 26 25:01:12 +0800 2011"}"#,
            #"posted: expected a date in the form "EEE MMM dd HH:mm:ss Z yyyy", found "Wed Jan 26 25:01:12 +0800 2011""#
        ),
        (#"{"opened":"31/02/2011"}"#, #"opened: expected a date in the form "dd/MM/yyyy", found "31/02/2011""#),
        (#"{"opened":"26\/01\/2011 "}"#, #"opened: expected a date in the form "dd/MM/yyyy", found "26/01/2011 ""#),
        (#"{"iso":1296068472}"#, #"iso: expected an ISO 8601 date string, found 1296068472"#),
        (#"{"iso":"2011-01-26"}"#, #"iso: expected an ISO 8601 date, found "2011-01-26""#),
    ])
    func rejectsWhatIsNotADateInTheFormat(json: String, message: String) throws {
        #expect(try errorsEveryWay(DatedEvent.self, json) == [message, message, message])
    }

    @Test func namesTheKeyPathOfNestedDates() throws {
        let json = #"{"events":[{"day":"2011-01-26"},{"seconds":"now"}]}"#
        let message = #"events[1].seconds: expected a number of seconds since 1970, found "now""#
        #expect(try errorsEveryWay(DatedLog.self, json) == [message, message, message])
        let optional = #"{"first":{"posted":"Wed"}}"#
        let expected = #"first.posted: expected a date in the form "EEE MMM dd HH:mm:ss Z yyyy", found "Wed""#
        #expect(try errorsEveryWay(DatedLog.self, optional) == [expected, expected, expected])
    }

    @Test func lenientLoadsKeepWhatDoesNotFitAndWriteItBack() throws {
        let json = #"{"day":"26/01/2011","seconds":5,"milliseconds":"soon","closed_at":7}"#
        let event = try loadedEveryWay(DatedEvent.self, json, options: .lenient)
        #expect(
            event.loadIssues.map(\.description).sorted() == [
                #"day: expected a date in the form "yyyy-MM-dd", found "26/01/2011""#,
                #"milliseconds: expected a number of milliseconds since 1970, found "soon""#,
            ])
        #expect(event.day == Date(timeIntervalSince1970: 0))
        #expect(event.seconds == Date(timeIntervalSince1970: 5))
        #expect(event.closed == Date(timeIntervalSince1970: 7))
        let written = try event.dictionary
        #expect(written["day"] as? String == "26/01/2011")
        #expect(written["milliseconds"] as? String == "soon")
        // Once the property is set, its own value is written again.
        event.day = Date(timeIntervalSince1970: 86_400)
        #expect(try event.dictionary["day"] as? String == "1970-01-02")
    }

    @Test func decodingReportsTheKindOfValueExpected() throws {
        #expect {
            try JSONDecoder().decode(DatedEvent.self, from: Data(#"{"seconds":"1296068472"}"#.utf8))
        } throws: { error in
            guard case DecodingError.typeMismatch(let type, let context)? = error as? DecodingError else {
                return false
            }
            return type == Double.self && context.codingPath.map(\.stringValue) == ["seconds"]
        }
        #expect {
            try JSONDecoder().decode(DatedEvent.self, from: Data(#"{"day":"26/01/2011"}"#.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context)? = error as? DecodingError else { return false }
            return context.codingPath.map(\.stringValue) == ["day"]
        }
    }

    @Test func throwsForDatesThatCannotBeWrittenInTheirFormat() throws {
        let event = DatedEvent()
        event.seconds = Date(timeIntervalSinceReferenceDate: .nan)
        let expected =
            "seconds: the date nan seconds from 2001-01-01T00:00:00Z cannot be written in its date format so that it "
            + "reads back"
        #expect(modelError { _ = try event.jsonData() }?.description == expected)
        #expect(modelError { _ = try event.jsonData(options: .foundationWriter) }?.description == expected)
        event.seconds = Date(timeIntervalSince1970: 0)
        event.day = Date(timeIntervalSince1970: 300_000_000_000)
        #expect(modelError { _ = try event.jsonData() }?.keyPath.description == "day")
        event.day = .distantPast
        #expect(modelError { _ = try event.jsonData() }?.keyPath.description == "day")
        event.day = Date(timeIntervalSince1970: 0)
        event.milliseconds = Date(timeIntervalSinceReferenceDate: .infinity)
        #expect(modelError { _ = try event.jsonData() }?.keyPath.description == "milliseconds")
        event.milliseconds = Date(timeIntervalSinceReferenceDate: 1e306)
        #expect(modelError { _ = try event.jsonData() }?.keyPath.description == "milliseconds")
        event.milliseconds = Date(timeIntervalSinceReferenceDate: -1e300)
        #expect(modelError { _ = try event.jsonData() } == nil)
    }

    @Test func readsExtremeNumbersWithoutTrapping() throws {
        let event = try loadedEveryWay(DatedEvent.self, #"{"seconds":1e308,"milliseconds":-1.7e308}"#)
        #expect(event.seconds == Date(timeIntervalSince1970: 1e308))
        #expect(event.milliseconds == Date(timeIntervalSince1970: -1.7e308 / 1000))
        let again = try DatedEvent(json: event.jsonData())
        #expect(again == event)
        #expect(modelError { _ = try DatedEvent(json: #"{"seconds":1e400}"#) }?.keyPath.description == "seconds")
    }
}
