import Foundation

/// What splitting the buffered bytes of a stream found next.
enum RecordSplit {
    /// A record's bytes, at `bytes` in the buffer, which stay valid until the next read.
    case record(bytes: Range<Int>, byteOffset: Int, line: Int?)
    /// A record whose end is not yet known, for the reader to find by reading it: `bytes` run
    /// from its first byte as far as it may go. The cursor hands what it read back to the
    /// splitter with ``RecordSplitter/didRead(_:recordOfLength:)``, or, when the bytes do not
    /// read as a record, asks for its end with ``RecordSplitter/scanNextRecord()``.
    case unscanned(bytes: Range<Int>, byteOffset: Int)
    /// A record longer than the limit, which the splitter reads past.
    case oversized(byteOffset: Int, line: Int?)
    /// More bytes are needed to go on.
    case needsMore
    /// The stream has no more records.
    case end
}

/// An error in the layout of a stream, outside any record: the stream ends with it.
struct RecordLayoutError: Error {
    let error: ModelError
    /// The offset in the stream where the fault is.
    let byteOffset: Int
    /// The line of the fault, counted from 1.
    let line: Int
}

/// A splitter of the bytes of a stream into its records, one format's rules.
protocol RecordSplitter {
    /// Finds the next record in `buffer` and consumes it, or consumes what comes before it.
    ///
    /// - Parameters:
    ///   - buffer: The unconsumed bytes.
    ///   - isAtEnd: Whether the source has no more bytes after them.
    ///   - limit: The most bytes one record may have.
    /// - Throws: A ``RecordLayoutError`` for bytes that break the format.
    mutating func split(_ buffer: RecordBuffer, isAtEnd: Bool, limit: Int) throws -> RecordSplit

    /// Consumes the record of a ``RecordSplit/unscanned(bytes:byteOffset:)`` split, the
    /// `length` bytes that reading it took.
    mutating func didRead(_ buffer: RecordBuffer, recordOfLength length: Int)

    /// Makes the next split find the end of the record of an
    /// ``RecordSplit/unscanned(bytes:byteOffset:)`` split that did not read, and give its exact
    /// bytes as a ``RecordSplit/record(bytes:byteOffset:line:)``.
    mutating func scanNextRecord()
}

extension RecordSplitter {
    // A splitter that finds the end of every record itself never gives an unscanned one.
    mutating func didRead(_ buffer: RecordBuffer, recordOfLength length: Int) {}
    mutating func scanNextRecord() {}
}

/// Splits JSON Lines at each line feed, taking a carriage return before it off the record and
/// passing over blank lines.
///
/// Each byte is looked at once: `memchr` finds the line feed, and a line that is still
/// incomplete is searched again only from where the last search stopped. A line longer than
/// the limit is reported as soon as the buffer holds that much of it, then read past without
/// being kept, to the next line feed.
struct JSONLinesSplitter: RecordSplitter {
    /// The line of the first unconsumed byte.
    private var line = 1
    /// How far past the first unconsumed byte the search for a line feed has gone.
    private var searched = 0
    /// Whether the bytes up to the next line feed belong to an oversized line already reported.
    private var isPassingOver = false

    mutating func split(_ buffer: RecordBuffer, isAtEnd: Bool, limit: Int) throws -> RecordSplit {
        while true {
            let start = buffer.start
            let searchStart = start + searched
            let remaining = buffer.end - searchStart
            let found =
                remaining > 0 ? memchr(buffer.base + searchStart, Int32(UInt8(ascii: "\n")), remaining) : nil
            guard let found else { return lastLine(buffer, isAtEnd: isAtEnd, limit: limit) }
            let lineFeed = buffer.base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let thisLine = line
            buffer.start = lineFeed + 1
            searched = 0
            line += 1
            if isPassingOver {
                isPassingOver = false
                continue
            }
            if let split = Self.record(buffer, start..<lineFeed, line: thisLine, limit: limit) { return split }
        }
    }

    /// What the bytes after the last line feed give: more to come, or at the end a last line.
    private mutating func lastLine(_ buffer: RecordBuffer, isAtEnd: Bool, limit: Int) -> RecordSplit {
        let start = buffer.start
        let end = buffer.end
        if isPassingOver {
            buffer.start = end
            return isAtEnd ? .end : .needsMore
        }
        if isAtEnd {
            buffer.start = end
            return Self.record(buffer, start..<end, line: line, limit: limit) ?? .end
        }
        // One more byte than the limit may be the carriage return before the line feed.
        guard end - start > limit + 1 else {
            searched = end - start
            return .needsMore
        }
        isPassingOver = true
        buffer.start = end
        searched = 0
        return .oversized(byteOffset: buffer.streamOffset(of: start), line: line)
    }

    /// The record on the line at `bytes`, without its carriage return; `nil` for a blank line.
    private static func record(_ buffer: RecordBuffer, _ bytes: Range<Int>, line: Int, limit: Int) -> RecordSplit? {
        var end = bytes.upperBound
        if end > bytes.lowerBound, buffer.base[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let offset = buffer.streamOffset(of: bytes.lowerBound)
        guard !isBlank(buffer.base, bytes.lowerBound..<end) else { return nil }
        guard end - bytes.lowerBound <= limit else { return .oversized(byteOffset: offset, line: line) }
        return .record(bytes: bytes.lowerBound..<end, byteOffset: offset, line: line)
    }

    /// Whether the bytes are all spaces, tabs and carriage returns.
    private static func isBlank(_ base: UnsafeMutablePointer<UInt8>, _ bytes: Range<Int>) -> Bool {
        for index in bytes {
            let byte = base[index]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0D else { return false }
        }
        return true
    }
}
