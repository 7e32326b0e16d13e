import Foundation

/// Reading text in a compiled pattern: each field in turn from the bytes, strictly, then the
/// date the fields give.
///
/// `Tue May 31 17:46:55 +0800 2011` in `EEE MMM dd HH:mm:ss Z yyyy` reads the weekday `Tue`
/// (which is not checked against the date), May, the 31st, 17:46:55, an offset of eight hours
/// east of UTC and 2011: 2011-05-31T09:46:55Z.
extension DatePattern {
    /// The date that the UTF-8 bytes of a text in this pattern describe, or `nil` when they
    /// do not fit the pattern or name no valid date.
    func date(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var scanner = PatternScanner(bytes: bytes)
        var parts = DateParts()
        for field in fields {
            guard scanner.read(field, into: &parts) else { return nil }
        }
        guard scanner.index == bytes.count else { return nil }
        return parts.date
    }

    /// The date that a text in this pattern describes, or `nil`.
    func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8 { date(fromUTF8: $0) }
    }

    /// The interval since the reference date of a whole number of seconds since 1970 and a
    /// fraction of `digits` digits: the arithmetic that reading uses, which writing checks
    /// its fractions against.
    static func interval(secondsSince1970 seconds: Int64, fraction: UInt64, digits: Int) -> Double {
        let whole = Double(seconds - ISO8601.secondsFrom1970ToReferenceDate)
        return digits == 0 ? whole : whole + Double(fraction) / Double(ISO8601.pow10(digits))
    }
}

/// The fields read so far, with the defaults of those a pattern lacks.
private struct DateParts {
    var year: Int64 = 1970
    var month: Int64 = 1
    var day: Int64 = 1
    var hour: Int64?
    var hourOfDayPeriod: Int64?
    var isAfternoon = false
    var minute: Int64 = 0
    var second: Int64 = 0
    var fraction: (value: UInt64, digits: Int) = (0, 0)
    /// Seconds east of UTC.
    var offset: Int64 = 0

    var date: Date? {
        guard year >= 1, (1...12).contains(month), day >= 1, day <= ISO8601.daysInMonth(year: year, month: month),
            minute < 60, second < 60
        else { return nil }
        let hourOfDay: Int64
        if let hour {
            guard hour < 24 else { return nil }
            hourOfDay = hour
        } else if let hourOfDayPeriod {
            guard (1...12).contains(hourOfDayPeriod) else { return nil }
            hourOfDay = hourOfDayPeriod % 12 + (isAfternoon ? 12 : 0)
        } else {
            hourOfDay = 0
        }
        let days = ISO8601.daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + hourOfDay * 3600 + minute * 60 + second - offset
        return Date(
            timeIntervalSinceReferenceDate: DatePattern.interval(
                secondsSince1970: seconds, fraction: fraction.value, digits: fraction.digits))
    }
}

private struct PatternScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func read(_ field: DatePattern.Field, into parts: inout DateParts) -> Bool {
        switch field {
        case .literal(let literal):
            guard bytes.count - index >= literal.count else { return false }
            for byte in literal {
                guard bytes[index] == byte else { return false }
                index += 1
            }
            return true
        case .number(let number, let minimumDigits, let maximumDigits):
            guard let value = digits(minimum: minimumDigits, maximum: maximumDigits) else { return false }
            store(value, as: number, in: &parts)
            return true
        case .monthName(let isAbbreviated):
            guard let month = name(among: DatePattern.monthNames, isAbbreviated: isAbbreviated) else { return false }
            parts.month = Int64(month + 1)
            return true
        case .weekdayName(let isAbbreviated):
            return name(among: DatePattern.weekdayNames, isAbbreviated: isAbbreviated) != nil
        case .dayPeriod:
            guard let period = name(among: [Array("AM".utf8), Array("PM".utf8)], isAbbreviated: false) else {
                return false
            }
            parts.isAfternoon = period == 1
            return true
        case .fraction(let count):
            guard let value = digits(minimum: count, maximum: count) else { return false }
            parts.fraction = (UInt64(value), count)
            return true
        case .zone(let style):
            guard let offset = zoneOffset(style) else { return false }
            parts.offset = offset
            return true
        }
    }

    private func store(_ value: Int64, as field: DatePattern.NumberField, in parts: inout DateParts) {
        switch field {
        case .year: parts.year = value
        case .month: parts.month = value
        case .day: parts.day = value
        case .hour: parts.hour = value
        case .hourOfDayPeriod: parts.hourOfDayPeriod = value
        case .minute: parts.minute = value
        case .second: parts.second = value
        }
    }

    private mutating func digits(minimum: Int, maximum: Int) -> Int64? {
        var value: Int64 = 0
        var count = 0
        while count < maximum, index < bytes.count, bytes[index] &- 0x30 < 10 {
            value = value * 10 + Int64(bytes[index] &- 0x30)
            count += 1
            index += 1
        }
        return count >= minimum ? value : nil
    }

    /// The index of the name at the index, in any case: its first three letters when
    /// abbreviated, else all of it.
    private mutating func name(among names: [[UInt8]], isAbbreviated: Bool) -> Int? {
        for (position, name) in names.enumerated() {
            let length = isAbbreviated ? min(3, name.count) : name.count
            guard bytes.count - index >= length else { continue }
            var matches = true
            for offset in 0..<length where bytes[index + offset] | 0x20 != name[offset] | 0x20 {
                matches = false
                break
            }
            if matches {
                index += length
                return position
            }
        }
        return nil
    }

    /// A zone offset in seconds east of UTC.
    private mutating func zoneOffset(_ style: DatePattern.ZoneStyle) -> Int64? {
        guard index < bytes.count else { return nil }
        if style.writesZ, bytes[index] == UInt8(ascii: "Z") {
            index += 1
            return 0
        }
        let sign: Int64
        switch bytes[index] {
        case UInt8(ascii: "+"): sign = 1
        case UInt8(ascii: "-"): sign = -1
        default: return nil
        }
        index += 1
        guard let hours = digits(minimum: 2, maximum: 2), hours < 24 else { return nil }
        var minutes: Int64 = 0
        if style.isExtended {
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let value = digits(minimum: 2, maximum: 2) else { return nil }
            minutes = value
        } else if !style.hasOptionalMinutes || (index < bytes.count && bytes[index] &- 0x30 < 10) {
            guard let value = digits(minimum: 2, maximum: 2) else { return nil }
            minutes = value
        }
        guard minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}
