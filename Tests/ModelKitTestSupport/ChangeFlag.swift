import Foundation

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
