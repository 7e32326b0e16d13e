import Foundation

/// Splits a JSON array of records, at the top level or at a key path inside the top-level
/// object, into its elements, a chunk of bytes at a time.
///
/// The scanner checks the structure around the records; the reader checks everything inside
/// them. A record that is an object is read where it lies, from its first byte, and the reader
/// finds its end, so its bytes are looked at once. One that does not read so — cut off by the
/// end of the buffer, too long, or faulty — and a record that is not an object are scanned
/// for their end, and their exact bytes read as a whole document, which gives their errors.
/// For `{"object":"list","data":[{"id":1},{"id":2}],"has_more":false}` at `["data"]`:
///
///     {            objectFirst, level 0
///     "object"     a key that is not on the path
///     :"list"      a value passed over: scanned, then checked by the reader
///     ,"data":     the key on the path: its value must be an array
///     [            arrayFirst
///     {"id":1}     a record: scanned to its closing brace
///     ,{"id":2}    arrayNext, then a record
///     ]            the array's end: back to the object, at objectNext
///     ,"has_more":false}   passed over, then the object's end
///                  trailing: only whitespace may follow
///
/// Scanning a value keeps its state across chunks: how deep in brackets it is, whether it is in
/// a string, and how far it has got, so each byte is looked at once however the chunks fall.
/// Inside a string, `memchr` finds the next quote, and the backslashes before it say whether it
/// is escaped. A value is not consumed until it is complete, so its first byte stays the first
/// unconsumed byte of the buffer while more are read.
struct RecordArrayScanner: RecordSplitter {
    private enum State {
        case start
        /// After an object's brace: a key or its end.
        case objectFirst
        /// After a comma in an object: a key.
        case objectKey
        /// After a key; whether it is the one on the path.
        case colon(isOnPath: Bool)
        case objectValue(isOnPath: Bool)
        /// After a member: a comma or the object's end.
        case objectNext
        /// After the array's bracket: a record or the array's end.
        case arrayFirst
        /// After a comma in the array: a record.
        case arrayElement
        /// After a record: a comma or the array's end.
        case arrayNext
        /// After the top-level value: only whitespace.
        case trailing
        case finished
    }

    /// The keys from the top-level object to the array, as UTF-8.
    private let path: [[UInt8]]
    private var state = State.start
    /// How many objects on the path enclose the position.
    private var level = 0
    private var hasFoundArray = false
    private var scan = ValueScan()
    /// The line of the position, counted from 1, and the offset in the stream where it begins.
    private var line = 1
    private var lineStart = 0

    /// Whether a record that is an object is left to the reader to find its end.
    private let readsRecordsInPlace: Bool
    /// Whether the record at the position did not read in place, so its end is scanned for.
    private var mustScanRecord = false

    init(path: [String], readsRecordsInPlace: Bool = true) {
        self.path = path.map { Array($0.utf8) }
        self.readsRecordsInPlace = readsRecordsInPlace
    }

    mutating func split(_ buffer: RecordBuffer, isAtEnd: Bool, limit: Int) throws -> RecordSplit {
        while true {
            if case .finished = state { return .end }
            guard skipWhitespace(buffer) else {
                guard isAtEnd else { return .needsMore }
                if case .trailing = state {
                    state = .finished
                    return .end
                }
                throw fault(buffer, "expected \(expectation), found the end of the data")
            }
            let byte = buffer.base[buffer.start]
            switch state {
            case .start:
                let opening = path.isEmpty ? UInt8(ascii: "[") : UInt8(ascii: "{")
                guard byte == opening else {
                    throw fault(buffer, "expected \(path.isEmpty ? "an array" : "an object"), found \(describe(byte))")
                }
                buffer.start += 1
                state = path.isEmpty ? .arrayFirst : .objectFirst
            case .objectFirst where byte == UInt8(ascii: "}"), .objectNext where byte == UInt8(ascii: "}"):
                buffer.start += 1
                try closeObject(buffer)
            case .objectFirst, .objectKey:
                guard byte == UInt8(ascii: "\"") else { throw fault(buffer, "expected a key, found \(describe(byte))") }
                guard let key = try scanValue(buffer, isAtEnd: isAtEnd, limit: limit) else { return .needsMore }
                let isOnPath = !hasFoundArray && isKey(buffer, key, named: path[level])
                buffer.start = key.upperBound
                state = .colon(isOnPath: isOnPath)
            case .colon(let isOnPath):
                guard byte == UInt8(ascii: ":") else { throw fault(buffer, "expected ':', found \(describe(byte))") }
                buffer.start += 1
                state = .objectValue(isOnPath: isOnPath)
            case .objectValue(true):
                try enterPath(buffer, byte)
            case .objectValue(false):
                guard let value = try scanValue(buffer, isAtEnd: isAtEnd, limit: limit) else { return .needsMore }
                try check(buffer, value)
                buffer.start = value.upperBound
                state = .objectNext
            case .objectNext:
                guard byte == UInt8(ascii: ",") else {
                    throw fault(buffer, "expected ',' or '}', found \(describe(byte))")
                }
                buffer.start += 1
                state = .objectKey
            case .arrayFirst where byte == UInt8(ascii: "]"), .arrayNext where byte == UInt8(ascii: "]"):
                buffer.start += 1
                hasFoundArray = true
                state = path.isEmpty ? .trailing : .objectNext
            case .arrayFirst, .arrayElement:
                guard byte != UInt8(ascii: "]") else { throw fault(buffer, "expected a record after ',', found ']'") }
                let start = buffer.start
                if readsRecordsInPlace, !mustScanRecord, byte == UInt8(ascii: "{") {
                    // No more than the limit: a longer record cannot read, and is scanned.
                    let reach = min(buffer.end - start, limit)
                    return .unscanned(bytes: start..<start + reach, byteOffset: buffer.streamOffset(of: start))
                }
                guard let record = try scanValue(buffer, isAtEnd: isAtEnd, limit: limit) else { return .needsMore }
                mustScanRecord = false
                buffer.start = record.upperBound
                state = .arrayNext
                return .record(bytes: record, byteOffset: buffer.streamOffset(of: start), line: nil)
            case .arrayNext:
                guard byte == UInt8(ascii: ",") else {
                    throw fault(buffer, "expected ',' or ']' after a record, found \(describe(byte))")
                }
                buffer.start += 1
                state = .arrayElement
            case .trailing:
                throw fault(buffer, "expected the end of the data, found \(describe(byte))")
            case .finished:
                return .end
            }
        }
    }

