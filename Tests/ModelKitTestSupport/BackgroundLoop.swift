import Foundation

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
