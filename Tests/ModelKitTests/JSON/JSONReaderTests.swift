import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

private final class ReaderNumbers: ModelObject {
    @Saved var double = 0.0
    @Saved var float: Float = 0
    @Saved var int = 0
    @Saved var small: Int8 = 0
    @Saved var unsigned: UInt64 = 0
    @Saved var flag = false
    @Saved var decimal: Decimal = 0
    @Saved var doubles: [Double] = []
}

private class ReaderShape: ModelObject {
    @Saved var name = ""
}

private final class ReaderCircle: ReaderShape {
    @Saved var radius = 0.0
}

private final class ReaderDrawing: ModelObject {
    @Saved var title = ""
    @Saved var shape = ReaderShape()
    @Saved var shapes: [ReaderShape] = []
}

/// Version 2 calls `title` what version 1 called `caption`.
private final class ReaderNote: ModelObject {
    @Saved var title = ""
    @Saved var upgradedFrom = 0

    override class var modelVersion: Int { 2 }

    override class func migrate(_ dictionary: inout [String: Any], from version: Int) throws {
        if let caption = dictionary.removeValue(forKey: "caption") { dictionary["title"] = caption }
    }

    override func upgrade(from version: Int, dictionary: [String: Any]) throws {
        upgradedFrom = version
    }
}

