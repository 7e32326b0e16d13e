import Foundation

/// A value guarded by a lock, for the caches that many threads share.
///
/// It is `@unchecked Sendable` because every access to `value` happens inside `withLock`,
/// which holds `lock` for the whole access.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
