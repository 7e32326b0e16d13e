import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// Records whose strings hold what could confuse a splitter: brackets, braces, commas, quotes
/// and backslashes, escapes, and characters of two, three and four bytes.
private let trickyRecords = [
    #"{"id":1,"note":"a ] } , [ { \" \\ \\\" end","customer":{"id":"c\"1","name":"Zoë"}}"#,
    #"{"id":2,"note":"\u00e9\ud83d\ude00 \\","customer":{"id":"c2","name":"日本語 😀"}}"#,
    #"{"id":3,"note":"\n\t\/","customer":{"id":"\\\\","name":""},"extra":[1,[2,{"x":"]"}]]}"#,
]

@Suite struct RecordReadingTests {
    @Test func readsJSONLinesAsTheArrayReaderDoes() async throws {
        let lines = trickyRecords.joined(separator: "\n") + "\n"
        let expected = try [RecordOrder](json: "[" + trickyRecords.joined(separator: ",") + "]")
        let models = try await collect(RecordOrder.records(from: chunks(of: lines, size: 4096)))
        #expect(try compactForms(models) == compactForms(expected))
        #expect(models.map(\.id) == [1, 2, 3])
        #expect(models[1].customer.name == "日本語 😀")
    }

    @Test func splitsRecordsWhereverTheChunksEnd() async throws {
        let lines = trickyRecords.joined(separator: "\n")
        let array = " [\n" + trickyRecords.joined(separator: " ,\n ") + "\n] "
        let list =
            #"{"object":"list","url":"/v1/x?a=[1]","data":["# + trickyRecords.joined(separator: ",")
            + #"],"has_more":false,"meta":{"data":"]"}}"#
        let expected = try compactForms([RecordOrder](json: "[" + trickyRecords.joined(separator: ",") + "]"))
        let inputs: [(String, RecordFormat)] = [(lines, .jsonLines), (array, .array), (list, .array(at: ["data"]))]
        for (text, format) in inputs {
            for size in 1...Array(text.utf8).count {
                let models = try await collect(RecordOrder.records(from: chunks(of: text, size: size), format: format))
                #expect(try compactForms(models) == expected, "\(format), chunks of \(size)")
            }
        }
    }

    @Test func readsSingleBytes() async throws {
        let text = trickyRecords.joined(separator: "\r\n")
        let models = try await collect(RecordOrder.records(from: singleBytes(of: text)))
        #expect(models.map(\.id) == [1, 2, 3])
    }

    @Test func acceptsCarriageReturnsAndBlankLines() async throws {
        let text = "\r\n{\"id\":1}\r\n\n  \t\r\n{\"id\":2}\r\n\r\n{\"id\":3}"
        var issues: [RecordIssue] = []
        let options = RecordOptions(onError: .skip { issues.append($0) })
        let models = try await collect(RecordOrder.records(from: chunks(of: text, size: 3), options: options))
        #expect(models.map(\.id) == [1, 2, 3])
        #expect(issues.isEmpty)
    }

    @Test func readsAnEmptyStream() async throws {
        #expect(try await collect(RecordOrder.records(from: chunks(of: "", size: 1))).isEmpty)
        #expect(try await collect(RecordOrder.records(from: chunks(of: "\n\n", size: 1))).isEmpty)
        #expect(try await collect(RecordOrder.records(from: chunks(of: " [ ] ", size: 1), format: .array)).isEmpty)
        let list = #"{"data":[]}"#
        #expect(
            try await collect(RecordOrder.records(from: chunks(of: list, size: 2), format: .array(at: ["data"])))
                .isEmpty)
    }

    @Test func readsTheArrayAtANestedKeyPath() async throws {
        let text = #"{"a":1,"result":{"page":{"n":2},"items":[{"id":7},{"id":8}],"more":true},"z":[]}"#
        let models = try await collect(
            RecordOrder.records(from: chunks(of: text, size: 5), format: .array(at: ["result", "items"])))
        #expect(models.map(\.id) == [7, 8])
    }

    @Test func matchesKeysWithEscapes() async throws {
        let text = #"{"d\u0061ta":[{"id":4}]}"#
        let models = try await collect(
            RecordOrder.records(from: chunks(of: text, size: 3), format: .array(at: ["data"])))
        #expect(models.map(\.id) == [4])
    }

    @Test func createsTheSubclassesThatRecordsName() async throws {
        let text = """
            {"id":1}
            {"representedClassName":"RecordRefund","id":2,"reason":"damaged"}
            """
        let models = try await collect(RecordOrder.records(from: chunks(of: text, size: 7)))
        #expect(type(of: models[0]) == RecordOrder.self)
        let refund = try #require(models[1] as? RecordRefund)
        #expect(refund.reason == "damaged")
    }

    @Test func loadsWithTheRecordOptions() async throws {
        let text = #"{"id":1,"customer":{"id":5}}"#
        let options = RecordOptions(load: .lenient)
        let models = try await collect(RecordOrder.records(from: chunks(of: text, size: 4), options: options))
        #expect(models.count == 1)
        #expect(models[0].loadIssues.map(\.description) == ["customer.id: expected a string, found 5"])
        let strict = RecordOrder.records(from: chunks(of: text, size: 4))
        #expect(await firstError(of: strict) is ModelError)
    }

    @Test func readsAFile() async throws {
        let directory = try makeRecordsDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("orders.jsonl")
        let lines = (0..<10_000).map { #"{"id":\#($0),"note":"order \#($0)","customer":{"id":"c\#($0)"}}"# }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        let models = try await collect(RecordOrder.records(contentsOf: url))
        #expect(models.map(\.id) == Array(0..<10_000))
        #expect(models.last?.customer.id == "c9999")
        // Each iteration reads the file again from its start.
        let again = try await collect(RecordOrder.records(contentsOf: url))
        #expect(again.count == 10_000)
    }

    @Test func reportsAFileThatCannotBeOpened() async throws {
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString).jsonl")
        do {
            _ = try await collect(RecordOrder.records(contentsOf: url))
            Issue.record("reading a missing file did not throw")
        } catch let error as ModelError {
            guard case .fileError(let message) = error.reason else {
                Issue.record("unexpected reason \(error.reason)")
                return
            }
            #expect(message.contains("could not open"))
        }
    }
}
