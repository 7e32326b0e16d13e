import Foundation

extension SavedValue where Self: ModelObject {
    /// The records of a file, read one at a time in bounded memory, as models of this class or
    /// of the subclasses they name.
    ///
    /// ```swift
    /// for try await order in Order.records(contentsOf: exportURL) {
    ///     print(order.id)
    /// }
    /// ```
    ///
    /// The file is opened when iteration starts and read with `read(2)` in chunks of 256 KiB;
    /// it is closed at the end, at an error, when the loop breaks early and when the task is
    /// cancelled. Each iteration reads the file again from its start. The reads block the
    /// iterating task's thread briefly, as a file read does; on the main actor, iterate from a
    /// task of its own for a large file.
    ///
    /// - Parameters:
    ///   - url: The file to read.
    ///   - format: How the records are laid out: JSON Lines by default, or an array.
    ///   - options: How each record loads, the longest record, and what a record that does not
    ///     load does.
    /// - Returns: The records, an `AsyncSequence` of models.
    public static func records(
        contentsOf url: URL,
        format: RecordFormat = .jsonLines,
        options: RecordOptions = RecordOptions()
    ) -> ModelRecords<Self> {
        ModelRecords(format: format, options: options) { FileRecordSource(url: url) }
    }

    /// The records of an asynchronous sequence of bytes, such as `URLSession.AsyncBytes` on
    /// Apple platforms, read one at a time in bounded memory, as models of this class or of the
    /// subclasses they name.
    ///
    /// ```swift
    /// let (bytes, _) = try await URLSession.shared.bytes(from: feedURL)
    /// for try await event in Event.records(from: bytes) { … }
    /// ```
    ///
    /// The bytes are taken in batches of up to 16 KiB, or to the end of a line, so a record
    /// of JSON Lines that has arrived is read at once. The sequence is iterated on the
    /// iterating task's actor with `next(isolation:)`, which needs macOS 15, iOS 18, tvOS 18,
    /// watchOS 11 or visionOS 2; ``records(contentsOf:format:options:)`` reads a file on every
    /// release.
    ///
    /// - Parameters:
    ///   - bytes: The bytes of the stream.
    ///   - format: How the records are laid out: JSON Lines by default, or an array.
    ///   - options: How each record loads, the longest record, and what a record that does not
    ///     load does.
    /// - Returns: The records, an `AsyncSequence` of models.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    public static func records<Bytes: AsyncSequence>(
        from bytes: Bytes,
        format: RecordFormat = .jsonLines,
        options: RecordOptions = RecordOptions()
    ) -> ModelRecords<Self> where Bytes.Element == UInt8 {
        ModelRecords(format: format, options: options) { AsyncByteSource(bytes) }
    }

    /// The records of an asynchronous sequence of chunks of bytes, such as `Data` or
    /// `[UInt8]`, read one at a time in bounded memory, as models of this class or of the
    /// subclasses they name.
    ///
    /// ```swift
    /// for try await order in Order.records(from: chunks, format: .array) { … }
    /// ```
    ///
    /// Each chunk is copied into the stream's buffer as it comes, so the memory a stream needs
    /// is bounded by its longest record and its largest chunk.
    ///
    /// - Parameters:
    ///   - chunks: The bytes of the stream, a chunk at a time.
    ///   - format: How the records are laid out: JSON Lines by default, or an array.
    ///   - options: How each record loads, the longest record, and what a record that does not
    ///     load does.
    /// - Returns: The records, an `AsyncSequence` of models.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    public static func records<Chunks: AsyncSequence>(
        from chunks: Chunks,
        format: RecordFormat = .jsonLines,
        options: RecordOptions = RecordOptions()
    ) -> ModelRecords<Self> where Chunks.Element: Sequence<UInt8> {
        ModelRecords(format: format, options: options) { AsyncChunkSource(chunks) }
    }
}
