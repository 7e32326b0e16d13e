import Foundation
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

    @Test func savedStoresItsValueFirst() {
        #expect(FieldStorage.keepsValueFirst(Saved<Int>.self))
        #expect(FieldStorage.keepsValueFirst(Saved<String?>.self))
        #expect(FieldStorage.keepsValueFirst(Saved<[Base]>.self))
        #expect(FieldStorage.keepsValueFirst(Saved<Decimal>.self))
        #expect(FieldStorage.keepsValueFirst(Saved<Bool>.self))
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

    @Test func anyKeepsSmallValuesInlineWithTheirTypeInTheFourthWord() {
        let values: [(Any, ObjectIdentifier)] = [
            ("text", ObjectIdentifier(String.self)),
            ([1, "a"] as [Any], ObjectIdentifier([Any].self)),
            (["k": 1] as [String: Any], ObjectIdentifier([String: Any].self)),
        ]
        for (value, type) in values {
            #expect(FastCast.storedType(of: value) == type)
        }
        #expect(FastCast.load("text" as Any, as: String.self) == "text")
        #expect(FastCast.load([1, 2] as [Any], as: [Any].self).count == 2)
    }

    @Test func decimalLayoutIsKnown() throws {
        let integer = try #require(ExactDecimal.integer(Decimal(string: "-9223372036854775808")!))
        #expect(integer.isNegative && integer.magnitude == 9_223_372_036_854_775_808)
        #expect(ExactDecimal.double(Decimal(string: "0.1")!) == 0.1)
    }

    @Test func foundationBooleansAndNumbersHaveDistinctClasses() throws {
        #expect(FastCast.booleanType != FastCast.numberType)
        let parsed = try #require(
            try JSONSerialization.jsonObject(with: Data(#"[true, 1, 1.5]"#.utf8)) as? [Any])
        #expect(ObjectIdentifier(type(of: parsed[0] as AnyObject)) == FastCast.booleanType)
        #expect(ObjectIdentifier(type(of: parsed[1] as AnyObject)) == FastCast.numberType)
    }
}
