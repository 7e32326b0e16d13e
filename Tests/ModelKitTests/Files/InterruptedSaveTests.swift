import Foundation
import ModelKitTestSupport
import Testing

@testable import ModelKit

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Whether the `flock` command is installed, for a child process that holds a lock.
private let flockCommandIsInstalled = ["/usr/bin/flock", "/bin/flock"].contains {
    FileManager.default.isExecutableFile(atPath: $0)
}

/// A shell script in a child process, which gets `arguments` as `$1` and on.
private func shellProcess(_ script: String, _ arguments: String...) -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, "sh"] + arguments
    return process
}

/// What a save leaves when its process is killed part-way: the new file of a save of
/// `note.json`, named as saves name them.
private let abandonedName = ".modelkit-note.json-00c0ffee12345678.tmp"

@Suite struct InterruptedSaveTests {
    private func savedNote(_ text: String, to url: URL) throws -> Note {
        let note = Note()
        note.text = text
        try note.save(to: url)
        return note
    }

    private func names(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test func aNewFileLeftByAKilledProcessIsRemovedByTheNextSave() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("note.json")
        _ = try savedNote("first", to: url)
        let abandoned = directory.appendingPathComponent(abandonedName)
        // As a save does: create the file and lock it, then die before renaming or removing it.
        let child = shellProcess(
            #"exec 9>"$1"; if command -v flock >/dev/null; then flock 9; fi; kill -9 $$"#, abandoned.path)
        try child.run()
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)
        #expect(child.terminationStatus == SIGKILL)
        #expect(FileManager.default.fileExists(atPath: abandoned.path))

        let note = try savedNote("second", to: url)
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        #expect(try Note(contentsOf: url) == note)
        #expect(try names(in: directory) == ["note.json"])
    }

    @Test(.enabled(if: flockCommandIsInstalled, "the flock command is not installed"))
    func aNewFileThatAnotherProcessHoldsLockedIsKeptUntilTheProcessDies() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("note.json")
        _ = try savedNote("first", to: url)
        let abandoned = directory.appendingPathComponent(abandonedName)
        // A save still under way in another process: the file is locked for as long as it lives.
        let holder = shellProcess(#"exec 9>"$1"; flock 9; echo locked; exec sleep 60"#, abandoned.path)
        let output = Pipe()
        holder.standardOutput = output
        try holder.run()
        defer {
            if holder.isRunning {
                kill(holder.processIdentifier, SIGKILL)
                holder.waitUntilExit()
            }
        }
        let ready = output.fileHandleForReading.readData(ofLength: 7)
        try #require(String(decoding: ready, as: UTF8.self) == "locked\n")

        _ = try savedNote("second", to: url)
        #expect(FileManager.default.fileExists(atPath: abandoned.path))
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        let note = try savedNote("third", to: url)
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        #expect(try Note(contentsOf: url) == note)
    }

    @Test func aNewFileThatThisProcessHoldsLockedIsKeptUntilItIsClosed() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("note.json")
        _ = try savedNote("first", to: url)
        let abandoned = directory.appendingPathComponent(abandonedName)
        let descriptor = open(abandoned.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0)
        var isOpen = true
        defer { if isOpen { close(descriptor) } }
        #expect(flock(descriptor, LOCK_EX) == 0)

        _ = try savedNote("second", to: url)
        #expect(FileManager.default.fileExists(atPath: abandoned.path))
        close(descriptor)
        isOpen = false
        _ = try savedNote("third", to: url)
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
    }

    @Test func onlyTheNewFilesOfTheSameFileAreRemoved() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("note.json")
        _ = try savedNote("first", to: url)
        let lookalikes = [
            ".modelkit-notes.json-00c0ffee12345678.tmp",
            ".modelkit-note.json-00c0ffee1234567.tmp",  // fifteen digits
            ".modelkit-note.json-00C0FFEE12345678.tmp",  // capital digits
            ".modelkit-note.json-00c0ffee12345678.tmp~",
            "modelkit-note.json-00c0ffee12345678.tmp",
            ".modelkit-00c0ffee12345678.tmp",  // an earlier release's, not known to be this file's
        ]
        let otherFiles = ".modelkit-other.json-00c0ffee12345678.tmp"
        for name in lookalikes + [otherFiles, abandonedName] {
            try Data().write(to: directory.appendingPathComponent(name))
        }
        // Named as new files are, but not files: never followed, never removed.
        let link = ".modelkit-note.json-1111111111111111.tmp"
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent(link).path, withDestinationPath: "note.json")
        let folder = ".modelkit-note.json-2222222222222222.tmp"
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent(folder), withIntermediateDirectories: false)
        let kept = lookalikes + [link, folder, "note.json", "other.json"]

        _ = try savedNote("other", to: directory.appendingPathComponent("other.json"))
        #expect(try names(in: directory) == (kept + [abandonedName]).sorted())
        let note = try savedNote("second", to: url)
        #expect(try names(in: directory) == kept.sorted())
        #expect(try Note(contentsOf: url) == note)
    }

    @Test func theNewFilesOfAFileWithALongNameAreFoundAgain() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = String(repeating: "n", count: 250) + ".json"
        let url = directory.appendingPathComponent(name)
        let stem = FileReplacement.TemporaryFile.stem(of: url.path)
        #expect(stem.utf8.count <= 96)
        #expect(stem.hasPrefix("nnnn"))
        #expect(stem != FileReplacement.TemporaryFile.stem(of: String(repeating: "n", count: 250) + ".jsonx"))
        #expect(FileReplacement.TemporaryFile.stem(of: "/a/note.json") == "note.json")
        let abandoned = ".modelkit-\(stem)-00c0ffee12345678.tmp"
        try Data().write(to: directory.appendingPathComponent(abandoned))

        _ = try savedNote("first", to: url)
        #expect(try names(in: directory) == [name])
    }

    @Test func concurrentSavesOfOneFileAllSucceedAndLeaveNothingBehind() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("note.json")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<20 {
                        let note = Note()
                        note.text = "\(task)-\(round)"
                        try note.save(to: url)
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try Note(contentsOf: url).text.hasSuffix("-19"))
        #expect(try names(in: directory) == ["note.json"])
    }
}
