import Foundation
import ModelKit
import Testing

private enum Flavor: String, SavedValue {
    case vanilla, chocolate
}

private enum Size: Int, SavedValue {
    case small = 1
    case large = 2
}

private final class Everything: ModelObject {
    @Saved var string = "s"
    @Saved var bool = false
    @Saved var int = 1
    @Saved var int8: Int8 = 0
    @Saved var int16: Int16 = 0
    @Saved var int32: Int32 = 0
    @Saved var int64: Int64 = 0
    @Saved var uint: UInt = 0
    @Saved var uint8: UInt8 = 0
    @Saved var uint16: UInt16 = 0
    @Saved var uint32: UInt32 = 0
    @Saved var uint64: UInt64 = 0
    @Saved var double = 0.5
    @Saved var float: Float = 0.25
    @Saved var decimal = Decimal(string: "12.34") ?? 0
    @Saved var date = Date(timeIntervalSince1970: 1_424_716_200)
    @Saved var data = Data([1, 2, 3])
    @Saved var url = URL(string: "https://example.com/a?b=c") ?? URL(fileURLWithPath: "/")
    @Saved var uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()
    @Saved var optional: Int? = nil
    @Saved var array = [1, 2, 3]
    @Saved var set: Set<String> = ["b", "a"]
    @Saved var map: [String: Double] = ["x": 1.5]
    @Saved var flavor = Flavor.chocolate
    @Saved var size = Size.large
    @Saved var nested: [[Int]] = [[1], [2, 3]]
    @Saved var optionalArray: [Int?] = [1, nil]
}

private class Base: ModelObject {
    @Saved var first = 1
    @Saved var second = 2
}

private final class Derived: Base {
    @Saved var third = 3
    @Saved("fourth_key") var fourth = 4
    var derived: Int { first + third }
}

private final class Defaults: ModelObject {
    @Saved var identifier = UUID()
    @Saved var computed = ""

    override func loadDefaultValues() {
        computed = "set in code"
    }
}

@Suite struct ModelObjectTests {
    @Test func savedKeysListSuperclassKeysFirstInDeclarationOrder() {
        #expect(Base.savedKeys == ["first", "second"])
        #expect(Derived.savedKeys == ["first", "second", "third", "fourth_key"])
        #expect(Note.savedKeys == ["text", "number", "tags", "note", "created_at", "children", "attachment"])
    }

    @Test func newObjectHasDefaultsAndNoChanges() {
        let note = Note()
        #expect(note.text == "Foo")
        #expect(note.number == 12345)
        #expect(note.note == nil)
        #expect(!note.hasChanges)
        #expect(note.changedKeys.isEmpty)
    }

    @Test func loadDefaultValuesRunsAfterInitialValuesWithoutChanges() {
        let object = Defaults()
        #expect(object.computed == "set in code")
        #expect(!object.hasChanges)
    }

    @Test func dynamicDefaultsAreEvaluatedPerObjectAndReplacedByLoadedValues() throws {
        let first = Defaults()
        let second = Defaults()
        #expect(first.identifier != second.identifier)
        let loaded = try Defaults(dictionary: ["identifier": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"])
        #expect(loaded.identifier.uuidString == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    }

    @Test func everyShippedSavedValueRoundTripsThroughJSON() throws {
        let object = Everything()
        object.string = "héllo \"world\" / 😀\n"
        object.bool = true
        object.int = Int.min
        object.int8 = Int8.min
        object.int16 = Int16.max
        object.int32 = Int32.min
        object.int64 = Int64.max
        object.uint = UInt.max
        object.uint8 = UInt8.max
        object.uint16 = UInt16.max
        object.uint32 = UInt32.max
        object.uint64 = UInt64.max
        object.double = -1.2345e-300
        object.float = 3.4e38
        object.decimal = Decimal(string: "-98765.4321") ?? 0
        object.date = Date(timeIntervalSinceReferenceDate: 123_456_789.125)
        object.data = Data((0..<200).map { UInt8($0) })
        object.optional = 7
        object.array = []
        object.set = ["z", "y"]
        object.map = ["a": -0.5, "b": 1e300]
        object.flavor = .vanilla
        object.size = .small
        object.optionalArray = [nil, 3]
        let json = try object.jsonData()
        let loaded = try Everything(json: json)
        #expect(loaded == object)
        let compact = try Everything(json: object.jsonData(options: [.compact, .sortedKeys]))
        #expect(compact == object)
        let viaDictionary = try Everything(dictionary: object.dictionary)
        #expect(viaDictionary == object)
    }

    @Test func defaultsRoundTripThroughFoundationWriter() throws {
        let object = Everything()
        let json = try object.jsonData(options: [.foundationWriter])
        #expect(try Everything(json: json) == object)
    }

    @Test func subclassesLoadAndSaveInheritedProperties() throws {
        let object = try Derived(json: #"{"first":10,"second":20,"third":30,"fourth_key":40}"#)
        #expect(object.first == 10 && object.second == 20 && object.third == 30 && object.fourth == 40)
        #expect(object.derived == 40)
        let dictionary = try object.dictionary
        #expect(dictionary["fourth_key"] as? Int == 40)
        #expect(dictionary["fourth"] == nil)
    }

    @Test func modelNameDefaultsToBareTypeName() {
        #expect(Circle.modelName == "Circle")
        #expect(Note.modelName == "Demo")
        #expect(Note.modelVersion == 2)
        #expect(Circle.modelVersion == 1)
    }
}
