import Foundation

/// The state of one iteration over a stream of records: its source, its buffer, its splitter
/// and the load that its records share.
///
/// It is a class so that an iteration that ends early, when the loop breaks or its task is
/// cancelled, closes its file as the iterator goes away.
final class RecordCursor<Model: ModelObject> {
    private let source: any RecordSource
    private var splitter: any RecordSplitter
    private let buffer = RecordBuffer(capacity: FileRecordSource.chunkSize * 2)
    private let options: RecordOptions
    /// Whether a syntax error inside a record ends the stream: in an array, no later record
    /// can be found with certainty.
    private let isSyntaxFatal: Bool
    /// The load that the records share, as the elements of `[Model](json:)` share one; a
    /// record that fails leaves it in an unknown state, so the next record gets a new one.
    private var context: LoadContext
    private var index = 0
    private var isSourceAtEnd = false
    private var isFinished = false

    init(source: any RecordSource, format: RecordFormat, options: RecordOptions) {
        self.source = source
        self.options = options
        if let path = format.arrayPath {
            splitter = RecordArrayScanner(path: path, readsRecordsInPlace: !options.load.contains(.foundationReader))
            isSyntaxFatal = true
        } else {
            splitter = JSONLinesSplitter()
            isSyntaxFatal = false
        }
        context = LoadContext(options: options.load)
    }

    deinit { source.close() }

    /// The next record, read on the caller's actor; `nil` after the last.
    func next(isolation: isolated (any Actor)?) async throws -> Model? {
        while !isFinished {
            guard !Task.isCancelled else { throw finish(with: CancellationError()) }
            let split: RecordSplit
            do {
                split = try splitter.split(buffer, isAtEnd: isSourceAtEnd, limit: max(0, options.maxRecordSize))
            } catch let error as RecordLayoutError {
                let location = RecordLocation(index: index, byteOffset: error.byteOffset, line: error.line)
                throw finish(with: Self.locate(error.error, at: location))
            } catch {
                throw finish(with: error)
            }
            switch split {
            case .end:
                finish()
                return nil
            case .needsMore:
                do {
                    isSourceAtEnd = !(try await source.read(into: buffer, isolation: isolation))
                } catch {
                    throw finish(with: error)
                }
            case .record(let bytes, let byteOffset, let line):
                let location = takeLocation(byteOffset: byteOffset, line: line)
                do {
                    return try load(bytes)
                } catch let error as ModelError {
                    context = LoadContext(options: options.load)
                    let isFatal = isSyntaxFatal && Self.isSyntaxError(error)
                    try skipOrThrow(error, at: location, isFatal: isFatal)
                }
            case .unscanned(let bytes, let byteOffset):
                if let model = readInPlace(bytes) {
                    _ = takeLocation(byteOffset: byteOffset, line: nil)
                    return model
                }
                // Cut off or faulty: its end is found, and its exact bytes read, which gives
                // its error; the context it left is in an unknown state.
                context = LoadContext(options: options.load)
                splitter.scanNextRecord()
            case .oversized(let byteOffset, let line):
                let location = takeLocation(byteOffset: byteOffset, line: line)
                let error = ModelError(.recordTooLarge(limit: options.maxRecordSize))
                try skipOrThrow(error, at: location, isFatal: isSyntaxFatal)
            }
        }
        return nil
    }

    /// Stops reading and closes the source.
    func finish() {
        isFinished = true
        source.close()
    }

    private func finish(with error: any Error) -> any Error {
        finish()
        return error
    }

    private func takeLocation(byteOffset: Int, line: Int?) -> RecordLocation {
        defer { index += 1 }
        return RecordLocation(index: index, byteOffset: byteOffset, line: line)
    }

    private func load(_ bytes: Range<Int>) throws -> Model {
        let json = UnsafeBufferPointer(start: buffer.base + bytes.lowerBound, count: bytes.count)
        let object = try Model.readRecord(fromJSON: json, context: context)
        guard let model = object as? Model else {
            throw ModelError.unrelatedClass(type(of: object), expected: Model.self)
        }
        return model
    }

    /// The model of the record at the start of `bytes`, read where it lies, and consumed; `nil`
    /// when it does not read, and nothing is consumed.
    private func readInPlace(_ bytes: Range<Int>) -> Model? {
        let json = UnsafeBufferPointer(start: buffer.base + bytes.lowerBound, count: bytes.count)
        guard let (object, length) = Model.readLeadingRecord(fromJSON: json, context: context),
            let model = object as? Model
        else { return nil }
        splitter.didRead(buffer, recordOfLength: length)
        return model
    }

    /// Reports a record that did not load and goes on, or ends the stream with its error.
    private func skipOrThrow(_ error: ModelError, at location: RecordLocation, isFatal: Bool) throws {
        let located = Self.locate(error, at: location)
        guard !isFatal, case .skip(let report) = options.onError else { throw finish(with: located) }
        report(RecordIssue(location: location, error: located))
    }

    private static func locate(_ error: ModelError, at location: RecordLocation) -> ModelError {
        var located = error
        located.record = location
        return located
    }

    private static func isSyntaxError(_ error: ModelError) -> Bool {
        switch error.reason {
        case .syntaxError, .invalidJSON: return true
        default: return false
        }
    }
}
