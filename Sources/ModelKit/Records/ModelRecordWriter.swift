import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Writes models one at a time as a stream of records: JSON Lines or an array, to a file that
/// takes the old one's place atomically when it is complete, or appended to a file of JSON
/// Lines.
///
/// ```swift
/// let writer = try ModelRecordWriter<Order>(contentsOf: exportURL)
/// for page in pages {
///     try writer.write(page.orders)
/// }
/// try writer.finish()
/// ```
///
/// Each record is written compact, by the writer of ``ModelObject/jsonData(options:)``, and
/// read back by ``ModelObject/records(contentsOf:format:options:)`` in the same format. The
/// output is buffered and written in chunks of 1 MiB, so a writer needs the memory of its
/// largest record and one chunk, however many records it writes. As with
/// ``ModelObject/jsonData(options:)``, and unlike ``ModelObject/save(to:options:)``, the records'
/// objects are not checked with ``ModelObject/validate()`` before they are written, which would
/// halve the writer's speed: call it first where the data may not be valid.
///
/// A writer is not `Sendable`: write from one task, handing it models or, from other tasks,
/// their snapshots to turn back into models.
public final class ModelRecordWriter<Model: ModelObject> {
    private enum Destination {
        /// A new file that replaces the old one when the writer finishes.
        case replacement(FileReplacement.Pending)
        /// A file of JSON Lines open for appending.
        case appending(Int32)
    }

    /// The bytes buffered before they are written.
    private static var chunkSize: Int { 1024 * 1024 }

    private var destination: Destination?
    private let path: String
    private let framing: RecordFraming
    private var writer = JSONWriter(options: .compact)
    /// How many records have been written.
    public private(set) var count = 0

    /// Creates a writer whose records replace the contents of a file, or create it, when
    /// ``finish()`` is called.
    ///
    /// The records go to a new file beside `url`, which takes its place atomically in
    /// ``finish()``, as ``ModelObject/save(to:options:)`` replaces a file: the file keeps its
    /// permission bits, owner, extended attributes and the symbolic links that lead to it, and
    /// until ``finish()`` returns, it is as it was. A writer that is dropped without
    /// ``finish()``, or that fails, removes its new file; one in a process that is killed leaves
    /// it for the next save or writer of the same file to remove.
    ///
    /// - Parameters:
    ///   - url: The file to write.
    ///   - format: JSON Lines by default, or an array, at the top level or at a key path
    ///     inside a top-level object (`{"data":[…]}`).
    /// - Throws: A ``ModelError`` when `url` is not a file URL, leads to something other than
    ///   a regular file or to a file the caller may not write, or when the new file cannot be
    ///   created.
    public init(contentsOf url: URL, format: RecordFormat = .jsonLines) throws {
        path = try Self.path(of: url)
        framing = RecordFraming(format: format)
        do {
            destination = .replacement(try FileReplacement(path: path).begin())
        } catch {
            throw Self.fileError(error, path: path)
        }
        writer.output.buffer.append(framing.opening)
    }

