import Foundation
import ModelKitTestSupport
import Testing

@testable import ModelKit

/// The count that stops a class whose saved properties the runtime does not list: it must
/// balance for every way a model creates others while it initializes, and must not balance
/// when a `Saved` value has no field that reflection lists.
@Suite struct SavedCensusTests {
    private final class Leaf: ModelObject {
        @Saved var name = "leaf"
        @Saved var size = 1
    }

    private class Branch: ModelObject {
        @Saved var leaf = Leaf()
        @Saved var leaves = [Leaf(), Leaf(), Leaf()]
        @Saved var spare: Leaf? = nil
    }

    private final class Tree: Branch {
        @Saved var height = 10.0
        @Saved var byName = ["a": Leaf()]
        var unsaved = Leaf()

        override func loadDefaultValues() {
            spare = Leaf()
        }
    }

    private final class Grove: ModelObject {
        @Saved var trees: [Tree] = []

        required init() {
            super.init()
            trees = [Tree(), Tree()]
        }
    }

    private class Keyed: ModelObject {
        @Saved("a_key") var a = 1
        @Saved var nested = KeyedLeaf()
        @Saved("c_key") var c: String? = nil
    }

    private final class KeyedLeaf: ModelObject {
        @Saved("leaf_key") var value = 0
    }

    private final class MoreKeyed: Keyed {
        @Saved var d = [KeyedLeaf()]
        @Saved("e_key") var e = KeyedLeaf()
    }

    @Test func keysComeFromTheDeclarationsInReflectionOrder() {
        #expect(MoreKeyed.savedKeys == ["a_key", "nested", "c_key", "d", "e_key"])
        #expect(Keyed.savedKeys == ["a_key", "nested", "c_key"])
        #expect(KeyedLeaf.savedKeys == ["leaf_key"])
        let (census, object) = SavedCensus.taking { MoreKeyed() }
        let keys = census.declarations(of: object, levels: [3, 2])?.map(\.key)
        #expect(keys == ["a_key", nil, "c_key", nil, "e_key"])
        #expect(census.declarations(of: object, levels: [3, 1]) == nil, "the levels must account for every key")
    }

    /// Used by one test only, so that its first use is that test's.
    private final class Orchard: ModelObject {
        @Saved var rows: [KeyedLeaf] = []

        required init() {
            super.init()
            rows = [KeyedLeaf(), KeyedLeaf()]
        }
    }

    @Test func aClassWhoseInitializerSetsPropertiesCreatesLoadsAndWrites() throws {
        // The first use sets `rows`, which describes the class, whose prototype sets `rows`.
        let orchard = Orchard()
        #expect(orchard.rows.count == 2 && orchard.changedKeys == ["rows"])
        let loaded = try Orchard(json: orchard.jsonData())
        #expect(loaded == orchard && loaded.rows.count == 2)
        #expect(Orchard.savedKeys == ["rows"])
    }

    @Test func balancesForObjectsThatDefaultsCreate() {
        let (census, tree) = SavedCensus.taking { Tree() }
        #expect(census.isComplete)
        // Tree's own five fields; seven leaves of two fields: one, three, one in the dictionary,
        // the unsaved one and the spare that loadDefaultValues creates.
        #expect(census.initializedValues == 5 + 7 * 2)
        #expect(census.listedFields == census.initializedValues)
        #expect(tree.leaves.count == 3)
    }

    @Test func balancesForObjectsThatAnInitializerCreatesAfterSuperInit() {
        let (census, grove) = SavedCensus.taking { Grove() }
        #expect(census.isComplete)
        #expect(census.initializedValues == 1 + 2 * (5 + 7 * 2))
        #expect(grove.trees.count == 2)
    }

    @Test func doesNotBalanceForASavedValueWithoutAListedField() {
        let (census, _) = SavedCensus.taking { (Leaf(), Saved(wrappedValue: 3)) }
        #expect(!census.isComplete)
        #expect(census.initializedValues == 3)
        #expect(census.listedFields == 2)
    }

    @Test func countsNothingOutsideACensus() {
        _ = Leaf()
        let (census, _) = SavedCensus.taking { 0 }
        #expect(census.initializedValues == 0 && census.listedFields == 0)
    }

    @Test func nestedCensusesCountOnTheirOwn() {
        let (outer, inner) = SavedCensus.taking {
            _ = Leaf()
            return SavedCensus.taking { Tree() }.census
        }
        #expect(outer.isComplete && outer.initializedValues == 2)
        #expect(inner.isComplete && inner.initializedValues == 19)
    }
}
