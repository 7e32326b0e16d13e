import Foundation
import ModelKit
import Testing

/// The model of DejalObject's demo, with the two properties its documents use here.
private final class Demo: ModelObject {
    @Saved var text = "Foo"
    @Saved var number = 12345
}

@Suite struct DejalCompatibilityTests {
    static let document =
        #"{"version":1,"representedClassName":"Demo","text":"Foo","number":12345,"extra":{"a":[1,2]}}"#

    @Test func loadsADejalObjectDocument() throws {
        let demo = try Demo(json: Self.document)
        #expect(demo.text == "Foo")
        #expect(demo.number == 12345)
        #expect(!demo.hasChanges)
        let extra = try #require(demo[extra: "extra"] as? [String: Any])
        #expect(sameJSON(extra, ["a": [1, 2]]))
    }

    @Test func resavingKeepsUnknownKeysUnchanged() throws {
        let demo = try Demo(json: Self.document)
        demo.text = "Bar"
        let saved = try jsonObject(demo.jsonString())
        #expect(sameJSON(try #require(saved["extra"] as? [String: Any]), ["a": [1, 2]]))
        #expect(saved["text"] as? String == "Bar")
        #expect(saved["representedClassName"] as? String == "Demo")
        #expect(saved["version"] as? Int == 1)
    }

    @Test func polymorphicMakeReadsTheDocument() throws {
        let demo = try Demo.make(json: Self.document)
        #expect(demo.number == 12345)
    }

    @Test func documentWithoutVersionOrClassNameLoads() throws {
        let demo = try Demo(json: #"{"text":"Old"}"#)
        #expect(demo.text == "Old")
    }

    @Test func prettyPrintedDejalStyleDocumentLoads() throws {
        let text = """
            {
              "version" : 1,
              "representedClassName" : "Demo",
              "text" : "Foo",
              "number" : 12345
            }
            """
        let demo = try Demo(json: text)
        #expect(try demo.jsonString() == text)
    }
}
