import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Top-level and not private, so that `NSKeyedArchiver` on Linux can name the classes.
/// Properties at three depths of one container, declared out of the order of its levels: `y`,
/// declared second, sits one level above `z`, declared third.
final class LayeredNote: ModelObject {
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
    @Saved(path: "a", "b", "c", "x") var x: Int?
    @Saved(path: "a", "y") var y: Int?
    @Saved(path: "a", "b", "z") var z: Int?
    @Saved var title = ""
}

/// `LayeredNote` in data that may hold only the keys it declares.
final class StrictLayeredNote: ModelObject {
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
    override class var rejectsUnknownKeys: Bool { true }
    @Saved(path: "a", "b", "c", "x") var x: Int?
    @Saved(path: "a", "y") var y: Int?
    @Saved(path: "a", "b", "z") var z: Int?
}

/// A container's properties at several depths, with undeclared keys at every level: loads,
/// writes and merge patches keep each level's other keys where they were, and report problems
/// in the order the class declares its properties.
@Suite struct InterleavedPathTests {
    private static let json = #"""
        {"a":{"b":{"c":{"x":1,"k3":3},"z":2,"k2":2},"y":1,"k1":1},"k0":0,"title":"t"}
        """#

    @Test func everyLevelKeepsItsOtherKeys() throws {
        let note = try loadThroughBothReaders(LayeredNote.self, Self.json)
        #expect(note.x == 1 && note.y == 1 && note.z == 2)
        let expected = try writtenObject(Self.json)
        for options in [WriteOptions(), .compact, .sortedKeys, .foundationWriter] {
            #expect(try writtenObject(note.jsonData(options: options)) == expected, "\(options)")
        }
        #expect(NSDictionary(dictionary: try note.dictionary) == expected)
        let reference = try LayeredNote(dictionary: try jsonObject(Self.json))
        #expect(reference == note)
        #expect(NSDictionary(dictionary: reference.unknownValues) == NSDictionary(dictionary: note.unknownValues))
    }

    @Test func aMergePatchReachesEveryLevelAndMergesTheOtherKeys() throws {
        for reader in [LoadOptions(), .foundationReader] {
            let note = try LayeredNote(json: Self.json, options: reader)
            let patch = #"{"a":{"b":{"c":{"x":5,"k3":null,"n3":"new"},"k2":null},"k1":{"q":1}}}"#
            try note.apply(mergePatchJSON: patch, options: reader)
            #expect(note.x == 5 && note.y == 1 && note.z == 2)
            #expect(
                try writtenObject(note.jsonData(options: .compact))
                    == writtenObject(
                        #"{"a":{"b":{"c":{"x":5,"n3":"new"},"z":2},"y":1,"k1":{"q":1}},"k0":0,"title":"t"}"#))
            #expect(sameJSON(try note.mergePatch(), try jsonObject(patch)))
        }
    }

    @Test func aNullLevelInAMergePatchClearsThePropertiesBeneathItOnly() throws {
        let cases: [(patch: String, x: Int?, y: Int?, z: Int?, written: String)] = [
            (#"{"a":{"b":null}}"#, nil, 1, nil, #"{"a":{"y":1,"k1":1},"k0":0,"title":"t"}"#),
            (
                #"{"a":{"b":{"c":null}}}"#, nil, 1, 2,
                #"{"a":{"b":{"z":2,"k2":2},"y":1,"k1":1},"k0":0,"title":"t"}"#
            ),
            (#"{"a":null}"#, nil, nil, nil, #"{"k0":0,"title":"t"}"#),
            (
                #"{"a":{"y":null}}"#, 1, nil, 2,
                #"{"a":{"b":{"c":{"x":1,"k3":3},"z":2,"k2":2},"k1":1},"k0":0,"title":"t"}"#
            ),
        ]
        for (patch, x, y, z, written) in cases {
            let note = try LayeredNote(json: Self.json)
            try note.apply(mergePatchJSON: patch)
            #expect(note.x == x && note.y == y && note.z == z, "\(patch)")
            #expect(try writtenObject(note.jsonData(options: .compact)) == writtenObject(written), "\(patch)")
            #expect(sameJSON(try note.mergePatch(), try jsonObject(patch)), "\(patch)")
        }
    }

    @Test func aValueSetBeneathAnAbsentLevelMakesTheLevelsOnTheWay() throws {
        let note = try LayeredNote(json: #"{"a":{"k1":1},"title":"t"}"#)
        note.x = 7
        let written = #"{"a":{"b":{"c":{"x":7}},"k1":1},"title":"t"}"#
        #expect(try writtenObject(note.jsonData(options: .compact)) == writtenObject(written))
        #expect(try NSDictionary(dictionary: note.dictionary) == writtenObject(written))
        #expect(sameJSON(try note.mergePatch(), try jsonObject(#"{"a":{"b":{"c":{"x":7}}}}"#)))
    }

    @Test func theFirstErrorIsThatOfTheFirstPropertyDeclared() throws {
        let json = #"{"a":{"b":{"c":{"x":1},"z":"bad"},"y":"bad"}}"#
        for reader in [LoadOptions(), .foundationReader] {
            let error = try #require(throws: ModelError.self) { try LayeredNote(json: json, options: reader) }
            #expect(error.keyPath.description == "a.y")
            let lenient = try LayeredNote(json: json, options: reader.union(.lenient))
            #expect(lenient.x == 1 && lenient.loadIssues.map(\.keyPath.description) == ["a.y", "a.b.z"])
            let note = try LayeredNote(json: Self.json, options: reader)
            let patchError = try #require(throws: ModelError.self) {
                try note.apply(mergePatchJSON: #"{"a":{"b":{"z":"bad"},"y":"bad"}}"#, options: reader)
            }
            #expect(patchError.keyPath.description == "a.y" && note.y == 1 && note.z == 2)
        }
    }

    @Test func aValueBlockingTheWayIsAProblemForEachPropertyBeneathIt() throws {
        let json = #"{"a":{"b":5,"y":1,"k1":1}}"#
        for reader in [LoadOptions(), .foundationReader] {
            let error = try #require(throws: ModelError.self) { try LayeredNote(json: json, options: reader) }
            #expect(error.keyPath.description == "a.b")
            let lenient = try LayeredNote(json: json, options: reader.union(.lenient))
            #expect(lenient.y == 1 && lenient.loadIssues.map(\.keyPath.description) == ["a.b", "a.b"])
            #expect(
                try writtenObject(lenient.jsonData(options: .compact))
                    == writtenObject(#"{"a":{"b":5,"y":1,"k1":1},"title":""}"#))
        }
    }

    @Test func undeclaredKeysAtEveryLevelAreRejectedInKeyOrderObjectByObject() throws {
        let json = #"{"a":{"k1":1,"b":{"k2":2,"c":{"k3":3,"x":1}},"a0":0,"y":2}}"#
        let expected = ["a.a0", "a.b.c.k3", "a.b.k2", "a.k1"]
        for reader in [LoadOptions(), .foundationReader] {
            let error = try #require(throws: ModelError.self) { try StrictLayeredNote(json: json, options: reader) }
            #expect(error.keyPath.description == "a.a0" && error.reason == .unknownKey("a0"))
            let lenient = try StrictLayeredNote(json: json, options: reader.union(.lenient))
            #expect(lenient.x == 1 && lenient.y == 2 && lenient.loadIssues.map(\.keyPath.description) == expected)
            #expect(lenient.unknownValues.isEmpty)
            // The levels on the way stay, emptied of their undeclared keys.
            #expect(
                try writtenObject(lenient.jsonData(options: .compact))
                    == writtenObject(#"{"a":{"b":{"c":{"x":1}},"y":2}}"#))
            let note = StrictLayeredNote()
            try note.apply(mergePatchJSON: json, options: reader.union(.lenient))
            #expect(note.x == 1 && note.y == 2 && note.loadIssues.map(\.keyPath.description) == expected)
        }
        let untouched = try StrictLayeredNote(json: #"{"a":{"b":{"k2":2,"c":{}}}}"#, options: .lenient)
        #expect(
            try writtenObject(untouched.jsonData(options: .compact)) == writtenObject(#"{"a":{"b":{"c":{}}}}"#))
    }
}
