import Foundation

/// A date pattern of ``DateFormat/pattern(_:)``, compiled once into the fields that ModelKit
/// reads and writes itself, without `DateFormatter`.
///
/// A pattern is a run of Unicode date fields, quoted literals and other characters, as
/// `DateFormatter` takes it: `EEE MMM dd HH:mm:ss Z yyyy` is a weekday, a month name, a day, a
/// time, a zone offset and a year, separated by spaces, and reads
/// `Tue May 31 17:46:55 +0800 2011`. The fields compiled here, always in the POSIX locale and
/// the Gregorian calendar:
///
/// | Field | Reads and writes |
/// |---|---|
/// | `yyyy`, `y` | the year, four digits or at least one (years 1 to 9999, or 1 and later) |
/// | `MM`, `M`, `MMM`, `MMMM` | the month: two digits, one or two, `Jan`, `January` |
/// | `dd`, `d` | the day of the month: two digits, or one or two |
/// | `HH`, `H`, `hh`, `h`, `a` | the hour, 0–23 or 1–12, and `AM` or `PM` |
/// | `mm`, `m`, `ss`, `s` | minutes and seconds: two digits, or one or two |
/// | `S` to `SSSSSSSSS` | that many digits of the fraction of a second, written rounded down |
/// | `EEE` (or `E`, `EE`), `EEEE` | the weekday, `Tue` or `Tuesday`: read, not checked |
/// | `Z`, `ZZ`, `ZZZ`; `xx`; `XX` | a zone offset `+0800`; `XX` writes UTC as `Z` |
/// | `ZZZZZ`, `XXX`; `xxx` | a zone offset `+08:00`; `ZZZZZ` and `XXX` write UTC as `Z` |
/// | `X`; `x` | a zone offset `+08` or `+0530`; `X` writes UTC as `Z` |
/// | `'text'`, `''` | the text itself, and a quote |
///
/// Any character other than an ASCII letter stands for itself. Names and `AM`/`PM` read in any
/// case. A date is written in UTC, with a zero offset where the pattern has a zone field, and
/// text without a zone field is read in UTC. Fields the pattern lacks default to
/// 1970-01-01T00:00:00. A pattern with any other letter (`yy`, `z`, `ZZZZ`, `D`, `G`, …) is
/// read and written by a `DateFormatter` instead (see ``FormatterPattern``).
struct DatePattern: Sendable, Hashable {
    enum Field: Sendable, Hashable {
        /// Bytes that stand for themselves.
        case literal([UInt8])
        /// A number written with at least `minimumDigits` digits and read with
        /// `minimumDigits` to `maximumDigits`.
        case number(NumberField, minimumDigits: Int, maximumDigits: Int)
        /// The month's English name, abbreviated or in full.
        case monthName(isAbbreviated: Bool)
        /// The weekday's English name, abbreviated or in full.
        case weekdayName(isAbbreviated: Bool)
        /// `AM` or `PM`.
        case dayPeriod
        /// That many digits of the fraction of a second.
        case fraction(digits: Int)
        case zone(ZoneStyle)
    }

    enum NumberField: Sendable, Hashable {
        case year
        case month
        case day
        case hour
        case hourOfDayPeriod
        case minute
        case second
    }

    /// How a zone offset is written and read.
    struct ZoneStyle: Sendable, Hashable {
        /// Whether hours and minutes are separated by a colon, `+08:00`.
        var isExtended: Bool
        /// Whether the minutes are written only when they are not zero, `+08`.
        var hasOptionalMinutes: Bool
        /// Whether a zero offset is written, and may be read, as `Z`.
        var writesZ: Bool
    }

    let fields: [Field]

    /// The most bytes that the fields write.
    let maximumLength: Int

    /// Compiles `pattern`, or returns `nil` when it has a field outside those listed above.
    init?(_ pattern: String) {
        var compiler = PatternCompiler(pattern: Array(pattern.utf8))
        guard let fields = compiler.compile() else { return nil }
        self.fields = fields
        maximumLength = fields.reduce(0) { total, field in
            if case .literal(let bytes) = field { return total + bytes.count }
            return total + 16
        }
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ].map { Array($0.utf8) }

    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"].map {
        Array($0.utf8)
    }
}

/// Splits a pattern into fields: runs of one letter, quoted text, and other characters.
private struct PatternCompiler {
    let pattern: [UInt8]
    var index = 0
    var fields: [DatePattern.Field] = []

    init(pattern: [UInt8]) {
        self.pattern = pattern
    }

    mutating func compile() -> [DatePattern.Field]? {
        while index < pattern.count {
            let byte = pattern[index]
            if byte == UInt8(ascii: "'") {
                guard let text = quotedText() else { return nil }
                appendLiteral(text)
            } else if Self.isLetter(byte) {
                var count = 1
                while index + count < pattern.count, pattern[index + count] == byte { count += 1 }
                index += count
                guard let field = Self.field(byte, count: count) else { return nil }
                fields.append(field)
            } else {
                appendLiteral([byte])
                index += 1
            }
        }
        return fields
    }

    /// The text of a quoted literal at the index, or `''`'s quote; `nil` when unterminated.
    private mutating func quotedText() -> [UInt8]? {
        index += 1
        if index < pattern.count, pattern[index] == UInt8(ascii: "'") {
            index += 1
            return [UInt8(ascii: "'")]
        }
        var text: [UInt8] = []
        while index < pattern.count {
            let byte = pattern[index]
            index += 1
            guard byte == UInt8(ascii: "'") else {
                text.append(byte)
                continue
            }
            // A doubled quote inside quotes is a quote.
            guard index < pattern.count, pattern[index] == UInt8(ascii: "'") else { return text }
            text.append(byte)
            index += 1
        }
        return nil
    }

    private mutating func appendLiteral(_ bytes: [UInt8]) {
        if case .literal(let previous)? = fields.last {
            fields[fields.count - 1] = .literal(previous + bytes)
        } else {
            fields.append(.literal(bytes))
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func field(_ letter: UInt8, count: Int) -> DatePattern.Field? {
        switch (Unicode.Scalar(letter), count) {
        case ("y", 1): return .number(.year, minimumDigits: 1, maximumDigits: 9)
        case ("y", 4): return .number(.year, minimumDigits: 4, maximumDigits: 4)
        case ("M", 1...2): return number(.month, count)
        case ("M", 3...4): return .monthName(isAbbreviated: count == 3)
        case ("d", 1...2): return number(.day, count)
        case ("H", 1...2): return number(.hour, count)
        case ("h", 1...2): return number(.hourOfDayPeriod, count)
        case ("m", 1...2): return number(.minute, count)
        case ("s", 1...2): return number(.second, count)
        case ("S", 1...9): return .fraction(digits: count)
        case ("E", 1...4): return .weekdayName(isAbbreviated: count < 4)
        case ("a", 1): return .dayPeriod
        case ("Z", 1...3): return .zone(.init(isExtended: false, hasOptionalMinutes: false, writesZ: false))
        case ("Z", 5): return .zone(.init(isExtended: true, hasOptionalMinutes: false, writesZ: true))
        case ("X", 1...3), ("x", 1...3):
            let writesZ = letter == UInt8(ascii: "X")
            return .zone(.init(isExtended: count == 3, hasOptionalMinutes: count == 1, writesZ: writesZ))
        default: return nil
        }
    }

    /// A field of one or two digits: exactly two for a doubled letter.
    private static func number(_ field: DatePattern.NumberField, _ count: Int) -> DatePattern.Field {
        .number(field, minimumDigits: count, maximumDigits: 2)
    }
}
