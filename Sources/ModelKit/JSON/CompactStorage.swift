import Foundation

// The storage that reading compact text writes into (see `JSONReader+Compact.swift`): grown
// by doubling, reused from object to object, freed by its owner.

/// Compact text being written, in storage that its owner allocates once and frees.
struct CompactOutput {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    /// Bytes allocated past the capacity, zeroed, so that eight bytes can be loaded from any
    /// index below the count (see ``CompactKeys/signature(of:from:to:)``).
    static let slack = 8

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity + Self.slack)
        base.initialize(repeating: 0, count: self.capacity + Self.slack)
    }

    /// Frees the storage; the output is not used again.
    func deallocate() {
        base.deallocate()
    }

    var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base, count: count)
    }

    /// The text as an array of its own.
    func makeArray() -> [UInt8] {
        Array(bytes)
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if _slowPath(count == capacity) { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ start: UnsafePointer<UInt8>, count length: Int) {
        if _slowPath(count + length > capacity) { grow(toHold: count + length) }
        (base + count).update(from: start, count: length)
        count += length
    }

    /// Where the next byte goes; valid until the output grows.
    var end: UnsafeMutablePointer<UInt8> {
        @inline(__always) get { base + count }
    }

    /// The end of the room allocated for bytes, past which ``end`` must not go.
    var roomEnd: UnsafeMutablePointer<UInt8> {
        @inline(__always) get { base + capacity }
    }

    /// Takes the bytes up to `end`, which the caller wrote from ``end`` on, within the room.
    @inline(__always)
    mutating func setEnd(_ end: UnsafeMutablePointer<UInt8>) {
        count = end - base
    }

    /// Makes room for at least `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if _slowPath(count + extra > capacity) { grow(toHold: count + extra) }
    }

    /// Appends what `body` writes at the end, at most `limit` bytes; `body` returns how many.
    @inline(__always)
    mutating func append(atMost limit: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if _slowPath(count + limit > capacity) { grow(toHold: count + limit) }
        count += body(base + count)
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            if let start = buffer.baseAddress { append(start, count: buffer.count) }
        }
    }

    /// Forgets what was written from `index` on.
    mutating func truncate(to index: Int) {
        count = index
    }

    private mutating func grow(toHold needed: Int) {
        let grown = max(needed, capacity * 2)
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: grown + Self.slack)
        storage.initialize(from: base, count: count)
        (storage + count).initialize(repeating: 0, count: grown + Self.slack - count)
        base.deallocate()
        base = storage
        capacity = grown
    }
}

/// A stack of plain values, in storage that its owner allocates once and frees, for the
/// bookkeeping of reading compact text: an array would check its uniqueness and retain its
/// buffer on every token.
struct CompactStack<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 4)
        base = .allocate(capacity: self.capacity)
    }

    /// Frees the storage; the stack is not used again.
    func deallocate() {
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// The elements from `index` on, valid until the stack changes.
    func elements(from index: Int = 0) -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: base + index, count: count - index)
    }

    /// The top element, which the caller has checked exists.
    var last: Element {
        @inline(__always) get { base[count - 1] }
        @inline(__always) nonmutating _modify { yield &base[count - 1] }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if _slowPath(count == capacity) { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    @inline(__always)
    mutating func removeLast(_ removed: Int = 1) {
        count -= removed
    }

    mutating func removeAll() {
        count = 0
    }

    private mutating func grow() {
        let grown = capacity * 2
        let storage = UnsafeMutablePointer<Element>.allocate(capacity: grown)
        storage.initialize(from: base, count: count)
        base.deallocate()
        base = storage
        capacity = grown
    }
}

/// Copies the byte of checked JSON text at `index` of `source` to `out`, together with the
/// byte after it when it is a backslash, so that an escape's first two bytes stay together
/// (the digits of `\u` are plain bytes); returns how many bytes it copied.
@inline(__always)
func copyByteOrEscape(
    from source: UnsafePointer<UInt8>, at index: Int, count: Int, to out: UnsafeMutablePointer<UInt8>
) -> Int {
    out[0] = source[index]
    guard source[index] == UInt8(ascii: "\\"), index + 1 < count else { return 1 }
    out[1] = source[index + 1]
    return 2
}
