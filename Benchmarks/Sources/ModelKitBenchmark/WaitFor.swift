import Dispatch
import Synchronization

/// Runs `operation` on the concurrency runtime's threads and blocks until it ends.
///
/// The benchmark's entry point stays synchronous, so the main thread never parks in the
/// dispatch main loop that an asynchronous entry point enters on Linux: the process then
/// runs under `valgrind --tool=callgrind`, which counts instructions whatever else the
/// machine is doing. Only the records workload, which streams a file, awaits anything.
func waitFor<Result: Sendable>(_ operation: @escaping @Sendable () async throws -> Result) throws -> Result {
    let outcome = Mutex<Swift.Result<Result, any Error>>(.failure(CancellationError()))
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        let result: Swift.Result<Result, any Error>
        do {
            result = .success(try await operation())
        } catch {
            result = .failure(error)
        }
        outcome.withLock { $0 = result }
        done.signal()
    }
    done.wait()
    return try outcome.withLock { $0 }.get()
}
