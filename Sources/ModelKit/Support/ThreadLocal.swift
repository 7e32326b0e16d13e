#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An object of which each thread has its own, made on the thread's first use and released
/// when the thread ends.
///
/// For state that calls which cannot carry a context share along one thread, such as the
/// error that `init?(coder:)` reports to the caller of the unarchiver.
struct ThreadLocal<Object: AnyObject>: @unchecked Sendable {
    // `key` is written once, by `init`; the object behind it belongs to one thread.
    private let key: pthread_key_t
    private let make: @Sendable () -> Object

    init(_ make: @escaping @Sendable () -> Object) {
        var key = pthread_key_t()
        pthread_key_create(&key) { object in
            #if canImport(Darwin)
                Unmanaged<AnyObject>.fromOpaque(object).release()
            #else
                if let object { Unmanaged<AnyObject>.fromOpaque(object).release() }
            #endif
        }
        self.key = key
        self.make = make
    }

    /// This thread's object.
    var current: Object {
        withCurrent { $0 }
    }

    /// Calls `body` with this thread's object.
    ///
    /// The thread holds the object until it ends, so `body` borrows it without retaining it:
    /// this runs on paths as hot as equality.
    func withCurrent<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        if let pointer = pthread_getspecific(key) {
            return try Unmanaged<Object>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
        }
        let object = make()
        pthread_setspecific(key, Unmanaged.passRetained(object).toOpaque())
        return try body(object)
    }
}

/// A raw pointer of which each thread has its own, `nil` until the thread sets it.
struct ThreadSlot: @unchecked Sendable {
    // `key` is written once, by `init`.
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        self.key = key
    }

    /// This thread's pointer.
    var pointer: UnsafeMutableRawPointer? {
        pthread_getspecific(key)
    }

    /// Sets this thread's pointer.
    func set(_ pointer: UnsafeRawPointer?) {
        pthread_setspecific(key, pointer)
    }
}
