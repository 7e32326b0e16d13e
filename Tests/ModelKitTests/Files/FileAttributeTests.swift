import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Extended attributes for the tests, set and read by path.
///
/// Glibc's module map does not declare the calls, so on Linux they are looked up by name.
private enum Attributes {
    #if canImport(Darwin)
        static func set(_ name: String, _ value: [UInt8], of url: URL) -> Bool {
            // An empty value still needs a valid pointer: an empty array's may be nil.
            (value.isEmpty ? [0] : value).withUnsafeBytes {
                setxattr(url.path, name, $0.baseAddress, value.count, 0, 0)
            }
                == 0
        }

        private static func get(_ path: String, _ name: String, _ buffer: UnsafeMutableRawPointer?, _ size: Int) -> Int
        {
            getxattr(path, name, buffer, size, 0, 0)
        }
    #else
        private typealias SetCall =
            @convention(c) (
                UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeRawPointer?, Int, Int32
            ) -> Int32
        private typealias GetCall =
            @convention(c) (
                UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, Int
            ) -> Int

        private static func function(_ name: String) -> UnsafeMutableRawPointer? {
            dlopen(nil, RTLD_NOW).flatMap { dlsym($0, name) }
        }

        static func set(_ name: String, _ value: [UInt8], of url: URL) -> Bool {
            guard let call = function("setxattr").map({ unsafeBitCast($0, to: SetCall.self) }) else { return false }
            return (value.isEmpty ? [0] : value).withUnsafeBytes {
                call(url.path, name, $0.baseAddress, value.count, 0)
            }
                == 0
        }

        private static func get(_ path: String, _ name: String, _ buffer: UnsafeMutableRawPointer?, _ size: Int) -> Int
        {
            guard let call = function("getxattr").map({ unsafeBitCast($0, to: GetCall.self) }) else { return -1 }
            return call(path, name, buffer, size)
        }
    #endif

    /// The value of an attribute, or `nil` when the file has none of that name.
    static func value(_ name: String, of url: URL) -> [UInt8]? {
        let size = get(url.path, name, nil, 0)
        guard size >= 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: size + 1)
        let count = buffer.withUnsafeMutableBytes { get(url.path, name, $0.baseAddress, $0.count) }
        return count >= 0 ? Array(buffer.prefix(count)) : nil
    }

    /// Whether the file system of the temporary folder, where the tests write, takes `user.*`
    /// attributes; Linux's tmpfs did not before Linux 6.6.
    static let areSupported: Bool = {
        guard let directory = try? makeTemporaryDirectory() else { return false }
        defer { try? FileManager.default.removeItem(at: directory) }
        let probe = directory.appendingPathComponent("probe")
        guard FileManager.default.createFile(atPath: probe.path, contents: Data()) else { return false }
        return set("user.modelkit.probe", [1], of: probe)
    }()
}

@Suite struct FileAttributeTests {
    private func savedNote(_ text: String, to url: URL) throws -> Note {
        let note = Note()
        note.text = text
        try note.save(to: url)
        return note
    }

    private func inode(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require(attributes[.systemFileNumber] as? Int)
    }

    @Test(.enabled(if: Attributes.areSupported, "the temporary folder's file system refuses user extended attributes"))
    func userAttributesSurviveASave() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("note.json")
        _ = try savedNote("first", to: url)
        var generator = SplitMix64(seed: 7)
        let large = (0..<3000).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let attributes: [(String, [UInt8])] = [
            ("user.modelkit.tag", Array("red".utf8)), ("user.modelkit.empty", []), ("user.modelkit.large", large),
        ]
        for (name, value) in attributes { #expect(Attributes.set(name, value, of: url), "\(name)") }
        let before = try inode(of: url)

        let note = try savedNote("second", to: url)
        #expect(try Note(contentsOf: url) == note)
        // A new file took the old one's place: the attributes were copied, not left in place.
        #expect(try inode(of: url) != before)
        for (name, value) in attributes { #expect(Attributes.value(name, of: url) == value, "\(name)") }
        #expect(Attributes.value("user.modelkit.other", of: url) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["note.json"])
    }

    @Test(.enabled(if: Attributes.areSupported, "the temporary folder's file system refuses user extended attributes"))
    func attributesAndPermissionsSurviveTogether() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("note.json")
        _ = try savedNote("first", to: url)
        #expect(Attributes.set("user.modelkit.tag", Array("blue".utf8), of: url))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: url.path)
        _ = try savedNote("second", to: url)
        _ = try savedNote("third", to: url)
        #expect(Attributes.value("user.modelkit.tag", of: url) == Array("blue".utf8))
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect(attributes[.posixPermissions] as? Int == 0o640)
    }

    @Test(.enabled(if: Attributes.areSupported, "the temporary folder's file system refuses user extended attributes"))
    func savingThroughASymbolicLinkKeepsTheTargetsAttributes() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("note.json")
        let link = directory.appendingPathComponent("link.json")
        _ = try savedNote("first", to: target)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "note.json")
        #expect(Attributes.set("user.modelkit.tag", Array("green".utf8), of: target))
        let note = try savedNote("second", to: link)
        #expect(try Note(contentsOf: target) == note)
        #expect(Attributes.value("user.modelkit.tag", of: target) == Array("green".utf8))
    }

    #if os(Linux)
        /// The superuser may set `trusted.*` attributes, which other users cannot even list: a
        /// save copies every attribute that the process may set, not `user.*` ones only.
        @Test(.enabled(if: geteuid() == 0 && Attributes.areSupported, "only the superuser may set trusted attributes"))
        func theSuperuserKeepsTrustedAttributes() throws {
            let directory = try makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let url = directory.appendingPathComponent("note.json")
            _ = try savedNote("first", to: url)
            #expect(Attributes.set("trusted.modelkit.mark", [1, 2, 3], of: url))
            _ = try savedNote("second", to: url)
            #expect(Attributes.value("trusted.modelkit.mark", of: url) == [1, 2, 3])
        }
    #endif

    #if canImport(Darwin)
        @Test func theExclusionFromBackupsSurvivesASave() throws {
            let directory = try makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            var url = directory.appendingPathComponent("note.json")
            _ = try savedNote("first", to: url)
            var values = URLResourceValues()
            values.isExcludedFromBackup = true
            try url.setResourceValues(values)
            _ = try savedNote("second", to: url)
            // A fresh URL, as a URL keeps the resource values that it has read.
            let saved = directory.appendingPathComponent("note.json")
            #expect(try saved.resourceValues(forKeys: [.isExcludedFromBackupKey]).isExcludedFromBackup == true)
        }
    #endif
}