    mutating func didRead(_ buffer: RecordBuffer, recordOfLength length: Int) {
        // A line feed inside a record that reads is whitespace: strings hold none.
        var index = buffer.start
        let end = buffer.start + length
        while index < end, let found = memchr(buffer.base + index, 0x0A, end - index) {
            index = buffer.base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            newLine(at: buffer.streamOffset(of: index))
        }
        buffer.start = end
        state = .arrayNext
    }

    mutating func scanNextRecord() {
        mustScanRecord = true
    }

    // MARK: Structure

    /// Goes into the value of the key on the path: the array, or the next object on the way.
    private mutating func enterPath(_ buffer: RecordBuffer, _ byte: UInt8) throws {
        let isLast = level == path.count - 1
        let opening = isLast ? UInt8(ascii: "[") : UInt8(ascii: "{")
        guard byte == opening else {
            let keyPath = path.prefix(level + 1).map { String(decoding: $0, as: UTF8.self) }
            throw fault(buffer, "expected \(isLast ? "an array" : "an object") at \(keyPath), found \(describe(byte))")
        }
        buffer.start += 1
        if isLast {
            state = .arrayFirst
        } else {
            level += 1
            state = .objectFirst
        }
    }

    /// Leaves an object on the path, whose closing brace was just consumed.
    private mutating func closeObject(_ buffer: RecordBuffer) throws {
        guard level == 0 else {
            level -= 1
            state = .objectNext
            return
        }
        guard hasFoundArray else {
            let keyPath = path.map { String(decoding: $0, as: UTF8.self) }
            throw fault(buffer, "the top-level object has no array at \(keyPath)")
        }
        state = .trailing
    }

    /// What the state expects next, for the error at an early end.
    private var expectation: String {
        switch state {
        case .start: return path.isEmpty ? "an array" : "an object"
        case .objectFirst: return "a key or '}'"
        case .objectKey: return "a key"
        case .colon: return "':'"
        case .objectValue: return "a value"
        case .objectNext: return "',' or '}'"
        case .arrayFirst: return "a record or ']'"
        case .arrayElement: return "a record"
        case .arrayNext: return "',' or ']'"
        case .trailing, .finished: return "the end of the data"
        }
    }

    // MARK: Bytes

    /// Consumes whitespace, counting lines; `false` when the buffer ends first.
    private mutating func skipWhitespace(_ buffer: RecordBuffer) -> Bool {
        while buffer.start < buffer.end {
            switch buffer.base[buffer.start] {
            case 0x20, 0x09, 0x0D:
                buffer.start += 1
            case 0x0A:
                buffer.start += 1
                newLine(at: buffer.streamOffset(of: buffer.start))
            default:
                return true
            }
        }
        return false
    }

    private mutating func newLine(at offset: Int) {
        line += 1
        lineStart = offset
    }

    /// Scans the value that starts at the first unconsumed byte; its bytes, or `nil` when the
    /// buffer ends inside it and more may come.
    private mutating func scanValue(_ buffer: RecordBuffer, isAtEnd: Bool, limit: Int) throws
        -> Range<Int>?
    {
        let start = buffer.start
        var lineFeeds = LineFeeds()
        let end = scan.scan(buffer.base, from: start, to: buffer.end, isAtEnd: isAtEnd, lineFeeds: &lineFeeds)
        if lineFeeds.count > 0 {
            line += lineFeeds.count
            lineStart = buffer.streamOffset(of: lineFeeds.lastLineStart)
        }
        guard let end else {
            guard buffer.end - start <= limit else { throw tooLarge(buffer, limit: limit) }
            if isAtEnd {
                throw fault(buffer, "expected the end of the value, found the end of the data", at: buffer.end)
            }
            return nil
        }
        scan = ValueScan()
        guard end - start <= limit else { throw tooLarge(buffer, limit: limit) }
        return start..<end
    }

