import Foundation
import ModelKitTestSupport
import Testing

@testable import ModelKit

/// Pins each assumption that `Sources/ModelKit/Runtime` makes of the Swift runtime and of
/// Foundation, in the order `RuntimeAssumptions` lists them, so that a toolchain that breaks
/// one fails here by name.
@Suite struct RuntimeAssumptionTests {
    private class Base: ModelObject {
        @Saved var first = 1
        var unsaved = "not saved"
        @Saved("custom") var second = "two"

        /// The offset of `second`'s storage, found as `Saved` finds it: through its key path.
        var secondStorageOffset: Int {
            withUnsafeMutablePointer(to: &self[keyPath: \Base._second]) { FieldStorage.offset(of: $0, in: self) }
        }
    }

    private final class Derived: Base {
        @Saved var third: [Base] = []
        @Saved var fourth: Decimal? = nil
    }

    private final class Holder: ModelObject {
        @Saved var count = 1
        @Saved var name = "two"
        @Saved var amount: Decimal? = nil
        @Saved var child = Base()
        @Saved var optionalChild: Base? = Base()
    }

    private static let takesShortcuts = RuntimeAssumptions.takesLayoutShortcuts

    @Test func shortcutsAreTakenOnlyWhereTheyHold() {
        #if MODELKIT_PORTABLE
            #expect(!RuntimeAssumptions.takesLayoutShortcuts)
        #else
            #expect(RuntimeAssumptions.takesLayoutShortcuts == (MemoryLayout<UnsafeRawPointer>.size == 8))
        #endif
    }

    @Test func reflectionListsStoredFieldsSuperclassFirstInDeclarationOrder() throws {
        let fields = try #require(FieldReflection.fields(of: Derived.self))
        let savedFields = fields.filter { $0.name.hasPrefix("_") }
        #expect(savedFields.map(\.name) == ["_first", "_second", "_third", "_fourth"])
        #expect(savedFields.map(\.offset) == savedFields.map(\.offset).sorted())
        #expect(ObjectIdentifier(savedFields[0].type) == ObjectIdentifier(Saved<Int>.self))
        #expect(ObjectIdentifier(savedFields[2].type) == ObjectIdentifier(Saved<[Base]>.self))
        #expect(fields.contains { $0.name == "unsaved" && ObjectIdentifier($0.type) == ObjectIdentifier(String.self) })
        #expect(Derived.savedKeys == ["first", "custom", "third", "fourth"])
    }

