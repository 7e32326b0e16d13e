import Foundation
import ModelKit
import Testing

/// Parses JSON text into a dictionary, for comparing documents without regard to key order.
func jsonObject(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any])
}

/// Whether two dictionary forms hold the same values: their sorted JSON is the same.
func sameJSON(_ lhs: [String: Any], _ rhs: [String: Any]) -> Bool {
    let options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed]
    guard let left = try? JSONSerialization.data(withJSONObject: lhs, options: options),
        let right = try? JSONSerialization.data(withJSONObject: rhs, options: options)
    else { return false }
    return left == right
}

/// A small, fast, seeded random number generator (SplitMix64), so that generated tests are
/// the same on every run and a failing seed can be replayed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// A temporary directory for one test, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The `ModelError` that `body` throws, or `nil` when it throws none; any other error is an
/// issue.
func modelError(_ body: () throws -> Void) -> ModelError? {
    do {
        try body()
        return nil
    } catch let error as ModelError {
        return error
    } catch {
        Issue.record("expected a ModelError, got \(error)")
        return nil
    }
}

/// Runs a body over and over on a thread of its own until ``stop()``, for tests of what other
/// threads see meanwhile.
final class BackgroundLoop: @unchecked Sendable {
    // Safe to share: `isStopped`, `runs` and `errors` are read and written only under `lock`.
    private let lock = NSLock()
    private var isStopped = false
    private var runs = 0
    private var errors: [String] = []
    private let finished = DispatchSemaphore(value: 0)

    /// Starts running `body`, which is given the number of the run, from 0.
    init(_ body: @escaping @Sendable (Int) throws -> Void) {
        Thread { [self] in
            var run = 0
            while !lock.withLock({ isStopped }) {
                do {
                    try body(run)
                } catch {
                    lock.withLock { errors.append("run \(run): \(error)") }
                }
                run += 1
                lock.withLock { runs = run }
            }
            finished.signal()
        }.start()
    }

    /// Stops the loop once the current run ends.
    ///
    /// - Returns: How many runs there were, and the errors they threw.
    func stop() -> (runs: Int, errors: [String]) {
        lock.withLock { isStopped = true }
        finished.wait()
        return lock.withLock { (runs, errors) }
    }
}

/// Whether the change handler of a `withObservationTracking` call ran; the handler may run on
/// any thread, so the flag is guarded by a lock.
final class ChangeFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var storedValue = false

    var isSet: Bool {
        lock.withLock { storedValue }
    }

    func set() {
        lock.withLock { storedValue = true }
    }
}

/// Whether `body` returns or throws a `ModelError`, and so neither traps nor lets another
/// error through.
///
/// This is what the tests expect of a load through Apple's `JSONSerialization` where Apple
/// does not document what it reads, such as how it rounds a long number or what it makes of
/// a number beyond `Double`: its source is not public, and ModelKit promises only to load
/// what it gives or to throw a `ModelError`. (Linux's swift-corelibs-foundation is public,
/// and the tests state exactly what it gives.)
func returnsOrThrowsModelError(_ body: () throws -> Void) -> Bool {
    do {
        try body()
        return true
    } catch {
        return error is ModelError
    }
}
