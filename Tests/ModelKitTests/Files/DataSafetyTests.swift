import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

private final class Setting: ModelObject {
    @Saved var name = ""
    @Saved var level = 0.0
}

private final class Profile: ModelObject {
    @Saved var title = ""
    @Saved var main = Setting()
    @Saved var settings: [Setting] = []
    @Saved var settingsByName: [String: Setting] = [:]
    @Saved var backup: Profile? = nil

    override class var modelVersion: Int { 2 }
}

/// A document written by a newer version of the app: version 5, keys this version does not
/// know at every level, and values of every JSON kind under them.
private let newerDocument = #"""
    {
      "version" : 5,
      "representedClassName" : "Profile",
      "title" : "old title",
      "theme" : {"name" : "dark", "contrast" : [1, 2.5, true, null, "x"], "nested" : {"deeper" : {}}},
      "flags" : [true, false, 0, 1],
      "count" : 18446744073709551615,
      "exact" : 0.30000000000000004,
      "huge" : 123456789012345678901234567890.123456789,
      "tiny" : 5e-324,
      "negative" : -9223372036854775808,
      "text" : "\ufeffbom, \"quotes\", \\ \/ \u0000 \ud83d\ude00",
      "nothing" : null,
      "main" : {"version" : 3, "name" : "main", "level" : 1, "unit" : "dB", "range" : {"min" : -1, "max" : 1}},
      "settings" : [
        {"name" : "a", "extra" : [[], {}]},
        {"representedClassName" : "Setting", "name" : "b", "level" : 2.5, "future" : "value"}
      ],
      "settingsByName" : {"k" : {"name" : "k", "color" : "#ff0000"}},
      "backup" : {"version" : 7, "title" : "backup", "later" : {"a" : [1, 2, 3]}}
    }
    """#

/// The parsed JSON of `data`.
private func parsed(_ data: Data) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}

/// Whether both documents hold the same JSON under each of `keys`.
private func sameValues(_ keys: [String], _ lhs: [String: Any], _ rhs: [String: Any]) -> Bool {
    keys.allSatisfy { key in
        guard let left = lhs[key], let right = rhs[key] else { return false }
        return sameJSON([key: left], [key: right])
    }
}

@Suite struct DataSafetyTests {
    // MARK: Failed saves

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func saveThatCannotEncodeLeavesTheOldFileWhole(value: Double) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("profile.json")
        let profile = Profile()
        profile.settings = [Setting(), Setting()]
        try profile.save(to: url)
        let before = try Data(contentsOf: url)
        profile.settings[1].level = value
        for options in [WriteOptions(), .compact, .foundationWriter] {
            #expect(throws: ModelError.self) { try profile.save(to: url, options: options) }
            #expect(try Data(contentsOf: url) == before)
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["profile.json"],
            "no temporary file is left")
    }

    @Test func saveOfACycleLeavesTheOldFileWhole() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("profile.json")
        let profile = Profile()
        try profile.save(to: url)
        let before = try Data(contentsOf: url)
        profile.backup = Profile()
        profile.backup?.backup = profile
        #expect(throws: ModelError.self) { try profile.save(to: url) }
        #expect(try Data(contentsOf: url) == before)
    }

    // The file system refuses the write: the path goes through a regular file, which is not a
    // directory. This fails for every user, root included, unlike a directory without write
    // permission.
    @Test func saveThatTheFileSystemRefusesThrowsAndLeavesFilesWhole() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("profile.json")
        let profile = Profile()
        profile.title = "first"
        try profile.save(to: file)
        let before = try Data(contentsOf: file)
        profile.title = "second"
        let error = try #require(modelErrorOfSave(profile, to: file.appendingPathComponent("inside.json")))
        guard case .fileError = error.reason else {
            Issue.record("expected a file error, got \(error)")
            return
        }
        #expect(error.underlyingError != nil)
        #expect(try Data(contentsOf: file) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["profile.json"])
    }

    /// A directory stands where the file should go: the save fails and the directory keeps
    /// what it holds.
    @Test func saveOntoADirectoryThrowsAndLeavesItWhole() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("profile.json")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        let inside = target.appendingPathComponent("keep.txt")
        try Data("keep".utf8).write(to: inside)
        let error = try #require(modelErrorOfSave(Profile(), to: target))
        guard case .fileError = error.reason else {
            Issue.record("expected a file error, got \(error)")
            return
        }
        #expect(try Data(contentsOf: inside) == Data("keep".utf8))
    }

    /// Readers of a file that is being saved over and over only ever see a whole document:
    /// the old one or the new one, never a mix or a part.
    ///
    /// Each save writes a megabyte, so that reads often fall while a save is under way.
    @Test func readersNeverSeeAPartlyWrittenFile() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("profile.json")
        let length = 1 << 20
        // Save n holds the digit n % 10, a megabyte of it.
        let save: @Sendable (Int) throws -> Void = { number in
            let profile = Profile()
            profile.title = String(repeating: String(number % 10), count: length)
            try profile.save(to: url)
        }
        try save(0)
        let saves = BackgroundLoop { try save($0 + 1) }
        var digitsSeen: Set<UInt8> = []
        var reads = 0
        // Enough reads to overlap many saves; the time limit only keeps a busy machine from
        // making the test slow.
        let deadline = Date().addingTimeInterval(3)
        while reads < 100 && Date() < deadline {
            let title = try Profile(contentsOf: url).title.utf8
            let digit = try #require(title.first)
            #expect(title.count == length, "a part of a save")
            #expect(title.allSatisfy { $0 == digit }, "a title mixes two saves")
            digitsSeen.insert(digit)
            reads += 1
        }
        let (runs, errors) = saves.stop()
        #expect(errors == [])
        #expect(runs > 1 && digitsSeen.count > 1, "the reads saw \(digitsSeen.count) of \(runs) saves")
    }

    // MARK: Unknown and newer data

    @Test(arguments: [WriteOptions(), .compact, .sortedKeys, .foundationWriter])
    func newerDataSurvivesLoadChangeAndSave(options: WriteOptions) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("profile.json")
        try Data(newerDocument.utf8).write(to: url)

        let profile = try Profile(contentsOf: url)
        profile.title = "new title"
        profile.settings[1].level = 7
        profile.settingsByName["k"]?.name = "renamed"
        #expect(profile.hasAnyChanges)
        try profile.save(to: url, options: options)

        let original = try parsed(Data(newerDocument.utf8))
        let saved = try parsed(Data(contentsOf: url))
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(saved["title"] as? String == "new title")
        #expect(saved["version"] as? Int == 5, "the newer version is written back")
        let rootUnknown = ["theme", "flags", "count", "exact", "huge", "tiny", "negative", "text", "nothing"]
        #expect(sameValues(rootUnknown, original, saved), "\(text)")

        let originalMain = try #require(original["main"] as? [String: Any])
        let savedMain = try #require(saved["main"] as? [String: Any])
        #expect(sameValues(["version", "name", "unit", "range"], originalMain, savedMain))

        let originalSettings = try #require(original["settings"] as? [[String: Any]])
        let savedSettings = try #require(saved["settings"] as? [[String: Any]])
        #expect(sameValues(["name", "extra"], originalSettings[0], savedSettings[0]))
        #expect(sameValues(["name", "future"], originalSettings[1], savedSettings[1]))
        #expect(savedSettings[1]["level"] as? Double == 7)

        let savedByName = try #require((saved["settingsByName"] as? [String: Any])?["k"] as? [String: Any])
        #expect(savedByName["color"] as? String == "#ff0000")
        #expect(savedByName["name"] as? String == "renamed")

        let originalBackup = try #require(original["backup"] as? [String: Any])
        let savedBackup = try #require(saved["backup"] as? [String: Any])
        #expect(sameValues(["version", "title", "later"], originalBackup, savedBackup))

        let reloaded = try Profile(contentsOf: url)
        #expect(reloaded == profile)
        #expect(!reloaded.hasAnyChanges)
    }

    @Test func unknownValuesKeepTheirExactNumbersAndText() throws {
        let profile = try Profile(json: newerDocument)
        for options in [WriteOptions(), .foundationWriter] {
            #if canImport(Darwin)
                // Which NSNumber Apple's JSONSerialization gives for each number, and how it
                // rounds long ones, is not documented: ModelKit's reader, which builds the values
                // of swift-corelibs-foundation on every platform, reads what was written.
                let saved = try ModelObject(json: profile.jsonData(options: options)).unknownValues
            #else
                let saved = try parsed(profile.jsonData(options: options))
            #endif
            #expect((saved["count"] as? NSNumber)?.uint64Value == .max)
            #expect((saved["negative"] as? NSNumber)?.int64Value == .min)
            #expect((saved["exact"] as? NSNumber).map { Double($0.description) } == 0.30000000000000004)
            #expect(
                (saved["huge"] as? NSDecimalNumber)?.decimalValue
                    == Decimal(string: "123456789012345678901234567890.123456789"))
            #expect((saved["tiny"] as? NSNumber)?.doubleValue == .leastNonzeroMagnitude)
            #expect(saved["text"] as? String == "\u{FEFF}bom, \"quotes\", \\ / \u{0} 😀", "options \(options.rawValue)")
            #expect(saved["nothing"] is NSNull)
            #expect((saved["flags"] as? [Any])?.count == 4)
        }
    }

    @Test func newerVersionsAreWrittenBackAtEveryLevel() throws {
        let profile = try Profile(json: newerDocument)
        profile.main.level = 3
        let saved = try profile.dictionary
        #expect(saved["version"] as? Int == 5)
        #expect((saved["main"] as? [String: Any])?["version"] as? Int == 3)
        #expect((saved["backup"] as? [String: Any])?["version"] as? Int == 7)
        let settings = try #require(saved["settings"] as? [[String: Any]])
        #expect(settings.map { $0["version"] as? Int } == [1, 1])
    }

    @Test func loadIntoAnExistingObjectKeepsUnknownAndNewerData() throws {
        let profile = Profile()
        profile.title = "before"
        try profile.load(json: Data(newerDocument.utf8))
        profile.title = "after"
        let reloaded = try Profile(json: profile.jsonData())
        #expect(reloaded.title == "after")
        #expect(DictionaryKeys(of: reloaded.unknownValues) == DictionaryKeys(of: profile.unknownValues))
        #expect(try reloaded.dictionary["version"] as? Int == 5)
        #expect(reloaded.settings[1].unknownValues["future"] as? String == "value")
        #expect((reloaded.backup?.unknownValues["later"] as? [String: Any]) != nil)
    }

    @Test func copiesKeepUnknownAndNewerData() throws {
        let profile = try Profile(json: newerDocument)
        let copy = profile.copy()
        #expect(try sameJSON(copy.dictionary, profile.dictionary))
        #expect(copy == profile)
    }

    private func modelErrorOfSave(_ model: ModelObject, to url: URL) -> ModelError? {
        do {
            try model.save(to: url)
            return nil
        } catch let error as ModelError {
            return error
        } catch {
            Issue.record("expected a ModelError, got \(error)")
            return nil
        }
    }
}

/// The keys of a dictionary, compared as a set.
private struct DictionaryKeys: Equatable {
    let keys: Set<String>

    init(of dictionary: [String: Any]) {
        keys = Set(dictionary.keys)
    }
}
