import Foundation

/// A date pattern outside the fields that ``DatePattern`` compiles, read and written by one
/// `DateFormatter` made for it, in the POSIX locale, the Gregorian calendar and UTC.
///
/// Apple documents `DateFormatter` as thread-safe on its 64-bit systems, but
/// swift-corelibs-foundation's is not (its formatter is built lazily on first use), so the one
/// formatter is used under a lock. Only patterns that the compiled fields do not cover take
/// this path, and each use costs what `DateFormatter` costs.
final class FormatterPattern: Sendable {
    private let formatter: Locked<DateFormatter>

    init(_ pattern: String) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.isLenient = false
        formatter.dateFormat = pattern
        self.formatter = Locked(formatter)
    }

    /// The date that `text` describes in the pattern, or `nil` when it does not fit.
    func date(from text: String) -> Date? {
        formatter.withLock { $0.date(from: text) }
    }

    /// The text of `date` in the pattern.
    ///
    /// - Throws: ``ModelError/Reason/unencodableDate(_:)`` for NaN, infinity, dates more than
    ///   a million years away, and a date whose text does not read back.
    func string(from date: Date) throws -> String {
        // Also false for NaN.
        guard abs(date.timeIntervalSinceReferenceDate) < 4e13 else { throw DateCoding.unencodable(date) }
        return try formatter.withLock { formatter in
            let text = formatter.string(from: date)
            guard formatter.date(from: text) != nil else { throw DateCoding.unencodable(date) }
            return text
        }
    }
}
