/// Where one member sits in a ``CompactMembers``' text.
struct CompactMemberSpan: Equatable {
    /// The offset of the key's opening quote.
    let keyStart: Int
    /// The value's text.
    let value: Range<Int>

    /// The member's text, key and value, without the commas around it.
    var whole: Range<Int> { keyStart..<value.upperBound }
}

/// The members of one object inside a ``CompactMembers``' text, as a range of that text: all
/// of it for the members' own object, or what lies between a nested object's braces.
///
/// Walking down nested objects this way copies nothing: each slice shares the one text, and
/// the marks that came with it (see ``CompactMemberMarks``) find a nested object without a scan.
struct CompactMembersSlice {
    /// The members whose text holds the slice.
    let members: CompactMembers
    /// The text of the slice's members, separated by commas, without braces.
    let range: Range<Int>
    /// How many objects below the members' own the slice is.
    let nesting: Int

    /// All of `members`.
    init(_ members: CompactMembers) {
        self.init(members, range: 0..<members.bytes.count, nesting: 0)
    }

    private init(_ members: CompactMembers, range: Range<Int>, nesting: Int) {
        self.members = members
        self.range = range
        self.nesting = nesting
    }

    /// At most how deeply arrays and objects nest in the values of the slice.
    var depth: Int { max(members.depth - nesting, 0) }

    /// What a member of the slice holds where a nested object belongs.
    enum NestedMember {
        /// There is no member under the key.
        case absent
        /// The member is `null`.
        case null(CompactMemberSpan)
        /// The member is an object, whose members are the slice.
        case object(CompactMemberSpan, CompactMembersSlice)
        /// The member is a value other than an object or `null`.
        case other
    }

    /// The member under `key`, as a nested object.
    ///
    /// Found from the marks when they were made for `owner` and hold the member under `tag`,
    /// after checking that the key there is `key`; otherwise by scanning the slice's members.
    /// When the marks were made for `owner` and hold nothing under `tag`, there is no member.
    ///
    /// - Parameter keyBytes: The UTF-8 bytes of `key`.
    func nestedMember(forKey key: String, keyBytes: [UInt8], tag: Int, owner: UInt64) -> NestedMember {
        let found: CompactMemberSpan?
        if members.marks.areMade(for: owner) {
            guard let marked = members.marks.span(tagged: tag) else {
                assert(members.member(forKey: key, in: range) == nil, "a member that the marks leave out")
                return .absent
            }
            found = member(at: marked, ifKeyIs: keyBytes) ?? members.member(forKey: key, in: range)
            assert(found == members.member(forKey: key, in: range), "marks that disagree with the text")
        } else {
            found = members.member(forKey: key, in: range)
        }
        guard let found, !found.value.isEmpty else { return .absent }
        switch members.bytes[found.value.lowerBound] {
        case UInt8(ascii: "n"):
            return .null(found)
        case UInt8(ascii: "{")
        where found.value.count >= 2 && members.bytes[found.value.upperBound - 1] == UInt8(ascii: "}"):
            let inner = (found.value.lowerBound + 1)..<(found.value.upperBound - 1)
            return .object(found, CompactMembersSlice(members, range: inner, nesting: nesting + 1))
        default:
            return .other
        }
    }

    /// The member whose text is at `span`, when that lies in the slice and its key is written
    /// as the plain bytes `key`; `nil` otherwise, such as for a key with an escape, which
    /// only a scan compares.
    private func member(at span: Range<Int>, ifKeyIs key: [UInt8]) -> CompactMemberSpan? {
        let valueStart = span.lowerBound + key.count + 3
        guard range.lowerBound <= span.lowerBound, span.upperBound <= range.upperBound,
            valueStart < span.upperBound,
            key.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
        else { return nil }
        let bytes = members.bytes
        guard bytes[span.lowerBound] == UInt8(ascii: "\""), bytes[valueStart - 2] == UInt8(ascii: "\""),
            bytes[valueStart - 1] == UInt8(ascii: ":"),
            bytes[(span.lowerBound + 1)..<(valueStart - 2)].elementsEqual(key)
        else { return nil }
        return CompactMemberSpan(keyStart: span.lowerBound, value: valueStart..<span.upperBound)
    }
}
