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
    private static let secondsFrom1970ToReferenceDate: Int64 = 978_307_200

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

    /// The date an ISO 8601 string describes, or `nil` when it is not a valid date.
    static func date(from string: String) -> Date? {
        if let date = string.utf8.withContiguousStorageIfAvailable({ wholeSecondsUTC($0) }) ?? nil {
            return date
        }
        var string = string
        return string.withUTF8 { bytes in
            var parser = Parser(bytes: bytes)
            return parser.parse()
        }
    }

    /// The date that the UTF-8 bytes of an ISO 8601 string describe, or `nil` when they are
    /// not a valid date; the same as ``date(from:)`` on their text.
    static func date(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        if let date = wholeSecondsUTC(bytes) { return date }
        var parser = Parser(bytes: bytes)
        return parser.parse()
    }

    /// `yyyy-MM-dd'T'HH:mm:ss'Z'`, the form ModelKit writes for a date without a fraction,
    /// read at fixed positions; `nil` for anything else, which the full parser then reads.
    private static func wholeSecondsUTC(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ start: Int, _ count: Int) -> Int64? {
            var value: Int64 = 0
            for index in start..<(start + count) {
                let digit = bytes[index] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let seconds = daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSinceReferenceDate: Double(seconds - secondsFrom1970ToReferenceDate))
    }

    static func pow10(_ exponent: Int) -> UInt64 {
        var result: UInt64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value / divisor
        let remainder = value % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    // Days since 1970-01-01 of a date in the proleptic Gregorian calendar, after
    // Howard Hinnant's `days_from_civil`.
    static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    // The inverse of `daysSince1970(year:month:day:)`, after Hinnant's `civil_from_days`.
    private static func civilDate(daysSince1970 days: Int64) -> (Int64, Int64, Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2:
            let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            return isLeap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func parse() -> Date? {
            var sign: Int64 = 1
            if let first = peek(), first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
                sign = first == UInt8(ascii: "-") ? -1 : 1
                index += 1
            }
            guard let yearDigits = digits(minimum: 4, maximum: 9) else { return nil }
            let year = sign * yearDigits
            guard expect("-"), let month = digits(exactly: 2), expect("-"), let day = digits(exactly: 2),
                (1...12).contains(month), day >= 1, day <= ISO8601.daysInMonth(year: year, month: month),
                let separator = peek(),
                separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t")
                    || separator == UInt8(ascii: " ")
            else { return nil }
            index += 1
            guard let hour = digits(exactly: 2), expect(":"), let minute = digits(exactly: 2), expect(":"),
                let second = digits(exactly: 2), hour < 24, minute < 60, second < 60
            else { return nil }
            var fraction = 0.0
            if peek() == UInt8(ascii: ".") || peek() == UInt8(ascii: ",") {
                index += 1
                guard let value = fractionValue() else { return nil }
                fraction = value
            }
            guard let offset = zoneOffset(), index == bytes.count else { return nil }
            let days = ISO8601.daysSince1970(year: year, month: month, day: day)
            let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
            let whole = Double(seconds - ISO8601.secondsFrom1970ToReferenceDate)
            return Date(timeIntervalSinceReferenceDate: whole + fraction)
        }

        func peek() -> UInt8? {
            index < bytes.count ? bytes[index] : nil
        }

        mutating func expect(_ character: Unicode.Scalar) -> Bool {
            guard peek() == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func digits(exactly count: Int) -> Int64? {
            digits(minimum: count, maximum: count)
        }

        mutating func digits(minimum: Int, maximum: Int) -> Int64? {
            var value: Int64 = 0
            var count = 0
            while count < maximum, let byte = peek(), byte >= 0x30, byte <= 0x39 {
                value = value * 10 + Int64(byte - 0x30)
                count += 1
                index += 1
            }
            return count >= minimum ? value : nil
        }

        mutating func fractionValue() -> Double? {
            var value: UInt64 = 0
            var count = 0
            while let byte = peek(), byte >= 0x30, byte <= 0x39 {
                // Digits past the eighteenth cannot change a Date; read them but drop them.
                if count < 18 {
                    value = value * 10 + UInt64(byte - 0x30)
                    count += 1
                }
                index += 1
            }
            guard count > 0 else { return nil }
            return Double(value) / Double(ISO8601.pow10(count))
        }

        mutating func zoneOffset() -> Int64? {
            guard let byte = peek() else { return nil }
            if byte == UInt8(ascii: "Z") || byte == UInt8(ascii: "z") {
                index += 1
                return 0
            }
            guard byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") else { return nil }
            index += 1
            let sign: Int64 = byte == UInt8(ascii: "-") ? -1 : 1
            guard let hours = digits(exactly: 2), hours < 24 else { return nil }
            var minutes: Int64 = 0
            if peek() == UInt8(ascii: ":") {
                index += 1
                guard let value = digits(exactly: 2) else { return nil }
                minutes = value
            } else if peek() != nil {
                guard let value = digits(exactly: 2) else { return nil }
                minutes = value
            }
            guard minutes < 60 else { return nil }
            return sign * (hours * 3600 + minutes * 60)
        }
    }
}
