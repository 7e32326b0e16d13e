import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// Scalars of every kind, at or near the ends of their ranges.
private func extremeScalars() -> FuzzScalars {
    let object = FuzzScalars()
    object.text = "héllo \"world\" / 😀\n"
    object.flag = true
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
    object.url = URL(string: "https://example.com/a?b=c") ?? object.url
    object.uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? object.uuid
    object.flavor = .emoji
    object.priority = .lowest
    object.appVersion = FuzzVersion(major: 2, minor: 13)
    return object
}

/// Optionals and collections, some empty, some holding values and `nil`s.
private func sampleCollections() -> FuzzCollections {
    let object = FuzzCollections()
    object.optionalInt = 7
    object.optionalFlavor = .chocolate
    object.strings = ["a", ""]
    object.integers = []
    object.tags = ["z", "y"]
    object.doubleByKey = ["a": -0.5, "b": 1e300]
    object.optionals = [nil, 3]
    object.nested = [[1], [2, 3]]
    object.priorities = [.high, .highest]
    object.blobs = ["none": nil, "some": Data([1, 2])]
    return object
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
        for object in [extremeScalars(), sampleCollections()] as [ModelObject] {
            let modelClass = type(of: object)
            #expect(try modelClass.make(json: object.jsonData()) == object)
            #expect(try modelClass.make(json: object.jsonData(options: [.compact, .sortedKeys])) == object)
            #expect(try modelClass.make(dictionary: object.dictionary) == object)
        }
    }

    @Test func defaultAndExtremeValuesRoundTripThroughFoundationWriter() throws {
        let objects: [ModelObject] = [FuzzScalars(), FuzzCollections(), extremeScalars(), sampleCollections()]
        for object in objects {
            let json = try object.jsonData(options: [.foundationWriter])
            #expect(try type(of: object).make(json: json) == object)
        }
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
