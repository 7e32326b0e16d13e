import Foundation

/// A date saved as an ISO 8601 string in UTC, or no date at all.
///
/// `DateValue` is a ``ModelObject``, so it nests in other models, tracks its changes and
/// round-trips through dictionaries and JSON. Its data is that of DejalObject's `DejalDate`,
/// and data written under that name loads into it:
///
/// ```swift
/// let due = DateValue(string: "2015-02-23T18:30:00Z")
/// print(try due?.jsonString(options: .compact) ?? "")
/// // {"version":1,"representedClassName":"DateValue","string":"2015-02-23T18:30:00Z"}
/// ```
///
/// The saved form is `yyyy-MM-dd'T'HH:mm:ss'Z'`, with fractional seconds to the microsecond
/// when the date has them. Reading also accepts more or fewer fractional digits and `+hh:mm`
/// or `-hh:mm` offsets, and what DejalDate reads: a date and time without the `Z`
/// (`"2015-02-23T18:30:00"`, in UTC), with or without fractional digits, and an empty string
/// for no date. Dates are kept to the microsecond, the precision of the saved form, so a
/// loaded value always equals the one that was saved.
public final class DateValue: ModelObject {
    @Saved("string") private var savedDate = SavedDate.none

    /// The name DejalObject wrote for this class, so that its data loads.
    public override class var legacyModelNames: [String] { [dejalObjectName] }

    /// Creates a value holding a date.
    ///
    /// - Parameter date: The date, kept to the microsecond; `nil` for no date.
    public convenience init(date: Date?) {
        self.init()
        self.date = date
        clearChanges()
    }

    /// Creates a value from an ISO 8601 string or one of the words `now`, `today`,
    /// `tomorrow` and `yesterday`.
    ///
    /// `today`, `tomorrow` and `yesterday` mean the start of that day in the current calendar
    /// and time zone. The words are not case-sensitive, and surrounding white space is ignored.
    ///
    /// ```swift
    /// DateValue(string: "2015-02-23T18:30:00Z")
    /// DateValue(string: "2015-02-23T20:30:00.25+02:00")
    /// DateValue(string: "Tomorrow")
    /// ```
    ///
    /// - Parameter string: The date's text.
    /// - Returns: `nil` when the string is neither a valid date nor one of the words.
    public convenience init?(string: String) {
        let text = string.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let date = Self.relativeDate(named: text.lowercased()) ?? SavedDate.parse(text) else {
            return nil
        }
        self.init(date: date)
    }

    /// A new value holding the current date and time.
    public static var now: DateValue { DateValue(date: Date()) }

    /// A new value holding `Date.distantPast`, which round-trips exactly.
    public static var distantPast: DateValue { DateValue(date: .distantPast) }

    /// A new value holding `Date.distantFuture`, which round-trips exactly.
    public static var distantFuture: DateValue { DateValue(date: .distantFuture) }

    /// The date, or `nil` for none; a `nil` date writes no `string` value.
    ///
    /// A date set here is kept to the microsecond, the precision of the saved form.
    public var date: Date? {
        get { savedDate.date }
        set { savedDate = SavedDate(newValue) }
    }

    /// The saved form of the date, such as `"2015-02-23T18:30:00Z"`, or `nil` for no date.
    ///
    /// A date that ISO 8601 text cannot hold (NaN, infinity, or beyond the years -999,999,999
    /// to 999,999,999) has no saved form either: `string` is then `nil` while ``date`` is not,
    /// and writing the value throws a ``ModelError``.
    public var string: String? {
        savedDate.text
    }

    /// Whether the date falls on the current day, in the current calendar and time zone.
    public var isToday: Bool {
        date.map { Calendar.current.isDateInToday($0) } ?? false
    }

    /// Whether the date is `Date.distantPast`.
    public var isDistantPast: Bool {
        date == .distantPast
    }

    /// Whether the date is `Date.distantFuture`.
    public var isDistantFuture: Bool {
        date == .distantFuture
    }

    /// The seconds from now until the date, negative for a date in the past; `nil` for no date.
    ///
    /// Setting it moves the date to that many seconds from now; setting `nil` removes the date.
    public var timeIntervalSinceNow: TimeInterval? {
        get { date?.timeIntervalSinceNow }
        set { date = newValue.map { Date(timeIntervalSinceNow: $0) } }
    }

    /// Moves the date by a number of seconds; a value without a date stays without one.
    ///
    /// - Parameter timeInterval: The seconds to add; negative to move the date earlier.
    public func addTimeInterval(_ timeInterval: TimeInterval) {
        date = date?.addingTimeInterval(timeInterval)
    }

    private static func relativeDate(named name: String) -> Date? {
        let calendar = Calendar.current
        let now = Date()
        switch name {
        case "now": return now
        case "today": return calendar.startOfDay(for: now)
        case "tomorrow": return calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: now))
        case "yesterday": return calendar.date(byAdding: .day, value: -1, to: calendar.startOfDay(for: now))
        default: return nil
        }
    }
}

extension DateValue: DejalObjectCounterpart {
    static var dejalObjectName: String { "DejalDate" }
}
