import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

private final class Small: ModelObject {
    @Saved var text = "a/b"
    @Saved var count = 2
    @Saved var list: [Int] = []
    @Saved var map: [String: Int] = [:]
}

@Suite struct JSONTests {
    @Test func prettyOutputMatchesJSONSerializationLayoutWithFixedKeyOrder() throws {
        let expected = """
            {
              "version" : 1,
              "representedClassName" : "Small",
              "text" : "a\\/b",
              "count" : 2,
              "list" : [

              ],
              "map" : {

              }
            }
            """
        #expect(try Small().jsonString() == expected)
    }

    @Test func compactSortedAndUnescapedSlashOptions() throws {
        let small = Small()
        small.list = [1, 2]
        small.map = ["b": 2, "a": 1]
        let compact = try small.jsonString(options: [.compact])
        #expect(
            compact
                == #"{"version":1,"representedClassName":"Small","text":"a\/b","count":2,"list":[1,2],"map":{"a":1,"b":2}}"#
        )
        let sorted = try small.jsonString(options: [.compact, .sortedKeys, .withoutEscapingSlashes])
        #expect(
            sorted
                == #"{"count":2,"list":[1,2],"map":{"a":1,"b":2},"representedClassName":"Small","text":"a/b","version":1}"#
        )
    }

    /// On every platform: swift-corelibs-foundation changed its layout of empty arrays and
    /// objects to match Apple's (SR-11410, pull request 2551), and these keys and numbers print
    /// and sort alike in both.
    @Test func sortedPrettyOutputMatchesJSONSerializationBytes() throws {
        let small = Small()
        small.list = [3]
        small.map = ["k": 1]
        let ours = try small.jsonData(options: [.sortedKeys])
        let foundation = try JSONSerialization.data(
            withJSONObject: try small.dictionary, options: [.prettyPrinted, .sortedKeys])
        #expect(String(decoding: ours, as: UTF8.self) == String(decoding: foundation, as: UTF8.self))
    }

    @Test func sameObjectAlwaysGivesSameBytes() throws {
        let small = try Small(json: #"{"map":{"z":1,"y":2,"x":3},"zeta":1,"alpha":[true]}"#)
        let first = try small.jsonData()
        for _ in 0..<5 {
            #expect(try small.jsonData() == first)
            #expect(try small.copy().jsonData() == first)
        }
        let text = String(decoding: first, as: UTF8.self)
        let alpha = try #require(text.range(of: "alpha"))
        let zeta = try #require(text.range(of: "zeta"))
        #expect(zeta.lowerBound < alpha.lowerBound, "unknown keys read from JSON follow in the order they came")
        small[extra: "beta"] = 2
        small[extra: "aleph"] = 1
        let edited = try small.jsonString(options: .compact)
        #expect(edited.hasSuffix(#""zeta":1,"alpha":[true],"aleph":1,"beta":2}"#), "then those set in code, sorted")
    }

    @Test func foundationWriterGivesAnEqualDictionary() throws {
        let small = try Small(json: #"{"list":[1,2,3],"map":{"a":1},"extra":"kept"}"#)
        let ours = try jsonObject(small.jsonString())
        let foundation = try jsonObject(small.jsonString(options: [.foundationWriter]))
        #expect(sameJSON(ours, foundation))
        #expect(sameJSON(ours, try small.dictionary))
    }

    @Test func jsonStringAndDataAgree() throws {
        let small = Small()
        #expect(try Data(small.jsonString().utf8) == small.jsonData())
    }

    @Test func datesAreISO8601InUTCWithFractionalSecondsOnlyWhenPresent() throws {
        final class Stamp: ModelObject {
            @Saved var at = Date(timeIntervalSince1970: 1_424_716_200)
        }
        let stamp = Stamp()
        #expect(try stamp.dictionary["at"] as? String == "2015-02-23T18:30:00Z")
        stamp.at = Date(timeIntervalSince1970: 1_424_716_200.25)
        #expect(try stamp.dictionary["at"] as? String == "2015-02-23T18:30:00.25Z")
        let offset = try Stamp(json: #"{"at":"2015-02-23T20:30:00+02:00"}"#)
        #expect(offset.at == Date(timeIntervalSince1970: 1_424_716_200))
        let now = Stamp()
        now.at = Date()
        #expect(try Stamp(json: now.jsonData()).at == now.at, "every Date round-trips exactly")
    }

    @Test func dataIsBase64() throws {
        final class Blob: ModelObject {
            @Saved var bytes = Data("hello".utf8)
        }
        #expect(try Blob().dictionary["bytes"] as? String == "aGVsbG8=")
    }

    @Test func genericCodeCallsTheRequiredInitializers() throws {
        func open<T: ModelObject>(_: T.Type, _ data: Data) throws -> T { try T(json: data) }
        func open<T: ModelObject>(_: T.Type, dictionary: [String: Any]) throws -> T { try T(dictionary: dictionary) }
        func open<T: ModelObject>(_: T.Type, file: URL) throws -> T { try T(contentsOf: file) }

        let small = try open(Small.self, Data(#"{"text":"from data","count":5}"#.utf8))
        #expect(small.text == "from data" && small.count == 5)
        #expect(try open(Small.self, dictionary: ["count": 6]).count == 6)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("generic-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try small.save(to: file)
        #expect(try open(Small.self, file: file) == small)
    }

    @Test func loadsAJSONStringIntoAnExistingObject() throws {
        let small = Small()
        try small.load(json: #"{"text":"loaded","list":[1,2]}"#)
        #expect(small.text == "loaded" && small.list == [1, 2] && !small.hasChanges)
        #expect(throws: ModelError.self) { try small.load(json: #"{"count":"two"}"#) }
        #expect(small.count == 2)
    }
}
