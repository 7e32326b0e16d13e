import Foundation

/// The records of a stream, read one at a time in bounded memory: an `AsyncSequence` of
/// models.
///
/// ```swift
/// for try await order in Order.records(contentsOf: exportURL) {
///     total += order.amount
/// }
/// ```
///
/// Create one with ``ModelObject/records(contentsOf:format:options:)`` or
/// ``ModelObject/records(from:format:options:)-(Bytes,_,_)``. Each iteration reads the stream
/// from its start, through a buffer that it reuses from record to record, and that holds at
/// most the record being read and what one read brought past it; no record may be longer than
/// ``RecordOptions/maxRecordSize``. Each record loads with the reader, the rules for class
/// names and the options of `[Model](json:)`, each one as an element of the array: a record
/// may be of a subclass that it names.
///
/// The models are created in the iterating task, on its actor, and stay there: they are not
/// `Sendable`. To work on records in parallel, hand their ``ModelObject/snapshot()`` values to a
/// task group (see <doc:StreamsOfRecords>).
///
/// An iteration ends with `CancellationError` when its task is cancelled, and closes its file at
/// once when the loop breaks early, as the iterator goes away.
public struct ModelRecords<Model: ModelObject>: AsyncSequence {
    /// The models, one for each record.
    public typealias Element = Model
    /// The errors of an iteration: ``ModelError``, `CancellationError`, and those of the
    /// byte sequence the records come from.
    public typealias Failure = any Error

    private let makeSource: () -> any RecordSource
    private let format: RecordFormat
    private let options: RecordOptions

    init(format: RecordFormat, options: RecordOptions, makeSource: @escaping () -> any RecordSource) {
        self.format = format
        self.options = options
        self.makeSource = makeSource
    }

    /// Starts an iteration over the stream, from its start.
    public func makeAsyncIterator() -> Iterator {
        Iterator(cursor: RecordCursor(source: makeSource(), format: format, options: options))
    }

    /// An iteration over the records of a stream.
    public struct Iterator: AsyncIteratorProtocol {
        private let cursor: RecordCursor<Model>

        fileprivate init(cursor: RecordCursor<Model>) {
            self.cursor = cursor
        }

        /// The next record's model, or `nil` after the last record.
        ///
        /// - Throws: A ``ModelError`` for a record that does not load under
        ///   ``RecordOptions/ErrorHandling/stop``, for broken syntax around the records, or when
        ///   the file cannot be read; `CancellationError` when the task is cancelled.
        public mutating func next() async throws -> Model? {
            try await cursor.next(isolation: nil)
        }

        /// The next record's model, read on the caller's actor, or `nil` after the last record.
        ///
        /// - Parameter actor: The caller's actor, where the model is created and stays.
        /// - Throws: The errors of ``next()``.
        @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Model? {
            try await cursor.next(isolation: actor)
        }

        /// Ends the iteration and closes its file, before the iterator goes away; later calls
        /// to ``next()`` return `nil`.
        public func close() {
            cursor.finish()
        }
    }
}
