import Foundation
import Testing

@testable import ModelKit

// The marks that the reader of a container leaves in its kept text (`CompactMemberMarks.swift`)
// find what a scan of the same bytes finds, and marks made for another layout are not used.

@Suite struct CompactMemberMarksTests {
    private static let charge = #"""
        {"id":"ch_1","payment_method_details":{"x":1,"card":{"brand":"visa","checks":{"cvc_check":"pass",\#
        "zip_check":null},"wallet":null},"type":"card","y":[{"card":2}]},"amount":500}
        """#

    /// The container of `DeepCharge` and the kept text its reader left under its key.
    private static func readContainer() throws -> (PathContainer, CompactMembers) {
        let charge = try DeepCharge(json: charge)
        let container = try #require(ModelMetadata.of(DeepCharge.self).layout.containers.first)
        let kept = try #require(charge.unknowns.keptValue(forKey: container.key) as? CompactMembers)
        return (container, kept)
    }

    /// The nested members of every level, found as `slice` finds them, as text.
    private static func walk(_ slice: CompactMembersSlice, level: Int, of container: PathContainer) -> [String] {
        let text = slice.members.bytes
        var found: [String] = []
        let levelKeys = container.levels[level]
        for (index, slot) in levelKeys.slots.enumerated() {
            guard case .level(let inner) = slot else { continue }
            let member = slice.nestedMember(
                forKey: levelKeys.keys[index], keyBytes: levelKeys.keyBytes[index], tag: inner,
                owner: container.marksOwner)
            switch member {
            case .absent: found.append("absent")
            case .other: found.append("other")
            case .null(let span): found.append(String(decoding: text[span.whole], as: UTF8.self))
            case .object(let span, let members):
                found.append(String(decoding: text[span.whole], as: UTF8.self))
                found += walk(members, level: inner, of: container)
            }
        }
        return found
    }

    @Test func marksFindWhatAScanFinds() throws {
        let (container, kept) = try Self.readContainer()
        #expect(kept.marks.areMade(for: container.marksOwner))
        let unmarked = CompactMembers(bytes: kept.bytes, count: kept.count, depth: kept.depth, hasSlash: kept.hasSlash)
        #expect(!unmarked.marks.areMade(for: container.marksOwner))
        let marked = Self.walk(CompactMembersSlice(kept), level: 0, of: container)
        #expect(marked == Self.walk(CompactMembersSlice(unmarked), level: 0, of: container))
        // The values taken into properties are not kept.
        #expect(marked == [#""card":{"checks":{"zip_check":null},"wallet":null}"#, #""checks":{"zip_check":null}"#])
    }

    @Test func marksOfAnotherOwnerAreNotUsed() throws {
        let (container, kept) = try Self.readContainer()
        #expect(!kept.marks.areMade(for: container.marksOwner &+ 1))
        // A level key marked nowhere is absent only for the marks' own owner.
        #expect(kept.marks.span(tagged: container.levels.count) == nil)
    }

    @Test func aLevelThatCameAsNullIsMarked() throws {
        let charge = try DeepCharge(
            json: #"{"id":"a","payment_method_details":{"card":{"checks":null,"brand":"x"}},"amount":1}"#)
        let container = try #require(ModelMetadata.of(DeepCharge.self).layout.containers.first)
        let kept = try #require(charge.unknowns.keptValue(forKey: container.key) as? CompactMembers)
        #expect(
            Self.walk(CompactMembersSlice(kept), level: 0, of: container) == [
                #""card":{"checks":null}"#, #""checks":null"#,
            ])
        #expect(try charge.jsonString(options: .compact).contains(#""exp_year":0,"checks":null}"#))
    }
}
