import Foundation

/// ISO 8601 dates in UTC, `2011-01-26T19:01:12Z` with or without fractional seconds, read and
/// written with the proleptic Gregorian calendar's arithmetic alone, independently of
/// ModelKit's own and without a formatter for each of the many dates the documents hold.
enum DifferentialDate {
    /// The text of a date of whole seconds since 1970.
    static func text(secondsSince1970 seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let date = "\(year)-\(two(month))-\(two(day))"
        return date + "T\(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60))Z"
    }

    /// The date of a text, or `nil` for a text not of the form above or not of a real date.
    static func date(_ text: String) -> Date? {
        let characters = Array(text.utf8)
        guard characters.count >= 20, characters.last == UInt8(ascii: "Z"),
            let year = number(characters, 0..<4), characters[4] == UInt8(ascii: "-"),
            let month = number(characters, 5..<7), characters[7] == UInt8(ascii: "-"),
            let day = number(characters, 8..<10), characters[10] == UInt8(ascii: "T"),
            let hour = number(characters, 11..<13), characters[13] == UInt8(ascii: ":"),
            let minute = number(characters, 14..<16), characters[16] == UInt8(ascii: ":"),
            let second = number(characters, 17..<19),
            (1...12).contains(month), (1...daysInMonth(month, of: year)).contains(day), hour < 24, minute < 60,
            second < 60
        else { return nil }
        var fraction = 0.0
        if characters.count > 20 {
            guard characters[19] == UInt8(ascii: "."), let digits = Double("0" + text.dropFirst(19).dropLast())
            else { return nil }
            fraction = digits
        }
        let seconds = days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    private static func number(_ characters: [UInt8], _ range: Range<Int>) -> Int64? {
        guard characters[range].allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return characters[range].reduce(0) { $0 * 10 + Int64($1 - 0x30) }
    }

    private static func daysInMonth(_ month: Int64, of year: Int64) -> Int64 {
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][Int(month) - 1]
    }

    /// Days from 1970-01-01 to a date (Howard Hinnant's `days_from_civil`).
    private static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a number of days from 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
