import Foundation

/// The saved form of ``DateValue``'s date: an ISO 8601 string in UTC with at most six
/// fractional digits.
///
/// The date is rounded to that precision when the value is made, so the value in memory is
/// exactly the one that loading its saved form gives back.
struct SavedDate: Hashable, CustomStringConvertible {
    /// The date, rounded to the microsecond.
    let date: Date

    /// The fractional digits written: microseconds.
    static let fractionDigits = 6

    /// How DejalObject wrote `Date.distantPast`: Apple's date formatter counts years before
    /// 1582 in the Julian calendar, which puts that date two days later than ISO 8601 does.
    static let legacyDistantPastText = "0001-01-01T00:00:00Z"

    /// Makes the saved form of a date, rounding it to the microsecond.
    ///
    /// - Parameter date: The date.
    init(_ date: Date) {
        var rounded = date
        // One round trip settles almost every date; far from 2001 a Double cannot hold every
        // microsecond, and a second one settles those. A date that has no text (NaN, or beyond
        // the years ISO 8601 text holds) stays as it is, and writing it throws.
        for _ in 0..<3 {
            guard let text = try? Self.text(for: rounded), let next = ISO8601.date(from: text), next != rounded
            else { break }
            rounded = next
        }
        self.date = rounded
    }

    /// The date that a saved string describes, or `nil` when it is not a valid date.
    ///
    /// - Parameter text: An ISO 8601 date, with any number of fractional digits and a `Z` or
    ///   an offset, or DejalObject's form of `Date.distantPast`.
    /// - Returns: The date, not yet rounded.
    static func parse(_ text: String) -> Date? {
        if text == legacyDistantPastText { return .distantPast }
        return ISO8601.date(from: text)
    }

    private static func text(for date: Date) throws -> String {
        try ISO8601.string(from: date, maximumFractionDigits: fractionDigits)
    }

    /// The saved string, such as `2015-02-23T18:30:00Z`, or `nil` for a date that has none.
    var text: String? {
        try? Self.text(for: date)
    }

    var description: String {
        text ?? "\(date.timeIntervalSinceReferenceDate) seconds from 2001-01-01T00:00:00Z"
    }
}

extension SavedDate: SavedRepresentable {
    init(savedRepresentation: String) throws {
        guard let date = Self.parse(savedRepresentation) else {
            throw ModelError(.invalidValue(expected: "an ISO 8601 date", found: FoundValue.quoted(savedRepresentation)))
        }
        self.init(date)
    }

    var savedRepresentation: String {
        get throws { try Self.text(for: date) }
    }
}
