import Foundation

/// The units of an ``IntervalValue``, saved as their raw values, which are DejalInterval's.
public enum IntervalUnits: Int, CaseIterable, SavedValue {
    /// Seconds.
    case second = 0
    /// Minutes: 60 seconds.
    case minute = 1
    /// Hours: 3,600 seconds.
    case hour = 2
    /// Days: 86,400 seconds.
    case day = 3
    /// Weeks: 604,800 seconds.
    case week = 4
    /// Months: 2,628,000 seconds, a twelfth of 365 days.
    case month = 5
    /// Quarters: 7,884,000 seconds, three months.
    case quarter = 6
    /// Years: 31,536,000 seconds, 365 days.
    case year = 7
    /// Never: an interval of no time, whatever its amount.
    case never = 8
    /// Forever: an interval of 2,147,483,647 seconds, whatever its amount.
    case forever = 9

    /// The seconds in one unit: 0 for ``never`` and 2,147,483,647 for ``forever``.
    public var seconds: TimeInterval {
        switch self {
        case .second: 1
        case .minute: 60
        case .hour: 3600
        case .day: 86_400
        case .week: 604_800
        case .month: 2_628_000
        case .quarter: 7_884_000
        case .year: 31_536_000
        case .never: 0
        case .forever: 2_147_483_647
        }
    }

    /// Whether an amount means nothing for these units: ``never`` and ``forever`` stand alone.
    public var isAmountless: Bool {
        self == .never || self == .forever
    }

    /// The full name of the units, such as `minute` or `minutes`.
    ///
    /// - Parameter plural: Whether to give the plural form.
    /// - Returns: The name; `never` and `forever` have one form.
    public func fullName(plural: Bool) -> String {
        let name = Self.names[self]?.full ?? "\(self)"
        return plural && !isAmountless ? name + "s" : name
    }

    /// The brief name of the units, such as `min` or `mins`.
    ///
    /// - Parameter plural: Whether to give the plural form.
    /// - Returns: The name; `never` and `forever` have one form.
    public func briefName(plural: Bool) -> String {
        let name = Self.names[self]?.brief ?? "\(self)"
        return plural && !isAmountless ? name + "s" : name
    }

    /// The units that a name stands for, full or brief, singular or plural, in any case.
    ///
    /// - Parameter name: A name such as `Minutes`, `min` or `hrs`.
    /// - Returns: The units, or `nil` for a name that is none of them.
    public init?(name: String) {
        guard let units = Self.unitsByName[name.lowercased()] else { return nil }
        self = units
    }

    private static let names: [IntervalUnits: (full: String, brief: String)] = [
        .second: ("second", "sec"),
        .minute: ("minute", "min"),
        .hour: ("hour", "hr"),
        .day: ("day", "day"),
        .week: ("week", "wk"),
        .month: ("month", "mth"),
        .quarter: ("quarter", "qtr"),
        .year: ("year", "yr"),
        .never: ("never", "never"),
        .forever: ("forever", "forever"),
    ]

    private static let unitsByName: [String: IntervalUnits] = {
        var result: [String: IntervalUnits] = [:]
        for units in allCases {
            for plural in [false, true] {
                result[units.fullName(plural: plural)] = units
                result[units.briefName(plural: plural)] = units
            }
        }
        return result
    }()
}

extension IntervalUnits: Sendable {}
