import Foundation

/// How a stream of records is read: the options of each record's load, the longest record
/// accepted, and what a record that does not load does.
///
/// ```swift
/// var skipped: [RecordIssue] = []
/// let options = RecordOptions(onError: .skip { skipped.append($0) })
/// for try await order in Order.records(contentsOf: url, options: options) { … }
/// ```
public struct RecordOptions {
    /// What a record that does not load does to the stream.
    public enum ErrorHandling {
        /// The stream throws the record's ``ModelError``, which names the record (see
        /// ``ModelError/record``), and ends.
        case stop
        /// The record goes to `report`, and reading goes on with the next record.
        ///
        /// A record that is valid JSON but does not load is skipped, and in JSON Lines so is a
        /// line that is not valid JSON or that is longer than ``RecordOptions/maxRecordSize``.
        /// Broken syntax in an array still stops the stream, as no record after it can be
        /// found with certainty; so do errors of the byte source and cancellation.
        case skip(report: (RecordIssue) -> Void)
    }

    /// The longest record accepted by default: 16 MiB.
    public static let defaultMaxRecordSize = 16 * 1024 * 1024

    /// How each record loads; strict by default.
    public var load: LoadOptions
    /// The most bytes that one record may have, its line's terminator not counted; a longer
    /// record is an error as soon as the buffer holds that many bytes of it, so no record
    /// makes the buffer grow past this size.
    public var maxRecordSize: Int
    /// What a record that does not load does; ``ErrorHandling/stop`` by default.
    public var onError: ErrorHandling

    /// Creates options.
    ///
    /// - Parameters:
    ///   - load: How each record loads; strict by default.
    ///   - maxRecordSize: The most bytes that one record may have; 16 MiB by default.
    ///   - onError: What a record that does not load does; `.stop` by default.
    public init(
        load: LoadOptions = [],
        maxRecordSize: Int = RecordOptions.defaultMaxRecordSize,
        onError: ErrorHandling = .stop
    ) {
        self.load = load
        self.maxRecordSize = maxRecordSize
        self.onError = onError
    }
}

/// Where a record of a stream begins: its index among the records, its byte offset and, in
/// JSON Lines, its line.
public struct RecordLocation: Sendable, Hashable, CustomStringConvertible {
    /// The record's index, counted from 0 over the records of the stream, those skipped among
    /// them; blank lines are not records.
    public let index: Int
    /// The offset of the record's first byte from the start of the stream.
    public let byteOffset: Int
    /// The record's line, counted from 1, in JSON Lines; `nil` in an array.
    public let line: Int?

    /// Creates a location.
    ///
    /// - Parameters:
    ///   - index: The record's index, counted from 0.
    ///   - byteOffset: The offset of the record's first byte from the start of the stream.
    ///   - line: The record's line, counted from 1, or `nil`.
    public init(index: Int, byteOffset: Int, line: Int?) {
        self.index = index
        self.byteOffset = byteOffset
        self.line = line
    }

    /// `record 3 (line 4, byte 812)`, or `record 3 (byte 812)` in an array.
    public var description: String {
        guard let line else { return "record \(index) (byte \(byteOffset))" }
        return "record \(index) (line \(line), byte \(byteOffset))"
    }
}

/// A record that did not load and was skipped, as ``RecordOptions/ErrorHandling/skip(report:)``
/// reports it.
public struct RecordIssue: Sendable, CustomStringConvertible {
    /// Where the record begins.
    public let location: RecordLocation
    /// Why it did not load; its ``ModelError/record`` is ``location``.
    public let error: ModelError

    /// The record's index, counted from 0.
    public var index: Int { location.index }
    /// The offset of the record's first byte from the start of the stream.
    public var byteOffset: Int { location.byteOffset }
    /// The record's line, counted from 1, in JSON Lines; `nil` in an array.
    public var line: Int? { location.line }

    /// The error's description, which names the record.
    public var description: String { error.description }
}
