import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where the bytes of a stream of records come from: a file, or an asynchronous sequence.
protocol RecordSource: AnyObject {
    /// Reads more bytes into `buffer`, on the caller's actor.
    ///
    /// - Returns: `false` at the end of the bytes, when nothing was read.
    func read(into buffer: RecordBuffer, isolation: isolated (any Actor)?) async throws -> Bool

    /// Lets go of what the source holds, such as its file; reading after it finds the end.
    func close()
}

/// The bytes of a file, read with `read(2)` a chunk at a time into the stream's buffer.
///
/// Foundation on Linux has no `FileHandle.bytes`, and a whole-file read or a memory map would
/// make the memory that a stream needs grow with its file; a chunk of ``chunkSize`` bytes at a
/// time keeps it flat. Closing the source, or its end, closes the file.
final class FileRecordSource: RecordSource {
    /// The bytes asked for by each `read`.
    static let chunkSize = 256 * 1024

    private let path: String
    /// The open file, or -1 before it opens and after it closes.
    private var descriptor: Int32 = -1
    private var isClosed = false

    init(url: URL) {
        path = url.path
    }

    deinit { close() }

    func read(into buffer: RecordBuffer, isolation: isolated (any Actor)?) async throws -> Bool {
        guard !isClosed else { return false }
        if descriptor < 0 { try open() }
        buffer.makeRoom(for: Self.chunkSize)
        let space = buffer.freeSpace
        while true {
            let count = systemRead(descriptor, space.baseAddress, min(space.count, Self.chunkSize))
            if count > 0 {
                buffer.didWrite(count)
                return true
            }
            if count == 0 {
                close()
                return false
            }
            guard errno == EINTR else { throw failure("could not read") }
        }
    }

    func close() {
        isClosed = true
        guard descriptor >= 0 else { return }
        systemClose(descriptor)
        descriptor = -1
    }

    private func open() throws {
        while true {
            descriptor = systemOpen(path, O_RDONLY | O_CLOEXEC)
            if descriptor >= 0 { return }
            guard errno == EINTR else { throw failure("could not open") }
        }
    }

    private func failure(_ action: String) -> ModelError {
        let code = errno
        let error = FileReplacement.failure("\(action) \(path)")
        isClosed = true
        return ModelError(
            .fileError(error.message), underlyingError: POSIXErrorCode(rawValue: code).map { POSIXError($0) })
    }
}

/// The bytes of an asynchronous sequence of single bytes, such as `URLSession.AsyncBytes`,
/// taken a batch at a time: up to ``batchSize`` bytes, or to the end of a line, whichever comes
/// first, so that a record of JSON Lines that has arrived is read without waiting for more.
///
/// The sequence's iterator is called on the iterating task's actor, through
/// `next(isolation:)`, which is what needs the systems of 2024.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class AsyncByteSource<Base: AsyncSequence>: RecordSource where Base.Element == UInt8 {
    /// The most bytes taken for one read.
    static var batchSize: Int { 16 * 1024 }

    private var iterator: Base.AsyncIterator?

    init(_ base: Base) {
        iterator = base.makeAsyncIterator()
    }

    func read(into buffer: RecordBuffer, isolation: isolated (any Actor)?) async throws -> Bool {
        guard var bytes = iterator else { return false }
        iterator = nil
        buffer.makeRoom(for: Self.batchSize)
        var count = 0
        while count < Self.batchSize, let byte = try await bytes.next(isolation: isolation) {
            buffer.append(byte)
            count += 1
            if byte == UInt8(ascii: "\n") { break }
        }
        // Ends only when the sequence has: a batch cut short by a line's end goes on later.
        if count > 0 { iterator = bytes }
        return count > 0
    }

    func close() {
        iterator = nil
    }
}

/// The bytes of an asynchronous sequence of chunks of bytes, such as `Data` or `[UInt8]`,
/// copied into the stream's buffer a chunk at a time.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class AsyncChunkSource<Base: AsyncSequence>: RecordSource where Base.Element: Sequence<UInt8> {
    private var iterator: Base.AsyncIterator?

    init(_ base: Base) {
        iterator = base.makeAsyncIterator()
    }

    func read(into buffer: RecordBuffer, isolation: isolated (any Actor)?) async throws -> Bool {
        guard var chunks = iterator else { return false }
        iterator = nil
        guard let chunk = try await chunks.next(isolation: isolation) else { return false }
        iterator = chunks
        let isCopied = chunk.withContiguousStorageIfAvailable { buffer.append($0) } != nil
        if !isCopied { Array(chunk).withUnsafeBufferPointer { buffer.append($0) } }
        return true
    }

    func close() {
        iterator = nil
    }
}

// The system's calls, named apart from the sources' own `read` and `close`.

private func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemClose(_ descriptor: Int32) {
    _ = close(descriptor)
}
