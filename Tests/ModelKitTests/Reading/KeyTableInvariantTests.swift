import Foundation
import ModelKitTestSupport
import Testing

@testable import ModelKit

// The key tables of the suite's models and of generated key sets hold their invariants
// (`KeyTable+Invariants.swift`), a broken table is reported, and the worked example at the top
// of `KeyTable.swift` is what the table does.

/// The `Note` of the worked examples in `KeyTable.swift` and `ModelObject+ReadingJSON.swift`.
private final class TableNote: ModelObject {
    @Saved var title = ""
    @Saved var count = 0
    @Saved var tags: [String] = []
}

/// Keys that JSON writes with an escape, which the table finds but does not predict.
private final class EscapedKeys: ModelObject {
    @Saved("quo\"te") var quote = 0
    @Saved("back\\slash") var backslash = 0
    @Saved("tab\tbed") var tab = 0
    @Saved("plain") var plain = 0
}

/// A key other than ASCII, for which no table is built.
private final class AccentedKeys: ModelObject {
    @Saved("naïve") var naive = 0
    @Saved var plain = 0
}

@Suite struct KeyTableInvariantTests {
    /// Models of every shape the suite declares: header keys of their own or none, key styles,
    /// alternatives, containers, flattened objects, tagged families, unions, many properties.
    private static let roots: [ModelObject.Type] = [
        Note.self, Shape.self, Circle.self, Square.self, Drawing.self, Unrelated.self, TableNote.self,
        EscapedKeys.self, InvariantKinds.self, GeneratedNode.self, GeneratedBox.self, GeneratedDisc.self,
        AuditStamp.self, PostalAddress.self, InvoiceCustomer.self, StampedInvoice.self, StampedLine.self,
        StrictInvoice.self, ObjectStamp.self, StampedCustomer.self, APIRepository.self, StyledRecord.self,
        KebabRecord.self, InheritingRecord.self, SchemaDocument.self, PlainRelease.self, TaggedShape.self,
        TaggedCircle.self, TaggedSquare.self, TaggedNote.self, TaggedDrawing.self, UnionCustomer.self,
        UnionCharge.self, UnionHolder.self, UndoDocument.self, UndoPage.self, CheckedCounter.self,
        DeepCharge.self, KeptCharge.self, KeptRepository.self, KeptTwoContainers.self,
        KeptOptionalRepository.self, KeptInvoice.self, KeptStrictNulls.self, KeptDemo.self, StrictOwner.self,
        StrictRepository.self, LooseLabel.self, StrictPush.self, StrictShape.self, StrictCircle.self,
        PathOwner.self, NestedHolder.self, PathLink.self, FuzzModel.self, FuzzScalars.self,
        FuzzCollections.self, FuzzValueClasses.self, FuzzServerRecord.self, FuzzStamp.self,
        FuzzStrictRecord.self, FuzzTagged.self, FuzzTaggedNote.self, FuzzTaggedLink.self, PaymentSource.self,
        SourceCard.self, SourcePrepaidCard.self, TimelineEvent.self, LabeledEvent.self, FamilyDrawing.self,
        ColorValue.self, DateValue.self, IntervalValue.self, DataValue.self, TimeValue.self,
    ]

    /// The roots' metadata and that of the model classes their properties hold or flatten.
    private static func metadataOfModels() -> [ModelMetadata] {
        var queue = roots
        var seen = Set<ObjectIdentifier>()
        var found: [ModelMetadata] = []
        while let modelClass = queue.popLast() {
            guard seen.insert(ObjectIdentifier(modelClass)).inserted else { continue }
            let metadata = ModelMetadata.of(modelClass)
            found.append(metadata)
            for property in metadata.properties {
                if let held = property.flattenedClass ?? (property.valueType as? ModelObject.Type) {
                    queue.append(held)
                }
            }
        }
        return found
    }

    /// What ``ModelMetadata`` predicts: each top-level property's own key, `nil` for the others.
    private static func propertyKeys(of metadata: ModelMetadata) -> [String?] {
        metadata.properties.map { $0.path.isEmpty && !$0.isFlattened ? $0.key : nil }
    }

    private static func isASCII(_ key: String) -> Bool {
        key.utf8.allSatisfy { $0 < 0x80 }
    }

