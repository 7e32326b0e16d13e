import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

@Suite struct HeaderKeyTests {
    @Test func plainJSONHasNoReservedKeysAndWritesNoHeader() throws {
        let json = #"{"version": "1.2.3", "representedClassName": "Whatever"}"#
        let release = try loadThroughBothReaders(PlainRelease.self, json)
        #expect(release.version == "1.2.3")
        #expect(release.representedClassName == "Whatever")
        #expect(try writtenObject(release.jsonData()) == ["version": "1.2.3", "representedClassName": "Whatever"])
        #expect(sameJSON(try release.dictionary, ["version": "1.2.3", "representedClassName": "Whatever"]))
        #expect(
            try writtenObject(JSONEncoder().encode(release)) == [
                "version": "1.2.3", "representedClassName": "Whatever",
            ])
    }

    @Test func withoutAVersionKeyMigrationNeverRuns() throws {
        // `PlainRelease.migrate` throws; data without a version key is of the current version.
        let release = try loadThroughBothReaders(PlainRelease.self, #"{"version": "0.1"}"#)
        #expect(release.version == "0.1")
        let repository = try APIRepository(json: #"{"version": "2"}"#)
        #expect(repository.version == "2")
        #expect(try writtenObject(repository.jsonData())["version"] as? String == "2")
    }

    @Test func aRenamedVersionKeyDrivesMigration() throws {
        let old = try loadThroughBothReaders(SchemaDocument.self, #"{"schema_version": 1, "name": "Old"}"#)
        #expect(old.title == "Old")
        let current = try loadThroughBothReaders(SchemaDocument.self, #"{"schema_version": 2, "name": "Kept"}"#)
        #expect(current.title == "")
        #expect(current.unknownValues["name"] as? String == "Kept")
        let written = try writtenObject(current.jsonData())
        #expect(written["schema_version"] as? Int == 2)
        #expect(written["version"] == nil)
        #expect(written["representedClassName"] as? String == "SchemaDocument")
        // `version` is an ordinary key for this class.
        let other = try SchemaDocument(json: #"{"schema_version": 2, "version": "x"}"#)
        #expect(other.unknownValues["version"] as? String == "x")
        let error = try #require(throws: ModelError.self) { try SchemaDocument(json: #"{"schema_version": "two"}"#) }
        #expect(error.keyPath.description == "schema_version")
    }

    @Test func withoutHeaderLeavesBothKeysOutAtEveryLevel() throws {
        let drawing = TaggedDrawing()
        drawing.main = TaggedCircle()
        let document = SchemaDocument()
        document.title = "Plain"
        for options: WriteOptions in [
            .withoutHeader, [.withoutHeader, .sortedKeys], [.withoutHeader, .foundationWriter],
        ] {
            #expect(try writtenObject(document.jsonData(options: options)) == ["title": "Plain"])
            #expect(
                try writtenObject(drawing.jsonData(options: options)) == [
                    "shapes": [], "named": [:], "main": ["name": "", "radius": 1],
                ])
        }
        // Without the option, DejalObject's header stays the default.
        let note = try writtenObject(Note().jsonData())
        #expect(
            note["version"] as? Int == Note.modelVersion && note["representedClassName"] as? String == Note.modelName)
    }
}
