import Foundation

extension SchemaPatterns {
    /// The text that a compiled date pattern reads, field by field: what `DatePattern`'s
    /// scanner takes, with each number's range.
    ///
    /// ```
    /// yyyy/MM/dd HH:mm   →   ^(?:000[1-9]|…|[1-9][0-9]{3})/(?:0[1-9]|1[0-2])/(?:0[1-9]|[12][0-9]|3[01]) …$
    /// ```
    ///
    /// The scanner reads a number's digits greedily: as many as the field takes, and never
    /// gives one back. Before a field that starts with a digit, a field of one or two digits
    /// therefore succeeds only with all of its digits, and is written so; before anything
    /// else, a shorter number leaves no digit for what follows to take, so each length the
    /// field takes is written as an alternative. The pattern does not say which days a month
    /// has, nor that a weekday's name fits the date: the reader checks those too.
    static func datePattern(_ pattern: DatePattern) -> String {
        let fields = pattern.fields
        var text = "^"
        for index in fields.indices {
            let isBeforeDigit = index + 1 < fields.count && startsWithDigit(fields[index + 1])
            text += expression(of: fields[index], isBeforeDigit: isBeforeDigit)
        }
        return text + "$"
    }

    private static func startsWithDigit(_ field: DatePattern.Field) -> Bool {
        switch field {
        case .literal(let bytes): bytes.first.map { $0 &- 0x30 < 10 } ?? false
        case .number, .fraction: true
        case .monthName, .weekdayName, .dayPeriod, .zone: false
        }
    }

    private static func expression(of field: DatePattern.Field, isBeforeDigit: Bool) -> String {
        switch field {
        case .literal(let bytes):
            return escaped(String(decoding: bytes, as: UTF8.self))
        case .number(let number, let minimumDigits, let maximumDigits):
            let lengths = isBeforeDigit ? maximumDigits...maximumDigits : minimumDigits...maximumDigits
            return self.number(number, lengths: lengths)
        case .monthName(let isAbbreviated):
            return names(DatePattern.monthNames, isAbbreviated: isAbbreviated)
        case .weekdayName(let isAbbreviated):
            return names(DatePattern.weekdayNames, isAbbreviated: isAbbreviated)
        case .dayPeriod:
            return "(?:[Aa]|[Pp])[Mm]"
        case .fraction(let digits):
            return "[0-9]{\(digits)}"
        case .zone(let style):
            return zone(style, isBeforeDigit: isBeforeDigit)
        }
    }

    /// A number field of `lengths` digits, within the range the reader takes.
    private static func number(_ field: DatePattern.NumberField, lengths: ClosedRange<Int>) -> String {
        let range: ClosedRange<Int>
        switch field {
        case .year: return year(lengths: lengths)
        case .month, .hourOfDayPeriod: range = 1...12
        case .day: range = 1...31
        case .hour: range = 0...23
        case .minute, .second: range = 0...59
        }
        let branches = lengths.flatMap { digits(range, length: $0) }
        return branches.count == 1 ? branches[0] : "(?:\(branches.joined(separator: "|")))"
    }

    /// A year from 1 on: `lengths` digits, not all zeros.
    private static func year(lengths: ClosedRange<Int>) -> String {
        var branches: [String] = []
        for zeros in 0..<lengths.upperBound {
            let rest = (max(lengths.lowerBound - zeros - 1, 0), lengths.upperBound - zeros - 1)
            let tail = rest.0 == rest.1 ? "{\(rest.0)}" : "{\(rest.0),\(rest.1)}"
            branches.append(String(repeating: "0", count: zeros) + "[1-9]" + (rest.1 == 0 ? "" : "[0-9]\(tail)"))
        }
        return "(?:\(branches.joined(separator: "|")))"
    }

    /// The texts of exactly `length` digits (one or two) whose value lies in `range`, as
    /// character classes: `0[1-9]`, `[12][0-9]`, `3[01]` for a day.
    private static func digits(_ range: ClosedRange<Int>, length: Int) -> [String] {
        guard length == 2 else {
            let units = range.clamped(to: 0...9)
            return units.isEmpty ? [] : [characterClass(units)]
        }
        var branches: [(tens: ClosedRange<Int>, units: ClosedRange<Int>)] = []
        for tens in 0...9 {
            let units = (range.lowerBound - tens * 10)...(range.upperBound - tens * 10)
            guard units.overlaps(0...9) else { continue }
            let clamped = units.clamped(to: 0...9)
            if let last = branches.last, last.units == clamped, last.tens.upperBound == tens - 1 {
                branches[branches.count - 1].tens = last.tens.lowerBound...tens
            } else {
                branches.append((tens...tens, clamped))
            }
        }
        return branches.map { characterClass($0.tens) + characterClass($0.units) }
    }

    private static func characterClass(_ digits: ClosedRange<Int>) -> String {
        switch digits.count {
        case 1: "\(digits.lowerBound)"
        case 2: "[\(digits.lowerBound)\(digits.upperBound)]"
        default: "[\(digits.lowerBound)-\(digits.upperBound)]"
        }
    }

    /// English names in any case, whole or their first three letters.
    private static func names(_ names: [[UInt8]], isAbbreviated: Bool) -> String {
        let branches = names.map { name in
            name.prefix(isAbbreviated ? 3 : name.count).map { byte -> String in
                let letter = Character(Unicode.Scalar(byte))
                return "[\(letter.uppercased())\(letter.lowercased())]"
            }.joined()
        }
        return "(?:\(branches.joined(separator: "|")))"
    }

    private static func zone(_ style: DatePattern.ZoneStyle, isBeforeDigit: Bool) -> String {
        let hours = "[+-](?:[01][0-9]|2[0-3])"
        let minutes: String
        if style.isExtended {
            minutes = ":[0-5][0-9]"
        } else if style.hasOptionalMinutes && !isBeforeDigit {
            // The scanner reads minutes whenever a digit follows the hours.
            minutes = "(?:[0-5][0-9])?"
        } else {
            minutes = "[0-5][0-9]"
        }
        return style.writesZ ? "(?:Z|\(hours)\(minutes))" : hours + minutes
    }

    /// `text` with the characters that a regular expression gives a meaning escaped.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if #"\^$.|?*+()[]{}/"#.contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
