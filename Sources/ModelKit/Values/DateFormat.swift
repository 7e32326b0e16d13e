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
/// A value is read and written in its declared format, so a date goes back as it came.
public enum DateFormat: Sendable, Hashable {
    /// ISO 8601 text with a zone, such as `2011-01-26T19:06:43Z`: the default. Fractional
    /// seconds are read when present and written when the date has them.
    case iso8601
    /// A calendar date, `yyyy-MM-dd`, in UTC.
    case dateOnly
    /// A JSON number of seconds since 1970-01-01T00:00:00Z, as Unix time stamps are.
    case secondsSince1970
    /// A JSON number of milliseconds since 1970-01-01T00:00:00Z, as JavaScript's
    /// `Date.now()` gives.
    case millisecondsSince1970
    /// Text in a fixed pattern of Unicode date fields, such as `EEE MMM dd HH:mm:ss Z yyyy`,
    /// read and written in the POSIX locale (`en_US_POSIX`) and the Gregorian calendar; in
    /// the zone the text gives, or UTC when the pattern has no zone field.
    case pattern(String)
}
