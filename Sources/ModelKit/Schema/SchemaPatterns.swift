import Foundation

/// The regular expressions (JSON Schema `pattern`) of the text values that ModelKit reads
/// more leniently, or more exactly, than a JSON Schema `format` says.
///
/// A reading schema accepts what the reader reads, so where the reader takes more than a
/// `format` (ISO 8601 text with a space, a comma or a short offset, DejalDate's dates without
/// a zone, Base64 broken into lines), the reading schema has a pattern of exactly that text
/// instead; where it takes less (no leap second, a day that its month has), the pattern says
/// so too. Each pattern uses only what ECMA-262 and the other engines agree on: `[0-9]` rather
/// than `\d`, which matches other scripts' digits in some engines, and no lookaround.
///
/// ```
/// ISO 8601, as `ISO8601.date(from:)` reads it:
///   2024-02-29T03:04:05Z   2024-02-29 03:04:05,5+01   +12024-01-02T03:04:05.25-0130
///   [+-]?  year of 4 to 9 digits  -MM-dd (the month's days, February 29 in leap years)
///   [Tt ]  HH:mm:ss (no 60th second)  [.,] and any fraction  then Z, z, ±HH, ±HHmm or ±HH:mm
/// ```
enum SchemaPatterns {
    /// A date of the proleptic Gregorian calendar, `[+-]year-MM-dd`, with only the days that
    /// its month has.
    ///
    /// A year is a leap year when its last two digits are a multiple of 4 other than 00, or its
    /// last four a multiple of 400; the sign does not change that.
    static let isoDate = "[+-]?(?:[0-9]{4,9}-\(monthsAndDays)|\(leapYear)-02-29)"

    /// A leap year of 4 to 9 digits.
    private static let leapYear =
        "(?:[0-9]{2,7}(?:0[48]|[2468][048]|[13579][26])|[0-9]{0,5}(?:[02468][048]|[13579][26])00)"

    /// The time after a date: a `T`, `t` or space, then hours, minutes, seconds and any fraction.
    static let isoTime = "[Tt ](?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:[.,][0-9]+)?"

    /// A zone: `Z`, `z`, or an offset of hours and, with or without a colon, minutes.
    static let isoZone = "(?:[Zz]|[+-](?:[01][0-9]|2[0-3])(?::?[0-5][0-9])?)"

    /// A date of `DateFormat.dateOnly`, `yyyy-MM-dd`: a year of four digits from 0001, and
    /// only the days that its month has.
    static let dateOnly: String = {
        let year = "(?:000[1-9]|00[1-9][0-9]|0[1-9][0-9]{2}|[1-9][0-9]{3})"
        let leapYear = "(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)"
        return "^(?:\(year)-\(monthsAndDays)|\(leapYear)-02-29)$"
    }()

    /// A month and one of its days, `MM-dd`, February 29 left out.
    private static let monthsAndDays =
        "(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))"

    /// The ISO 8601 text that a `Date` reads: a date, a time and a zone.
    static let iso8601 = "^\(isoDate)\(isoTime)\(isoZone)$"

    /// The ISO 8601 text that ModelKit writes for a date in a year that some checks of RFC
    /// 3339's `date-time` turn down.
    ///
    /// The year 0000, in which `Date.distantPast` falls, and the years before it and after
    /// 9999, written with a sign; in UTC, with any fraction.
    static let iso8601BeyondRFC3339: String = {
        let yearZero = "0000-(?:\(monthsAndDays)|02-29)"
        let signedYear = "[+-](?:[0-9]{4,9}-\(monthsAndDays)|\(leapYear)-02-29)"
        return "^(?:\(yearZero)|\(signedYear))T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\\.[0-9]+)?Z$"
    }()

    /// What ``DateValue`` reads as its `string`: ISO 8601 text, with or without a zone (a date
    /// without one is in UTC, as DejalDate read it), or an empty string for no date.
    static let dejalDate = "^(?:\(isoDate)\(isoTime)\(isoZone)?)?$"

    /// Base64 as `Data(base64Encoded:)` reads it: groups of four, padded.
    static let base64 = "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"

    /// The characters that Unicode calls white space, which ``DataValue`` drops from Base64
    /// text broken into lines.
    static let whiteSpace: String = {
        // Each written out: some engines take no escape as the bound of a range.
        let spaces = (0x2000...0x200A).map { String(format: "\\u%04X", $0) }.joined()
        return #"[\t\n\u000B\f\r \u0085\u00A0\u1680"# + spaces + #"\u2028\u2029\u202F\u205F\u3000]"#
    }()

    /// Base64 as ``DataValue`` reads it: with white space anywhere, as DejalData wrote it in
    /// lines; an empty string is no data.
    static let base64WithWhiteSpace: String = {
        let character = "[A-Za-z0-9+/]\(whiteSpace)*"
        let padding = "=\(whiteSpace)*"
        let end = "(?:(?:\(character)){2}\(padding)\(padding)|(?:\(character)){3}\(padding))"
        return "^\(whiteSpace)*(?:(?:\(character)){4})*\(end)?$"
    }()

    /// A UUID as `UUID(uuidString:)` reads it: 32 hexadecimal digits of either case, in groups
    /// of 8, 4, 4, 4 and 12.
    static let uuid = "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"

    /// A decimal number in a string, as `Decimal`'s text is read: a sign, digits with a point,
    /// and an exponent.
    static let decimal = "^[+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?$"
}
