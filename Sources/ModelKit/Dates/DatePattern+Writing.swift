import Foundation

/// Writing a date in a compiled pattern, in UTC, into a buffer on the stack.
///
/// 2011-05-31T09:46:55.5Z in `EEE MMM dd HH:mm:ss Z yyyy` is `Tue May 31 09:46:55 +0000 2011`:
/// without a fraction field, the fraction of a second is dropped, so that date reads back half
/// a second earlier. A fraction field writes the fraction rounded down to its digits, so text
/// that was read writes back as it came.
extension DatePattern {
    /// Calls `body` with the UTF-8 bytes of the date in this pattern.
    ///
    /// - Throws: ``ModelError/Reason/unencodableDate(_:)`` for NaN, infinity, and dates whose
    ///   year a year field cannot write so that it reads back (`yyyy` writes the years 1 to
    ///   9999, `y` those from 1 on); or what `body` throws.
    func withText<Result>(of date: Date, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result {
        guard let moment = Moment(date) else { throw DateCoding.unencodable(date) }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { buffer in
            var text = PatternText(bytes: buffer)
            for field in fields {
                guard text.write(field, of: moment) else { throw DateCoding.unencodable(date) }
            }
            return try body(UnsafeBufferPointer(rebasing: buffer[..<text.count]))
        }
    }

    /// The text of the date in this pattern.
    func string(from date: Date) throws -> String {
        try withText(of: date) { String(decoding: $0, as: UTF8.self) }
    }
}

/// A date split into the fields that patterns write, in UTC.
private struct Moment {
    let interval: Double
    let secondsSince1970: Int64
    let year: Int64
    let month: Int64
    let day: Int64
    let secondOfDay: Int64
    /// Days since Sunday.
    let weekday: Int

    init?(_ date: Date) {
        interval = date.timeIntervalSinceReferenceDate
        let whole = interval.rounded(.down)
        // Beyond a million years either way no year field can write the date; the bound keeps
        // the conversion to an integer from trapping, and is false for NaN.
        guard abs(whole) < 4e13 else { return nil }
        secondsSince1970 = Int64(whole) + ISO8601.secondsFrom1970ToReferenceDate
        let (days, secondOfDay) = ISO8601.floorDivide(secondsSince1970, 86_400)
        (year, month, day) = ISO8601.civilDate(daysSince1970: days)
        self.secondOfDay = secondOfDay
        weekday = Int(ISO8601.floorDivide(days + 4, 7).1)
    }

    /// The fraction of a second in `digits` digits, rounded down: the largest whose text reads
    /// back no later than the date.
    func fraction(digits: Int) -> UInt64 {
        let scale = ISO8601.pow10(digits)
        let whole = Double(secondsSince1970 - ISO8601.secondsFrom1970ToReferenceDate)
        var value = UInt64(min(max(((interval - whole) * Double(scale)).rounded(.down), 0), Double(scale - 1)))
        func readBack(_ value: UInt64) -> Double {
            DatePattern.interval(secondsSince1970: secondsSince1970, fraction: value, digits: digits)
        }
        while value > 0, readBack(value) > interval { value -= 1 }
        while value + 1 < scale, readBack(value + 1) <= interval { value += 1 }
        return value
    }
}

private struct PatternText {
    let bytes: UnsafeMutableBufferPointer<UInt8>
    var count = 0

    init(bytes: UnsafeMutableBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Writes one field; `false` when the date's year is outside what the field writes.
    mutating func write(_ field: DatePattern.Field, of moment: Moment) -> Bool {
        switch field {
        case .literal(let literal): append(literal[...])
        case .number(let number, let minimumDigits, let maximumDigits):
            let value = value(of: number, in: moment)
            if number == .year {
                let limit = ISO8601.pow10(maximumDigits)
                guard value >= 1, UInt64(value) < limit else { return false }
            }
            append(UInt64(value), width: minimumDigits)
        case .monthName(let isAbbreviated):
            append(DatePattern.monthNames[Int(moment.month) - 1], isAbbreviated: isAbbreviated)
        case .weekdayName(let isAbbreviated):
            append(DatePattern.weekdayNames[moment.weekday], isAbbreviated: isAbbreviated)
        case .dayPeriod: append(moment.secondOfDay < 43_200 ? "AM" : "PM")
        case .fraction(let digits): append(moment.fraction(digits: digits), width: digits)
        case .zone(let style):
            // Dates are written in UTC.
            append(style.writesZ ? "Z" : style.hasOptionalMinutes ? "+00" : style.isExtended ? "+00:00" : "+0000")
        }
        return true
    }

    private func value(of field: DatePattern.NumberField, in moment: Moment) -> Int64 {
        switch field {
        case .year: return moment.year
        case .month: return moment.month
        case .day: return moment.day
        case .hour: return moment.secondOfDay / 3600
        case .hourOfDayPeriod:
            let hour = moment.secondOfDay / 3600 % 12
            return hour == 0 ? 12 : hour
        case .minute: return moment.secondOfDay / 60 % 60
        case .second: return moment.secondOfDay % 60
        }
    }

    private mutating func append(_ name: [UInt8], isAbbreviated: Bool) {
        append(name[..<(isAbbreviated ? min(3, name.count) : name.count)])
    }

    private mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func append<Bytes: Sequence<UInt8>>(_ slice: Bytes) {
        for byte in slice {
            bytes[count] = byte
            count += 1
        }
    }

    /// Appends `value` in decimal, padded with zeros to `width` digits.
    private mutating func append(_ value: UInt64, width: Int) {
        var digits = 1
        var limit: UInt64 = 10
        while digits < 19, value >= limit {
            digits += 1
            limit *= 10
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
