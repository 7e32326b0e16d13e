import Foundation
import ModelKit

// Dates for the properties whose format is not ISO 8601: each the dates that its format holds
// exactly, so that they read back as the same dates.

extension ModelGenerator {
    /// Seconds since 1970 of any `Double`, whole or not, or whole seconds far out.
    mutating func unixDate() -> Date {
        if chance(2) { return Date(timeIntervalSince1970: double(in: -1e11...1e11)) }
        return Date(timeIntervalSince1970: Double(integer(in: -(1 << 52)...(1 << 52))))
    }

    /// Whole milliseconds since 1970, before and after.
    mutating func millisecondDate() -> Date {
        let milliseconds = integer(in: -100_000_000_000_000...100_000_000_000_000)
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// The first moment of a day from the year 1 to 9999, in UTC.
    mutating func day() -> Date {
        Date(timeIntervalSince1970: Double(integer(in: -719_162...2_932_896)) * 86_400)
    }

    /// Whole seconds from the year 1 to 9999.
    mutating func wholeSecondDate() -> Date {
        let seconds = integer(in: -62_135_596_800...253_402_300_799)
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// Whole milliseconds from the year 1 to 9999, added to the whole seconds as reading a
    /// pattern's fraction adds them.
    mutating func wholeMillisecondDate() -> Date {
        let whole = wholeSecondDate().timeIntervalSinceReferenceDate
        return Date(timeIntervalSinceReferenceDate: whole + Double(next(1000)) / 1000)
    }

    /// A timeline: dates in its class's format, milliseconds, and in properties' own formats.
    mutating func timeline() -> GeneratedTimeline {
        let timeline = GeneratedTimeline()
        timeline.moments = array { $0.millisecondDate() }
        timeline.byName = dictionary(maximum: 3) { $0.optional { $0.millisecondDate() } }
        timeline.day = optional { $0.day() }
        timeline.stamp = wholeMillisecondDate()
        return timeline
    }
}
