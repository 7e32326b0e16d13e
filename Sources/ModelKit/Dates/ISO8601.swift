import Foundation

/// Formats and parses ISO 8601 dates in UTC without `DateFormatter`, so it is fast and safe
/// from any thread.
///
/// Writing gives `yyyy-MM-dd'T'HH:mm:ss'Z'`, with as few fractional digits as read back to the
/// very same `Date` when the date has a fraction. Reading accepts any number of fractional
/// digits and a `Z` or a `+hh:mm`, `-hh:mm`, `+hhmm` or `+hh` offset.
///
/// Years run from -999,999,999 to 999,999,999, the most digits that reading accepts; years
/// after 9999 are written with a `+`. A date outside those years, NaN, and some dates within
/// two seconds of 2001-01-01T00:00:00Z, whose fraction at full `Double` precision needs more
/// digits than reading keeps, have no text that reads back, and writing them throws.
enum ISO8601 {
    static let secondsFrom1970ToReferenceDate: Int64 = 978_307_200

    /// The first moment of year -999,999,999, in seconds since the reference date.
    private static let earliestInterval = Double(
        daysSince1970(year: -999_999_999, month: 1, day: 1) * 86_400 - secondsFrom1970ToReferenceDate)

    /// The first moment of year 1,000,000,000, the first that is too late to write.
    private static let endInterval = Double(
        daysSince1970(year: 1_000_000_000, month: 1, day: 1) * 86_400 - secondsFrom1970ToReferenceDate)

    /// The ISO 8601 form of a date.
    ///
    /// - Parameters:
    ///   - date: The date.
    ///   - maximumFractionDigits: The most fractional digits to write; fewer are written when
    ///     they already give back the same date. Below 18, the date is rounded to that many.
    /// - Throws: ``ModelError/Reason/unencodableDate(_:)`` for a date that has no text that
    ///   reads back, as ``withText(of:maximumFractionDigits:_:)`` describes.
    static func string(from date: Date, maximumFractionDigits: Int = 18) throws -> String {
        try withText(of: date, maximumFractionDigits: maximumFractionDigits) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the ASCII bytes of the ISO 8601 form of `date`, built on the stack.
    ///
    /// - Throws: ``ModelError/Reason/unencodableDate(_:)`` when the date is NaN, infinite or
    ///   outside the years that reading accepts, or, with all 18 fractional digits allowed,
    ///   when no text reads back as exactly this date (which happens only within two seconds
    ///   of the reference date); or what `body` throws.
    static func withText<Result>(
        of date: Date,
        maximumFractionDigits: Int = 18,
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) throws -> Result {
        let interval = date.timeIntervalSinceReferenceDate
        // Also false for NaN.
        guard interval >= earliestInterval, interval < endInterval else { throw unencodable(date) }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            var text = TextBuffer(bytes: buffer)
            let whole = interval.rounded(.down)
            let fraction = interval - whole
            writeCalendarText(secondsSince1970: Int64(whole) + secondsFrom1970ToReferenceDate, to: &text)
            if fraction > 0 {
                let isExact = writeFraction(
                    fraction, whole: whole, interval: interval, maximumDigits: maximumFractionDigits, to: &text)
                // Fewer digits round on purpose; all of them must give the date back.
                if !isExact, maximumFractionDigits >= 18 { throw unencodable(date) }
            }
            text.append(UInt8(ascii: "Z"))
            return try body(UnsafeBufferPointer(rebasing: buffer[..<text.count]))
        }
    }

    private static func unencodable(_ date: Date) -> ModelError {
        ModelError(.unencodableDate("\(date.timeIntervalSinceReferenceDate) seconds from 2001-01-01T00:00:00Z"))
    }

    /// ASCII bytes written into a buffer that is large enough for any date.
    private struct TextBuffer {
        let bytes: UnsafeMutableBufferPointer<UInt8>
        var count = 0

        mutating func append(_ byte: UInt8) {
            bytes[count] = byte
            count += 1
        }

        /// Appends `value` in decimal, padded with zeros to `width` digits.
        mutating func append(_ value: UInt64, width: Int) {
            var digits = 1
            var limit: UInt64 = 10
            while digits < 20, value >= limit {
                digits += 1
                limit = limit &* 10
            }
            let length = max(width, digits)
            var rest = value
            for index in stride(from: count + length - 1, through: count, by: -1) {
                bytes[index] = UInt8(truncatingIfNeeded: rest % 10) + 0x30
                rest /= 10
            }
            count += length
        }
    }

