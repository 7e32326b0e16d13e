import Foundation

/// A time of day — hour, minute and second — in the local time zone, in UTC or in a named
/// zone, without a date.
///
/// `TimeValue` is a ``ModelObject``, so it nests in other models, tracks its changes and
/// round-trips through dictionaries and JSON. Its data is that of DejalObject's `DejalTime`,
/// and data written under that name loads into it:
///
/// ```swift
/// let standUp = TimeValue(hour: 9, minute: 30, timeZone: TimeZone(identifier: "Europe/Paris"))
/// print(try standUp.jsonString(options: .compact))
/// // {"version":1,"representedClassName":"TimeValue","hour":9,"minute":30,"second":0,"timeZoneName":"Europe\/Paris"}
/// let today = standUp.date(on: Date())  // 9:30 today in Paris
/// ```
///
/// The saved keys are `hour` (0 to 23), `minute` and `second` (0 to 59), and `timeZoneName`:
/// absent for the local time zone of whichever device reads the data, an empty string for
/// UTC/GMT, or the identifier of a zone such as `"America/New_York"`. This is the meaning that
/// DejalTime documents; its own implementation read the last two cases the other way round.
///
/// A component out of its range, or a zone name that this system's time zone database does
/// not know, does not load: strict loading throws a ``ModelError`` with its key path, and
/// lenient loading keeps the default and records the problem in ``ModelObject/loadIssues``.
/// A new value is noon in the local zone, as a new `DejalTime` was.
public final class TimeValue: ModelObject {
    @Saved("hour") private var savedHour = SavedHour(12)

    @Saved("minute") private var savedMinute = SavedMinuteOrSecond(0)

    @Saved("second") private var savedSecond = SavedMinuteOrSecond(0)

    @Saved("timeZoneName") private var savedTimeZone: SavedTimeZoneName? = nil

    /// The name DejalObject wrote for this class, so that its data loads.
    public override class var legacyModelNames: [String] { [dejalObjectName] }

    /// Creates a time of day.
    ///
    /// - Parameters:
    ///   - hour: The hour, from 0 to 23.
    ///   - minute: The minute, from 0 to 59.
    ///   - second: The second, from 0 to 59.
    ///   - timeZone: The zone of the time; `nil` for the local zone of whichever device
    ///     reads it.
    /// - Precondition: Each component is within its range.
    public convenience init(hour: Int, minute: Int = 0, second: Int = 0, timeZone: TimeZone? = nil) {
        self.init()
        self.hour = hour
        self.minute = minute
        self.second = second
        self.timeZone = timeZone
        clearChanges()
    }

    /// Creates the time of day of a date, in whole seconds.
    ///
    /// - Parameters:
    ///   - date: The date whose time of day to take.
    ///   - timeZone: The zone to read the time in and to keep; `nil` for the local zone.
    public convenience init(date: Date, timeZone: TimeZone? = nil) {
        let components = Self.calendar(in: timeZone).dateComponents([.hour, .minute, .second], from: date)
        self.init(
            hour: components.hour ?? 0, minute: components.minute ?? 0, second: components.second ?? 0,
            timeZone: timeZone)
    }

    /// A new value holding 12:00:00 in the local time zone.
    public static var noon: TimeValue { TimeValue(hour: 12) }

    /// A new value holding 00:00:00 in the local time zone.
    public static var midnight: TimeValue { TimeValue(hour: 0) }

    /// The hour, from 0 to 23.
    ///
    /// - Precondition: A value set is from 0 to 23.
    public var hour: Int {
        get { savedHour.value }
        set { savedHour = SavedHour(newValue) }
    }

    /// The minute, from 0 to 59.
    ///
    /// - Precondition: A value set is from 0 to 59.
    public var minute: Int {
        get { savedMinute.value }
        set { savedMinute = SavedMinuteOrSecond(newValue) }
    }

    /// The second, from 0 to 59.
    ///
    /// - Precondition: A value set is from 0 to 59.
    public var second: Int {
        get { savedSecond.value }
        set { savedSecond = SavedMinuteOrSecond(newValue) }
    }

    /// The zone of the time: `nil` for the local zone of whichever device reads it, GMT for
    /// UTC/GMT, or a named zone.
    ///
    /// Setting GMT (or UTC, which Foundation gives as GMT) saves an empty zone name; setting
    /// any other zone saves its identifier.
    public var timeZone: TimeZone? {
        get { savedTimeZone?.timeZone }
        set { savedTimeZone = newValue.map(SavedTimeZoneName.init) }
    }

    /// The zone's name as saved: `nil` for the local zone, empty for UTC/GMT, or an identifier
    /// such as `"Europe/Paris"`.
    public var timeZoneName: String? {
        savedTimeZone?.name
    }

    /// The moment at which this time falls on the day that `day` falls on, both in the time's
    /// zone (the local zone when ``timeZone`` is `nil`).
    ///
    /// On a day when the clocks change, a time that the change skips moves forward by the
    /// length of the change (2:30 becomes 3:30 where 2:00 jumps to 3:00), and a time that
    /// happens twice gives the first of the two.
    ///
    /// - Parameter day: Any moment of the day.
    /// - Returns: The moment of this time on that day.
    public func date(on day: Date) -> Date {
        let calendar = Self.calendar(in: timeZone)
        var components = calendar.dateComponents([.era, .year, .month, .day], from: day)
        components.hour = hour
        components.minute = minute
        components.second = second
        // A calendar can build a date from complete components; should it not, counting the
        // seconds from the start of the day is right on every day without a clock change.
        let seconds = Double(hour * 3600 + minute * 60 + second)
        return calendar.date(from: components) ?? calendar.startOfDay(for: day).addingTimeInterval(seconds)
    }

    private static func calendar(in timeZone: TimeZone?) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone ?? .current
        return calendar
    }
}

extension TimeValue: DejalObjectCounterpart {
    static var dejalObjectName: String { "DejalTime" }
}
