import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Dates in patterns: read and written as `DateFormatter` reads and writes them in the POSIX
// locale and UTC, with the fields that ModelKit compiles itself and with a `DateFormatter` for
// the patterns outside them.

final class PatternedDates: ModelObject {
    @Saved(date: .pattern("EEE MMM dd HH:mm:ss Z yyyy")) var weibo = Date(timeIntervalSince1970: 0)
    @Saved(date: .pattern("yyyy-MM-dd'T'HH:mm:ss.SSSXXX")) var isoMilliseconds = Date(timeIntervalSince1970: 0)
    @Saved(date: .pattern("dd/MM/yyyy HH:mm")) var european = Date(timeIntervalSince1970: 0)
    @Saved(date: .pattern("h:mm a, EEEE d MMMM y")) var spoken = Date(timeIntervalSince1970: 0)
    @Saved(date: .pattern("yyyyMMddHHmmss")) var packed = Date(timeIntervalSince1970: 0)
    @Saved(date: .pattern("EEE, dd MMM yyyy HH:mm:ss xx")) var mail = Date(timeIntervalSince1970: 0)
    @Saved(date: .pattern("yyyy-MM-dd'T'HH:mm:ssZZZZZ")) var zoned = Date(timeIntervalSince1970: 0)
    @Saved(date: .pattern("'at' H'h'mm 'on' d.M.yyyy, x")) var literal = Date(timeIntervalSince1970: 0)
    @Saved(date: .pattern("MMM d, yy")) var twoDigitYear = Date(timeIntervalSince1970: 0)
    @Saved(date: .pattern("yyyy 'day' DDD")) var dayOfYear: Date?
    @Saved(date: .pattern("yyyy-MM-dd HH:mm:ss.SSSSSS")) var microseconds: Date?
}

/// The patterns of ``PatternedDates``' properties, by key.
private let patterns: [(key: String, pattern: String)] = [
    ("weibo", "EEE MMM dd HH:mm:ss Z yyyy"), ("isoMilliseconds", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX"),
    ("european", "dd/MM/yyyy HH:mm"), ("spoken", "h:mm a, EEEE d MMMM y"), ("packed", "yyyyMMddHHmmss"),
    ("mail", "EEE, dd MMM yyyy HH:mm:ss xx"), ("zoned", "yyyy-MM-dd'T'HH:mm:ssZZZZZ"),
    ("literal", "'at' H'h'mm 'on' d.M.yyyy, x"), ("twoDigitYear", "MMM d, yy"), ("dayOfYear", "yyyy 'day' DDD"),
]

private func formatter(_ pattern: String) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.calendar = Calendar(identifier: .gregorian)
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = pattern
    return formatter
}

/// Loads a document with one value, through every reader.
private func loaded(_ key: String, _ text: String) throws -> PatternedDates {
    let json = String(decoding: try JSONSerialization.data(withJSONObject: [key: text]), as: UTF8.self)
    return try loadedEveryWay(PatternedDates.self, json)
}

private func value(_ key: String, of dates: PatternedDates) -> Date? {
    [
        "weibo": dates.weibo, "isoMilliseconds": dates.isoMilliseconds, "european": dates.european,
        "spoken": dates.spoken, "packed": dates.packed, "mail": dates.mail, "zoned": dates.zoned,
        "literal": dates.literal, "twoDigitYear": dates.twoDigitYear, "dayOfYear": dates.dayOfYear,
        "microseconds": dates.microseconds,
    ][key] ?? nil
}

@Suite struct DatePatternTests {
    /// Whole seconds, before and after 1970, at the turns of days, months and years, in the
    /// morning and afternoon, on leap days.
    private static let samples: [Double] = [
        0, 1_296_039_672, 1_306_835_215, -14_182_940, 951_782_400, 1_330_473_599, 946_684_800, 946_727_999,
        1_609_459_199, -2_208_988_800, 4_102_444_800, 43_200, 82_800,
    ]

