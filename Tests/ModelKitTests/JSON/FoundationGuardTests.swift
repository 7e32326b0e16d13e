import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Apple's Foundation raises an Objective-C exception, which stops the process, where Linux's
// throws or stops it with a fatal error: `JSONSerialization` given a value it cannot write,
// `NSKeyedArchiver` given an object that does not support secure coding. ModelKit checks
// first, so each of these is a `ModelError` with its key path on every platform.

final class GuardedNote: ModelObject {
    @Saved var title = "note"
    @Saved var children: [GuardedNote] = []
}

final class GuardedMarker: ModelObject {
    @Saved var position = GuardedPoint(x: 0, y: 0)
}

struct GuardedPoint: Codable, Equatable, CodableSavedValue {
    var x: Double
    var y: Double
}

/// A class that adopts `NSSecureCoding` but says it does not support it.
final class InsecureBox: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { false }

    override init() {}

    init?(coder: NSCoder) {}

    func encode(with coder: NSCoder) {}
}

/// The `ModelError` that `body` throws, recording an issue when it throws another error
/// (such as Foundation's own `NSError`) or none.
private func guardError(_ body: () throws -> Void) throws -> ModelError {
    let error = try #require(throws: (any Error).self, performing: body)
    return try #require(error as? ModelError, "not a ModelError: \(error)")
}

@Suite struct FoundationGuardTests {
    // MARK: WriteOptions.foundationWriter

    @Test func unwritableUnknownValuesThrowWithTheirKeyPath() throws {
        let cases: [(what: String, value: Any, path: String)] = [
            ("a date", Date(timeIntervalSinceReferenceDate: 0), "when"),
            ("data", Data([1, 2]), "when"),
            ("a model object", GuardedNote(), "when"),
            ("a struct", GuardedPoint(x: 1, y: 2), "when"),
            ("a set", Set([1, 2]), "when"),
            ("a date in an array", [1, Date()] as [Any], "when[1]"),
            ("a date in a dictionary", ["at": ["x": Date()]] as [String: Any], "when.at.x"),
        ]
        for (what, value, path) in cases {
            let note = GuardedNote()
            note[extra: "when"] = value
            let error = try guardError { _ = try note.jsonData(options: .foundationWriter) }
            #expect(error.keyPath.description == path, "\(what)")
            guard case .typeMismatch(let expected, _) = error.reason else {
                Issue.record("\(what): \(error)")
                continue
            }
            #expect(expected == "a JSON value", "\(what)")
            #expect(error.underlyingError == nil, "\(what): thrown before JSONSerialization saw it")
        }
    }

    @Test func ownWriterStillWritesDatesAndDataAsText() throws {
        let note = GuardedNote()
        note[extra: "when"] = Date(timeIntervalSinceReferenceDate: 0)
        note[extra: "bytes"] = Data([1, 2])
        let written = try jsonObject(note.jsonString())
        #expect(written["when"] as? String == "2001-01-01T00:00:00Z")
        #expect(written["bytes"] as? String == "AQI=")
    }

    @Test func unwritableValuesInNestedObjectsNameTheWholePath() throws {
        let note = GuardedNote()
        note.children = [GuardedNote(), GuardedNote()]
        note.children[1][extra: "when"] = Date()
        let error = try guardError { _ = try note.jsonData(options: [.foundationWriter, .compact]) }
        #expect(error.keyPath.description == "children[1].when")
    }

    @Test func dictionaryKeysThatAreNotStringsThrow() throws {
        let note = GuardedNote()
        note[extra: "ids"] = ["a": [1: "one"]] as [String: Any]
        let error = try guardError { _ = try note.jsonData(options: .foundationWriter) }
        #expect(error.keyPath.description == "ids.a")
        #expect(error.reason == .typeMismatch(expected: "a string key", found: "1"))
    }

    @Test func numbersThatJSONCannotHoldThrow() throws {
        let cases: [(value: Any, text: String)] = [
            (Double.nan, "nan"), (Double.infinity, "inf"), (-Double.infinity, "-inf"), (Float.nan, "nan"),
            (Float.infinity, "inf"), (Decimal.nan, "NaN"), (NSDecimalNumber.notANumber, "NaN"),
            (NSNumber(value: Double.nan), "nan"), ([1, Double.nan] as [Any], "nan"),
        ]
        for (value, text) in cases {
            let note = GuardedNote()
            note[extra: "ratio"] = value
            let error = try guardError { _ = try note.jsonData(options: .foundationWriter) }
            #expect(error.reason == .unencodableNumber(text), "\(value)")
            #expect(error.keyPath.components.first == .key("ratio"), "\(value)")
        }
    }

