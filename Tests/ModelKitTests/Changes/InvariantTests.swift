import Foundation
import Testing

@testable import ModelKit

// A property of each value kind that has code of its own, with defaults that test the edges of
// escaping, signed zero and fractional seconds.
final class InvariantKinds: ModelObject {
    @Saved var text = "a/b\u{1}\u{FEFF}é"
    @Saved var number = -42
    @Saved var ratio = -0.0
    @Saved var flag = true
    @Saved var moment = Date(timeIntervalSince1970: 1.25)
    @Saved var label: String? = "x/y"
    @Saved var missing: String? = nil
    @Saved var words = ["a/b", "\u{FEFF}"]
    @Saved var child: InvariantKinds? = nil
}

@Suite struct InvariantTests {
    private static let allOptions: [WriteOptions] = [
        [], .compact, .sortedKeys, .withoutEscapingSlashes, .dejalObjectFormat,
    ]

    private func kindViolations(of object: ModelObject) -> [String] {
        ModelMetadata.of(type(of: object)).properties.flatMap { property in
            Self.allOptions.flatMap { options in
                (property as? any SavedPropertyChecks)?.kindViolations(in: object, options: options) ?? ["unchecked"]
            }
        }
    }

    private func offset(of key: String, in modelClass: ModelObject.Type) throws -> Int {
        try #require(ModelMetadata.of(modelClass).propertiesByKey[key]).offset
    }

    private func recordViolations(of object: ModelObject) -> [String] {
        object.changeRecord.violations(in: ModelMetadata.of(type(of: object)))
    }

    @Test func everyValueKindAgreesWithItsTypesSavedForm() {
        let object = InvariantKinds()
        #expect(kindViolations(of: object) == [])
        object.text = "\"\\\n\u{7F}😀"
        object.number = .min
        object.ratio = .greatestFiniteMagnitude
        object.flag = false
        object.moment = Date(timeIntervalSinceReferenceDate: -1e10)
        object.label = nil
        object.words = []
        #expect(kindViolations(of: object) == [])
    }

    @Test func valuesThatCannotBeWrittenFailAlikeOnBothPaths() {
        let object = InvariantKinds()
        object.ratio = .nan
        object.moment = .distantFuture.addingTimeInterval(1e20)
        #expect(kindViolations(of: object) == [])
    }

    @Test func disagreeingFormsAreCaught() {
        typealias Form = Result<Any?, any Error>
        #expect(AnySavedProperty.dictionaryFormsAgree(Form.success(1), Form.success(1)))
        #expect(!AnySavedProperty.dictionaryFormsAgree(Form.success(1), Form.success("1")))
        #expect(!AnySavedProperty.dictionaryFormsAgree(Form.success(1), Form.success(true)))
        #expect(!AnySavedProperty.dictionaryFormsAgree(Form.success(0.0), Form.success(-0.0)))
        #expect(!AnySavedProperty.dictionaryFormsAgree(Form.success(1), Form.success(NSNumber(value: 1))))
        #expect(!AnySavedProperty.dictionaryFormsAgree(Form.success(nil), Form.success("")))
        #expect(
            !AnySavedProperty.dictionaryFormsAgree(Form.success(1), Form.failure(ModelError(.unencodableNumber("1")))))
        #expect(AnySavedProperty.jsonAgrees(.success(Array("1".utf8)), .success(Array("1".utf8))))
        #expect(!AnySavedProperty.jsonAgrees(.success(Array("1".utf8)), .success(Array("1.0".utf8))))
        #expect(!AnySavedProperty.jsonAgrees(.success([]), .failure(ModelError(.unencodableNumber("nan")))))
    }

    @Test func changesMadeThroughTheAPIKeepTheRecordWhole() throws {
        let task = try LenientTask(
            json: #"{"title": "a", "priority": "high", "counts": [1, "two"]}"#, options: .lenient)
        #expect(recordViolations(of: task) == [])
        task.priority = 1
        task.title = "b"
        task[extra: "flavor"] = "vanilla"
        #expect(recordViolations(of: task) == [])
        #expect(task.changedKeys == ["priority", "title", "flavor"])
        task.title = "a"
        try task.apply(mergePatch: ["counts": [2], "due": NSNull(), "title": "c"])
        #expect(recordViolations(of: task) == [])
        task.revertChanges()
        #expect(recordViolations(of: task) == [] && !task.hasChanges)
    }

    @Test func recordOfAnOffsetThatIsNoPropertyIsCaught() {
        let object = InvariantKinds()
        object.changeRecord.properties[-1] = 0
        #expect(recordViolations(of: object).contains("offset -1 is no saved property's"))
        #expect(recordViolations(of: object).contains("changedKeys does not name each change once"))
    }

    @Test func originalOfTheWrongTypeIsCaught() throws {
        let object = InvariantKinds()
        object.changeRecord.properties[try offset(of: "number", in: InvariantKinds.self)] = "12"
        #expect(recordViolations(of: object) == ["the original of number is a String"])
    }

    @Test func skippedValueWithoutItsOriginalIsCaught() throws {
        let object = InvariantKinds()
        let offset = try offset(of: "number", in: InvariantKinds.self)
        object.changeRecord.skippedValues[offset] = SkippedValue(savedValue: "high", loadedValue: nil)
        #expect(recordViolations(of: object) == ["the skipped value at offset \(offset) has no original"])
        object.changeRecord.properties[offset] = 1
        #expect(recordViolations(of: object) == [])
    }

    @Test(arguments: ["text", "version", "representedClassName"])
    func unknownKeyThatBelongsToTheClassIsCaught(key: String) {
        let object = InvariantKinds()
        object.changeRecord.unknownKeys[key] = .some(nil)
        #expect(recordViolations(of: object).contains("unknown key \(key) belongs to the class"))
    }

    @Test func originalEqualToTheValueSetIsCaught() throws {
        let object = InvariantKinds()
        let offset = try offset(of: "number", in: InvariantKinds.self)
        object.changeRecord.properties[offset] = 7
        #expect(object.changeRecord.violation(atOffset: offset, settingTo: 8) == nil)
        #expect(
            object.changeRecord.violation(atOffset: offset, settingTo: 7)
                == "the original at offset \(offset) equals the value it is set to")
        // Setting the original back after replacing a skipped value is still a change.
        object.changeRecord.skippedValues[offset] = SkippedValue(savedValue: "high", loadedValue: nil)
        #expect(object.changeRecord.violation(atOffset: offset, settingTo: 7) == nil)
    }

    // Exit tests need Swift 6.2's testing library and a platform that can start a process:
    // not iOS, tvOS, watchOS or visionOS.
    #if DEBUG && compiler(>=6.2) && (os(macOS) || os(Linux) || os(Windows))
        @Test func debugBuildsStopAtABrokenRecordWhenItChanges() async {
            await #expect(processExitsWith: .failure) {
                let object = InvariantKinds()
                object.changeRecord.properties[-1] = 0
                object.withMutationOfChangeRecord {}
            }
        }

        @Test func debugBuildsStopAtAnOriginalEqualToTheValueSet() async {
            await #expect(processExitsWith: .failure) {
                let object = InvariantKinds()
                let offset = ModelMetadata.of(InvariantKinds.self).propertiesByKey["number"]?.offset ?? 0
                object.changeRecord.properties[offset] = 7
                object.checkRecordedChange(atOffset: offset, settingTo: 7)
            }
        }
    #endif
}
