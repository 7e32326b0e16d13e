import Foundation

/// How the records of a stream are laid out: one JSON value per line, or the elements of a
/// JSON array.
///
/// ```swift
/// for try await order in Order.records(contentsOf: exportURL) { … }                   // JSON Lines
/// for try await order in Order.records(contentsOf: backupURL, format: .array) { … }
/// for try await charge in Charge.records(from: bytes, format: .array(at: ["data"])) { … }
/// ```
public struct RecordFormat: Sendable, Hashable, CustomStringConvertible {
    /// The keys that lead from the top-level object to the array of records, or `nil` for JSON
    /// Lines; empty when the top level is the array.
    let arrayPath: [String]?

    private init(arrayPath: [String]?) {
        self.arrayPath = arrayPath
    }

    /// JSON Lines (also known as NDJSON): one JSON value on each line.
    ///
    /// Lines end in `\n` or `\r\n`; blank lines, and a last line without a line feed, are
    /// accepted. A record's value may not span lines, as the JSON writers' compact form never
    /// does.
    public static let jsonLines = RecordFormat(arrayPath: nil)

    /// A document whose top level is an array of records, as `[Model](json:)` reads it.
    public static let array = RecordFormat(arrayPath: [])

    /// A document whose top level is an object that holds the array of records at `keyPath`,
    /// such as a Stripe list's `["data"]` or a search result's `["items"]`.
    ///
    /// The object's other keys, before and after the array, are read past, their values
    /// checked as JSON; each must be no longer than ``RecordOptions/maxRecordSize``.
    ///
    /// - Parameter keyPath: The keys from the top-level object to the array; an empty path is
    ///   ``array``.
    /// - Returns: The format.
    public static func array(at keyPath: [String]) -> RecordFormat {
        RecordFormat(arrayPath: keyPath)
    }

    /// `jsonLines`, `array` or `array(at: ["data"])`.
    public var description: String {
        guard let arrayPath else { return "jsonLines" }
        if arrayPath.isEmpty { return "array" }
        return "array(at: \(arrayPath))"
    }
}
