import Foundation
import ModelKit

/// Whether two dictionary forms hold the same values: their sorted JSON is the same.
public func sameJSON(_ lhs: [String: Any], _ rhs: [String: Any]) -> Bool {
    let options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed]
    guard let left = try? JSONSerialization.data(withJSONObject: lhs, options: options),
        let right = try? JSONSerialization.data(withJSONObject: rhs, options: options)
    else { return false }
    return left == right
}

/// A temporary directory for one test, removed by the caller.
public func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Runs a body over and over on a thread of its own until ``stop()``, for tests of what other
/// threads see meanwhile.
public final class BackgroundLoop: @unchecked Sendable {
    // Safe to share: `isStopped`, `runs` and `errors` are read and written only under `lock`.
    private let lock = NSLock()
    private var isStopped = false
    private var runs = 0
    private var errors: [String] = []
    private let finished = DispatchSemaphore(value: 0)

    /// Starts running `body`, which is given the number of the run, from 0.
    public init(_ body: @escaping @Sendable (Int) throws -> Void) {
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
    public func stop() -> (runs: Int, errors: [String]) {
        lock.withLock { isStopped = true }
        finished.wait()
        return lock.withLock { (runs, errors) }
    }
}

/// Whether the change handler of a `withObservationTracking` call ran; the handler may run on
/// any thread, so the flag is guarded by a lock.
public final class ChangeFlag: @unchecked Sendable {
    // Safe to share: `storedValue` is read and written only under `lock`.
    private let lock = NSLock()
    private var storedValue = false

    /// A flag that is not set.
    public init() {}

    /// Whether the handler ran.
    public var isSet: Bool {
        lock.withLock { storedValue }
    }

    /// Records that the handler ran.
    public func set() {
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
public func returnsOrThrowsModelError(_ body: () throws -> Void) -> Bool {
    do {
        try body()
        return true
    } catch {
        return error is ModelError
    }
}
