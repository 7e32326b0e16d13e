import Foundation
import ModelKit

/// A Weibo timestamp such as `Wed Sep 16 12:20:09 +0800 2015` (`EEE MMM dd HH:mm:ss Z yyyy`),
/// for the `Codable` and hand-written twins; written back in UTC, `Wed Sep 16 04:20:09 +0000 2015`,
/// as ModelKit writes a date declared `@Saved(date: .pattern("EEE MMM dd HH:mm:ss Z yyyy"))`.
///
/// This is the kind of type a `Codable` user declares to map that API, with a parser and a
/// formatter written for the one pattern rather than a `DateFormatter`, so that the contenders
/// are compared on equal terms.
struct WeiboDate: Hashable, Sendable {
    var date: Date

    static let unknown = WeiboDate(date: Date(timeIntervalSince1970: 0))

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    init(date: Date) {
        self.date = date
    }

    /// Parses `EEE MMM dd HH:mm:ss Z yyyy`.
    init(string: String) throws {
        let fields = string.split(separator: " ")
        guard fields.count == 6, Self.weekdays.contains(String(fields[0])),
            let month = Self.months.firstIndex(of: String(fields[1])),
            let day = Int(fields[2]), let year = Int(fields[5])
        else { throw WeiboDateError(string: string) }
        let clock = fields[3].split(separator: ":").compactMap { Int($0) }
        let zone = fields[4]
        guard clock.count == 3, zone.count == 5, let zoneValue = Int(zone.dropFirst()),
            zone.first == "+" || zone.first == "-"
        else { throw WeiboDateError(string: string) }
        let offset = (zone.first == "-" ? -1 : 1) * (zoneValue / 100 * 3600 + zoneValue % 100 * 60)
        let days = CivilDate.days(year: year, month: month + 1, day: day)
        let seconds = days * 86_400 + clock[0] * 3600 + clock[1] * 60 + clock[2] - offset
        self.init(date: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// The `EEE MMM dd HH:mm:ss Z yyyy` form, in UTC.
    var string: String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let (days, second) = (seconds.floorDivided(by: 86_400), seconds.floorModulo(86_400))
        let (year, month, day) = CivilDate.date(days: days)
        let weekday = Self.weekdays[(days + 4).floorModulo(7)]
        return "\(weekday) \(Self.months[month - 1]) \(pad(day)) \(pad(second / 3600)):\(pad(second / 60 % 60)):"
            + "\(pad(second % 60)) +0000 \(pad(year, 4))"
    }

    private func pad(_ value: Int, _ width: Int = 2) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

struct WeiboDateError: Error, CustomStringConvertible {
    let string: String
    var description: String { "not a Weibo date: \(string)" }
}

extension WeiboDate: SavedRepresentable {
    init(savedRepresentation: String) throws {
        try self.init(string: savedRepresentation)
    }

    var savedRepresentation: String { string }
}

extension WeiboDate: Codable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        try self.init(string: container.decode(String.self))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}

/// An integer that the API sends either as a number or as a string of digits (the Weibo picture sizes do both
/// in one payload).
///
/// It always writes a number.
struct LenientInt: Hashable, Sendable {
    var value: Int

    init(_ value: Int) {
        self.value = value
    }

    /// Reads a number or a string of digits from a `JSONSerialization` value.
    init?(any: Any?) {
        if let int = any as? Int {
            value = int
        } else if let string = any as? String, let int = Int(string) {
            value = int
        } else {
            return nil
        }
    }
}

extension LenientInt: SavedValue {
    static func _make(savedValue: Any, context: LoadContext) throws -> LenientInt {
        // Numbers are the common case; a cast to String costs more when it fails.
        if savedValue is NSNumber {
            return LenientInt(try Int._make(savedValue: savedValue, context: context))
        }
        guard let string = savedValue as? String else {
            return LenientInt(try Int._make(savedValue: savedValue, context: context))
        }
        guard let int = Int(string) else {
            throw ModelError(.invalidValue(expected: "a whole number", found: "\"\(string)\""))
        }
        return LenientInt(int)
    }

    func _savedValue(context: SaveContext) throws -> Any { value }

    func _writeJSON(to writer: inout JSONWriter) throws {
        try value._writeJSON(to: &writer)
    }
}

extension LenientInt: Codable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let int = try? container.decode(Int.self) {
            value = int
            return
        }
        let string = try container.decode(String.self)
        guard let int = Int(string) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a whole number: \(string)")
        }
        value = int
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// Proleptic Gregorian calendar arithmetic (after Howard Hinnant's `days_from_civil`).
enum CivilDate {
    static func days(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
    }

    static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int {
    fileprivate func floorDivided(by divisor: Int) -> Int {
        (self - floorModulo(divisor)) / divisor
    }

    fileprivate func floorModulo(_ divisor: Int) -> Int {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}

/// Checks the Weibo date parser and formatter against `DateFormatter` before they are used.
enum WeiboDateCheck {
    static func run() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
        let samples = [
            "Wed Sep 16 12:20:09 +0800 2015", "Wed Dec 25 12:22:19 +0800 2013",
            "Thu Jan 01 00:00:00 +0000 1970", "Mon Feb 29 23:59:59 -0530 2016",
        ]
        for string in samples {
            let date = try WeiboDate(string: string)
            guard formatter.date(from: string) == date.date, date.string == formatter.string(from: date.date) else {
                throw BenchmarkError("the Weibo date parser disagrees with DateFormatter on \(string)")
            }
        }
    }
}
