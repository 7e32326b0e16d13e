import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Errors that carry their coding path, and graphs and values that cannot be coded: nulls,
// unrelated class names, nesting too deep, cycles and numbers that are not finite.

extension CodableTests {
    @Test func valueErrorsCarryTheCodingPath() throws {
        let json = #"""
            {
              "title": "Mail",
              "note": {"children": [{}, {"number": "many"}]},
              "notes": []
            }
            """#
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(Envelope.self, from: Data(json.utf8))
        }
        #expect(codingPath(of: error) == ["note", "children", "1", "number"])
        guard case .typeMismatch(let type, let context) = error else {
            Issue.record("expected typeMismatch, found \(error)")
            return
        }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
        #expect(context.debugDescription == #"children[1].number: expected a number, found "many""#)
        let underlying = try #require(context.underlyingError as? ModelError)
        #expect(underlying.reason == .typeMismatch(expected: "a number", found: #""many""#))
    }

    @Test func errorsAtTheTopLevelCarryTheCodingPath() throws {
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(CodedNote.self, from: Data(#"{"label": {"red": "red"}}"#.utf8))
        }
        #expect(codingPath(of: error) == ["label", "red"])
    }

    @Test func nullForANonOptionalPropertyIsAnError() throws {
        let error = try #require(throws: DecodingError.self) {
            try PropertyListDecoder().decode(
                CodedNote.self, from: CodableFormat.xmlPropertyList.encode(["text": String?.none]))
        }
        #expect(codingPath(of: error) == ["text"])
    }

    @Test func unrelatedClassNamesAreErrors() throws {
        // Its first use registers the class, so that the name is known.
        #expect(try CodedColor().dictionary["representedClassName"] as? String == "CodedColor")
        let json = #"{"representedClassName": "CodedColor"}"#
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(AnyShape.self, from: Data(json.utf8))
        }
        #expect(codingPath(of: error) == ["representedClassName"])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CodedShape.self, from: Data(json.utf8))
        }
    }

    @Test func aTopLevelValueThatIsNotAnObjectIsAnError() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CodedNote.self, from: Data("[1, 2]".utf8))
        }
    }

    @Test func deeplyNestedPropertyListsAreErrorsNotCrashes() throws {
        let depth = 2 * LoadContext.maximumDepth + 10
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            \(String(repeating: "<dict><key>deeper</key>", count: depth))<integer>1</integer>\
            \(String(repeating: "</dict>", count: depth))
            </plist>
            """
        let error = try #require(throws: DecodingError.self) {
            try PropertyListDecoder().decode(CodedNote.self, from: Data(xml.utf8))
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, found \(error)")
            return
        }
        #expect(context.debugDescription.contains("nested more than"))
    }

    @Test func deeplyNestedJSONIsAnErrorNotACrash() throws {
        let depth = 10_000
        let json = #"{"deep": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CodedNote.self, from: Data(json.utf8))
        }
    }

    @Test func cyclesAreEncodingErrors() throws {
        let loop = CodedLoop()
        loop.next = CodedLoop()
        loop.next?.next = loop
        let error = try #require(throws: EncodingError.self) {
            try JSONEncoder().encode([loop])
        }
        guard case .invalidValue(_, let context) = error else {
            Issue.record("expected invalidValue, found \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["Index 0", "next", "next"])
        #expect(context.underlyingError is ModelError)
        loop.next?.next = nil
    }

    @Test func nonFiniteNumbersFollowTheEncodersStrategy() throws {
        let note = CodedNote()
        note.ratio = .infinity
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(note) }
        let decoded = try CodableFormat.binaryPropertyList.roundTrip(note)
        #expect(decoded.ratio == .infinity)
    }
}
