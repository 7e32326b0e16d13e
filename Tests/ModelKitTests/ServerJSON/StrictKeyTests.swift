import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Models of a server that validates what its clients send: every key must be declared.

/// An owner whose data may hold only the keys it declares.
final class StrictOwner: ModelObject {
    override class var rejectsUnknownKeys: Bool { true }
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
    @Saved var login = ""
    @Saved("id", alternatives: ["ID"]) var identifier = 0
    @Saved(path: "stats", "stars") var stars = 0
    @Saved(path: "profile", "links", "site") var site = ""
}

/// A repository that rejects unknown keys, holding objects of classes that decide for
/// themselves.
final class StrictRepository: ModelObject {
    override class var rejectsUnknownKeys: Bool { true }
    @Saved var name = ""
    @Saved var owner = StrictOwner()
    @Saved var label = LooseLabel()
    @Saved var owners: [StrictOwner] = []
}

/// A nested object of a class that keeps unknown keys.
final class LooseLabel: ModelObject {
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
    @Saved var text = ""
    @Saved var owner = StrictOwner()
}

/// A class without a type key, whose data may not name its class.
final class StrictUnnamed: ModelObject {
    override class var rejectsUnknownKeys: Bool { true }
    override class var typeKey: String? { nil }
    @Saved var text = ""
}

/// The base of a tagged family that keeps unknown keys, with a subclass that rejects them.
class LooseEvent: ModelObject {
    override class var typeKey: String? { "type" }
    override class var versionKey: String? { nil }
    override class var modelName: String { "event" }
    @Saved var actor = ""
}

final class StrictPush: LooseEvent {
    override class var modelName: String { "push" }
    override class var rejectsUnknownKeys: Bool { true }
    @Saved var ref = ""
}

/// The base of a tagged family that rejects unknown keys, with a subclass that declares more.
class StrictShape: ModelObject {
    override class var typeKey: String? { "type" }
    override class var versionKey: String? { nil }
    override class var modelName: String { "shape" }
    override class var rejectsUnknownKeys: Bool { true }
    @Saved var name = ""
}

final class StrictCircle: StrictShape {
    override class var modelName: String { "circle" }
    @Saved var radius = 0.0
}