    /// Creates a writer that appends records of JSON Lines to a file, creating it if it does
    /// not exist.
    ///
    /// Each record is one `write(2)` of its whole line to a file opened with `O_APPEND`, so
    /// the lines of writers in several processes do not interleave, and a reader sees whole
    /// lines but perhaps the last.
    ///
    /// - Parameter url: The file to append to.
    /// - Throws: A ``ModelError`` when `url` is not a file URL or the file cannot be opened.
    public init(appendingTo url: URL) throws {
        path = try Self.path(of: url)
        framing = RecordFraming(format: .jsonLines)
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw Self.fileError(FileReplacement.failure("could not open \(path)"), path: path)
        }
        destination = .appending(descriptor)
    }

    /// Removes the new file of a writer that did not finish, and closes a file it appends to.
    deinit { close() }

    /// Writes one model as a record.
    ///
    /// - Parameter model: The model.
    /// - Throws: A ``ModelError`` when the model cannot be written as JSON (with a key path that starts at the record's index, as in
    ///   `[3].score`), or
    ///   when the file cannot be written. A model that cannot be written leaves nothing of it
    ///   in the file, and the writer can go on.
    public func write(_ model: Model) throws {
        guard let destination else {
            throw ModelError(.fileError("could not write to \(path): the writer has finished"))
        }
        try encode(model)
        switch destination {
        case .replacement(let pending):
            if writer.output.buffer.count >= Self.chunkSize { try flush(to: pending) }
        case .appending(let descriptor):
            try flush(to: descriptor)
        }
    }

    /// Writes each model of a sequence as a record, in order.
    ///
    /// - Parameter models: The models.
    /// - Throws: A ``ModelError`` as ``write(_:)-(Model)`` throws it, at the first model that
    ///   cannot be written; the models before it are written.
    public func write<Models: Sequence<Model>>(_ models: Models) throws {
        for model in models { try write(model) }
    }

    /// Writes what is left and puts the file in place, or flushes the file appended to, and
    /// closes it.
    ///
    /// - Throws: A ``ModelError`` when the file cannot be written; a file being replaced is
    ///   then as it was.
    public func finish() throws {
        guard let destination else { return }
        defer { close() }
        do {
            switch destination {
            case .replacement(let pending):
                writer.output.buffer.append(framing.closing(isEmpty: count == 0))
                try flush(to: pending)
                try pending.commit()
            case .appending(let descriptor):
                guard FileReplacement.synchronize(descriptor) else {
                    throw FileReplacement.failure("could not write \(path) to disk")
                }
            }
        } catch let error as FileReplacement.Failure {
            throw Self.fileError(error, path: path)
        }
    }

    // MARK: Steps

    /// Adds the record of `model` to the buffer, or nothing when it cannot be written.
    private func encode(_ model: Model) throws {
        let start = writer.output.buffer.count
        do {
            try KeyPathStep.at(.index(count)) {
                if count > 0 { writer.output.buffer.append(framing.separator) }
                try model.writeJSON(to: &writer)
                writer.output.buffer.append(framing.terminator)
            }
        } catch let error as ModelError {
            writer.output.buffer.removeLast(toCount: start)
            writer.objectsBeingWritten.removeAll()
            throw error
        }
        count += 1
    }

    private func flush(to pending: FileReplacement.Pending) throws {
        do {
            try writer.output.buffer.withUnsafeBytes { try pending.write($0) }
        } catch let error as FileReplacement.Failure {
            throw Self.fileError(error, path: path)
        }
        writer.output.buffer.removeLast(toCount: 0)
    }

    /// Writes the buffered line in one `write(2)`, which the system completes for a regular
    /// file unless the disk is full or a signal interrupts it; the rest then follows.
    private func flush(to descriptor: Int32) throws {
        defer { writer.output.buffer.removeLast(toCount: 0) }
        do {
            try writer.output.buffer.withUnsafeBytes { try FileReplacement.writeAll($0, to: descriptor) }
        } catch let error as FileReplacement.Failure {
            throw Self.fileError(error, path: path)
        }
    }

    private func close() {
        switch destination {
        case .replacement(let pending): pending.abandon()
        case .appending(let descriptor): systemClose(descriptor)
        case nil: break
        }
        destination = nil
    }

    private static func path(of url: URL) throws -> String {
        guard url.isFileURL else { throw ModelError(.fileError("could not write \(url): not a file URL")) }
        return url.path
    }

    private static func fileError(_ failure: FileReplacement.Failure, path: String) -> ModelError {
        ModelError(.fileError("could not write \(path): \(failure.message)"), underlyingError: failure.underlyingError)
    }
}

/// The bytes around and between the records of a format, as a writer of records writes them:
/// a record on each line, inside an array's brackets for the array formats.
struct RecordFraming {
    let opening: [UInt8]
    let separator: [UInt8]
    let terminator: [UInt8]
    private let end: [UInt8]

    init(format: RecordFormat) {
        guard let path = format.arrayPath else {
            (opening, separator, terminator, end) = ([], [], [UInt8(ascii: "\n")], [])
            return
        }
        var keys = JSONWriter(options: .compact)
        for key in path {
            keys.output.buffer.append(UInt8(ascii: "{"))
            keys.output.writeString(key)
            keys.output.buffer.append(UInt8(ascii: ":"))
        }
        opening = keys.output.buffer.array + Array("[\n".utf8)
        separator = Array(",\n".utf8)
        terminator = []
        end = Array(repeating: UInt8(ascii: "}"), count: path.count) + [UInt8(ascii: "\n")]
    }

    /// What closes the array and the objects around it.
    func closing(isEmpty: Bool) -> [UInt8] {
        guard !opening.isEmpty else { return [] }
        return (isEmpty ? [] : [UInt8(ascii: "\n")]) + [UInt8(ascii: "]")] + end
    }
}

private func systemClose(_ descriptor: Int32) {
    _ = close(descriptor)
}
