#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// How much of the current thread's stack is left, so that a walk that recurses stops before
/// the stack runs out instead of crashing the process.
///
/// Walks bounded by a depth limit, such as writing a model nested 512 levels deep, fit in the
/// 8 MiB stack of a main thread but not always in the 512 KiB that Apple's platforms give a
/// secondary thread, least of all in a debug build. Those walks also ask this type whether
/// another level fits.
enum CallStack {
    /// The room that a walk keeps free for what it calls at its deepest level, such as
    /// Foundation's encoders and `JSONSerialization`.
    static let reserve = 128 * 1024

    private static let bounds = ThreadLocal { StackBounds() }

    /// Whether more than `bytes` of the stack are left below the caller's frame.
    ///
    /// Always `true` on a thread whose stack the system does not describe.
    static func hasRoom(_ bytes: Int = reserve) -> Bool {
        let lowest = bounds.current.lowest
        guard lowest != 0 else { return true }
        return currentAddress() &- lowest > UInt(bytes)
    }

    /// An address inside the caller's frame, near the top of the stack in use.
    @inline(never)
    private static func currentAddress() -> UInt {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { UInt(bitPattern: $0.baseAddress) }
    }
}

/// The lowest address of a thread's stack, which grows down on every platform Swift runs on.
private final class StackBounds {
    /// The lowest address, or 0 when it is not known.
    let lowest: UInt

    #if canImport(Glibc) || canImport(Musl)
        private typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32

        /// `pthread_getattr_np`, which the C library has but its Swift module does not show.
        private static let getAttributes: GetAttributes? = dlsym(nil, "pthread_getattr_np").map {
            unsafeBitCast($0, to: GetAttributes.self)
        }
    #endif

    init() {
        #if canImport(Darwin)
            let thread = pthread_self()
            lowest = UInt(bitPattern: pthread_get_stackaddr_np(thread)) &- UInt(pthread_get_stacksize_np(thread))
        #elseif canImport(Glibc) || canImport(Musl)
            var attributes = pthread_attr_t()
            var address: UnsafeMutableRawPointer?
            var size = 0
            if let getAttributes = Self.getAttributes, getAttributes(pthread_self(), &attributes) == 0 {
                if pthread_attr_getstack(&attributes, &address, &size) != 0 { address = nil }
                pthread_attr_destroy(&attributes)
            }
            lowest = UInt(bitPattern: address)
        #else
            lowest = 0
        #endif
    }
}