/// ModelKit's own reader, beyond what the differential tests check against `JSONSerialization`:
/// exact numbers, the header anywhere, repeated keys, syntax errors and other encodings.
@Suite struct JSONReaderTests {
    @Test(arguments: [
        "0.1", "0.30000000000000004", "1e23", "8.41e21", "9007199254740993", "2.2250738585072011e-308",
        "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "1.7976931348623157e308",
        "1.7976931348623158e308", "123456789012345678901234567890", "0.1234567890123456789012345678901234567890123",
        "-1.5e-300", "1e-400", "3.0000000000000000000000000000000000000000001",
    ])
    func numbersReadExactly(text: String) throws {
        let expected = try #require(Double(text))
        let loaded = try ReaderNumbers(json: #"{"double":\#(text),"doubles":[\#(text)]}"#)
        #expect(loaded.double.bitPattern == expected.bitPattern)
        #expect(loaded.doubles.map(\.bitPattern) == [expected.bitPattern])
        #if canImport(Darwin)
            // Apple does not document how its JSONSerialization rounds decimal text.
            #expect(
                returnsOrThrowsModelError {
                    _ = try ReaderNumbers(json: #"{"double":\#(text)}"#, options: .foundationReader)
                })
        #else
            // swift-corelibs-foundation reads these exactly, long ones through NSDecimalNumber.
            let throughFoundation = try ReaderNumbers(json: #"{"double":\#(text)}"#, options: .foundationReader)
            #expect(throughFoundation.double == loaded.double)
        #endif
    }

    @Test func negativeZeroKeepsItsSign() throws {
        let loaded = try ReaderNumbers(json: #"{"double":-0,"float":-0.0,"doubles":[-0]}"#)
        #expect(loaded.double == 0 && loaded.double.sign == .minus)
        #expect(loaded.float == 0 && loaded.float.sign == .minus)
        #expect(loaded.doubles.first?.sign == .minus)
        let throughFoundation = try ReaderNumbers(json: #"{"double":-0}"#, options: .foundationReader)
        #if !canImport(Darwin)
            // swift-corelibs-foundation reads `-0` as the integer 0: the value is equal, its
            // sign is not. Apple does not document which of the two its JSONSerialization gives.
            #expect(throughFoundation.double.sign == .plus)
        #endif
        #expect(throughFoundation == loaded || throughFoundation.double == loaded.double)
    }

    @Test(arguments: [
        #"{"small":300}"#, #"{"small":-129}"#, #"{"unsigned":-1}"#, #"{"int":1.5}"#, #"{"int":9223372036854775808}"#,
        #"{"int":1e300}"#, #"{"int":"1"}"#, #"{"flag":2}"#, #"{"flag":1.0}"#, #"{"flag":"true"}"#, #"{"int":true}"#,
        #"{"double":null}"#, #"{"decimal":[]}"#,
    ])
    func valuesThatDoNotFitThrowAsThroughFoundation(json: String) throws {
        let error = try #require(throws: ModelError.self) { try ReaderNumbers(json: json) }
        #if canImport(Darwin)
            // How Apple's JSONSerialization reads such numbers (`1.0` as a double or an integer,
            // 9223372036854775808 exactly or rounded) is not documented. The promise: the load
            // through it throws at the same key path, or ModelKit's reader is the stricter one.
            let throughFoundation = Result { try ReaderNumbers(json: json, options: .foundationReader) }
            if case .failure(let expected) = throughFoundation {
                #expect((expected as? ModelError)?.keyPath == error.keyPath)
            }
        #else
            let expected = try #require(throws: ModelError.self) {
                try ReaderNumbers(json: json, options: .foundationReader)
            }
            #expect(error.description == expected.description)
        #endif
        let lenient = try ReaderNumbers(json: json, options: .lenient)
        #expect(lenient.loadIssues.map(\.description) == [error.description])
    }

    @Test(arguments: [
        (#"{"int":1e2,"small":-128,"unsigned":18446744073709551615,"flag":1}"#, "int: 100, small: -128"),
        (#"{"int":1.0,"flag":0,"decimal":0.30000000000000004}"#, "int: 1, small: 0"),
        (#"{"int":-9223372036854775808}"#, "int: -9223372036854775808"),
    ])
    func valuesThatFitLoadAsThroughFoundation(json: String, excerpt: String) throws {
        let loaded = try ReaderNumbers(json: json)
        #expect(loaded.description.contains(excerpt))
        #if canImport(Darwin)
            // Whether Apple's JSONSerialization reads 18446744073709551615 exactly is not
            // documented; a number it reads another way is refused with a ModelError.
            var throughFoundation: ReaderNumbers?
            #expect(
                returnsOrThrowsModelError {
                    throughFoundation = try ReaderNumbers(json: json, options: .foundationReader)
                })
            #expect(throughFoundation.map { $0.description.contains(excerpt) } ?? true)
        #else
            #expect(loaded == (try ReaderNumbers(json: json, options: .foundationReader)))
        #endif
    }

    @Test func booleansAndNumbersStayApartInUnknownValues() throws {
        let loaded = try ReaderNumbers(json: #"{"yes":true,"one":1,"half":0.5,"big":12345678901234567890123}"#)
        let booleanClass = type(of: NSNumber(value: true))
        #expect(try #require(loaded[extra: "yes"] as? NSNumber).isKind(of: booleanClass))
        #expect(try !(#require(loaded[extra: "one"] as? NSNumber)).isKind(of: booleanClass))
        #expect(loaded[extra: "half"] as? Double == 0.5)
        #expect(loaded[extra: "big"] is NSDecimalNumber)
    }

    @Test(arguments: [
        #"{"title":"t","radius":2,"representedClassName":"ReaderCircle","version":1}"#,
        #"{"version":1,"title":"t","representedClassName":"ReaderCircle","radius":2}"#,
    ])
    func classNameChoosesTheSubclassWhereverItStands(json: String) throws {
        ModelObject.register(ReaderCircle.self)
        let drawing = try ReaderDrawing(json: #"{"shape":\#(json),"shapes":[\#(json)]}"#)
        #expect((drawing.shape as? ReaderCircle)?.radius == 2)
        #expect((drawing.shapes.first as? ReaderCircle)?.radius == 2)
        #expect((try ReaderShape.make(json: json) as? ReaderCircle)?.radius == 2)
    }

    @Test(arguments: [
        #"{"caption":"old","version":1}"#, #"{"caption":"old"}"#, #"{"version":1,"caption":"old"}"#,
    ])
    func oldDataIsMigratedWhereverItsVersionStands(json: String) throws {
        let note = try ReaderNote(json: json)
        #expect(note.title == "old")
        #expect(note.upgradedFrom == 1)
        #expect(!note.hasChanges)
    }

    @Test func newerVersionsAreKeptWhereverTheyStand() throws {
        let note = try ReaderNote(json: #"{"title":"new","future":true,"version":7}"#)
        #expect(note.upgradedFrom == 0)
        let written = try jsonObject(note.jsonString())
        #expect(written["version"] as? Int == 7)
        #expect(written["future"] as? Bool == true)
    }

    @Test func repeatedKeysLoadTheLastValue() throws {
        let json = #"{"int":"one","int":2,"doubles":[1,"x"],"doubles":[3],"extra":1e400,"extra":4}"#
        let loaded = try ReaderNumbers(json: json)
        #expect(loaded.int == 2)
        #expect(loaded.doubles == [3])
        #expect(loaded[extra: "extra"] as? Int == 4)
        #if canImport(Darwin)
            // Which of the repeated values Apple's JSONSerialization keeps, and what it makes of
            // 1e400, is not documented.
            #expect(returnsOrThrowsModelError { _ = try ReaderNumbers(json: json, options: .foundationReader) })
        #else
            #expect(loaded == (try ReaderNumbers(json: json, options: .foundationReader)))
        #endif
    }

    @Test func unusableNumbersAreOneIssueEachInALenientLoad() throws {
        let json = #"{"double":1e400,"doubles":[1,-1e400,2],"extra":{"a":[1e999]},"int":5}"#
        let loaded = try ReaderNumbers(json: json, options: .lenient)
        #expect(loaded.int == 5)
        #expect(loaded.doubles == [1, 2])
        #expect(loaded[extra: "extra"] == nil)
        let paths = loaded.loadIssues.map(\.keyPath.description)
        #expect(paths == ["double", "doubles[1]", "extra.a[0]"])
    }

    @Test(
        arguments: [
            (
                "{\"title\": \"a\",\n \"shapes\": [{\"name\": \"b\",}]}", 2, 26, "shapes[0]",
                "a trailing comma before '}'"
            ),
            (#"{"extra": [1, [2, tru]]}"#, 1, 19, "extra[1][1]", "expected true"),
            (#"{"title": "a\u12"}"#, 1, 13, "title", "\\u must be followed by four hexadecimal digits"),
            (#"{"shape": {"name": 01}}"#, 1, 20, "shape.name", "a number cannot start with 0"),
            ("{\"title\": \"a\tb\"}", 1, 13, "title", "control character U+0009 must be escaped"),
            (#"{"title": "a"} x"#, 1, 16, "(root)", "expected the end of the data"),
            (#"{"shapes": [1,]}"#, 1, 15, "shapes", "a trailing comma before ']'"),
        ] as [(String, Int, Int, String, String)])
    func syntaxErrorsNameTheirPlace(json: String, line: Int, column: Int, path: String, detail: String) throws {
        let error = try #require(throws: ModelError.self) { try ReaderDrawing(json: json, options: .lenient) }
        guard case .syntaxError(let found, let foundLine, let foundColumn) = error.reason else {
            Issue.record("not a syntax error: \(error)")
            return
        }
        #expect(foundLine == line && foundColumn == column, "\(found)")
        #expect(error.keyPath.description == path)
        #expect(found.hasPrefix(detail), "\(found)")
    }

    @Test(
        arguments: [
            ([0xC3, 0xA9, 0x7D], "'é'"), ([0xE2, 0x82, 0xAC, 0x7D], "'€'"), ([0xF0, 0x9F, 0x98, 0x80, 0x7D], "'😀'"),
            ([0xCC, 0x81, 0x7D], "'\u{301}'"), ([0xFF, 0x7D], "byte 0xFF"), ([0x80, 0x7D], "byte 0x80"),
            ([0xC0, 0xAF, 0x7D], "byte 0xC0"), ([0xC3, 0x28, 0x7D], "byte 0xC3"),
            ([0xE0, 0x80, 0x80, 0x7D], "byte 0xE0"),
            ([0xED, 0xA0, 0x80, 0x7D], "byte 0xED"), ([0xF4, 0x90, 0x80, 0x80, 0x7D], "byte 0xF4"),
            ([0xE2, 0x82], "byte 0xE2"),
        ] as [([UInt8], String)])
    func syntaxErrorsShowTheCharacterFound(bytes: [UInt8], shown: String) throws {
        let json = Data(#"{"title": "#.utf8) + bytes
        let error = try #require(throws: ModelError.self) { try ReaderDrawing(json: json) }
        #expect(error.reason == .syntaxError("expected a value, found \(shown)", line: 1, column: 11))
    }

    /// Apple's JSONSerialization takes trailing commas too: swift-corelibs-foundation's first
    /// parser allowed them "to maintain compatibility with Darwin Foundation" (pull request 54,
    /// 2015), and swift-foundation's JSONScanner, JSONDecoder's parser since macOS 14, accepts
    /// them because "the foundation json implementation does support trailing commas".
    @Test func trailingCommasAreRejectedButJSONSerializationTakesThem() throws {
        for json in [#"{"title":"a",}"#, #"{"shapes":[{"name":"b"},]}"#] {
            #expect(throws: ModelError.self) { try ReaderDrawing(json: json) }
            _ = try ReaderDrawing(json: json, options: .foundationReader)
        }
    }

    @Test func byteOrderMarksInStringsAreKept() throws {
        let json =
            Data(#"{"title":""#.utf8) + [0xEF, 0xBB, 0xBF] + Data(#"a","shape":{"name":"\n"#.utf8)
            + [0xEF, 0xBB, 0xBF] + Data(#"b"}}"#.utf8)
        let drawing = try ReaderDrawing(json: json)
        #expect(drawing.title == "\u{FEFF}a")
        #expect(drawing.shape.name == "\n\u{FEFF}b")
        let throughFoundation = try ReaderDrawing(json: json, options: .foundationReader)
        #if canImport(Darwin)
            // Whether Apple's JSONSerialization keeps a U+FEFF that starts a string is not
            // documented; it keeps the rest.
            #expect(["a", "\u{FEFF}a"].contains(throughFoundation.title))
        #else
            // swift-corelibs-foundation drops a U+FEFF that starts a run of text.
            #expect(throughFoundation.title == "a")
            #expect(throughFoundation.shape.name == "\nb")
        #endif
    }

    /// Apple documents that JSONSerialization reads UTF-8, UTF-16 and UTF-32 in either byte
    /// order, with or without a byte-order mark; so does swift-corelibs-foundation.
    @Test(arguments: [
        String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian, .utf16, .utf32,
    ])
    func documentsInUTF16AndUTF32Load(encoding: String.Encoding) throws {
        ModelObject.register(ReaderCircle.self)
        let text = #"{"title":"é😀","shape":{"representedClassName":"ReaderCircle","radius":1.5}}"#
        let json = try #require(text.data(using: encoding))
        let drawing = try ReaderDrawing(json: json)
        #expect(drawing == (try ReaderDrawing(json: text)))
        #expect((drawing.shape as? ReaderCircle)?.radius == 1.5)
        #expect(drawing == (try ReaderDrawing(json: json, options: .foundationReader)))
    }

    @Test func aByteOrderMarkBeforeUTF8IsSkipped() throws {
        let drawing = try ReaderDrawing(json: Data([0xEF, 0xBB, 0xBF]) + Data(#"{"title":"a"}"#.utf8))
        #expect(drawing.title == "a")
    }

    @Test(arguments: [
        (#""plain""#, "plain"), (#""tab\tquote\"slash\/back\\""#, "tab\tquote\"slash/back\\"),
        (#""\u00e9\u20AC\ud83d\ude00""#, "é€😀"), (#""\u0000""#, "\u{0}"), ("\"é€😀 日本語\"", "é€😀 日本語"),
        (
            #""ends with a long run of plain ASCII text past eight bytes""#,
            "ends with a long run of plain ASCII text past eight bytes"
        ),
    ])
    func stringsDecode(json: String, expected: String) throws {
        #expect(try ReaderDrawing(json: #"{"title":\#(json)}"#).title == expected)
    }
}
