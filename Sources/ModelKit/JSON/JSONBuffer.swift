import Foundation

/// The growable byte buffer behind ``JSONOutput``.
///
/// `[UInt8].append(contentsOf:)` costs a few hundred instructions for the short runs of bytes
/// a writer appends (a key, a number, the text between two escapes); this buffer checks its
/// capacity and copies with `memcpy`. It keeps value semantics by copying its storage before
/// a write when the storage is shared.
struct JSONBuffer {
    private final class Storage: ManagedBuffer<(count: Int, capacity: Int), UInt8> {}

    private var storage: Storage

    init(capacity: Int) {
        storage = Self.makeStorage(capacity: max(capacity, 16))
    }

    var count: Int {
        storage.withUnsafeMutablePointerToHeader { $0.pointee.count }
    }

    /// The bytes, as an array.
    var array: [UInt8] {
        storage.withUnsafeMutablePointers { header, elements in
            Array(UnsafeBufferPointer(start: elements, count: header.pointee.count))
        }
    }

    /// The bytes, as `Data` that shares this buffer's storage instead of copying it.
    func data() -> Data {
        let storage = storage
        return storage.withUnsafeMutablePointers { header, elements in
            guard header.pointee.count > 0 else { return Data() }
            return Data(
                bytesNoCopy: elements, count: header.pointee.count,
                deallocator: .custom { _, _ in
                    withExtendedLifetime(storage) {}
                })
        }
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        storage.withUnsafeMutablePointers { header, elements in
            elements[header.pointee.count] = byte
            header.pointee.count += 1
        }
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        storage.withUnsafeMutablePointers { header, elements in
            UnsafeMutableRawPointer(elements + header.pointee.count).copyMemory(from: source, byteCount: bytes.count)
            header.pointee.count += bytes.count
        }
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(UnsafeRawBufferPointer(bytes))
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Appends the bytes that `body` writes at the end, at most `limit` of them; `body`
    /// returns how many it wrote.
    @inline(__always)
    mutating func append(atMost limit: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(limit)
        storage.withUnsafeMutablePointers { header, elements in
            header.pointee.count += body(elements + header.pointee.count)
        }
    }

    /// Calls `body` with the bytes, which stay valid only while it runs.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { header, elements in
            try body(UnsafeRawBufferPointer(start: elements, count: header.pointee.count))
        }
    }

    /// Removes the bytes after the first `count`, keeping the storage for the next ones.
    mutating func removeLast(toCount count: Int) {
        guard count < self.count else { return }
        if !isKnownUniquelyReferenced(&storage) { grow(toHold: self.count) }
        storage.withUnsafeMutablePointerToHeader { $0.pointee.count = max(0, count) }
    }

    /// Makes room for `extra` more bytes in storage that this buffer alone holds.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        let (count, capacity) = storage.withUnsafeMutablePointerToHeader { ($0.pointee.count, $0.pointee.capacity) }
        if _slowPath(count + extra > capacity || !isKnownUniquelyReferenced(&storage)) {
            grow(toHold: count + extra)
        }
    }

    /// Makes room for `capacity` bytes in all, at once, so that a writer that can tell how
    /// much it will write copies what it wrote fewer times than doubling would.
    ///
    /// The room at least doubles, as when the buffer fills: many small reservations, such as
    /// those of the arrays inside each element of a long array, then cost no more copying than
    /// writing without them.
    mutating func reserveCapacity(_ capacity: Int) {
        let current = storage.withUnsafeMutablePointerToHeader { $0.pointee.capacity }
        if capacity > current { grow(toHold: capacity) }
    }

    private mutating func grow(toHold needed: Int) {
        let (count, capacity) = storage.withUnsafeMutablePointerToHeader { ($0.pointee.count, $0.pointee.capacity) }
        let copy = Self.makeStorage(capacity: needed > capacity ? max(needed, capacity * 2) : capacity)
        storage.withUnsafeMutablePointerToElements { source in
            copy.withUnsafeMutablePointers { header, elements in
                elements.initialize(from: source, count: count)
                header.pointee.count = count
            }
        }
        storage = copy
    }

    private static func makeStorage(capacity: Int) -> Storage {
        let storage = Storage.create(minimumCapacity: capacity) { _ in (0, capacity) }
        // The cast cannot fail: `create` makes an instance of the class it is called on.
        return unsafeDowncast(storage, to: Storage.self)
    }
}
