import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

private final class Message: ModelObject {
    @Saved var subject = ""
    @Saved var attachment = DataValue(data: nil)
    @Saved var parts: [DataValue] = []
    @Saved var extras: [String: DataValue] = [:]
}

@Suite struct DataValueTests {
    // MARK: DejalObject data

    @Test func loadsDejalDataDocument() throws {
        let value = try DataValue(
            json: #"{"version":1,"representedClassName":"DejalData","length":3,"string":"AQID"}"#)
        #expect(value.data == Data([1, 2, 3]))
        #expect(value.length == 3)
        #expect(value.string == "AQID")
        #expect(!value.isEmpty)
        #expect(value.dataClass == nil)
        #expect(!value.hasChanges)
        #expect(value == DataValue(data: Data([1, 2, 3])))
    }

    @Test func makesDataValueFromDejalDataName() throws {
        let object = try ModelObject.make(json: #"{"representedClassName":"DejalData","length":1,"string":"/w=="}"#)
        let value = try #require(object as? DataValue)
        #expect(value.data == Data([0xFF]))
    }

    @Test func loadsNestedInArraysAndDictionaries() throws {
        let json = """
            {"subject":"Photos",\
            "attachment":{"version":1,"representedClassName":"DejalData","length":2,"string":"yv4="},\
            "parts":[{"version":1,"representedClassName":"DejalData","length":1,"string":"AA=="},\
            {"version":1,"representedClassName":"DejalData","length":0}],\
            "extras":{"icon":{"version":1,"representedClassName":"DejalData","length":1,"string":"Kg=="}}}
            """
        let message = try Message(json: json)
        #expect(message.attachment.data == Data([0xCA, 0xFE]))
        #expect(message.parts.map(\.data) == [Data([0]), nil])
        #expect(message.extras["icon"]?.data == Data([0x2A]))
        #expect(!message.hasAnyChanges)
    }

    // MARK: Writing

    @Test func writesLengthAndBase64() throws {
        let value = DataValue(data: Data([0xCA, 0xFE]))
        let expected = #"{"version":1,"representedClassName":"DataValue","length":2,"string":"yv4="}"#
        #expect(try value.jsonString(options: .compact) == expected)
        let dejal = try value.jsonString(options: [.compact, .dejalObjectFormat])
        #expect(dejal == #"{"version":1,"representedClassName":"DejalData","length":2,"string":"yv4="}"#)
        #expect(sameJSON(try value.dictionary, try jsonObject(expected)))
    }

    @Test func writesBase64WithoutLineBreaks() throws {
        let bytes = Data((0..<200).map { UInt8($0) })
        let value = DataValue(data: bytes)
        let string = try #require(value.string)
        #expect(!string.contains("\n") && !string.contains("\r"))
        #expect(string == bytes.base64EncodedString())
        let loaded = try DataValue(json: value.jsonData())
        #expect(loaded.data == bytes)
    }

    @Test(arguments: [nil, Data()])
    func noDataOrEmptyDataWritesNoString(data: Data?) throws {
        let value = DataValue(data: data)
        #expect(value.data == nil)
        #expect(value.string == nil)
        #expect(value.length == 0)
        #expect(value.isEmpty)
        #expect(
            try value.jsonString(options: .compact) == #"{"version":1,"representedClassName":"DataValue","length":0}"#)
    }

    @Test(arguments: [#"{"length":0}"#, #"{"length":0,"string":""}"#, #"{"string":null}"#, "{}"])
    func readsNoData(json: String) throws {
        let value = try DataValue(json: json)
        #expect(value.isEmpty)
        #expect(value == DataValue(data: nil))
    }

    @Test func settingDataIsAChangeOfBothKeys() {
        let value = DataValue(data: nil)
        value.data = Data([1])
        #expect(value.changedKeys == ["length", "string"])
        #expect(value.length == 1)
        value.data = Data()
        #expect(!value.hasChanges)
    }

    // MARK: Reading

    @Test(arguments: [(99, "AQID"), (0, "AQID"), (-1, "AQID")])
    func recomputesALengthThatDisagrees(length: Int, string: String) throws {
        let value = try DataValue(
            json: #"{"representedClassName":"DejalData","length":\#(length),"string":"\#(string)"}"#)
        #expect(value.length == 3)
        #expect(!value.hasChanges)
        #expect(value == DataValue(data: Data([1, 2, 3])))
        let saved = try jsonObject(value.jsonString(options: .dejalObjectFormat))
        #expect(saved["length"] as? Int == 3)
    }

    @Test func lenientLoadRecomputesALengthOfTheWrongType() throws {
        let value = try DataValue(json: #"{"length":"three","string":"AQID"}"#, options: .lenient)
        #expect(value.loadIssues.map(\.keyPath.description) == ["length"])
        #expect(value.length == 3)
        #expect(try jsonObject(value.jsonString())["length"] as? Int == 3)
        #expect(value == DataValue(data: Data([1, 2, 3])))
    }

    @Test func lengthWithoutDataIsZero() throws {
        let message = try Message(json: #"{"attachment":{"representedClassName":"DejalData","length":5}}"#)
        #expect(message.attachment.length == 0)
        #expect(message.attachment.isEmpty)
    }

    /// Line breaks and spaces, as JSON escapes them.
    @Test(arguments: [#"\r\n"#, #"\n"#, " "])
    func readsBase64BrokenIntoLines(separator: String) throws {
        // 60 bytes: 80 characters of Base64, broken after the 64th.
        let bytes = Data((0..<60).map { UInt8($0) })
        let text = bytes.base64EncodedString()
        let lines = text.prefix(64) + separator + text.dropFirst(64)
        let value = try DataValue(json: #"{"representedClassName":"DejalData","string":"\#(lines)"}"#)
        #expect(value.data == bytes)
        #expect(value.string == text)
        #expect(value.length == 60)
    }

    @Test(arguments: [
        (#"{"attachment":{"string":"not base64!"}}"#, "attachment.string"),
        (#"{"attachment":{"string":12}}"#, "attachment.string"),
        (#"{"attachment":{"length":"three","string":"AQID"}}"#, "attachment.length"),
        (#"{"parts":[{"string":"AQID"},{"string":"A"}]}"#, "parts[1].string"),
        (#"{"extras":{"a":{"dataClass":5}}}"#, "extras.a.dataClass"),
    ])
    func rejectsValuesThatDoNotFit(json: String, path: String) throws {
        let error = try #require(throws: ModelError.self) { try Message(json: json) }
        #expect(error.keyPath.description == path)
        let lenient = try Message(json: json, options: .lenient)
        #expect(lenient.loadIssues.map(\.keyPath.description) == [path])
    }

    @Test func keepsTheDataClass() throws {
        let json = #"{"version":1,"representedClassName":"DejalData","length":1,"string":"AA==","dataClass":"NSDate"}"#
        let value = try DataValue(json: json)
        #expect(value.dataClass == "NSDate")
        #expect(try value.jsonString(options: [.compact, .dejalObjectFormat]) == json)
    }

    // MARK: Archived objects

    @Test func archivesAndUnarchivesAnObjectOfTheNamedClass() throws {
        let date = NSDate(timeIntervalSinceReferenceDate: 12_345)
        let value = try DataValue(archiving: date)
        #expect(value.dataClass == "NSDate")
        #expect(!value.hasChanges)
        let loaded = try DataValue(json: value.jsonData())
        #expect(try loaded.object(of: NSDate.self) == date)
    }

    @Test func unarchivesAsTheCallersClassWhateverTheDataNames() throws {
        let archive = try NSKeyedArchiver.archivedData(
            withRootObject: NSDate(timeIntervalSinceReferenceDate: 0), requiringSecureCoding: true)
        let value = try DataValue(dictionary: ["string": archive.base64EncodedString(), "dataClass": "NSURL"])
        #expect(try value.object(of: NSDate.self) == NSDate(timeIntervalSinceReferenceDate: 0))
        let error = try #require(throws: ModelError.self) { try value.object(of: NSURL.self) }
        #expect(error.description.contains("NSDate"))
    }

    @Test func refusesArchivesHoldingOtherClasses() throws {
        let array = [NSDate(), NSURL(fileURLWithPath: "/tmp")] as NSArray
        let archive = try NSKeyedArchiver.archivedData(withRootObject: array, requiringSecureCoding: true)
        let value = DataValue(data: archive)
        #expect(throws: ModelError.self) { try value.object(of: NSArray.self) }
        #expect(throws: ModelError.self) { try DataValue(data: Data("not an archive".utf8)).object(of: NSDate.self) }
        #expect(try DataValue(data: nil).object(of: NSDate.self) == nil)
    }
}
