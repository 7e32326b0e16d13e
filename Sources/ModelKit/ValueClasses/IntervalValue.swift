import Foundation

/// A length of time, or a range of lengths, in whole units: "5 minutes", "2 - 3 weeks".
///
/// `IntervalValue` is a ``ModelObject``, so it nests in other models, tracks its changes and
/// round-trips through dictionaries and JSON. Its data is that of DejalObject's
/// `DejalInterval`, and data written under that name loads into it:
///
/// ```swift
/// let reminder = IntervalValue(amount: 5, units: .minute)
/// print(reminder.fullText)      // 5 minutes
/// print(reminder.briefText)     // 5 mins
/// print(reminder.timeInterval)  // 300.0
///
/// let window = IntervalValue(string: "1 to 2 hrs")
/// print(window?.description ?? "")  // 1 - 2 hours = 3600.00 - 7200.00 seconds
/// ```
///
/// A single amount is kept in both ``firstAmount`` and ``secondAmount``; a range uses
/// ``firstAmount`` for its start, ``secondAmount`` for its end, and sets ``usingRange``.
public final class IntervalValue: ModelObject {
    /// Whether the interval is a range from ``firstAmount`` to ``secondAmount``.
    @Saved public var usingRange = false

    /// The start of a range, or the amount of a single interval.
    @Saved public var firstAmount = 0

    /// The end of a range, or the amount of a single interval.
    @Saved public var secondAmount = 0

    /// The units that the amounts count.
    @Saved public var units = IntervalUnits.minute

    @Saved("extraValues") private var savedExtraValues: SavedDictionary? = nil

    /// The name DejalObject wrote for this class, so that its data loads.
    public override class var legacyModelNames: [String] { [dejalObjectName] }

    /// Creates a single interval, such as 5 minutes.
    ///
    /// - Parameters:
    ///   - amount: The number of units.
    ///   - units: The units.
    public convenience init(amount: Int, units: IntervalUnits) {
        self.init()
        self.amount = amount
        self.units = units
        clearChanges()
    }

    /// Creates a range of intervals, such as 5 to 10 minutes.
    ///
    /// - Parameters:
    ///   - firstAmount: The number of units at the start of the range.
    ///   - secondAmount: The number of units at the end of the range.
    ///   - units: The units of both amounts.
    public convenience init(firstAmount: Int, secondAmount: Int, units: IntervalUnits) {
        self.init()
        usingRange = true
        self.firstAmount = firstAmount
        self.secondAmount = secondAmount
        self.units = units
        clearChanges()
    }

    /// The amount of a single interval: reading gives ``secondAmount``, and setting sets both
    /// amounts.
    public var amount: Int {
        get { secondAmount }
        set {
            firstAmount = newValue
            secondAmount = newValue
        }
    }

    /// Values kept with the interval under names of their own, saved under `extraValues`.
    ///
    /// Each value must be one that JSON can hold: a string, number, boolean, `NSNull`, or an
    /// array or dictionary of those. An empty dictionary writes no `extraValues`.
    public var extraValues: [String: Any] {
        get { savedExtraValues?.values ?? [:] }
        set { savedExtraValues = newValue.isEmpty ? nil : SavedDictionary(newValue) }
    }

    // MARK: Seconds

    /// The seconds of ``firstAmount``.
    public var firstTimeInterval: TimeInterval {
        seconds(of: firstAmount)
    }

    /// The seconds of ``secondAmount``.
    public var secondTimeInterval: TimeInterval {
        seconds(of: secondAmount)
    }

    /// The seconds of the interval: of ``amount``, or of the end of a range.
    public var timeInterval: TimeInterval {
        secondTimeInterval
    }

    /// The seconds from the start of the range to its end; negative when the start is later.
    public var rangeDifference: TimeInterval {
        secondTimeInterval - firstTimeInterval
    }

    /// The length of the interval, or of the end of a range, as a `Duration`.
    public var duration: Duration {
        .seconds(timeInterval)
    }

    private func seconds(of amount: Int) -> TimeInterval {
        units.isAmountless ? units.seconds : Double(amount) * units.seconds
    }

    // MARK: Text

    /// The full name of the units, singular when the amount (or the end of a range) is 1:
    /// `minute`, `minutes`, `never`.
    public var fullUnitsName: String {
        units.fullName(plural: secondAmount != 1)
    }

    /// The brief name of the units, singular when the amount (or the end of a range) is 1:
    /// `min`, `mins`, `never`.
    public var briefUnitsName: String {
        units.briefName(plural: secondAmount != 1)
    }

    /// The interval in words with full unit names: `5 minutes`, `5 - 10 minutes`, `never`.
    public var fullText: String {
        text(unitsName: fullUnitsName)
    }

    /// The interval in words with brief unit names: `5 mins`, `5 - 10 mins`, `never`.
    public var briefText: String {
        text(unitsName: briefUnitsName)
    }

    /// The interval in words and in seconds: `5 minutes = 300.00 seconds`, or
    /// `5 - 10 minutes = 300.00 - 600.00 seconds` for a range.
    public override var description: String {
        if usingRange {
            return "\(fullText) = \(Self.format(firstTimeInterval)) - \(Self.format(secondTimeInterval)) seconds"
        }
        return "\(fullText) = \(Self.format(timeInterval)) seconds"
    }

    private func text(unitsName: String) -> String {
        if units.isAmountless { return unitsName }
        if usingRange { return "\(firstAmount) - \(secondAmount) \(unitsName)" }
        return "\(secondAmount) \(unitsName)"
    }

    private static func format(_ seconds: TimeInterval) -> String {
        String(format: "%.2f", locale: Locale(identifier: "en_US_POSIX"), seconds)
    }
}

extension IntervalValue: DejalObjectCounterpart {
    static var dejalObjectName: String { "DejalInterval" }
}