    @Test func writesAsDateFormatterDoes() throws {
        for sample in Self.samples {
            let date = Date(timeIntervalSince1970: sample)
            let dates = PatternedDates()
            for key in patterns.map(\.key) { dates.setDate(date, forKey: key) }
            let form = try jsonObject(dates.jsonString())
            for (key, pattern) in patterns {
                #expect(form[key] as? String == formatter(pattern).string(from: date), "\(key) \(sample)")
            }
        }
    }

    @Test func readsAsDateFormatterDoes() throws {
        let texts: [(key: String, text: String)] = [
            ("weibo", "Tue May 31 17:46:55 +0800 2011"), ("weibo", "Sun Jul 20 20:17:40 -0530 1969"),
            ("weibo", "thu jan 01 00:00:00 +0000 1970"), ("isoMilliseconds", "2011-05-31T17:46:55.125+08:00"),
            ("isoMilliseconds", "2011-05-31T09:46:55.007Z"), ("european", "29/02/2012 23:59"),
            ("spoken", "12:05 AM, Sunday 1 January 2012"), ("spoken", "12:05 pm, Sunday 1 January 2012"),
            ("spoken", "7:30 PM, Friday 31 December 1999"), ("packed", "20110531174655"),
            ("mail", "Tue, 31 May 2011 17:46:55 -0700"), ("zoned", "2011-05-31T17:46:55-07:00"),
            ("zoned", "2011-05-31T17:46:55Z"), ("literal", "at 7h05 on 5.1.2011, +03"),
            ("literal", "at 17h05 on 15.12.2011, -0330"), ("twoDigitYear", "Jan 5, 11"), ("dayOfYear", "2011 day 151"),
        ]
        for (key, text) in texts {
            let pattern = try #require(patterns.first { $0.key == key }?.pattern)
            let expected = try #require(formatter(pattern).date(from: text), "\(text)")
            let found = try #require(value(key, of: try loaded(key, text)))
            // Fractions are added to the whole seconds once, as ISO 8601 text is read, where
            // `DateFormatter` divides milliseconds: the two may differ in the last place.
            let difference = abs(found.timeIntervalSince(expected))
            #expect(difference < 1e-6, "\(key): \(text): \(found) versus \(expected)")
            #expect(difference == 0 || text.contains("."), "\(key): \(text)")
        }
    }

    @Test func readsWhatItWritesAsTheSameDate() throws {
        for sample in Self.samples {
            let dates = PatternedDates()
            for key in patterns.map(\.key) { dates.setDate(Date(timeIntervalSince1970: sample), forKey: key) }
            dates.twoDigitYear = Date(timeIntervalSince1970: 1_296_039_672)
            dates.microseconds = Date(timeIntervalSince1970: sample)
            let again = try loadedEveryWay(PatternedDates.self, dates.jsonString())
            // The patterns that hold every second of a date read it back; the others write
            // back what they read.
            for date in [again.weibo, again.isoMilliseconds, again.packed, again.mail, again.zoned, again.microseconds]
            {
                #expect(date == Date(timeIntervalSince1970: sample), "\(sample)")
            }
            #expect(again.european == Date(timeIntervalSince1970: (sample / 60).rounded(.down) * 60))
            #expect(try again.jsonString() == dates.jsonString(), "\(sample)")
        }
    }

    @Test func writesFractionsRoundedDownAndReadsThemBack() throws {
        let dates = PatternedDates()
        dates.isoMilliseconds = Date(timeIntervalSince1970: 1_306_835_215.1239)
        dates.microseconds = Date(timeIntervalSince1970: -14_182_940.000_001)
        dates.weibo = Date(timeIntervalSince1970: 1_306_835_215.999)
        let form = try jsonObject(dates.jsonString())
        #expect(form["isoMilliseconds"] as? String == "2011-05-31T09:46:55.123Z")
        #expect(form["microseconds"] as? String == "1969-07-20 20:17:39.999999")
        #expect(form["weibo"] as? String == "Tue May 31 09:46:55 +0000 2011")
        let again = try PatternedDates(json: dates.jsonString())
        // Whole seconds and the fraction, added once, as ISO 8601 text reads.
        #expect(again.isoMilliseconds == Date(timeIntervalSinceReferenceDate: (1_306_835_215 - 978_307_200) + 0.123))
        #expect(again.microseconds == dates.microseconds)
        #expect(try again.jsonString() == dates.jsonString())
    }