@Suite struct StrictKeyTests {
    /// The error that loading `json` into `Model` throws, the same through both readers, the
    /// dictionary form and `make`.
    private func loadError<Model: ModelObject>(
        _ type: Model.Type, _ json: String, options: LoadOptions = [], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let own = try #require(throws: ModelError.self, sourceLocation: sourceLocation) {
            try Model(json: json, options: options)
        }
        for other: LoadOptions in [.foundationReader] {
            let error = try #require(throws: ModelError.self, sourceLocation: sourceLocation) {
                try Model(json: json, options: options.union(other))
            }
            #expect(error.description == own.description, sourceLocation: sourceLocation)
        }
        let dictionary = try jsonObject(json)
        let fromDictionary = try #require(throws: ModelError.self, sourceLocation: sourceLocation) {
            try Model.make(dictionary: dictionary, options: options)
        }
        #expect(fromDictionary.description == own.description, sourceLocation: sourceLocation)
        let made = try #require(throws: ModelError.self, sourceLocation: sourceLocation) {
            try Model.make(json: json, options: options)
        }
        #expect(made.description == own.description, sourceLocation: sourceLocation)
        return own.description
    }

    @Test func anUndeclaredKeyIsAnErrorNamingIt() throws {
        #expect(try loadError(StrictOwner.self, #"{"login": "ana", "extra": 1}"#) == #"extra: unknown key "extra""#)
        #expect(
            try loadError(StrictOwner.self, #"{"extra": {"a": [1]}, "login": "ana"}"#) == #"extra: unknown key "extra""#
        )
        let error = try #require(throws: ModelError.self) { try StrictOwner(json: #"{"extra": null}"#) }
        #expect(error.reason == .unknownKey("extra"))
        #expect(error.keyPath.description == "extra")
    }

    @Test func anUndeclaredKeyAfterAnOutrankedAlternativeIsAnError() throws {
        #expect(
            try loadError(StrictOwner.self, #"{"id": 7, "ID": 8, "extra": 1}"#) == #"extra: unknown key "extra""#)
        #expect(
            try loadError(StrictOwner.self, #"{"login": "a", "id": 7, "ID": 8, "extra": 1, "other": 2}"#)
                == #"extra: unknown key "extra""#)
    }

    @Test func theErrorNamesTheWholeKeyPath() throws {
        let json = #"[{"name": "a"}, {"name": "b"}, {"name": "c", "owner": {"login": "x", "extra": true}}]"#
        for options: LoadOptions in [[], .foundationReader] {
            let error = try #require(throws: ModelError.self) { try [StrictRepository](json: json, options: options) }
            #expect(error.description == #"[2].owner.extra: unknown key "extra""#)
        }
        #expect(
            try loadError(StrictRepository.self, #"{"owners": [{}, {"login": "x", "bogus": 1}]}"#)
                == #"owners[1].bogus: unknown key "bogus""#)
    }

    @Test func declaredKeysHeadersAlternativesAndContainersLoad() throws {
        let json = #"""
            {"version": 1, "representedClassName": "StrictRepository", "name": "kit",
             "owner": {"login": "ana", "ID": 7, "stats": {"stars": 3}, "profile": {"links": {"site": "s"}}}}
            """#
        let repository = try loadThroughBothReaders(StrictRepository.self, json)
        #expect(repository.owner.identifier == 7 && repository.owner.stars == 3 && repository.owner.site == "s")
        #expect(repository.unknownValues.isEmpty && repository.owner.unknownValues.isEmpty)
    }

    @Test func theOtherKeysOfAContainerAreUnknownToo() throws {
        #expect(
            try loadError(StrictOwner.self, #"{"stats": {"stars": 1, "forks": 2}}"#)
                == #"stats.forks: unknown key "forks""#)
        #expect(
            try loadError(StrictOwner.self, #"{"profile": {"links": {"site": "s", "blog": "b"}}}"#)
                == #"profile.links.blog: unknown key "blog""#)
        #expect(try loadError(StrictOwner.self, #"{"profile": {"bio": "b"}}"#) == #"profile.bio: unknown key "bio""#)
        // Several: the first in key order, whichever way the data is read.
        #expect(
            try loadError(StrictOwner.self, #"{"stats": {"stars": 1, "zeta": 2, "alpha": 3}}"#)
                == #"stats.alpha: unknown key "alpha""#)
    }

    @Test func aLenientLoadRecordsEachKeyAndDropsIt() throws {
        let json = #"""
            {"name": "kit", "extra": 1,
             "owner": {"login": "ana", "bogus": [1, 2], "stats": {"stars": 2, "forks": 9}, "profile": {"x": 1}}}
            """#
        let repository = try loadThroughBothReaders(StrictRepository.self, json, options: .lenient)
        #expect(
            repository.loadIssues.map(\.description).sorted() == [
                #"extra: unknown key "extra""#, #"owner.bogus: unknown key "bogus""#,
                #"owner.profile.x: unknown key "x""#, #"owner.stats.forks: unknown key "forks""#,
            ])
        #expect(repository.name == "kit" && repository.owner.login == "ana" && repository.owner.stars == 2)
        #expect(repository.unknownValues.isEmpty && repository.owner.unknownValues.isEmpty)
        // Nothing is kept to write back: not the keys, nor the owner whole.
        let written = try writtenObject(repository.jsonData(options: .compact))
        #expect(written["extra"] == nil)
        let owner = try #require(written["owner"] as? NSDictionary)
        #expect(owner["bogus"] == nil)
        #expect(owner["profile"] as? NSDictionary == ["links": ["site": ""]])
        #expect((owner["stats"] as? NSDictionary)?.allKeys.count == 1)
        #expect(try StrictRepository(json: repository.jsonData()) == repository)
    }

    @Test func eachClassDecidesForItsOwnObjects() throws {
        // The label's class keeps its unknown keys; the owner inside it rejects its own.
        let kept = try loadThroughBothReaders(StrictRepository.self, #"{"label": {"text": "t", "color": "red"}}"#)
        #expect(kept.label.unknownValues["color"] as? String == "red")
        #expect(
            try loadError(LooseLabel.self, #"{"text": "t", "owner": {"login": "x", "age": 3}}"#)
                == #"owner.age: unknown key "age""#)
        let loose = try loadThroughBothReaders(LooseLabel.self, #"{"text": "t", "color": "red"}"#)
        #expect(loose.unknownValues["color"] as? String == "red")
    }

    @Test func theLoadOptionRejectsUnknownKeysInEveryObject() throws {
        let json = #"{"text": "t", "color": "red"}"#
        #expect(try loadError(LooseLabel.self, json, options: .rejectingUnknownKeys) == #"color: unknown key "color""#)
        // Value classes too.
        #expect(
            try loadError(
                StrictRepository.self, #"{"label": {"owner": {"login": "x"}, "size": 1}}"#,
                options: .rejectingUnknownKeys)
                == #"label.size: unknown key "size""#)
        let colorJSON = #"{"version": 1, "representedClassName": "ColorValue", "red": 1, "hue": 3}"#
        #expect(try loadError(ColorValue.self, colorJSON, options: .rejectingUnknownKeys) == #"hue: unknown key "hue""#)
        let lenient = try loadThroughBothReaders(LooseLabel.self, json, options: [.rejectingUnknownKeys, .lenient])
        #expect(lenient.loadIssues.map(\.description) == [#"color: unknown key "color""#])
        #expect(lenient.unknownValues.isEmpty)
    }

    @Test func aClassWithoutATypeKeyRejectsAClassName() throws {
        #expect(
            try loadError(StrictUnnamed.self, #"{"version": 1, "text": "t", "representedClassName": "StrictUnnamed"}"#)
                == #"representedClassName: unknown key "representedClassName""#)
    }

    @Test func theClassTheDataNamesDecides() throws {
        ModelObject.register(StrictPush.self)
        ModelObject.register(StrictCircle.self)
        // The strict subclass rejects the key, wherever the tag stands.
        for json in [#"{"type": "push", "ref": "r", "size": 1}"#, #"{"size": 1, "ref": "r", "type": "push"}"#] {
            for options: LoadOptions in [[], .foundationReader] {
                let error = try #require(throws: ModelError.self) { try LooseEvent.make(json: json, options: options) }
                #expect(error.description == #"size: unknown key "size""#)
            }
            let wrapped = "[\(json)]"
            let error = try #require(throws: ModelError.self) { try [LooseEvent](json: wrapped) }
            #expect(error.description == #"[0].size: unknown key "size""#)
        }
        let loose = try LooseEvent.make(json: #"{"type": "event", "size": 1}"#)
        #expect(loose.unknownValues["size"] as? Int == 1)
        // A key the strict base class does not declare loads into the subclass the data names,
        // even when the tag comes last.
        for options: LoadOptions in [[], .foundationReader] {
            let shape = try StrictShape.make(json: #"{"radius": 2, "name": "c", "type": "circle"}"#, options: options)
            #expect((shape as? StrictCircle)?.radius == 2)
            let shapes = try [StrictShape](json: #"[{"radius": 2, "type": "circle"}]"#, options: options)
            #expect((shapes.first as? StrictCircle)?.radius == 2)
        }
    }

    @Test func mergePatchesRejectUnknownKeysToo() throws {
        let owner = StrictOwner()
        let error = try #require(throws: ModelError.self) { try owner.apply(mergePatch: ["login": "a", "extra": 1]) }
        #expect(error.description == #"extra: unknown key "extra""#)
        #expect(owner.login == "" && !owner.hasChanges)
        let inContainer = try #require(throws: ModelError.self) {
            try owner.apply(mergePatch: ["stats": ["stars": 2, "forks": 1]])
        }
        #expect(inContainer.description == #"stats.forks: unknown key "forks""#)
        try owner.apply(
            mergePatchJSON: #"{"login": "b", "extra": 1, "stats": {"stars": 2, "forks": 1}}"#, options: .lenient)
        #expect(owner.login == "b" && owner.stars == 2)
        #expect(
            owner.loadIssues.map(\.description) == [
                #"stats.forks: unknown key "forks""#, #"extra: unknown key "extra""#,
            ])
        #expect(owner.unknownValues.isEmpty)
        let label = LooseLabel()
        #expect(throws: ModelError.self) { try label.apply(mergePatch: ["size": 1], options: .rejectingUnknownKeys) }
        try label.apply(mergePatch: ["size": 1])
        #expect(label.unknownValues["size"] as? Int == 1)
    }

    @Test func codableDecodingRejectsUnknownKeys() throws {
        let data = Data(#"{"login": "ana", "extra": 1}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(StrictOwner.self, from: data) }
    }
}