    /// Whether the string token at `bytes` is `name`, its escapes decoded.
    private func isKey(_ buffer: RecordBuffer, _ bytes: Range<Int>, named name: [UInt8]) -> Bool {
        let inner = UnsafeBufferPointer(start: buffer.base + bytes.lowerBound + 1, count: bytes.count - 2)
        guard inner.contains(UInt8(ascii: "\\")) else { return inner.elementsEqual(name) }
        let token = UnsafeBufferPointer(start: buffer.base + bytes.lowerBound, count: bytes.count)
        let key = try? JSONReader.withReader(token) { reader in try reader.readFoundationValue() as? String }
        return key.map { $0.utf8.elementsEqual(name) } ?? false
    }

    /// Checks a value that is passed over as JSON, as the reader would read it.
    private func check(_ buffer: RecordBuffer, _ bytes: Range<Int>) throws {
        let value = UnsafeBufferPointer(start: buffer.base + bytes.lowerBound, count: bytes.count)
        let error = try? JSONReader.withReader(value) { reader in reader.syntaxError() }
        guard let error = error ?? nil else { return }
        throw RecordLayoutError(error: error, byteOffset: buffer.streamOffset(of: bytes.lowerBound), line: line)
    }

    private func tooLarge(_ buffer: RecordBuffer, limit: Int) -> RecordLayoutError {
        RecordLayoutError(
            error: ModelError(.recordTooLarge(limit: limit)), byteOffset: buffer.streamOffset(of: buffer.start),
            line: line)
    }

    /// The error for a fault in the structure at `index` (the first unconsumed byte by default).
    private func fault(_ buffer: RecordBuffer, _ detail: String, at index: Int? = nil) -> RecordLayoutError {
        let offset = buffer.streamOffset(of: index ?? buffer.start)
        let column = max(1, offset - lineStart + 1)
        return RecordLayoutError(
            error: ModelError(.syntaxError(detail, line: line, column: column)), byteOffset: offset, line: line)
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}

/// The line feeds that a scan passed, and the index just after the last of them.
struct LineFeeds {
    var count = 0
    var lastLineStart = 0
}

/// The state of scanning one JSON value for its end, kept across chunks.
struct ValueScan {
    /// How far past the value's first byte the scan has got.
    private var scanned = 0
    /// The arrays and objects open at that point.
    private var depth = 0
    private var isInString = false

    /// Scans from where the last call stopped; the index just past the value, or `nil` when
    /// the bytes end first and `isAtEnd` is false, or the value is unfinished.
    ///
    /// A number or literal ends at the first byte that cannot be in one, or at the end of the
    /// data; its contents are the reader's to check. `lineFeeds` counts the line feeds outside
    /// strings.
    mutating func scan(
        _ base: UnsafeMutablePointer<UInt8>, from start: Int, to end: Int, isAtEnd: Bool,
        lineFeeds: inout LineFeeds
    ) -> Int? {
        var index = start + scanned
        defer { scanned = index - start }
        if scanned == 0, index < end {
            switch base[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth = 1
            case UInt8(ascii: "\""):
                isInString = true
            default:
                return scanScalar(base, from: &index, to: end, isAtEnd: isAtEnd)
            }
            index += 1
        } else if scanned > 0, depth == 0, !isInString {
            return scanScalar(base, from: &index, to: end, isAtEnd: isAtEnd)
        }
        while index < end {
            if isInString {
                guard skipString(base, from: &index, to: end, valueStart: start) else { return nil }
                if depth == 0 { return index }
                continue
            }
            let byte = base[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                isInString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return index }
            case 0x0A:
                lineFeeds.count += 1
                lineFeeds.lastLineStart = index
            default:
                break
            }
        }
        return nil
    }

    /// Moves past the rest of a string to just after its closing quote; `false` when the bytes
    /// end first.
    private mutating func skipString(
        _ base: UnsafeMutablePointer<UInt8>, from index: inout Int, to end: Int, valueStart: Int
    ) -> Bool {
        while index < end {
            guard let found = memchr(base + index, Int32(UInt8(ascii: "\"")), end - index) else {
                index = end
                return false
            }
            let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            index = quote + 1
            var backslashes = 0
            while quote - backslashes - 1 > valueStart, base[quote - backslashes - 1] == UInt8(ascii: "\\") {
                backslashes += 1
            }
            if backslashes % 2 == 0 {
                isInString = false
                return true
            }
        }
        return false
    }

    private func scanScalar(_ base: UnsafeMutablePointer<UInt8>, from index: inout Int, to end: Int, isAtEnd: Bool)
        -> Int?
    {
        while index < end {
            switch base[index] {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"):
                return index
            default:
                index += 1
            }
        }
        return isAtEnd ? index : nil
    }
}
