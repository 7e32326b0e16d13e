import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

enum RepositoryVisibility: String, SavedValue {
    case `public`, `private`, unknown
}

enum ReviewLevel: Int, SavedValue {
    case none = 0
    case light = 1
    case full = 2
    case other = -1
}

final class VisibleRepository: ModelObject {
    @Saved(fallback: .unknown) var visibility = RepositoryVisibility.public
    @Saved("level", fallback: .other) var review = ReviewLevel.none
    @Saved(fallback: .unknown) var previous: RepositoryVisibility?
    @Saved var strict = RepositoryVisibility.public
}

@Suite struct OpenEnumTests {
    @Test func anUnknownRawValueLoadsAsTheFallbackEvenInAStrictLoad() throws {
        let json = #"{"visibility": "internal", "level": 7, "previous": "secret"}"#
        let repository = try loadThroughBothReaders(VisibleRepository.self, json)
        #expect(repository.visibility == .unknown)
        #expect(repository.review == .other)
        #expect(repository.previous == .unknown)
        #expect(repository.loadIssues.isEmpty)
        #expect(repository.unknownRawValue(forKey: "visibility") as? String == "internal")
        #expect(repository.unknownRawValue(forKey: "level") as? Int == 7)
        #expect(repository.unknownRawValue(forKey: "previous") as? String == "secret")
        #expect(repository.unknownRawValue(forKey: "strict") == nil)
        #expect(!repository.hasChanges)
    }

    @Test func knownValuesLoadAsUsual() throws {
        let repository = try loadThroughBothReaders(
            VisibleRepository.self, #"{"visibility": "private", "level": 2, "previous": null}"#)
        #expect(repository.visibility == .private && repository.review == .full && repository.previous == nil)
        #expect(repository.unknownRawValue(forKey: "visibility") == nil)
    }

    @Test func theRawValueIsWrittenBackUntilThePropertyIsSet() throws {
        let json = #"{"version":1,"representedClassName":"VisibleRepository","visibility":"internal","level":7}"#
        let repository = try VisibleRepository(json: json)
        let written = try writtenObject(repository.jsonData())
        #expect(written["visibility"] as? String == "internal")
        #expect(written["level"] as? Int == 7)
        #expect(try writtenObject(JSONEncoder().encode(repository))["visibility"] as? String == "internal")
        #expect(try repository.dictionary["visibility"] as? String == "internal")
        #expect(
            try ModelSnapshot(repository).makeModel().unknownRawValue(forKey: "visibility") as? String == "internal")
        repository.visibility = .private
        #expect(repository.unknownRawValue(forKey: "visibility") == nil)
        #expect(try writtenObject(repository.jsonData())["visibility"] as? String == "private")
        #expect(sameJSON(try repository.mergePatch(), ["visibility": "private"]))
        repository.revertChanges()
        #expect(repository.visibility == .unknown)
        #expect(try writtenObject(repository.jsonData())["visibility"] as? String == "internal")
    }

    @Test func aValueOfAnotherTypeIsStillAnError() throws {
        for options: LoadOptions in [[], .foundationReader] {
            let error = try #require(throws: ModelError.self) {
                try VisibleRepository(json: #"{"visibility": 3}"#, options: options)
            }
            #expect(error.keyPath.description == "visibility")
            // Without a fallback, an unknown raw value fails as before.
            #expect(throws: ModelError.self) {
                try VisibleRepository(json: #"{"strict": "internal"}"#, options: options)
            }
        }
    }

    @Test func mergePatchesTakeTheFallbackAndKeepTheRawValue() throws {
        let repository = VisibleRepository()
        try repository.apply(mergePatch: ["visibility": "internal"])
        #expect(repository.visibility == .unknown)
        #expect(repository.unknownRawValue(forKey: "visibility") as? String == "internal")
        #expect(try writtenObject(repository.jsonData())["visibility"] as? String == "internal")
    }
}
