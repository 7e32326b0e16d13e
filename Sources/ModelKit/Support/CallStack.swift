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

    /// The lowest address of each thread's stack, found on the thread's first use; 1 when the
    /// system does not describe the stack.
    private static let lowestAddress = ThreadSlot()

    /// Whether more than `bytes` of the stack are left below the caller's frame.
    ///
    /// Always `true` on a thread whose stack the system does not describe.
    static func hasRoom(_ bytes: Int = reserve) -> Bool {
        var lowest = UInt(bitPattern: lowestAddress.pointer)
        if lowest == 0 {
            lowest = max(lowestStackAddress(), 1)
            lowestAddress.set(UnsafeRawPointer(bitPattern: lowest))
        }
        guard lowest > 1 else { return true }
        return currentAddress() &- lowest > UInt(bytes)
    }

    /// An address inside the caller's frame, near the top of the stack in use.
    @inline(never)
    private static func currentAddress() -> UInt {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { UInt(bitPattern: $0.baseAddress) }
    }

    #if canImport(Glibc) || canImport(Musl)
        private typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32

        /// `pthread_getattr_np`, which the C library has but its Swift module does not show.
        private static let getAttributes: GetAttributes? = dlsym(nil, "pthread_getattr_np").map {
            unsafeBitCast($0, to: GetAttributes.self)
        }
    #endif

    /// The lowest address of this thread's stack, which grows down on every platform Swift
    /// runs on; 0 when it is not known.
    private static func lowestStackAddress() -> UInt {
        #if canImport(Darwin)
            let thread = pthread_self()
            return UInt(bitPattern: pthread_get_stackaddr_np(thread)) &- UInt(pthread_get_stacksize_np(thread))
        #elseif canImport(Glibc) || canImport(Musl)
            var attributes = pthread_attr_t()
            var address: UnsafeMutableRawPointer?
            var size = 0
            guard let getAttributes, getAttributes(pthread_self(), &attributes) == 0 else { return 0 }
            defer { pthread_attr_destroy(&attributes) }
            guard pthread_attr_getstack(&attributes, &address, &size) == 0 else { return 0 }
            return UInt(bitPattern: address)
        #else
            return 0
        #endif
    }
}