    private static func writeCalendarText(secondsSince1970 seconds: Int64, to text: inout TextBuffer) {
        let (days, secondOfDay) = floorDivide(seconds, 86_400)
        let (year, month, day) = civilDate(daysSince1970: days)
        if year < 0 {
            text.append(UInt8(ascii: "-"))
            text.append(year.magnitude, width: 4)
        } else if year > 9999 {
            text.append(UInt8(ascii: "+"))
            text.append(year.magnitude, width: 1)
        } else {
            text.append(year.magnitude, width: 4)
        }
        text.append(UInt8(ascii: "-"))
        text.append(UInt64(month), width: 2)
        text.append(UInt8(ascii: "-"))
        text.append(UInt64(day), width: 2)
        text.append(UInt8(ascii: "T"))
        text.append(UInt64(secondOfDay / 3600), width: 2)
        text.append(UInt8(ascii: ":"))
        text.append(UInt64(secondOfDay / 60 % 60), width: 2)
        text.append(UInt8(ascii: ":"))
        text.append(UInt64(secondOfDay % 60), width: 2)
    }

    /// Writes `.` and the fewest groups of three fractional digits (at most `maximumDigits`)
    /// that give back `interval`, without trailing zeros.
    ///
    /// Each candidate is checked in the arithmetic that reading uses, with the digits that are
    /// written, so a candidate that passes reads back exactly.
    ///
    /// - Returns: Whether the digits written give back `interval`; when none do, the most
    ///   digits allowed are written.
    private static func writeFraction(
        _ fraction: Double,
        whole: Double,
        interval: Double,
        maximumDigits: Int,
        to text: inout TextBuffer
    ) -> Bool {
        var best: (value: UInt64, digits: Int) = (0, 0)
        var isExact = false
        for digits in stride(from: 3, through: max(3, min(maximumDigits, 18)), by: 3) {
            let scale = pow10(digits)
            // A fraction that rounds up to a whole second keeps its last digits at nine instead.
            let scaled = min((fraction * Double(scale)).rounded(), Double(scale - 1))
            best = withoutTrailingZeros(UInt64(scaled), digits: digits)
            if readBack(whole: whole, best.value, digits: best.digits) == interval {
                isExact = true
                break
            }
        }
        if !isExact, maximumDigits >= 18, let found = searchFraction(whole: whole, interval: interval) {
            (best, isExact) = (found, true)
        }
        guard best.digits > 0 else { return isExact }
        text.append(UInt8(ascii: "."))
        text.append(best.value, width: best.digits)
        return isExact
    }

    /// The interval that reading `whole` seconds and the fractional digits `value` gives.
    private static func readBack(whole: Double, _ value: UInt64, digits: Int) -> Double {
        whole + Double(value) / Double(pow10(digits))
    }

    /// Fractional digits, 16 to 18 of them, that read back as `interval`, found by
    /// bisection; `nil` when there are none.
    ///
    /// Past 15 digits, reading rounds the digits to a `Double` before it divides, so rounding
    /// the fraction does not always find them; but what reading gives grows with the digits.
    private static func searchFraction(whole: Double, interval: Double) -> (value: UInt64, digits: Int)? {
        for digits in 16...18 {
            var (low, high) = (UInt64(0), pow10(digits))
            while low < high {
                let middle = low + (high - low) / 2
                if readBack(whole: whole, middle, digits: digits) < interval {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            guard low < pow10(digits), readBack(whole: whole, low, digits: digits) == interval else { continue }
            let trimmed = withoutTrailingZeros(low, digits: digits)
            return readBack(whole: whole, trimmed.value, digits: trimmed.digits) == interval ? trimmed : (low, digits)
        }
        return nil
    }

    private static func withoutTrailingZeros(_ value: UInt64, digits: Int) -> (value: UInt64, digits: Int) {
        var (value, digits) = (value, digits)
        while digits > 0, value % 10 == 0 {
            value /= 10
            digits -= 1
        }
        return (value, digits)
    }
}
