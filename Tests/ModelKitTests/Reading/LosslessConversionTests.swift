import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

enum LosslessLevel: Int, SavedValue {
    case low = 1
    case high = 2
}

/// A model of a server that sends numbers, strings and booleans as it pleases.
final class LosslessRecord: ModelObject {
    override class var acceptsLosslessConversions: Bool { true }

    @Saved var count = 0
    @Saved var small: Int8 = 0
    @Saved var large: UInt64 = 0
    @Saved var ratio = 0.0
    @Saved var scale: Float = 0
    @Saved var amount: Decimal = 0
    @Saved var code = ""
    @Saved var label: String? = nil
    @Saved var flag = false
    @Saved var maybe: Bool? = nil
    @Saved var counts: [Int] = []
    @Saved var names: [String] = []
    @Saved var limits: [String: Double] = [:]
    @Saved var level = LosslessLevel.low
}

/// A class of the default, which converts nothing, holding one that converts.
final class StrictHolder: ModelObject {
    @Saved var count = 0
    @Saved var code = ""
    @Saved var record = LosslessRecord()
    @Saved var records: [LosslessRecord] = []
}

@Suite struct LosslessConversionTests {
    private func record(_ json: String, options: LoadOptions) throws -> LosslessRecord {
        try LosslessRecord(json: json, options: options)
    }