    @Test(arguments: [
        ("weibo", "Tue May 31 17:46:55 +08:00 2011"), ("weibo", "Tue May 31 17:46:55 +0800 2011 "),
        ("weibo", "Tue Mai 31 17:46:55 +0800 2011"), ("weibo", "Tue May 32 17:46:55 +0800 2011"),
        ("weibo", "Tue May 31 17:60:55 +0800 2011"), ("weibo", "Tue May 31 17:46:55 +2400 2011"),
        ("isoMilliseconds", "2011-05-31T17:46:55.12+08:00"), ("isoMilliseconds", "2011-05-31T17:46:55.125+0800"),
        ("european", "5/1/2011 10:00"), ("european", "05/13/2011 10:00"), ("spoken", "13:05 AM, Sunday 1 January 2012"),
        ("spoken", "0:05 AM, Sunday 1 January 2012"), ("packed", "2011053117465"),
        ("zoned", "2011-05-31T17:46:55+0700"),
        ("mail", "Tue, 31 May 2011 17:46:55 Z"), ("literal", "at 7h05 on 5.1.2011 +03"),
        ("literal", "7h05 on 5.1.2011, +03"),
        ("packed", "00000531174655"), ("dayOfYear", "2011 day four"),
    ])
    func rejectsTextOutsideThePattern(key: String, text: String) throws {
        let pattern = patterns.first { $0.key == key }?.pattern ?? ""
        let json = String(decoding: try JSONSerialization.data(withJSONObject: [key: text]), as: UTF8.self)
        let message = "\(key): expected a date in the form \"\(pattern)\", found \"\(text)\""
        #expect(modelError { _ = try PatternedDates(json: json) }?.description == message)
        #expect(modelError { _ = try PatternedDates(json: json, options: .foundationReader) }?.description == message)
    }

    @Test func readsAndWritesFromManyThreadsAtOnce() async throws {
        let json = #"{"weibo":"Tue May 31 17:46:55 +0800 2011","twoDigitYear":"Jan 5, 11","dayOfYear":"2011 day 151"}"#
        let expected = try PatternedDates(json: json).jsonString()
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    (0..<50).allSatisfy { _ in (try? PatternedDates(json: json).jsonString()) == expected }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
    }

    @Test func throwsForYearsThatTheYearFieldCannotWrite() throws {
        let dates = PatternedDates()
        dates.weibo = Date(timeIntervalSince1970: 253_402_300_800)  // 10000-01-01
        #expect(modelError { _ = try dates.jsonData() }?.keyPath.description == "weibo")
        dates.weibo = Date(timeIntervalSince1970: 0)
        dates.spoken = Date(timeIntervalSince1970: 253_402_300_800)
        #expect(try jsonObject(dates.jsonString())["spoken"] as? String == "12:00 AM, Saturday 1 January 10000")
        dates.spoken = .distantPast
        #expect(modelError { _ = try dates.jsonData() }?.keyPath.description == "spoken")
        dates.spoken = Date(timeIntervalSinceReferenceDate: .nan)
        #expect(modelError { _ = try dates.jsonData() }?.keyPath.description == "spoken")
        dates.spoken = Date(timeIntervalSince1970: 0)
        dates.dayOfYear = Date(timeIntervalSinceReferenceDate: 1e300)
        #expect(modelError { _ = try dates.jsonData() }?.keyPath.description == "dayOfYear")
    }
}

extension PatternedDates {
    fileprivate func setDate(_ date: Date, forKey key: String) {
        switch key {
        case "weibo": weibo = date
        case "isoMilliseconds": isoMilliseconds = date
        case "european": european = date
        case "spoken": spoken = date
        case "packed": packed = date
        case "mail": mail = date
        case "zoned": zoned = date
        case "literal": literal = date
        case "twoDigitYear": twoDigitYear = date
        case "dayOfYear": dayOfYear = date
        default: microseconds = date
        }
    }
}