    @Test func tablesOfTheSuitesModelsHoldTheirInvariants() throws {
        let models = Self.metadataOfModels()
        #expect(models.count > Self.roots.count)
        for metadata in models {
            let keysAreASCII = metadata.layout.matches.keys.allSatisfy(Self.isASCII)
            #expect((metadata.keyTable != nil) == keysAreASCII, "\(metadata.modelClass)")
            guard let table = metadata.keyTable else { continue }
            let violations = table.violations(builtFrom: metadata.layout, propertyKeys: Self.propertyKeys(of: metadata))
            #expect(violations == [], "\(metadata.modelClass)")
        }
    }

    @Test func keysThatNeedAnEscapeAreFoundButNotPredicted() throws {
        let table = try #require(ModelMetadata.of(EscapedKeys.self).keyTable)
        #expect(table.quotedLengths == [0, 0, 0, 7])
        #expect(table.match("quo\"te") == .property(0))
        #expect(table.match("back\\slash") == .property(1))
        #expect(table.match("tab\tbed") == .property(2))
        #expect(ModelMetadata.of(AccentedKeys.self).keyTable == nil)
    }

    // MARK: Generated key sets

    /// A table of `keys`, each a property predicted in order, under the default header keys.
    private func checkedTable(ofPropertyKeys keys: [String], sourceLocation: SourceLocation = #_sourceLocation)
        throws -> KeyTable
    {
        var matches: [String: KeyTable.Match] = ["version": .version, "representedClassName": .className]
        for (index, key) in keys.enumerated() { matches[key] = .property(index) }
        let table = try #require(
            KeyTable(matches: matches, propertyKeys: keys), sourceLocation: sourceLocation)
        #expect(table.violations(builtFrom: matches, propertyKeys: keys) == [], sourceLocation: sourceLocation)
        for (key, match) in matches {
            #expect(table.match(key) == match, sourceLocation: sourceLocation)
            #expect(table.match(key + "!") == nil, sourceLocation: sourceLocation)
        }
        return table
    }

    @Test func keysWithOneHashShareAProbe() throws {
        // Equal lengths and first, middle and last bytes: one hash, so one run of slots.
        let keys = (0..<40).map { index in
            let inner = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCD")
            return "k\(inner[index])m\(inner[39 - index])z"
        }
        let table = try checkedTable(ofPropertyKeys: keys)
        let homes = Set(keys.map { key in Array(key.utf8).withUnsafeBufferPointer { KeyTable.hash($0) } })
        #expect(homes.count == 1)
        #expect(table.slots.count == 128)
    }

    @Test func longKeysThatDifferInOneByteAreToldApart() throws {
        // The hash sees the length, the ends and the middle, so these share it but for the one
        // that differs in the middle; they differ in the first word compared, at the edges of
        // words, and in the bytes past the last whole word, which are compared one by one.
        let base = String(repeating: "a", count: 301)
        let differingOnce = [1, 7, 8, 9, 150, 299].map { offset in
            var bytes = Array(base.utf8)
            bytes[offset] = UInt8(ascii: "b")
            return String(decoding: bytes, as: UTF8.self)
        }
        let short = (1...20).map { String(repeating: "x", count: $0) }
        _ = try checkedTable(ofPropertyKeys: [base] + differingOnce + short)
    }

