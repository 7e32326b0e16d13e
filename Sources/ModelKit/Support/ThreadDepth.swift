#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A per-thread depth counter that bounds recursion through calls that cannot carry a context,
/// such as `==` and `description` on nested model objects.
struct ThreadDepth: Sendable {
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        self.key = key
    }

    /// Runs `body` one level deeper, or returns `fallback` when the thread is already `limit`
    /// levels deep.
    func descend<Result>(limit: Int, fallback: Result, _ body: () -> Result) -> Result {
        let depth = Int(bitPattern: pthread_getspecific(key))
        guard depth < limit else { return fallback }
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: depth + 1))
        defer { pthread_setspecific(key, UnsafeRawPointer(bitPattern: depth)) }
        return body()
    }
}
