import Foundation

/// How a saved `Date` is written in the data, and read back.
///
/// Servers write dates in many ways, often several within one payload. Declare each
/// property's format where it differs from its class's ``ModelObject/dateFormat``:
///
/// ```swift
/// final class Event: ModelObject {
///     @Saved("created_at") var createdAt = Date()                       // ISO 8601
///     @Saved("at", date: .secondsSince1970) var at = Date()              // 1296068472
///     @Saved("day", date: .dateOnly) var day: Date?                      // "2011-01-26"
///     @Saved(date: .pattern("EEE MMM dd HH:mm:ss Z yyyy")) var posted = Date()
/// }
/// ```
///
/// A value is read and written in its declared format, so a date goes back as it came, through
/// every reader and writer: ModelKit's JSON reader and writer, `foundationReader` and
/// `foundationWriter`, the dictionary form, `Codable` (which encodes the dictionary form, so the
/// encoder's own date strategy does not apply), merge patches and snapshots. Dates inside
/// optionals, arrays, sets and dictionaries of a property take the property's format; so do
/// ``SavedRepresentable`` types saved as a `Date`. A ``CodableSavedValue``'s dates are ISO 8601.
///
/// Strict loads throw for a value that is not a date in the format, naming its key path
/// (`day: expected a date in the form "yyyy-MM-dd", found "26/01/2011"`); lenient loads record
/// the problem and write the value back as it came until the property is set. Writing throws
/// for a date that the format cannot write so that it reads back, such as NaN, or a year that
/// a four-digit year cannot hold. ``WriteOptions/dejalObjectFormat`` changes ISO 8601 dates
/// only.
public enum DateFormat: Sendable, Hashable {
    /// ISO 8601 text with a zone, such as `2011-01-26T19:06:43Z`: the default. Fractional
    /// seconds are read when present and written when the date has them.
    case iso8601
    /// A calendar date, `yyyy-MM-dd`, in UTC, for the years 1 to 9999.
    ///
    /// Reading accepts exactly that form and gives the day's first moment in UTC. Writing gives
    /// the day in UTC that the date falls on, so a date with a time of day reads back as its
    /// day's first moment.
    case dateOnly
    /// A JSON number of seconds since 1970-01-01T00:00:00Z, as Unix time stamps are: whole or
    /// with a fraction.
    ///
    /// Strings are not numbers here. A `Double` since 1970 holds a little less precision than a
    /// `Date` (about a quarter of a microsecond today), so a date set in code reads back as the
    /// nearest date that a number gives; a date that was read writes back as the same number,
    /// a whole number as an integer and any other as the shortest decimal that reads back as
    /// the same date.
    case secondsSince1970
    /// A JSON number of milliseconds since 1970-01-01T00:00:00Z, as JavaScript's
    /// `Date.now()` gives, written and read as ``secondsSince1970`` is.
    case millisecondsSince1970
    /// Text in a fixed pattern of Unicode date fields, such as `EEE MMM dd HH:mm:ss Z yyyy`,
    /// read and written in the POSIX locale (`en_US_POSIX`) and the Gregorian calendar; in
    /// the zone the text gives, or UTC when the pattern has no zone field.
    ///
    /// Dates are written in UTC, with a zero offset where the pattern has a zone field: read
    /// `Tue May 31 17:46:55 +0800 2011`, written `Tue May 31 09:46:55 +0000 2011`. What the
    /// pattern does not hold, such as the fraction of a second without an `S` field, is not
    /// written. ModelKit reads and writes these fields itself: `yyyy`, `y`, `M` to `MMMM`,
    /// `d`, `dd`, `H`, `HH`, `h`, `hh`, `a`, `m`, `mm`, `s`, `ss`, `S` to `SSSSSSSSS`, `E` to
    /// `EEEE`, the zone offsets `Z` to `ZZZ`, `ZZZZZ`, `X` to `XXX` and `x` to `xxx`, and
    /// quoted text; a pattern with any other field is read and written by a `DateFormatter`.
    case pattern(String)
}
