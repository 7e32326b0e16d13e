import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

@Suite struct FileTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func savesAndLoadsFiles() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("note.json")
        let note = Note()
        note.children = [Note()]
        try note.save(to: url)
        #expect(try Note(contentsOf: url) == note)
        #expect(try Data(contentsOf: url) == note.jsonData())
    }

    @Test func failedSaveLeavesTheOldFileWhole() throws {
        final class Reading: ModelObject {
            @Saved var value = 1.0
        }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("reading.json")
        let reading = Reading()
        try reading.save(to: url)
        let before = try Data(contentsOf: url)
        reading.value = .nan
        #expect(throws: ModelError.self) { try reading.save(to: url) }
        #expect(try Data(contentsOf: url) == before)
    }

    @Test func missingFileThrowsAModelError() throws {
        let url = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).json")
        #expect {
            try Note(contentsOf: url)
        } throws: { error in
            guard let error = error as? ModelError, case .fileError = error.reason else { return false }
            return true
        }
    }

    // MARK: What the replaced file keeps

    private func permissions(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    private func setPermissions(_ permissions: Int, of url: URL) throws {
        try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: url.path)
    }

    private func savedNote(_ text: String, to url: URL) throws -> Note {
        let note = Note()
        note.text = text
        try note.save(to: url)
        return note
    }

    @Test(arguments: [0o600, 0o640, 0o604, 0o660, 0o755])
    func replacingAFileKeepsItsPermissionBits(permissions: Int) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("note.json")
        _ = try savedNote("first", to: url)
        try setPermissions(permissions, of: url)
        let note = try savedNote("second", to: url)
        #expect(try self.permissions(of: url) == permissions)
        #expect(try Note(contentsOf: url) == note)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["note.json"])
    }

    @Test(.enabled(if: geteuid() == 0, "only the superuser may give a file to another user"))
    func replacingAFileKeepsItsOwnerWhereTheProcessMaySetIt() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("note.json")
        _ = try savedNote("first", to: url)
        #expect(chown(url.path, 4321, 8765) == 0)
        _ = try savedNote("second", to: url)
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect(attributes[.ownerAccountID] as? Int == 4321)
        #expect(attributes[.groupOwnerAccountID] as? Int == 8765)
    }

    @Test func savingThroughASymbolicLinkReplacesItsTargetAndKeepsTheLink() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let documents = directory.appendingPathComponent("documents")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: false)
        let target = documents.appendingPathComponent("note.json")
        _ = try savedNote("first", to: target)
        try setPermissions(0o600, of: target)
        // A relative link to a relative link, each resolved against its own directory.
        let inner = documents.appendingPathComponent("current.json")
        try FileManager.default.createSymbolicLink(atPath: inner.path, withDestinationPath: "note.json")
        let outer = directory.appendingPathComponent("note.json")
        try FileManager.default.createSymbolicLink(atPath: outer.path, withDestinationPath: "documents/current.json")

        let note = try savedNote("second", to: outer)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: outer.path) == "documents/current.json")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: inner.path) == "note.json")
        #expect(try Note(contentsOf: target) == note)
        #expect(try permissions(of: target) == 0o600)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: documents.path).sorted() == [
                "current.json", "note.json",
            ])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["documents", "note.json"])
    }

    @Test func savingThroughALinkToAMissingFileCreatesTheFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "target.json")
        let note = try savedNote("new", to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "target.json")
        #expect(try Note(contentsOf: directory.appendingPathComponent("target.json")) == note)
    }

    @Test func aLoopOfSymbolicLinksThrows() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("a.json")
        try FileManager.default.createSymbolicLink(atPath: first.path, withDestinationPath: "b.json")
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("b.json").path, withDestinationPath: "a.json")
        let error = try #require(modelError { _ = try savedNote("loop", to: first) })
        guard case .fileError = error.reason else {
            Issue.record("expected a file error, got \(error)")
            return
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["a.json", "b.json"])
    }

    /// A file without any write permission bit is read-only for every caller, the superuser
    /// included, who passes `access(2)`'s checks; the tests run as either.
    @Test func aReadOnlyFileIsNotReplaced() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("note.json")
        _ = try savedNote("first", to: url)
        try setPermissions(0o444, of: url)
        let before = try Data(contentsOf: url)
        let error = try #require(modelError { _ = try savedNote("second", to: url) })
        guard case .fileError(let message) = error.reason else {
            Issue.record("expected a file error, got \(error)")
            return
        }
        #expect(message.contains("read-only"))
        #expect((error.underlyingError as? POSIXError)?.code == .EACCES)
        #expect(try Data(contentsOf: url) == before)
        #expect(try permissions(of: url) == 0o444)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["note.json"])
    }

    @Test func savingBreaksAHardLinkAndLeavesTheOtherNameWithTheOldContents() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("note.json")
        let other = directory.appendingPathComponent("other-name.json")
        let first = try savedNote("first", to: url)
        try FileManager.default.linkItem(at: url, to: other)
        let second = try savedNote("second", to: url)
        #expect(try Note(contentsOf: url) == second)
        #expect(try Note(contentsOf: other) == first)
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect(attributes[.referenceCount] as? Int == 1)
    }

    @Test func aFileWithALongNameCanBeReplaced() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent(String(repeating: "n", count: 250) + ".json")
        _ = try savedNote("first", to: url)
        let note = try savedNote("second", to: url)
        #expect(try Note(contentsOf: url) == note)
    }
}