    @Test func savedValueLiesWhereMemoryLayoutSays() throws {
        let object = Holder()
        let fields = try #require(FieldReflection.fields(of: Holder.self))
        func value<Value, T>(_ name: String, in type: Saved<Value>.Type, as _: T.Type) throws -> UnsafeMutablePointer<T>
        {
            let offset = try #require(fields.first { $0.name == name }?.offset)
            let valueOffset = try #require(FieldStorage.valueOffset(in: type))
            return FieldStorage.pointer(in: object, at: offset + valueOffset, as: T.self)
        }
        #expect(try value("_count", in: Saved<Int>.self, as: Int.self).pointee == 1)
        #expect(try value("_name", in: Saved<String>.self, as: String.self).pointee == "two")
        try value("_amount", in: Saved<Decimal?>.self, as: Decimal?.self).pointee = 2.5
        #expect(object.amount == 2.5)
        // A model class's references, optional or not, read as `ModelObject`'s.
        #expect(try value("_child", in: Saved<Base>.self, as: ModelObject.self).pointee === object.child)
        #expect(
            try value("_optionalChild", in: Saved<Base?>.self, as: ModelObject?.self).pointee === object.optionalChild)
        object.optionalChild = nil
        #expect(try value("_optionalChild", in: Saved<Base?>.self, as: ModelObject?.self).pointee == nil)
    }

    @Test func keyPathAddressesMatchReflectedOffsets() throws {
        let object = Derived()
        let fields = try #require(FieldReflection.fields(of: Derived.self))
        let offset = try #require(fields.first { $0.name == "_second" }?.offset)
        #expect(object.secondStorageOffset == offset)
        #expect(FieldStorage.pointer(in: object, at: offset, as: Saved<String>.self).pointee.value == "two")
        object.second = "changed"
        #expect(object.changedKeys == ["custom"])
        object.revertChanges()
        #expect(object.second == "two")
    }

    @Test(.enabled(if: takesShortcuts, "the portable path reads no container"))
    func anyKeepsSmallValuesInlineWithTheirTypeInTheFourthWord() throws {
        let values: [(Any, ObjectIdentifier)] = [
            ("text", ObjectIdentifier(String.self)),
            ([1, "a"] as [Any], ObjectIdentifier([Any].self)),
            (["k": 1] as [String: Any], ObjectIdentifier([String: Any].self)),
            (-7, ObjectIdentifier(Int.self)),
            (0.1, ObjectIdentifier(Double.self)),
            (true, ObjectIdentifier(Bool.self)),
        ]
        for (value, type) in values {
            #expect(FastCast.containerType(of: value) == type)
        }
        #expect(FastCast.loadFromContainer("text" as Any, as: String.self) == "text")
        #expect(FastCast.loadFromContainer([1, 2] as [Any], as: [Any].self).count == 2)
        #expect(FastCast.loadFromContainer(-7 as Any, as: Int.self) == -7)
        #expect(FastCast.loadFromContainer(0.1 as Any, as: Double.self) == 0.1)
        #expect(FastCast.loadFromContainer(true as Any, as: Bool.self))
        let number = try JSONSerialization.jsonObject(with: Data("[12]".utf8), options: []) as? [Any]
        let element = try #require(number?.first)
        #expect(FastCast.withObject(in: element, as: NSNumber.self) { $0.int64Value } == 12)
    }

    /// Where a word is 32 bits, a `Double` is aligned more strictly than a word, and an `Any`
    /// keeps it in a box outside its container.
    @Test func onlyTypesThatFitTheContainerAreReadFromIt() {
        let word = MemoryLayout<UnsafeRawPointer>.size
        #expect(FastCast.isKeptInline(String.self) == (MemoryLayout<String>.size <= 3 * word))
        #expect(FastCast.isKeptInline([Any].self) && FastCast.isKeptInline([String: Any].self))
        #expect(FastCast.isKeptInline(Int.self) && FastCast.isKeptInline(Bool.self))
        #expect(FastCast.isKeptInline(Double.self) == (word == 8))
        #expect(FastCast.isKeptInline(Int64.self) == (word == 8))
        #expect(!FastCast.isKeptInline((Int, Int, Int, Int).self))
        #expect(!FastCast.isKeptInline(SIMD2<Double>.self) || MemoryLayout<SIMD2<Double>>.alignment <= word)
    }

    @Test func decimalLayoutIsKnown() throws {
        let integer = try #require(ExactDecimal.integer(Decimal(string: "-9223372036854775808")!))
        #expect(integer.isNegative && integer.magnitude == 9_223_372_036_854_775_808)
        #expect(ExactDecimal.double(Decimal(string: "0.1")!) == 0.1)
        guard Self.takesShortcuts else { return }
        let stored = try #require(ExactDecimal.storedInteger(Decimal(string: "-9223372036854775808")!))
        #expect(stored.isNegative && stored.magnitude == 9_223_372_036_854_775_808)
        #expect(ExactDecimal.storedDouble(Decimal(string: "0.1")!) == 0.1)
    }

    @Test func foundationBooleansAndNumbersHaveDistinctClasses() throws {
        #expect(FastCast.booleanType != FastCast.numberType)
        let parsed = try #require(
            try JSONSerialization.jsonObject(with: Data(#"[true, 1, 1.5]"#.utf8)) as? [Any])
        #expect(ObjectIdentifier(type(of: parsed[0] as AnyObject)) == FastCast.booleanType)
        #expect(ObjectIdentifier(type(of: parsed[1] as AnyObject)) == FastCast.numberType)
    }

    @Test func superclassesAreListedNearestFirst() {
        #expect(
            ClassHierarchy.lineage(of: Derived.self).map(ObjectIdentifier.init) == [
                ObjectIdentifier(Derived.self), ObjectIdentifier(Base.self), ObjectIdentifier(ModelObject.self),
            ])
        #expect(
            ClassHierarchy.declaredSuperclasses(of: Derived.self).map(ObjectIdentifier.init) == [
                ObjectIdentifier(Base.self)
            ])
        #expect(ClassHierarchy.declaredSuperclasses(of: Base.self).isEmpty)
        #expect(ClassHierarchy.lineage(of: ModelObject.self).count == 1)
    }

    /// Not an assumption of the runtime's: a value kept behind an untyped pointer, as the
    /// census that a thread is taking is kept in its thread slot, is reached in place.
    @Test func untypedPointeeReachesTheValueItAddressesInPlace() {
        var values = (count: 1, name: "one")
        withUnsafeMutablePointer(to: &values) { pointer in
            UntypedPointee.modify(UnsafeMutableRawPointer(pointer), as: (count: Int, name: String).self) {
                $0.count += 1
                $0.name += "!"
            }
        }
        #expect(values.count == 2)
        #expect(values.name == "one!")
        let (census, _) = SavedCensus.taking { SavedCensus.countInitializedValue(key: "key") }
        #expect(census.initializedValues == 1)
    }
}