    @Test func foundationValuesThatBridgeToJSONAreWritten() throws {
        let note = GuardedNote()
        let values: [String: Any] = [
            "int8": Int8(-8), "uint64": UInt64.max, "float": Float(1.5), "decimal": Decimal(string: "1.25") ?? 0,
            "number": NSNumber(value: 7), "yes": true, "string": NSString(string: "s"), "null": NSNull(),
            "array": NSArray(array: [1, "a"]), "object": NSDictionary(dictionary: ["k": 1]),
            "ints": [1, 2], "nested": ["a": [["b": 1.5]]],
        ]
        for (key, value) in values { note[extra: key] = value }
        let written = try jsonObject(note.jsonString(options: [.foundationWriter, .sortedKeys]))
        #expect((written["uint64"] as? NSNumber)?.uint64Value == .max)
        #expect(written["float"] as? Double == 1.5)
        #expect(written["yes"] as? Bool == true)
        #expect(written["string"] as? String == "s")
        #expect((written["array"] as? [Any])?.count == 2)
        #expect(try GuardedNote(json: note.jsonData(options: .foundationWriter)) == note)
    }

    // MARK: CodableSavedValue

    @Test func codableValuesGivenWhatJSONCannotHoldThrow() throws {
        let cases: [(what: String, value: Any, path: String)] = [
            ("a date", ["x": Date(), "y": 0] as [String: Any], "position.x"),
            ("data", ["x": 1, "y": Data([1])] as [String: Any], "position.y"),
            ("a date alone", Date(), "position"),
            ("a struct", GuardedPoint(x: 1, y: 2), "position"),
        ]
        for (what, value, path) in cases {
            let error = try guardError { _ = try GuardedMarker(dictionary: ["position": value]) }
            #expect(error.keyPath.description == path, "\(what)")
            guard case .typeMismatch(let expected, _) = error.reason else {
                Issue.record("\(what): \(error)")
                continue
            }
            #expect(expected == "a JSON value", "\(what)")
            let lenient = try GuardedMarker(dictionary: ["position": value], options: .lenient)
            #expect(lenient.loadIssues.map(\.keyPath.description) == [path], "\(what)")
        }
    }

    @Test(arguments: [Double.nan, .infinity])
    func codableValuesGivenNaNOrInfinityThrow(number: Double) throws {
        let error = try guardError { _ = try GuardedMarker(dictionary: ["position": ["x": 1, "y": number]]) }
        #expect(error.keyPath.description == "position.y")
        #expect(error.reason == .unencodableNumber("\(number)"))
        let alone = try guardError { _ = try GuardedMarker(dictionary: ["position": number]) }
        #expect(alone.keyPath.description == "position")
    }

    @Test func codableValuesHoldingNaNNameItWhenWritten() throws {
        let marker = GuardedMarker()
        marker.position = GuardedPoint(x: 1, y: .nan)
        for write in [{ _ = try marker.dictionary }, { _ = try marker.jsonData(options: .foundationWriter) }] {
            let error = try guardError(write)
            #expect(error.keyPath.description == "position.y")
            #expect(error.reason == .unencodableNumber("nan"))
        }
    }

    // MARK: NSKeyedArchiver

    @Test func archivingAStructInsideACollectionThrows() throws {
        let array = NSArray(array: ["a", 1, GuardedPoint(x: 0, y: 0)])
        let error = try guardError { _ = try DataValue(archiving: array) }
        #expect(error.keyPath.description == "[2]")
        #expect(
            error.reason
                == .typeMismatch(
                    expected: "an object that supports secure coding", found: "a value of type GuardedPoint"))

        let dictionary = NSDictionary(dictionary: ["list": NSArray(array: [InsecureBox()])])
        let nested = try guardError { _ = try DataValue(archiving: dictionary) }
        #expect(nested.keyPath.description == "list[0]")

        let set = NSSet(array: [NSOrderedSet(array: [1, InsecureBox()])])
        #expect(try guardError { _ = try DataValue(archiving: set) }.keyPath.description == "[1]")
    }

    @Test func archivingAnObjectThatRefusesSecureCodingThrows() throws {
        let error = try guardError { _ = try DataValue(archiving: InsecureBox()) }
        #expect(error.keyPath.isRoot)
        #expect(error.description.contains("InsecureBox"))
    }

    @Test func archivingCollectionsOfSecureObjectsWorks() throws {
        let dictionary = NSDictionary(dictionary: ["list": NSArray(array: ["a", 1, NSDate(timeIntervalSince1970: 0)])])
        let value = try DataValue(archiving: dictionary)
        #expect(value.dataClass == NSStringFromClass(NSDictionary.self))
        #expect((value.data?.count ?? 0) > 0)
    }

    @Test func archivedModelsHandTheArchiverOnlyTheirJSON() throws {
        let note = GuardedNote()
        note[extra: "when"] = Date(timeIntervalSinceReferenceDate: 0)
        let archive = try NSKeyedArchiver.archivedData(withRootObject: note, requiringSecureCoding: true)
        let copy = try GuardedNote.make(archivedData: archive)
        #expect(copy[extra: "when"] as? String == "2001-01-01T00:00:00Z")

        note[extra: "when"] = GuardedPoint(x: 0, y: 0)
        let failed = try NSKeyedArchiver.archivedData(withRootObject: note, requiringSecureCoding: true)
        let error = try guardError { _ = try GuardedNote.make(archivedData: failed) }
        #expect(error.description.contains("when: expected a JSON value"))
    }
}
