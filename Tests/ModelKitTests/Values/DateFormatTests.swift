import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Each date format, read through both readers and the dictionary way, and written through
// every writer: the dictionary form, the JSON writer, `.foundationWriter`, `Codable`, merge
// patches and snapshots.

final class DatedEvent: ModelObject {
    @Saved var iso = Date(timeIntervalSince1970: 0)
    @Saved(date: .dateOnly) var day = Date(timeIntervalSince1970: 0)
    @Saved(date: .secondsSince1970) var seconds = Date(timeIntervalSince1970: 0)
    @Saved(date: .millisecondsSince1970) var milliseconds = Date(timeIntervalSince1970: 0)
    @Saved(date: .pattern("EEE MMM dd HH:mm:ss Z yyyy")) var posted = Date(timeIntervalSince1970: 0)
    @Saved("closed_at", date: .secondsSince1970) var closed: Date?
    @Saved(date: .pattern("dd/MM/yyyy")) var opened: Date?
}

/// A document with every format, as a server writes it.
let datedEventJSON = """
    {"iso":"2011-01-26T19:01:12Z","day":"2011-01-26","seconds":1296068472,"milliseconds":1296068472123,\
    "posted":"Wed Jan 26 19:01:12 +0800 2011","closed_at":1296068472.5,"opened":"26/01/2011"}
    """

/// The same document as ModelKit writes it back: the pattern in UTC.
var datedEventWritten: [String: Any] {
    [
        "version": 1, "representedClassName": "DatedEvent", "iso": "2011-01-26T19:01:12Z", "day": "2011-01-26",
        "seconds": 1_296_068_472, "milliseconds": 1_296_068_472_123, "posted": "Wed Jan 26 11:01:12 +0000 2011",
        "closed_at": 1_296_068_472.5, "opened": "26/01/2011",
    ]
}

/// Loads `json` through ModelKit's reader, `foundationReader` and the dictionary way, and
/// expects equal objects.
func loadedEveryWay<Model: ModelObject>(
    _ type: Model.Type, _ json: String, options: LoadOptions = [], sourceLocation: SourceLocation = #_sourceLocation
) throws -> Model {
    let own = try Model(json: json, options: options)
    let foundation = try Model(json: json, options: options.union(.foundationReader))
    let loaded = try Model(dictionary: try jsonObject(json), options: options)
    #expect(own == foundation, sourceLocation: sourceLocation)
    #expect(own == loaded, sourceLocation: sourceLocation)
    return own
}

/// The forms that every writer gives of `model`, as dictionaries.
func writtenEveryWay(_ model: ModelObject) throws -> [(name: String, form: [String: Any])] {
    [
        ("JSON", try jsonObject(model.jsonString())),
        ("compact JSON", try jsonObject(model.jsonString(options: [.compact, .sortedKeys, .withoutEscapingSlashes]))),
        ("foundationWriter", try jsonObject(model.jsonString(options: .foundationWriter))),
        ("dictionary", try model.dictionary),
        ("JSONEncoder", try jsonObject(String(decoding: JSONEncoder().encode(model), as: UTF8.self))),
    ]
}

@Suite struct DateFormatTests {
    @Test func readsEachFormatThroughEveryReader() throws {
        let event = try loadedEveryWay(DatedEvent.self, datedEventJSON)
        #expect(event.iso == Date(timeIntervalSince1970: 1_296_068_472))
        #expect(event.day == Date(timeIntervalSince1970: 1_296_000_000))
        #expect(event.seconds == Date(timeIntervalSince1970: 1_296_068_472))
        #expect(event.milliseconds == Date(timeIntervalSince1970: 1_296_068_472.123))
        #expect(event.posted == Date(timeIntervalSince1970: 1_296_039_672))
        #expect(event.closed == Date(timeIntervalSince1970: 1_296_068_472.5))
        #expect(event.opened == Date(timeIntervalSince1970: 1_296_000_000))
    }

    @Test func writesEachFormatThroughEveryWriter() throws {
        let event = try DatedEvent(json: datedEventJSON)
        for (name, form) in try writtenEveryWay(event) {
            #expect(sameJSON(form, datedEventWritten), "\(name): \(form)")
        }
    }

    @Test func writesNumbersAsJSONNumbers() throws {
        let event = try DatedEvent(json: datedEventJSON)
        let json = try event.jsonString(options: [.compact, .sortedKeys])
        #expect(json.contains(#""seconds":1296068472,"#))
        #expect(json.contains(#""milliseconds":1296068472123,"#))
        #expect(json.contains(#""closed_at":1296068472.5,"#))
        #expect(json.contains(#""opened":"26\/01\/2011""#))
        #expect(try event.dictionary["seconds"] as? Int == 1_296_068_472)
        #expect(try event.dictionary["closed_at"] as? Double == 1_296_068_472.5)
    }

    @Test func roundTripsThroughEveryWriterAndReader() throws {
        let event = try DatedEvent(json: datedEventJSON)
        #expect(try DatedEvent(json: event.jsonData()) == event)
        #expect(try DatedEvent(json: event.jsonData(options: .foundationWriter), options: .foundationReader) == event)
        #expect(try DatedEvent(dictionary: try event.dictionary) == event)
        #expect(try JSONDecoder().decode(DatedEvent.self, from: JSONEncoder().encode(event)) == event)
        #expect(try PropertyListDecoder().decode(DatedEvent.self, from: PropertyListEncoder().encode(event)) == event)
        #expect(try ModelSnapshot(event).makeModel() == event)
    }

