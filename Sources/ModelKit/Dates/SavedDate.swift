import Foundation

/// The saved form of ``DateValue``'s date: an ISO 8601 string in UTC with at most six
/// fractional digits, or no date at all.
///
/// The date is rounded to that precision when the value is made, so the value in memory is
/// exactly the one that loading its saved form gives back.
struct SavedDate: Hashable, CustomStringConvertible {
    /// The date, rounded to the microsecond; `nil` for no date.
    let date: Date?

    /// No date: nothing is written.
    static let none = SavedDate(nil)

    /// The fractional digits written: microseconds.
    static let fractionDigits = 6

    /// How DejalObject wrote `Date.distantPast`: Apple's date formatter counts years before
    /// 1582 in the Julian calendar, which puts that date two days later than ISO 8601 does.
    static let legacyDistantPastText = "0001-01-01T00:00:00Z"

    /// Makes the saved form of a date, rounding it to the microsecond.
    ///
    /// - Parameter date: The date, or `nil` for none.
    init(_ date: Date?) {
        guard var rounded = date else {
            self.date = nil
            return
        }
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
    /// Besides ISO 8601 with any number of fractional digits and a `Z` or an offset, it reads
    /// what DejalDate reads: a date and time without a zone, which is in UTC, and DejalObject's
    /// form of `Date.distantPast`.
    ///
    /// - Parameter text: The saved string.
    /// - Returns: The date, not yet rounded.
    static func parse(_ text: String) -> Date? {
        if text == legacyDistantPastText { return .distantPast }
        if let date = ISO8601.date(from: text) { return date }
        // DejalDate appended the `Z` that such a string lacks; a string with an offset already
        // failed above and fails again.
        return ISO8601.date(from: text + "Z")
    }

    private static func text(for date: Date) throws -> String {
        try ISO8601.string(from: date, maximumFractionDigits: fractionDigits)
    }

    /// The saved string, such as `2015-02-23T18:30:00Z`; `nil` for no date, and for a date
    /// that has no ISO 8601 text (NaN, infinity, or beyond the years that text holds).
    var text: String? {
        date.flatMap { try? Self.text(for: $0) }
    }

    /// The string that a write with `options` writes: the saved string, or in
    /// ``WriteOptions/dejalObjectFormat`` what DejalDate writes, whole seconds and
    /// `Date.distantPast` as DejalObject wrote it; `nil` for no date.
    ///
    /// - Throws: A ``ModelError`` for a date that has no ISO 8601 text.
    func writtenText(options: WriteOptions) throws -> String? {
        guard let date else { return nil }
        guard options.contains(.dejalObjectFormat) else { return try Self.text(for: date) }
        // Compared in whole seconds, so that a date within a second after it is written the
        // same way, and reads back as it.
        if ISO8601.wholeSeconds(of: date) == .distantPast { return Self.legacyDistantPastText }
        return try ISO8601.dejalObjectString(from: date)
    }

    var description: String {
        guard let date else { return "nil" }
        return text ?? "\(date.timeIntervalSinceReferenceDate) seconds from 2001-01-01T00:00:00Z"
    }
}

extension SavedDate: SavedValue {
    /// Reads an ISO 8601 string, or `null` or an empty string (DejalDate's "no date") as no
    /// date.
    static func _make(savedValue: Any, context: LoadContext) throws -> SavedDate {
        if FastCast.isNull(savedValue) { return .none }
        guard let text = FastCast.string(savedValue) else {
            throw mismatch(savedValue, expected: "a string")
        }
        if text.isEmpty { return .none }
        guard let date = parse(text) else {
            throw ModelError.invalidDate(text)
        }
        return SavedDate(date)
    }

    func _savedValue(context: SaveContext) throws -> Any {
        try writtenText(options: context.options) ?? NSNull()
    }

    func _writeJSON(to writer: inout JSONWriter) throws {
        guard let text = try writtenText(options: writer.options) else { return writer.output.writeNull() }
        writer.output.writeString(text)
    }

    /// No date writes no `string` value.
    var _isNilSavedValue: Bool {
        date == nil
    }
}
