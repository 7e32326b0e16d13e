import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// Settings as an app keeps them in `UserDefaults`.
final class DefaultsSettings: ModelObject {
    @Saved var name = "Guest"
    @Saved var volume = 0.5
    @Saved var launches = 0
    @Saved var isMuted = false
    @Saved var lastOpened = Date(timeIntervalSince1970: 0)
    @Saved var avatar = Data()
    @Saved var home = URL(string: "https://example.com")
    @Saved var id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()
    @Saved var price = Decimal(string: "12.34") ?? 0
    @Saved var big: UInt64 = 0
    @Saved var small: Int8 = 0
    @Saved var ratio: Float = 1.5
    @Saved var tags: [String] = []
    @Saved var counts: [String: Int] = [:]
    @Saved var nestedLists: [[Int]] = []
    @Saved var note: String? = nil
    @Saved var tint = ColorValue(red: 0, green: 0, blue: 1)
    @Saved var interval = IntervalValue(amount: 5, units: .minute)
    @Saved var pages: [UndoPage] = []
}

@Suite struct UserDefaultsTests {
    /// Runs `body` with a defaults suite of its own, removed afterwards.
    private func withSuite(_ body: (UserDefaults) throws -> Void) throws {
        let name = "modelkit.tests.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: name))
        defer { defaults.removePersistentDomain(forName: name) }
        try body(defaults)
    }

    private func filledSettings() throws -> DefaultsSettings {
        let settings = DefaultsSettings()
        settings.name = "Ada"
        settings.launches = 3
        settings.isMuted = true
        settings.lastOpened = Date(timeIntervalSince1970: 1_700_000_000.25)
        settings.avatar = Data([0, 1, 2, 255])
        settings.big = UInt64.max
        settings.small = -128
        settings.tags = ["a", "b"]
        settings.counts = ["x": 1]
        settings.nestedLists = [[1, 2], []]
        settings.note = "remember"
        let page = UndoPage()
        page.text = "p"
        settings.pages = [page]
        settings[extra: "fromNewerVersion"] = ["kept": [1, "two", true]]
        return settings
    }

    @Test func savesAndLoadsJSONData() throws {
        try withSuite { defaults in
            let settings = try filledSettings()
            try settings.save(to: defaults, forKey: "settings")
            #expect(defaults.object(forKey: "settings") is Data)
            let loaded = try #require(try DefaultsSettings.load(from: defaults, forKey: "settings"))
            #expect(loaded == settings)
            #expect(!loaded.hasChanges)
        }
    }

    @Test func loadsNilWhenTheKeyIsAbsent() throws {
        try withSuite { defaults in
            let loaded = try DefaultsSettings.load(from: defaults, forKey: "missing")
            #expect(loaded == nil)
        }
    }

    @Test func loadsADejalObjectDictionary() throws {
        try withSuite { defaults in
            let stored: [String: Any] = [
                "version": 1, "representedClassName": "DefaultsSettings", "name": "Old", "launches": 7,
                "isMuted": 1, "lastOpened": Date(timeIntervalSince1970: 100), "avatar": Data([9]),
                "tags": ["x", "y"], "counts": ["a": 2],
                "tint": ["version": 1, "representedClassName": "DejalColor", "red": 1, "green": 0.5, "blue": 0],
                "pages": [["representedClassName": "UndoPage", "text": "first"]],
            ]
            defaults.set(stored, forKey: "settings")
            let loaded = try #require(try DefaultsSettings.load(from: defaults, forKey: "settings"))
            #expect(loaded.name == "Old" && loaded.launches == 7 && loaded.isMuted)
            #expect(loaded.lastOpened == Date(timeIntervalSince1970: 100))
            #expect(loaded.avatar == Data([9]))
            #expect(loaded.tags == ["x", "y"] && loaded.counts == ["a": 2])
            #expect(loaded.tint.green == 0.5)
            #expect(loaded.pages.first?.text == "first")
        }
    }

    @Test func loadsAPropertyListItStored() throws {
        try withSuite { defaults in
            let settings = try filledSettings()
            defaults.set(try settings.propertyList(), forKey: "settings")
            let loaded = try #require(try DefaultsSettings.load(from: defaults, forKey: "settings"))
            #expect(loaded.name == "Ada" && loaded.tags == ["a", "b"] && loaded.nestedLists == [[1, 2], []])
            #expect(loaded.pages.first?.text == "p")
            #expect(loaded.lastOpened == settings.lastOpened)
        }
    }

    @Test func aValueOfAnotherKindIsAnError() throws {
        try withSuite { defaults in
            defaults.set(12, forKey: "settings")
            #expect(throws: ModelError.self) { try DefaultsSettings.load(from: defaults, forKey: "settings") }
            defaults.set(Data("[1]".utf8), forKey: "settings")
            #expect(throws: ModelError.self) { try DefaultsSettings.load(from: defaults, forKey: "settings") }
            defaults.set(["name": 5], forKey: "settings")
            let error = try #require(throws: ModelError.self) {
                try DefaultsSettings.load(from: defaults, forKey: "settings")
            }
            #expect(error.keyPath.description == "name")
        }
    }

    @Test func propertyListSerializationAcceptsThePropertyList() throws {
        let settings = try filledSettings()
        let plist = try settings.propertyList()
        for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
            #expect(PropertyListSerialization.propertyList(plist, isValidFor: format))
            let data = try PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0)
            let back = try #require(
                try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
            #expect(back["name"] as? String == "Ada")
        }
    }

    @Test func aNullIsAnErrorNamingItsKeyPath() throws {
        let settings = try DefaultsSettings(json: #"{"note":null,"extra":{"list":[1,null]}}"#)
        let error = try #require(throws: ModelError.self) { try settings.propertyList() }
        let path = error.keyPath.description
        #expect(path == "note" || path == "extra.list[1]")
        settings.note = "set"
        let nested = try #require(throws: ModelError.self) { try settings.propertyList() }
        #expect(nested.keyPath.description == "extra.list[1]")
        #expect(nested.localizedDescription.contains("null"))
        settings[extra: "extra"] = nil
        #expect(throws: Never.self) { try settings.propertyList() }
    }

    @Test func aValueSetInCodeThatNoPropertyListHoldsIsAnError() throws {
        let settings = DefaultsSettings()
        settings[extra: "object"] = ["inner": UndoPage()]
        let error = try #require(throws: ModelError.self) { try settings.propertyList() }
        #expect(error.keyPath.description == "object.inner")
        settings[extra: "object"] = [1: "one"] as [Int: String]
        let keyError = try #require(throws: ModelError.self) { try settings.propertyList() }
        #expect(keyError.keyPath.description == "object")
    }
}
