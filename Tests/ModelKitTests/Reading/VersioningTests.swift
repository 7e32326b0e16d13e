import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// Version 3 renamed `name` to `title` (in version 2) and stores `size` as a number instead
/// of a string (in version 3); `upgrade` fills `summary`, which version 1 lacked.
private final class Document: ModelObject {
    @Saved var title = ""
    @Saved var size = 0
    @Saved var summary = ""

    nonisolated(unsafe) static var calls: [String] = []

    override class var modelVersion: Int { 3 }

    override class func migrate(_ dictionary: inout [String: Any], from version: Int) throws {
        calls.append("migrate \(version)")
        if version < 2, let name = dictionary.removeValue(forKey: "name") {
            dictionary["title"] = name
        }
        if version < 3, let size = dictionary["size"] as? String {
            guard let number = Int(size) else { throw MigrationError.badSize(size) }
            dictionary["size"] = number
        }
    }

    override func upgrade(from version: Int, dictionary: [String: Any]) throws {
        Document.calls.append("upgrade \(version) title=\(title)")
        if version < 2 { summary = "from \(dictionary["title"] ?? "?")" }
    }
}

private enum MigrationError: Error {
    case badSize(String)
}

@Suite(.serialized) struct VersioningTests {
    @Test func olderDataIsMigratedThenLoadedThenUpgraded() throws {
        Document.calls = []
        let document = try Document(json: #"{"version":1,"name":"Report","size":"12"}"#)
        #expect(document.title == "Report")
        #expect(document.size == 12)
        #expect(document.summary == "from Report")
        #expect(Document.calls == ["migrate 1", "upgrade 1 title=Report"])
        #expect(!document.hasChanges)
        #expect(document[extra: "name"] == nil)
        #expect(try document.dictionary["version"] as? Int == 3)
    }

    @Test func dataWithoutVersionCountsAsVersionOne() throws {
        Document.calls = []
        let document = try Document(json: #"{"name":"Old"}"#)
        #expect(document.title == "Old")
        #expect(Document.calls.first == "migrate 1")
    }

    @Test func currentVersionIsNeitherMigratedNorUpgraded() throws {
        Document.calls = []
        let document = try Document(json: #"{"version":3,"title":"Now","size":1}"#)
        #expect(document.title == "Now")
        #expect(Document.calls.isEmpty)
    }

    @Test func newerDataLoadsWhatItCanAndKeepsItsVersionAndKeys() throws {
        Document.calls = []
        let json = #"{"version":7,"title":"Future","size":3,"colour":"teal"}"#
        let document = try Document(json: json)
        #expect(Document.calls.isEmpty)
        #expect(document.title == "Future")
        document.size = 4
        let saved = try jsonObject(document.jsonString())
        #expect(saved["version"] as? Int == 7)
        #expect(saved["colour"] as? String == "teal")
        #expect(saved["size"] as? Int == 4)
    }

    @Test func migrationErrorsBecomeModelErrors() throws {
        #expect(throws: ModelError.self) {
            try Document(json: #"{"version":2,"title":"x","size":"big"}"#)
        }
    }
}