    @Test func encodesThroughCodableInTheDeclaredFormat() throws {
        let event = try DatedEvent(json: datedEventJSON)
        // The encoder's own date strategy does not apply: the dictionary form is encoded.
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let encoded = try jsonObject(String(decoding: try encoder.encode(event), as: UTF8.self))
        #expect(encoded["seconds"] as? Int == 1_296_068_472)
        #expect(encoded["day"] as? String == "2011-01-26")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(DatedEvent.self, from: Data(datedEventJSON.utf8)) == event)
    }

    @Test func keepsLoadedNullDatesAndLeavesOutAbsentOnes() throws {
        let event = try loadedEveryWay(DatedEvent.self, #"{"closed_at":null}"#)
        #expect(event.closed == nil)
        #expect(event.opened == nil)
        for (name, form) in try writtenEveryWay(event) {
            #expect(form["closed_at"] is NSNull && form["opened"] == nil, "\(name)")
        }
        // Setting `nil` again changes nothing: the `null` stays.
        event.closed = nil
        #expect(!event.hasChanges)
        for (name, form) in try writtenEveryWay(event) {
            #expect(form["closed_at"] is NSNull && form["opened"] == nil, "\(name)")
        }
        event.closed = Date(timeIntervalSince1970: 0)
        event.opened = nil
        for (name, form) in try writtenEveryWay(event) {
            #expect(form["closed_at"] != nil && !(form["closed_at"] is NSNull) && form["opened"] == nil, "\(name)")
        }
    }

    @Test func writesMergePatchesInTheDeclaredFormat() throws {
        let event = try DatedEvent(json: datedEventJSON)
        event.seconds = Date(timeIntervalSince1970: -14_182_940)
        event.day = Date(timeIntervalSince1970: 86_400 * 365)
        event.closed = nil
        let patch = try event.mergePatch()
        #expect(sameJSON(patch, ["seconds": -14_182_940, "day": "1971-01-01", "closed_at": NSNull()]))
        let other = try DatedEvent(json: datedEventJSON)
        try other.apply(mergePatch: patch)
        #expect(other == event)
        try other.apply(mergePatchJSON: #"{"milliseconds":-1.5,"opened":"29/02/2012"}"#)
        #expect(other.milliseconds == Date(timeIntervalSince1970: -0.0015))
        #expect(other.opened == Date(timeIntervalSince1970: 1_330_473_600))
    }

    @Test func keepsTheChangeRecordInTheDeclaredFormat() throws {
        let event = try DatedEvent(json: datedEventJSON)
        event.milliseconds = Date(timeIntervalSince1970: 1)
        #expect(event.changedKeys == ["milliseconds"])
        event.revertChanges()
        #expect(event.milliseconds == Date(timeIntervalSince1970: 1_296_068_472.123))
        #expect(try event.mergePatch().isEmpty)
    }

    @Test func writesIntegersForWholeNumbersAndShortFractionsOtherwise() throws {
        let event = DatedEvent()
        let cases: [(Double, seconds: String, milliseconds: String)] = [
            (0, "0", "0"),
            (1_296_068_472, "1296068472", "1296068472000"),
            (1_296_068_472.123, "1296068472.123", "1296068472123"),
            (0.001, "0.001", "1"),
            (-14_182_940.25, "-14182940.25", "-14182940250"),
            (-0.0005, "-0.0005", "-0.5"),
            (1.0e-6, "1e-06", "0.001"),
        ]
        for (interval, seconds, milliseconds) in cases {
            event.seconds = Date(timeIntervalSince1970: interval)
            event.milliseconds = Date(timeIntervalSince1970: interval)
            let json = try event.jsonString(options: [.compact, .sortedKeys])
            #expect(json.contains(#""seconds":\#(seconds),"#), "\(interval): \(json)")
            #expect(json.contains(#""milliseconds":\#(milliseconds),"#), "\(interval): \(json)")
            let loaded = try loadedEveryWay(DatedEvent.self, json)
            #expect(loaded.seconds == event.seconds, "\(interval)")
            #expect(loaded.milliseconds == event.milliseconds, "\(interval)")
        }
    }

    @Test func readsFractionalAndNegativeNumbers() throws {
        let json = #"{"seconds":-14182940.5,"milliseconds":-14182940123.5,"closed_at":1e3}"#
        let event = try loadedEveryWay(DatedEvent.self, json)
        #expect(event.seconds == Date(timeIntervalSince1970: -14_182_940.5))
        #expect(event.milliseconds == Date(timeIntervalSince1970: -14_182_940.1235))
        #expect(event.closed == Date(timeIntervalSince1970: 1000))
        let written = try jsonObject(event.jsonString())
        #expect(written["seconds"] as? Double == -14_182_940.5)
        #expect(written["milliseconds"] as? Double == -14_182_940_123.5)
        #expect(written["closed_at"] as? Int == 1000)
    }

    @Test func writesDateOnlyAsTheDayInUTC() throws {
        let event = DatedEvent()
        event.day = Date(timeIntervalSince1970: 1_296_068_472)
        #expect(try event.dictionary["day"] as? String == "2011-01-26")
        // The time of day is not written, so the date reads back as the day's first moment.
        let loaded = try DatedEvent(json: event.jsonData())
        #expect(loaded.day == Date(timeIntervalSince1970: 1_296_000_000))
        event.day = Date(timeIntervalSince1970: -1)
        #expect(try event.dictionary["day"] as? String == "1969-12-31")
    }
}
