import Foundation

/// The bytes of a stream of records that have been read and not yet consumed, in one buffer
/// that the stream reuses from record to record.
///
/// The bytes at `start..<end` are the unconsumed ones: the rest of the record being split, and
/// whatever has been read past it. Before more bytes are read, ``makeRoom(for:)`` moves them to
/// the front, so the buffer holds at most one record beyond the one being read, and grows only
/// as far as the longest record (bounded by ``RecordOptions/maxRecordSize``) and one read need.
final class RecordBuffer {
    /// The bytes; valid at `0..<end`.
    private(set) var base: UnsafeMutablePointer<UInt8>
    /// How many bytes the storage holds.
    private(set) var capacity: Int
    /// The first unconsumed byte.
    var start = 0
    /// One past the last byte read.
    private(set) var end = 0
    /// The offset in the stream of the byte at index 0.
    private(set) var baseOffset = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// How many unconsumed bytes the buffer holds.
    var unconsumedCount: Int { end - start }

    /// The offset in the stream of the byte at `index`.
    func streamOffset(of index: Int) -> Int { baseOffset + index }

    /// Moves the unconsumed bytes to the front and makes room for `count` more after them.
    func makeRoom(for count: Int) {
        if start > 0 {
            let kept = end - start
            if kept > 0 { base.update(from: base + start, count: kept) }
            baseOffset += start
            end = kept
            start = 0
        }
        guard end + count > capacity else { return }
        let grown = max(end + count, capacity * 2)
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        storage.initialize(from: base, count: end)
        base.deallocate()
        base = storage
        capacity = grown
    }

    /// The free space after the bytes read, for a read to fill.
    var freeSpace: UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(start: base + end, count: capacity - end)
    }

    /// Counts `count` bytes that a read put into ``freeSpace`` as read.
    func didWrite(_ count: Int) {
        end += count
    }

    /// Appends `bytes`, making room for them.
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        makeRoom(for: bytes.count)
        (base + end).initialize(from: source, count: bytes.count)
        end += bytes.count
    }

    /// Appends one byte, making room for it.
    func append(_ byte: UInt8) {
        if end == capacity { makeRoom(for: 1) }
        base[end] = byte
        end += 1
    }
}
