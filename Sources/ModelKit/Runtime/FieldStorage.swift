/// Reads and writes a saved property's storage inside a model object, by its field offset.
///
/// Loading, writing, copying and comparing reach every saved property through the offset that
/// ``FieldReflection`` found, instead of through key paths or reflection per object. This is
/// sound because the offset comes from the runtime's metadata for a field whose type is
/// `Saved<Value>`, the value's own offset inside `Saved<Value>` comes from
/// `MemoryLayout.offset(of:)`, and the caller keeps the object alive for the access.
///
/// - Warning: Binds an object's memory to the types of its fields (assumptions 2 and 3 of
///   ``RuntimeAssumptions``); the offsets must be the ones reflection and `MemoryLayout` report.
enum FieldStorage {
    /// The storage of type `T` at `offset` bytes into `object`.
    @inline(__always)
    static func pointer<T>(in object: AnyObject, at offset: Int, as type: T.Type) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque())
            .advanced(by: offset)
            .assumingMemoryBound(to: T.self)
    }

    /// The offset of the storage that `pointer` addresses inside `object`.
    @inline(__always)
    static func offset<T>(of pointer: UnsafeMutablePointer<T>, in object: AnyObject) -> Int {
        UnsafeMutableRawPointer(pointer) - UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque())
    }

    /// The offset of the value inside a `Saved<Value>`, as `MemoryLayout` reports it for the
    /// stored property, the documented way to address one; `nil` if it were not a stored
    /// property at a fixed offset.
    static func valueOffset<Value>(in type: Saved<Value>.Type) -> Int? {
        MemoryLayout<Saved<Value>>.offset(of: \Saved<Value>.value)
    }
}
