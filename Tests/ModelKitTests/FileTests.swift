import Foundation
import ModelKit
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
}
