/// Reads and writes a saved property's storage inside a model object, by its field offset.
///
/// Loading, writing, copying and comparing reach every saved property through the offset that
/// ``FieldReflection`` found, instead of through key paths or reflection per object. This is
/// sound because the offset comes from the runtime's metadata for a field whose type is
/// `Saved<Value>`, `Saved` keeps its value as its first stored property (so the field's address
/// is also the value's), and the caller keeps the object alive for the access.
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

    /// Whether `Saved<Value>` keeps its value at offset 0, so that a field's storage is also its
    /// value's.
    static func keepsValueFirst<Value>(_ type: Saved<Value>.Type) -> Bool {
        MemoryLayout<Saved<Value>>.offset(of: \Saved<Value>.value) == 0
    }
}
