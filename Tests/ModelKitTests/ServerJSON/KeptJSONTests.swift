import Foundation
import ModelKit
import Testing

final class KeptCharge: ModelObject {
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
    @Saved var id = ""
    @Saved var note: String? = nil
}

final class KeptRepository: ModelObject {
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
    @Saved(path: "stats", "stars") var stars = 0
}

final class KeptTwoContainers: ModelObject {
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
    @Saved(path: "stats", "stars") var stars = 0
    @Saved(path: "owner", "login") var login = ""
}

final class KeptOptionalRepository: ModelObject {
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
    @Saved(path: "stats", "stars") var stars: Int? = nil
}

/// The invoice of "Mapping a server's JSON".
final class KeptInvoice: ModelObject {
    override class var keyStyle: KeyStyle { .snakeCase }
    override class var typeKey: String? { "object" }
    override class var versionKey: String? { nil }
    override class var modelName: String { "invoice" }

    @Saved var id = ""
    @Saved var amountDue = 0
    @Saved("description") var summary: String? = nil
}

final class KeptStrictNulls: ModelObject {
    override class var writesNilAsNull: Bool { true }
    @Saved var note: String? = nil
}

/// A model in DejalObject's format, with a key it does not declare.
final class KeptDemo: ModelObject {
    override class var modelName: String { "Demo" }
    @Saved var text = "Foo"
}

@Suite struct KeptJSONTests {
    private static let undeclared =
        #""amount":1.0,"huge":1e300,"text":"\u00e9\n\"q\"","nested":{"z":[1,{"y":null}],"a":true,"e":{}},"list":[]"#

    @Test func undeclaredValuesComeBackByteForByte() throws {
        let json = #"{"id":"ch_1","# + Self.undeclared + "}"
        let charge = try KeptCharge(json: json)
        #expect(try charge.jsonString(options: .compact) == json)
        #expect(try KeptCharge(json: charge.jsonData(options: .compact)).jsonString(options: .compact) == json)
        #expect(charge[extra: "amount"] as? Double == 1.0)
        #expect((charge.unknownValues["nested"] as? [String: Any])?["a"] as? Bool == true)
    }

    @Test func indentedInputIsKeptCompact() throws {
        let json = "{\n  \"id\" : \"ch_1\",\n  \"meta\" : {\n    \"a\" : [ 1 , 2 ]\n  }\n}"
        #expect(try KeptCharge(json: json).jsonString(options: .compact) == #"{"id":"ch_1","meta":{"a":[1,2]}}"#)
    }

    @Test func prettyAndSortedOutputIsTheFoundationValuesOutput() throws {
        // Data whose numbers and strings are written as the writer writes them: the text kept
        // and the Foundation values give the same bytes under every layout.
        let json = #"{"id":"ch_1","b":{"y":[1,2.5,{}],"x":"a\/b"},"a":[],"c":null}"#
        let kept = try KeptCharge(json: json)
        let dictionary = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let foundation = try KeptCharge(dictionary: dictionary)
        #expect(kept == foundation)
        for options: WriteOptions in [[.sortedKeys], [.compact, .sortedKeys], [.sortedKeys, .withoutEscapingSlashes]] {
            #expect(try kept.jsonString(options: options) == foundation.jsonString(options: options))
        }
        let pretty = try kept.jsonString()
        #expect(pretty.contains("\"b\" : {\n    \"y\" : [\n      1,\n      2.5,\n      {\n\n      }\n    ],"))
        #expect(pretty.contains("\"a\" : [\n\n  ]"))
    }