    @Test func manyRandomKeysHoldTheInvariants() throws {
        var random = SplitMix64(seed: 0x5EED_7AB1E)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.$@ /\\\"\t")
        for count in [0, 1, 3, 4, 5, 8, 63, 64, 65, 200, 1500] {
            var keys: [String] = []
            var seen: Set<String> = ["version", "representedClassName"]
            while keys.count < count {
                let length = Int.random(in: 0...40, using: &random)
                let key = String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
                if seen.insert(key).inserted { keys.append(key) }
            }
            _ = try checkedTable(ofPropertyKeys: keys)
        }
    }

    @Test func everyKindOfMatchIsKept() throws {
        let matches: [String: KeyTable.Match] = [
            "": .property(0), "v": .version, "t": .className, "box": .container(0), "deep": .container(1),
            "city": .flattened(0, 0), "country": .flattened(0, 1), "old": .property(0),
        ]
        let keys: [String?] = ["", nil, nil]
        let table = try #require(KeyTable(matches: matches, propertyKeys: keys))
        #expect(table.violations(builtFrom: matches, propertyKeys: keys) == [])
        #expect(table.quotedLengths == [2, 0, 0])
    }

    @Test func keysOtherThanASCIIMakeNoTable() {
        for key in ["naïve", "日本", "e\u{301}", "\u{212A}", "😀"] {
            #expect(
                KeyTable(matches: [key: .property(0), "plain": .property(1)], propertyKeys: [key, "plain"]) == nil)
        }
    }

    // MARK: The worked example

    @Test func theWorkedExampleIsWhatTheTableHolds() throws {
        let metadata = ModelMetadata.of(TableNote.self)
        let table = try #require(metadata.keyTable)
        #expect(table.slots == [0, 4, 0, 0, 0, 5, 0, 0, 0, 2, 3, 0, 0, 1, 0, 0])
        #expect(String(decoding: table.keyBytes, as: UTF8.self) == "countrepresentedClassNametagstitleversion")
        #expect(table.keyStarts == [0, 5, 25, 29, 34, 41])
        #expect(String(decoding: table.quotedKeys, as: UTF8.self) == #""title""count""tags""#)
        #expect(table.quotedStarts == [0, 7, 14] && table.quotedLengths == [7, 7, 6])
        let hashes = ["count", "representedClassName", "tags", "title", "version", "id"].map { key in
            Array(key.utf8).withUnsafeBufferPointer { KeyTable.hash($0) }
        }
        #expect(hashes == [0x3a9d_0a1d, 0xcc38_3939, 0xe9d6_a149, 0x9183_7f01, 0x48a6_0485, 0xff8a_da39])
        #expect(table.match("tags") == .property(2))
        #expect(table.match("id") == nil)
    }

    // MARK: Broken tables

    /// The storage of `table`, changed by `change`, as a table of its own.
    private static func copy(of table: KeyTable, _ change: (inout Storage) -> Void) -> KeyTable {
        var storage = Storage(
            slots: table.slots, keyBytes: table.keyBytes, keyStarts: table.keyStarts, keyMatches: table.keyMatches,
            quotedKeys: table.quotedKeys, quotedStarts: table.quotedStarts, quotedLengths: table.quotedLengths)
        change(&storage)
        return KeyTable(
            slots: storage.slots, keyBytes: storage.keyBytes, keyStarts: storage.keyStarts,
            keyMatches: storage.keyMatches, quotedKeys: storage.quotedKeys, quotedStarts: storage.quotedStarts,
            quotedLengths: storage.quotedLengths)
    }

    struct Storage {
        var slots: [Int32]
        var keyBytes: [UInt8]
        var keyStarts: [Int]
        var keyMatches: [KeyTable.Match]
        var quotedKeys: [UInt8]
        var quotedStarts: [Int]
        var quotedLengths: [Int]
    }

    struct Breakage: Sendable, CustomTestStringConvertible {
        let violation: String
        let change: @Sendable (inout Storage) -> Void
        var testDescription: String { violation }
    }

    // Each on the table of `TableNote`, whose slots the worked example lists: `tags`, key 2, is
    // in slot 10.
    private static let breakages: [Breakage] = [
        Breakage(violation: "key tags in slot 12 is past an empty slot 10") { $0.slots.swapAt(10, 12) },
        Breakage(violation: "key tags is in 2 slots") { $0.slots[14] = 3 },
        Breakage(violation: "key tags is in no slot") { $0.slots[10] = 0 },
        Breakage(violation: "slot 0 holds key 7 of 5") { $0.slots[0] = 8 },
        Breakage(violation: "8 slots are fewer than twice the 5 keys") { $0.slots = [0, 4, 0, 0, 0, 5, 2, 3] },
        Breakage(violation: "key count does not name property(1)") { $0.keyMatches.swapAt(0, 3) },
        Breakage(violation: "the predicted key of property 1 names something else") { $0.keyMatches[0] = .version },
        Breakage(violation: "property 9 is not among the 3 properties") { $0.keyMatches[0] = .property(9) },
        Breakage(violation: "the keys do not lie one after the other within the bytes") { $0.keyStarts[5] = 50 },
        Breakage(violation: "key title is in the table twice") {
            $0.keyBytes.replaceSubrange(0..<5, with: Array("title".utf8))
        },
        Breakage(violation: "the predicted key of property 1 is out of place") { $0.quotedStarts[1] = 8 },
        Breakage(violation: "the quoted keys hold bytes no property predicts") { $0.quotedKeys += [0x20] },
        Breakage(violation: "property 2 is predicted under another key than tags") { $0.quotedLengths[2] = 0 },
    ]

    @Test(arguments: breakages)
    func brokenTableIsReported(_ breakage: Breakage) throws {
        let metadata = ModelMetadata.of(TableNote.self)
        let table = try #require(metadata.keyTable)
        let broken = Self.copy(of: table, breakage.change)
        let violations = broken.violations(builtFrom: metadata.layout, propertyKeys: Self.propertyKeys(of: metadata))
        #expect(violations.contains(breakage.violation), "\(violations)")
    }
}
