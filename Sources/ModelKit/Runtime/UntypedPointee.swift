/// Reaches the value that a pointer kept without its type addresses, as the type it was
/// stored as: how the ``SavedCensus`` that a thread is taking is found through the raw
/// pointer that its ``ThreadSlot`` holds.
///
/// - Warning: Takes the memory at the pointer as bound to the type without checking it: the
///   pointer must be the address of an initialized value of that type that stays alive and
///   in place until the access ends, such as a local variable whose
///   `withUnsafeMutablePointer(to:_:)` is still running, as the census's is while it is taken.
enum UntypedPointee {
    /// Calls `body` with the value of type `T` at `pointer`, to read or change in place.
    @inline(__always)
    static func modify<T, Result>(
        _ pointer: UnsafeMutableRawPointer, as type: T.Type, _ body: (inout T) throws -> Result
    ) rethrows -> Result {
        try body(&pointer.assumingMemoryBound(to: T.self).pointee)
    }
}
