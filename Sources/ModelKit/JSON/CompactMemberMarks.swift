// Where chosen members of nested objects sit in a `CompactMembers`' text, noted by whoever
// built the text, so that a writer finds them without scanning it.
//
// The reader of a container (`@Saved(path:)`) keeps a level's other keys as text, and each
// nested object on the way to a property as a member of that text. Writing the container puts
// those nested objects in declaration order and the other keys after them, so the writer must
// find each nested object in its parent's text. Scanning for it reads every byte of the
// parent, nested objects included, once per key looked up and once more to copy the rest:
// three levels down, the deepest text was read about three times per level above it. The
// builder knows where each nested object goes as it appends it, and notes it here instead.
//
// For a container whose level 0 leads on to level 1 under `card`, and level 1 to level 2
// under `checks`, the text of level 0 (84 bytes) is
//
//     "id":7,"card":{"brand":"x","checks":{"cvc":"ok","zip":null},"last4":"1"},"live":true
//
// with `"card"` at 7, its object's `{` at 14 and its value ending at 72, and `"checks"` at 27,
// its value ending at 59. Its marks are the owner, then (tag, key start, value end) for each
// member: (2, 12, 44) moved by 15 to (2, 27, 59), then (1, 7, 72).
//
// Level 1's builder marked `checks` at 12..<44 of its own text, and the mark moved by 15 when
// that text was appended inside `card`'s braces. The owner is a number that says what the
// tags mean (for a container, a digest of its levels), so that marks made for one layout are
// not taken for another's. Marks are valid only for the exact bytes they were made with: they
// travel with those bytes in one `CompactMembers`, and members made in any other way have
// none, which sends a writer back to scanning.

/// Where chosen members of objects nested in a ``CompactMembers``' text sit, each under a tag
/// of the builder's choosing, so that a writer finds them without scanning the text.
///
/// Immutable and valid only for the text it was made with (see the file's opening comment).
struct CompactMemberMarks: Sendable {
    /// The owner's two halves, then for each member its tag, the offset of its key's opening
    /// quote and the offset just past its value; empty when nothing is marked.
    ///
    /// `UInt32`, so that a container three levels deep takes one small allocation.
    private let storage: [UInt32]

    /// No member marked.
    static let none = CompactMemberMarks(storage: [])

    /// Whether the marks were made for `owner`: then a tag without a mark has no member.
    func areMade(for owner: UInt64) -> Bool {
        storage.count >= 2 && storage[0] == UInt32(truncatingIfNeeded: owner)
            && storage[1] == UInt32(truncatingIfNeeded: owner >> 32)
    }

    /// The span of the member marked with `tag`, from its key's opening quote to just past its
    /// value, or `nil` when none is.
    func span(tagged tag: Int) -> Range<Int>? {
        var index = 2
        while index + 2 < storage.count {
            if Int(storage[index]) == tag {
                let start = Int(storage[index + 1])
                let end = Int(storage[index + 2])
                return start < end ? start..<end : nil
            }
            index += 3
        }
        return nil
    }

    /// The marks of a text being built, before it has an owner.
    struct Builder {
        /// For each member, its tag, key start and value end.
        private var marks: [UInt32] = []
        /// Whether an offset did not fit in 32 bits, so that the text gets no marks.
        private var hasOverflowed = false

        /// Marks the member whose key's opening quote is at `keyStart` and whose value ends
        /// at `valueEnd`.
        mutating func mark(tag: Int, keyStart: Int, valueEnd: Int) {
            guard let tag = UInt32(exactly: tag), let start = UInt32(exactly: keyStart),
                let end = UInt32(exactly: valueEnd)
            else {
                hasOverflowed = true
                return
            }
            marks.append(tag)
            marks.append(start)
            marks.append(end)
        }

        /// Marks the members that `nested` marks, in a text appended at `offset`.
        mutating func add(_ nested: CompactMemberMarks, at offset: Int) {
            var index = 2
            while index + 2 < nested.storage.count {
                mark(
                    tag: Int(nested.storage[index]), keyStart: Int(nested.storage[index + 1]) + offset,
                    valueEnd: Int(nested.storage[index + 2]) + offset)
                index += 3
            }
        }

        /// The marks made for `owner`, or none when nothing was marked or an offset overflowed.
        func finish(owner: UInt64) -> CompactMemberMarks {
            guard !marks.isEmpty, !hasOverflowed else { return .none }
            var storage = [UInt32(truncatingIfNeeded: owner), UInt32(truncatingIfNeeded: owner >> 32)]
            storage.reserveCapacity(2 + marks.count)
            storage.append(contentsOf: marks)
            return CompactMemberMarks(storage: storage)
        }

        /// Forgets the marks, keeping the room they took.
        mutating func reset() {
            marks.removeAll(keepingCapacity: true)
            hasOverflowed = false
        }
    }
}
