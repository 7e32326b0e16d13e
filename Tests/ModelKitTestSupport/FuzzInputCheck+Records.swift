import Foundation
import ModelKit

extension FuzzInputCheck {
    /// Checks that streams of records read what `[FuzzModel](json:)` reads: the input itself as
    /// an array, when its top level is one, and the compact forms of its elements as JSON Lines,
    /// each fed in chunks of random sizes (seeded by the input, so that a failure repeats).
    func runRecords(_ data: Data) {
        for options in [LoadOptions(), .lenient] {
            let expected: Result<[FuzzModel], ModelError>
            do {
                expected = .success(try [FuzzModel](json: data, options: options))
            } catch let error as ModelError {
                // A record read alone sits one level less deep than in its array.
                if case .nestingTooDeep = error.reason { continue }
                expected = .failure(error)
            } catch {
                continue
            }
            let bytes = [UInt8](data)
            if bytes.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) == UInt8(ascii: "[") {
                checkRecords(of: bytes, format: .array, options: options, expected: expected)
            }
            guard case .success(let models) = expected,
                let lines = try? models.map({ try $0.jsonString(options: .compact) })
            else { continue }
            let text = Array(lines.joined(separator: "\n").utf8)
            checkRecords(of: text, format: .jsonLines, options: options, expected: .success(models))
        }
    }

    private func checkRecords(
        of bytes: [UInt8], format: RecordFormat, options: LoadOptions, expected: Result<[FuzzModel], ModelError>
    ) {
        var random = SplitMix64(seed: UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(bytes.first ?? 0))
        var chunks: [[UInt8]] = []
        var start = 0
        while start < bytes.count {
            let size = Int.random(in: 1...max(1, min(64, bytes.count)), using: &random)
            chunks.append(Array(bytes[start..<min(start + size, bytes.count)]))
            start += size
        }
        let outcome = RecordsOutcome.read(chunks, format: format, options: options)
        switch (outcome, expected) {
        case (.success(let models), .success(let expectedModels)):
            if models.count != expectedModels.count || zip(models, expectedModels).contains(where: { $0 != $1 }) {
                report(
                    "records(from:) as \(format) with options \(options.rawValue) read other models than [FuzzModel](json:)"
                )
            }
        case (.failure(let error), .success):
            report(
                "records(from:) as \(format) with options \(options.rawValue) threw \(error) where [FuzzModel](json:) loads"
            )
        case (.success, .failure(let error)):
            report(
                "records(from:) as \(format) with options \(options.rawValue) read what [FuzzModel](json:) rejects: \(error)"
            )
        case (.failure(let error), .failure):
            if !(error is ModelError) { report("records(from:) threw an error that is not a ModelError: \(error)") }
        }
    }
}

/// What reading a stream of records gave, from a synchronous caller.
private enum RecordsOutcome {
    case success([FuzzModel])
    case failure(any Error)

    /// Reads the chunks as a stream of records, waiting for the task that reads them.
    static func read(_ chunks: [[UInt8]], format: RecordFormat, options: LoadOptions) -> RecordsOutcome {
        let box = OutcomeBox()
        let done = DispatchSemaphore(value: 0)
        Task {
            let stream = AsyncStream<[UInt8]> { continuation in
                for chunk in chunks { continuation.yield(chunk) }
                continuation.finish()
            }
            var models: [FuzzModel] = []
            do {
                let records = FuzzModel.records(from: stream, format: format, options: RecordOptions(load: options))
                for try await model in records { models.append(model) }
                box.set(.success(models))
            } catch {
                box.set(.failure(error))
            }
            done.signal()
        }
        done.wait()
        return box.get() ?? .failure(CancellationError())
    }
}

/// The outcome of the reading task, handed to the waiting thread.
///
/// `@unchecked Sendable`: the lock guards the one stored value, which the task sets before it
/// signals and the waiting thread reads after; the models in it are read only by that thread.
private final class OutcomeBox: @unchecked Sendable {
    private let lock = NSLock()
    private var outcome: RecordsOutcome?

    func set(_ value: RecordsOutcome) {
        lock.withLock { outcome = value }
    }

    func get() -> RecordsOutcome? {
        lock.withLock { outcome }
    }
}
