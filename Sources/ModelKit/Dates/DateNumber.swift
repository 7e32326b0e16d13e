import Foundation

/// Dates as numbers of seconds or milliseconds since 1970, for
/// ``DateFormat/secondsSince1970`` and ``DateFormat/millisecondsSince1970``.
///
/// A `Date` counts seconds from 2001 in a `Double`, and a number read from JSON is a `Double`
/// too, so a number since 1970 holds a little less precision than the date: about a quarter of
/// a microsecond for dates of this century. Reading gives the date nearest the number. Writing
/// gives the shortest number that reads back as the very same date — a whole number when one
/// does, so `1296068472` and `1296068472.123` write back as they came — or, for a date that no
/// number reads back as exactly (a date set in code to a fraction finer than a number holds),
/// the number nearest it.
enum DateNumber {
    /// The number written for a date.
    enum Written: Equatable {
        case integer(Int64)
        case fraction(Double)
    }

    /// Beyond this magnitude every `Double` is whole, and a whole number is written as a
    /// `Double` rather than an integer.
    private static let largestInteger = 9_007_199_254_740_992.0

    /// The date that a number read from data gives, or `nil` when it has none (the number
    /// divided by its unit is not finite).
    ///
    /// - Parameters:
    ///   - number: The number of seconds or milliseconds since 1970.
    ///   - unitsPerSecond: 1 for seconds, 1000 for milliseconds.
    @inline(__always)
    static func date(from number: Double, unitsPerSecond: Double) -> Date? {
        let seconds = unitsPerSecond == 1 ? number : number / unitsPerSecond
        let interval = seconds - Double(ISO8601.secondsFrom1970ToReferenceDate)
        guard interval.isFinite else { return nil }
        return Date(timeIntervalSinceReferenceDate: interval)
    }

    /// The number written for `date`.
    ///
    /// - Throws: ``ModelError/Reason/unencodableDate(_:)`` for NaN and infinity, and a date
    ///   so far away that its number is not finite.
    static func written(_ date: Date, unitsPerSecond: Double) throws -> Written {
        let interval = date.timeIntervalSinceReferenceDate
        let number = (interval + Double(ISO8601.secondsFrom1970ToReferenceDate)) * unitsPerSecond
        guard number.isFinite else { throw DateCoding.unencodable(date) }
        guard abs(number) < largestInteger else { return .fraction(number) }
        // The number computed may be a few units in the last place from one that reads back.
        var exact: Double?
        for candidate in [number, number.nextDown, number.nextUp, number.nextDown.nextDown, number.nextUp.nextUp]
        where Self.date(from: candidate, unitsPerSecond: unitsPerSecond) == date {
            exact = candidate
            break
        }
        guard let exact else { return written(number) }
        return written(shortestNumber(near: exact, readingAs: date, unitsPerSecond: unitsPerSecond) ?? exact)
    }

    private static func written(_ number: Double) -> Written {
        number.rounded(.towardZero) == number ? .integer(Int64(number)) : .fraction(number)
    }

    /// The number with the fewest fractional digits, at most 17, that reads back as `date`,
    /// looked for next to `number`, which does; `nil` when there is none shorter.
    private static func shortestNumber(near number: Double, readingAs date: Date, unitsPerSecond: Double) -> Double? {
        let magnitude = abs(number)
        let whole = magnitude.rounded(.down)
        let sign: Double = number < 0 ? -1 : 1
        // Whole numbers first, checked without text: each is a `Double` exactly.
        if Self.date(from: sign * whole, unitsPerSecond: unitsPerSecond) == date { return sign * whole }
        if Self.date(from: sign * (whole + 1), unitsPerSecond: unitsPerSecond) == date { return sign * (whole + 1) }
        let fraction = magnitude - whole
        let prefix = (number < 0 ? "-" : "") + String(UInt64(whole)) + "."
        for digits in 1...17 {
            let scale = Double(ISO8601.pow10(digits))
            let low = UInt64(min(max((fraction * scale).rounded(.down), 0), scale - 1))
            for value in [low, low + 1] where Double(value) < scale {
                // Through text, so that the candidate is the `Double` that reading the digits
                // gives, rounded once.
                let digitText = String(value)
                let text = prefix + String(repeating: "0", count: digits - digitText.count) + digitText
                guard let candidate = Double(text) else { continue }
                if Self.date(from: candidate, unitsPerSecond: unitsPerSecond) == date { return candidate }
            }
        }
        return nil
    }
}