    @Test(arguments: bothReaders)
    func numbersLoadFromStrings(options: LoadOptions) throws {
        let json = #"""
            {"count": "3", "small": "-128", "large": "18446744073709551615", "ratio": "2.5",
             "scale": "0.25", "amount": "12.34", "counts": ["1", 2, "3e2"], "limits": {"a": "-1.5e3"},
             "level": "2", "version": 1}
            """#
        let record = try record(json, options: options)
        #expect(record.count == 3)
        #expect(record.small == -128)
        #expect(record.large == UInt64.max)
        #expect(record.ratio == 2.5)
        #expect(record.scale == 0.25)
        #expect(record.amount == Decimal(string: "12.34"))
        #expect(record.counts == [1, 2, 300])
        #expect(record.limits == ["a": -1500])
        #expect(record.level == .high)
        // Written back in the properties' own types.
        let written = try jsonObject(record.jsonString())
        #expect(written["count"] as? Int == 3)
        #expect(written["ratio"] as? Double == 2.5)
        #expect(written["counts"] as? [Int] == [1, 2, 300])
    }

    @Test(arguments: bothReaders)
    func stringsLoadFromNumbersInTheirShortestForm(options: LoadOptions) throws {
        let json = #"{"code": 5, "label": 2.5, "names": [-7, 5.0, 0.1, 1e21, 12345678901234567890, "x"]}"#
        let record = try record(json, options: options)
        #expect(record.code == "5")
        #expect(record.label == "2.5")
        #expect(record.names == ["-7", "5", "0.1", "1e+21", "12345678901234567890", "x"])
        #expect(try jsonObject(record.jsonString())["code"] as? String == "5")
    }

    @Test(arguments: bothReaders)
    func booleansLoadFromTheirNamesAndDigits(options: LoadOptions) throws {
        for (text, expected) in [
            (#""true""#, true), (#""false""#, false), (#""1""#, true), (#""0""#, false), ("1", true),
        ] {
            let record = try record(#"{"flag": \#(text), "maybe": \#(text)}"#, options: options)
            #expect(record.flag == expected, "\(text)")
            #expect(record.maybe == expected, "\(text)")
        }
    }

    @Test(arguments: bothReaders)
    func conversionsThatWouldLoseSomethingAreStillErrors(options: LoadOptions) throws {
        let cases = [
            (#"{"count": "3.5"}"#, #"count: expected a whole number for Int, found 3.5"#),
            (#"{"small": "300"}"#, #"small: number "300" is out of range for Int8"#),
            (#"{"large": "-1"}"#, #"large: number "-1" is out of range for UInt64"#),
            (#"{"ratio": "1e400"}"#, #"ratio: expected a number, found "1e400""#),
            (#"{"count": " 3"}"#, #"count: expected a number, found " 3""#),
            (#"{"count": "+3"}"#, #"count: expected a number, found "+3""#),
            (#"{"count": "03"}"#, #"count: expected a number, found "03""#),
            (#"{"ratio": "NaN"}"#, #"ratio: expected a number, found "NaN""#),
            (#"{"count": true}"#, #"count: expected a number, found true"#),
            (#"{"code": true}"#, #"code: expected a string, found true"#),
            (#"{"flag": "yes"}"#, #"flag: expected a boolean, found "yes""#),
            (#"{"flag": "TRUE"}"#, #"flag: expected a boolean, found "TRUE""#),
            (#"{"flag": 2}"#, #"flag: expected a boolean, found 2"#),
            (#"{"level": "3"}"#, #"level: expected a raw value of LosslessLevel, found "3""#),
            (#"{"counts": [1, "x"]}"#, #"counts[1]: expected a number, found "x""#),
        ]
        for (json, expected) in cases {
            let error = modelError { _ = try record(json, options: options) }
            #expect(error?.description == expected, "\(json)")
        }
    }

    @Test(arguments: bothReaders)
    func theHeaderIsNeverConverted(options: LoadOptions) throws {
        let error = modelError { _ = try record(#"{"version": "1"}"#, options: options) }
        #expect(error?.description == #"version: expected a number, found "1""#)
    }

    @Test(arguments: bothReaders)
    func onlyTheClassThatAcceptsConversionsConverts(options: LoadOptions) throws {
        let holder = try StrictHolder(
            json: #"{"record": {"count": "4"}, "records": [{"code": 6}]}"#, options: options)
        #expect(holder.record.count == 4)
        #expect(holder.records.first?.code == "6")
        let error = modelError { _ = try StrictHolder(json: #"{"count": "4"}"#, options: options) }
        #expect(error?.description == #"count: expected a number, found "4""#)
        let stringError = modelError { _ = try StrictHolder(json: #"{"code": 4}"#, options: options) }
        #expect(stringError?.description == #"code: expected a string, found 4"#)
    }

    @Test(arguments: bothReaders)
    func lenientLoadsConvertWithoutIssues(options: LoadOptions) throws {
        let record = try record(#"{"count": "3", "code": 4, "flag": "x"}"#, options: options.union(.lenient))
        #expect(record.count == 3)
        #expect(record.code == "4")
        #expect(record.loadIssues.map(\.description) == [#"flag: expected a boolean, found "x""#])
    }

    @Test func everyWayToLoadConverts() throws {
        let dictionary: [String: Any] = ["count": "8", "code": 9]
        #expect(try LosslessRecord(dictionary: dictionary).count == 8)
        #expect(try LosslessRecord.make(dictionary: dictionary).code == "9")
        let decoded = try JSONDecoder().decode(LosslessRecord.self, from: Data(#"{"count": "8", "flag": "true"}"#.utf8))
        #expect(decoded.count == 8)
        #expect(decoded.flag)
        let record = LosslessRecord()
        try record.apply(mergePatch: ["count": "5", "names": [1, 2]])
        #expect(record.count == 5)
        #expect(record.names == ["1", "2"])
        #expect(record.changedKeys == ["count", "names"])
        let holder = StrictHolder()
        try holder.apply(mergePatch: ["record": ["ratio": "0.5"]])
        #expect(holder.record.ratio == 0.5)
        #expect(modelError { try holder.apply(mergePatch: ["count": "5"]) }?.keyPath.description == "count")
    }

    @Test func bothReadersAgreeOnConvertedDocuments() throws {
        let documents = [
            #"{"count": "3", "small": "300", "ratio": "2.5", "code": 5, "names": [1.5, "a", true], "flag": "1"}"#,
            #"{"counts": ["1", "1.5", 2], "label": 1e300, "maybe": "false", "limits": {"x": "1", "y": "z"}}"#,
            #"{"large": "18446744073709551616", "scale": "1e39", "amount": "1.5", "level": "1"}"#,
        ]
        let loads: [(String, (Data, LoadOptions) throws -> ModelObject)] = [
            ("init(json:)", { try LosslessRecord(json: $0, options: $1) }),
            (
                "holder",
                {
                    try StrictHolder(
                        json: Data(#"{"records": [\#(String(decoding: $0, as: UTF8.self))]}"#.utf8), options: $1)
                }
            ),
        ]
        for document in documents {
            compareReaders(on: Data(document.utf8), loads: loads) { "\(document): \($0)" }
        }
    }
}