    @Test func slashesFollowTheWriteOptions() throws {
        let charge = try KeptCharge(json: #"{"u":"https://x/y","v":"a\/b","w":"\\/"}"#)
        #expect(try charge.jsonString(options: .compact) == #"{"id":"","u":"https:\/\/x\/y","v":"a\/b","w":"\\\/"}"#)
        #expect(
            try charge.jsonString(options: [.compact, .withoutEscapingSlashes])
                == #"{"id":"","u":"https://x/y","v":"a/b","w":"\\/"}"#)
        #expect(charge[extra: "w"] as? String == "\\/")
    }

    @Test func slashesAreEscapedWhereverTheyFallInLongStrings() throws {
        // Slashes at every position of an eight-byte word, runs of them, escapes before and
        // after them, and U+FEFF, which the writer writes as an escape.
        let strings = [
            "abcdefg/", "abcdefgh/ijklmnop/", "/abcdefghijklmnop", "//////////////////",
            #"abcdefgh\\/ijkl"#, #"abcdefgh\/ijkl/mnopqrst"#, #"ab\\\\/cdefghij"#, #"\u0041bcdefghi/jk"#,
            "é/abcdefgh/\u{FEFF}ijkl", "https://api.github.com/repos/octocat/Hello-World/issues/1347",
        ]
        let members = strings.enumerated().map { #""k\#($0.offset)":"\#($0.element)""# }
        let json = "{" + members.joined(separator: ",") + "}"
        let fast = try KeptCharge(json: json)
        let foundation = try KeptCharge(json: json, options: .foundationReader)
        for (index, string) in strings.enumerated() {
            let parsed = try JSONSerialization.jsonObject(with: Data(#"["\#(string)"]"#.utf8)) as? [String]
            #expect(fast[extra: "k\(index)"] as? String == parsed?.first, "\(string)")
        }
        #expect(fast == foundation)
        let sorted = try fast.jsonString(options: [.compact, .sortedKeys])
        let foundationSorted = try foundation.jsonString(options: [.compact, .sortedKeys])
        #expect(sorted == foundationSorted)
        let written = try fast.jsonString(options: .compact)
        #expect(try KeptCharge(json: written) == fast)
        #expect(!written.contains("\u{FEFF}"))
        #expect(written.contains(#"https:\/\/api.github.com\/repos"#))
    }

    @Test func keptSlashesAreEscapedByteForByteAsTheyAreWritten() throws {
        // A slash at every offset of strings up to three words long, in values and keys,
        // escaped ones and escaped backslashes before slashes: the default output escapes each
        // slash that is not escaped yet, and only those; `withoutEscapingSlashes` writes none.
        var strings: [String] = []
        for length in 1...20 {
            for slash in 0..<length {
                strings.append(
                    String(repeating: "a", count: slash) + "/" + String(repeating: "b", count: length - slash - 1))
            }
        }
        strings += [#"a\/b/c"#, #"\\/"#, #"\\\/x/"#, #"abcdefg\\/abcdefg\//"#, #"\u002fabcdefgh/"#]
        let members = strings.map { #""k/\#($0)":"\#($0)""# }
        let json = "{" + members.joined(separator: ",") + "}"
        let charge = try KeptCharge(json: json)

        // The text of each member as it came, with each slash that is not escaped escaped.
        func escapingSlashes(_ text: String) -> String {
            var escaped = ""
            var isEscaped = false
            for character in text {
                if character == "/", !isEscaped { escaped += "\\" }
                isEscaped = character == "\\" && !isEscaped
                escaped.append(character)
            }
            return escaped
        }
        // A string as the writer writes it without escaping slashes: its escapes resolved.
        func unescaped(_ text: String) throws -> String {
            let array = "[\"" + text + "\"]"
            let parsed = try #require(try JSONSerialization.jsonObject(with: Data(array.utf8)) as? [String])
            let string = try #require(parsed.first)
            return "\"" + string.replacingOccurrences(of: "\\", with: "\\\\") + "\""
        }
        let expected = #"{"id":"","# + members.map(escapingSlashes).joined(separator: ",") + "}"
        #expect(try charge.jsonString(options: .compact) == expected)
        let unescapedMembers = try strings.map { try unescaped("k/" + $0) + ":" + unescaped($0) }
        let expectedUnescaped = #"{"id":"","# + unescapedMembers.joined(separator: ",") + "}"
        let written = try charge.jsonString(options: [.compact, .withoutEscapingSlashes])
        #expect(written == expectedUnescaped)
        let reloaded = try KeptCharge(json: written)
        #expect(reloaded == charge)
        #expect(try reloaded.jsonString(options: .compact) == escapingSlashes(expectedUnescaped))
        let foundation = try KeptCharge(json: json, options: .foundationReader)
        #expect(
            try charge.jsonString(options: [.compact, .sortedKeys])
                == foundation.jsonString(options: [.compact, .sortedKeys]))
        #expect(try charge.jsonString(options: .sortedKeys) == foundation.jsonString(options: .sortedKeys))
    }

    @Test func shortPlainStringsAndKeysOfEveryLengthComeBackAsTheyCame() throws {
        // Keys and values around the lengths that are copied a word at a time (up to 24
        // bytes), each with a character that is not plain at every place, and the same near
        // the end of the document, where fewer than 24 bytes follow.
        var strings = (0...26).map { String(repeating: "x", count: $0) }
        for special in ["/", "\\", "\\\"", "é", "\\u0041", "\\n", "\\/"] {
            for place in [0, 1, 7, 8, 15, 16, 23, 24] {
                strings.append(String(repeating: "a", count: place) + special + "bc")
            }
        }
        for (index, string) in strings.enumerated() {
            for json in [
                #"{"id":"","k":{"\#(string)":"\#(string)","n":["\#(string)"]}}"#,
                #"{"id":"","k\#(index)":"\#(string)","o":{"\#(string)":1}}"#,
                #"{"o":{"\#(string)":"\#(string)"}}"#,
            ] {
                let fast = try KeptCharge(json: json)
                let foundation = try KeptCharge(json: json, options: .foundationReader)
                #expect(fast == foundation, "\(json)")
                #expect(
                    try fast.jsonString(options: [.compact, .sortedKeys])
                        == foundation.jsonString(options: [.compact, .sortedKeys]), "\(json)")
                let written = try fast.jsonString(options: .compact)
                #expect(try KeptCharge(json: written) == fast, "\(json)")
                let plain = !string.contains("\\") && !string.contains("/") && !string.contains("é")
                if plain { #expect(written.contains(#""\#(string)""#), "\(json)") }
            }
        }
    }

    /// Undeclared keys in runs between declared ones, each run kept in one go: every kind of
    /// value right under them, a declared key that only an escape or the class's key table
    /// tells apart, a key repeated inside a run, and keys with escapes or other than ASCII.
    @Test func runsOfUndeclaredKeysComeBackAsTheyCame() throws {
        let json =
            #"{"a":null,"b":true,"c":false,"d":"short","e":"a string longer than twenty-four bytes","#
            + #""f":"a/b","g":-1.5e3,"h":{"k":[1,"x",null]},"i":[],"n\u006fte":"escaped","j":"\u00e9","#
            + #""\u006b":1,"é":2,"id":"ch_1","l":0,"m":[{"n":{}}]}"#
        let charge = try KeptCharge(json: json)
        #expect(charge.id == "ch_1")
        #expect(charge.note == "escaped")
        let foundation = try KeptCharge(json: json, options: .foundationReader)
        #expect(charge == foundation)
        let written = try charge.jsonString(options: .compact)
        // The declared keys first, then the undeclared ones as they came, slashes escaped.
        #expect(
            written
                == #"{"id":"ch_1","note":"escaped","a":null,"b":true,"c":false,"d":"short","#
                + #""e":"a string longer than twenty-four bytes","f":"a\/b","g":-1.5e3,"h":{"k":[1,"x",null]},"#
                + #""i":[],"j":"\u00e9","\u006b":1,"é":2,"l":0,"m":[{"n":{}}]}"#)
        #expect(try KeptCharge(json: written) == charge)
        #expect(charge[extra: "e"] as? String == "a string longer than twenty-four bytes")
        #expect(charge[extra: "k"] as? Int == 1)
        #expect(charge[extra: "é"] as? Int == 2)

        let repeated = try KeptCharge(json: #"{"x":1,"y":2,"x":3,"id":"a","z":4}"#)
        #expect(repeated[extra: "x"] as? Int == 3)
        #expect(try repeated.jsonString(options: [.compact, .sortedKeys]) == #"{"id":"a","x":3,"y":2,"z":4}"#)
    }

    /// A document that goes wrong right after a run of undeclared keys fails as it does
    /// where the run is one key long.
    @Test func entriesAfterARunOfUndeclaredKeysFailWhereTheyGoWrong() throws {
        for (long, short) in [
            (#"{"x":1,"y":2,"z":3,,"id":"a"}"#, #"{"z":3,,"id":"a"}"#),
            (#"{"x":1,"y":2,"z":3,}"#, #"{"z":3,}"#),
            (#"{"x":1,"y":2,"z":3 "id":"a"}"#, #"{"z":3 "id":"a"}"#),
            (#"{"x":1,"y":2,"z":"#, #"{"z":"#),
        ] {
            let longError = try #require(throws: ModelError.self) { try KeptCharge(json: long) }
            let shortError = try #require(throws: ModelError.self) { try KeptCharge(json: short) }
            #expect(longError.keyPath == shortError.keyPath, "\(long)")
            // The same message, at a column as many bytes further on as the run is longer.
            let shift = long.utf8.count - short.utf8.count
            let shortColumn = try #require(Self.column(in: shortError))
            #expect(Self.column(in: longError) == shortColumn + shift, "\(long): \(longError)")
            #expect(
                "\(longError)".replacingOccurrences(of: "column \(shortColumn + shift)", with: "")
                    == "\(shortError)".replacingOccurrences(of: "column \(shortColumn)", with: ""), "\(long)")
        }
    }

    private static func column(in error: ModelError) -> Int? {
        let text = "\(error)"
        guard let range = text.range(of: "column ") else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }

    @Test func modelsWhoseKeptTextsDifferOnlyInOrderAreEqual() throws {
        let first = try KeptCharge(json: #"{"x":{"a":1,"b":[1.0]}}"#)
        let second = try KeptCharge(json: #"{"x":{"b":[1],"a":1}}"#)
        #expect(first == second)
        #expect(first != (try KeptCharge(json: #"{"x":{"b":[2],"a":1}}"#)))
    }

    @Test func repeatedKeysKeepTheLastValueAsJSONSerializationDoes() throws {
        let charge = try KeptCharge(json: #"{"x":1,"y":{"k":1,"k":2},"x":3}"#)
        #expect(charge[extra: "x"] as? Int == 3)
        #expect((charge[extra: "y"] as? [String: Any])?["k"] as? Int == 2)
        #expect(try charge.jsonString(options: [.compact, .sortedKeys]) == #"{"id":"","x":3,"y":{"k":2}}"#)
    }

    @Test func numbersNoFoundationValueHoldsAreErrorsOrIssues() throws {
        let json = #"{"id":"a","extra":{"n":[1e400]}}"#
        let error = try #require(throws: ModelError.self) { try KeptCharge(json: json) }
        #expect(error.keyPath.description == "extra.n[0]")
        let lenient = try KeptCharge(json: json, options: .lenient)
        #expect(lenient.loadIssues.map(\.keyPath.description) == ["extra.n[0]"])
        #expect(lenient.unknownValues.isEmpty)
        #expect(lenient.id == "a")
    }

    @Test func containersKeepTheirOtherKeys() throws {
        let json = #"{"stats":{"stars":5,"forks":3,"more":{"a":1}}}"#
        let repository = try KeptRepository(json: json)
        #expect(repository.stars == 5)
        #expect(try repository.jsonString(options: .compact) == json)
        repository.stars = 6
        #expect(try repository.jsonString(options: .compact) == #"{"stats":{"stars":6,"forks":3,"more":{"a":1}}}"#)
        #expect(((try repository.dictionary)["stats"] as? [String: Any])?["forks"] as? Int == 3)
        let error = try #require(throws: ModelError.self) { try KeptRepository(json: #"{"stats":{"stars":"many"}}"#) }
        #expect(error.keyPath.description == "stats.stars")
    }

    @Test func everyContainerKeepsItsOtherKeysThroughCopiesComparisonsAndPatches() throws {
        let json = #"{"stats":{"stars":5,"forks":3},"owner":{"login":"o","id":7},"extra":true}"#
        let repository = try KeptTwoContainers(json: json)
        #expect(try repository.jsonString(options: .compact) == json)
        #expect(Set(repository.unknownValues.keys) == ["stats", "owner", "extra"])
        #expect((repository[extra: "owner"] as? [String: Any])?["id"] as? Int == 7)
        let slow = try KeptTwoContainers(json: json, options: .foundationReader)
        #expect(repository == slow)
        #expect(repository.copy() == repository)
        #expect(try ModelSnapshot(repository).makeModel().jsonString(options: .compact) == json)
        let reordered = try KeptTwoContainers(
            json: #"{"extra":true,"owner":{"id":7,"login":"o"},"stats":{"forks":3,"stars":5}}"#)
        #expect(reordered == repository)
        let other = try KeptTwoContainers(json: #"{"stats":{"stars":5,"forks":4},"owner":{"login":"o","id":7}}"#)
        #expect(other != repository)
        // A patch of the first container's other keys replaces them.
        try repository.apply(mergePatch: ["stats": ["forks": NSNull(), "watchers": 2]])
        #expect(
            try repository.jsonString(options: .compact)
                == #"{"stats":{"stars":5,"watchers":2},"owner":{"login":"o","id":7},"extra":true}"#)
        repository.revertChanges()
        #expect(repository == slow)
        #expect(!repository.hasChanges)
        // Loading into the object again sets what the data holds and keeps the rest, as
        // either reader does.
        let update = Data(#"{"stats":{"stars":1},"owner":{"login":"p","id":8}}"#.utf8)
        try repository.load(json: update)
        try slow.load(json: update, options: .foundationReader)
        let expected = #"{"stats":{"stars":1,"forks":3},"owner":{"login":"p","id":8},"extra":true}"#
        #expect(repository == (try KeptTwoContainers(json: expected)))
        #expect(repository == slow)
    }

    @Test func keptValuesSurviveCopiesSnapshotsCodingAndPatches() throws {
        let charge = try KeptCharge(json: #"{"id":"a","meta":{"k":[1.5,"x"]}}"#)
        #expect(charge.copy() == charge)
        #expect(try ModelSnapshot(charge).makeModel() == charge)
        let encoded = try JSONEncoder().encode(charge)
        #expect(try JSONDecoder().decode(KeptCharge.self, from: encoded) == charge)
        let archive = try NSKeyedArchiver.archivedData(withRootObject: charge, requiringSecureCoding: true)
        let unarchived = try NSKeyedUnarchiver.unarchivedObject(ofClass: KeptCharge.self, from: archive)
        #expect(unarchived == charge)
        charge[extra: "meta"] = ["k": 2]
        #expect(charge.changedKeys.contains("meta"))
        #expect(try charge.jsonString(options: .compact) == #"{"id":"a","meta":{"k":2}}"#)
    }

    @Test func nullsOfDeclaredOptionalsComeBackAsTheyCame() throws {
        let json = #"{"id":"a","note":null}"#
        let charge = try KeptCharge(json: json)
        #expect(charge.note == nil)
        #expect(try charge.jsonString(options: .compact) == json)
        #expect(try charge.jsonString(options: [.compact, .foundationWriter]).contains(#""note":null"#))
        #expect((try charge.dictionary)["note"] is NSNull)
        #expect(try KeptCharge(json: json, options: .foundationReader).jsonString(options: .compact) == json)
        #expect(try charge.copy().jsonString(options: .compact) == json)
        #expect(try ModelSnapshot(charge).makeModel().jsonString(options: .compact) == json)
        #expect(String(decoding: try JSONEncoder().encode(charge), as: UTF8.self).contains(#""note":null"#))
        let absent = try KeptCharge(json: #"{"id":"a"}"#)
        #expect(try absent.jsonString(options: .compact) == #"{"id":"a"}"#)
        // Whether a `nil` came as `null` or absent is how it is written, not what it holds.
        #expect(absent == charge && absent.hashValue == charge.hashValue)
        #expect(!charge.hasChanges)
        charge.note = "set"
        #expect(try charge.jsonString(options: .compact) == #"{"id":"a","note":"set"}"#)
        #expect(charge.changedKeys == ["note"])
        charge.note = nil
        #expect(try charge.jsonString(options: .compact) == json)
        #expect(!charge.hasChanges && charge.changedKeys.isEmpty)
    }

    @Test func nullsKeptByEitherReaderAreEqualAndComeBackAfterARevert() throws {
        let json = #"{"id":"a","note":null}"#
        let fast = try KeptCharge(json: json)
        let slow = try KeptCharge(json: json, options: .foundationReader)
        #expect(try fast.jsonString(options: .compact) == json)
        #expect(fast == slow)
        #expect(fast.copy() == slow)
        fast.note = "x"
        #expect(fast != slow)
        fast.revertChanges()
        #expect(fast.note == nil)
        #expect(try fast.jsonString(options: .compact) == json)
        #expect(fast == slow)
        let loadedInto = try KeptCharge(json: #"{"id":"b","note":"n"}"#)
        try loadedInto.load(json: Data(json.utf8))
        #expect(try loadedInto.jsonString(options: .compact) == json)
    }

    @Test func nullsInsideContainersComeBackAsTheyCame() throws {
        let json = #"{"stats":{"stars":null,"forks":3}}"#
        let repository = try KeptOptionalRepository(json: json)
        #expect(try repository.jsonString(options: .compact) == json)
        // Comparing, and asking for the dictionary form, leave the container as it came.
        #expect(repository == (try KeptOptionalRepository(json: json, options: .foundationReader)))
        #expect(try repository.jsonString(options: .compact) == json)
        #expect((try repository.dictionary["stats"] as? [String: Any])?["stars"] is NSNull)
        #expect(try repository.jsonString(options: .compact) == json)
        #expect(try repository.copy().jsonString(options: .compact) == json)
        // A container whose kept values are Foundation values is written as its dictionary
        // form, keys sorted.
        #expect(
            try KeptOptionalRepository(json: json, options: .foundationReader).jsonString(options: .compact)
                == #"{"stats":{"forks":3,"stars":null}}"#)
        #expect(
            try KeptOptionalRepository(json: #"{"stats":{"forks":3}}"#).jsonString(options: .compact)
                == #"{"stats":{"forks":3}}"#)
    }

    @Test func theArticlesInvoiceComesBackAsItCame() throws {
        let json =
            #"{"object":"invoice","id":"in_1","amount_due":1000,"description":null,"amount_paid":1.0e3,"lines":{"object":"list","data":[]}}"#
        let invoice = try KeptInvoice(json: json)
        #expect(invoice.amountDue == 1000 && invoice.summary == nil)
        #expect(try invoice.jsonString(options: .compact) == json)
    }

    @Test func nilIsNullForClassesThatAskForIt() throws {
        let object = KeptStrictNulls()
        #expect(try object.jsonString(options: [.compact, .withoutHeader]) == #"{"note":null}"#)
        #expect((try object.dictionary)["note"] is NSNull)
        object.note = "x"
        #expect(try object.jsonString(options: [.compact, .withoutHeader]) == #"{"note":"x"}"#)
    }

    @Test func dejalObjectDataKeepsItsUnknownKeysInOrder() throws {
        let json = #"{"version":1,"representedClassName":"Demo","text":"Bar","zeta":[1.0],"alpha":{"b":1,"a":2}}"#
        let demo = try KeptDemo(json: json)
        #expect(demo.text == "Bar")
        #expect(try demo.jsonString(options: .compact) == json)
    }
}
