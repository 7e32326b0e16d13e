import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

@Suite struct RecordErrorTests {
    /// Line 1 at byte 0, a blank line 2 at byte 9, line 3 at byte 10, and so on.
    private let lines = [
        #"{"id":1}"#,
        "",
        #"{"id":2,"customer":{"id":5}}"#,
        #"{"id":3,"#,
        #"[1]"#,
        #"{"id":4}"#,
    ].joined(separator: "\n")

    @Test func stopsAtTheFirstRecordThatDoesNotLoad() async throws {
        let thrown = await firstError(of: RecordOrder.records(from: chunks(of: lines, size: 5)))
        let modelError = try #require(thrown as? ModelError)
        #expect(modelError.description == "record 1 (line 3, byte 10): customer.id: expected a string, found 5")
        #expect(modelError.record == RecordLocation(index: 1, byteOffset: 10, line: 3))
        #expect(modelError.keyPath.description == "customer.id")
    }

    @Test func skipsAndReportsEachRecordThatDoesNotLoad() async throws {
        var issues: [RecordIssue] = []
        let options = RecordOptions(onError: .skip { issues.append($0) })
        let models = try await collect(RecordOrder.records(from: chunks(of: lines, size: 3), options: options))
        #expect(models.map(\.id) == [1, 4])
        #expect(issues.map(\.index) == [1, 2, 3])
        #expect(issues.map(\.line) == [3, 4, 5])
        #expect(issues.map(\.byteOffset) == [10, 39, 48])
        #expect(issues[0].error.keyPath.description == "customer.id")
        guard case .syntaxError = issues[1].error.reason else {
            Issue.record("a line that is not JSON gave \(issues[1].error)")
            return
        }
        #expect(issues[2].description.hasPrefix("record 3 (line 5, byte 48): "))
    }

    @Test func acceptsARecordOfExactlyTheLimit() async throws {
        let record = #"{"id":1,"note":"xxxx"}"#
        let limit = record.utf8.count
        let text = record + "\r\n" + record
        let options = RecordOptions(maxRecordSize: limit)
        let models = try await collect(RecordOrder.records(from: chunks(of: text, size: 4), options: options))
        #expect(models.count == 2)
        let array = "[" + record + "," + record + "]"
        let elements = try await collect(
            RecordOrder.records(from: chunks(of: array, size: 4), format: .array, options: options))
        #expect(elements.count == 2)
    }

    @Test func skipsALineOverTheLimit() async throws {
        let short = #"{"id":1,"note":"xxxx"}"#
        let long = #"{"id":2,"note":"xxxxx"}"#
        let text = [short, long, short, long].joined(separator: "\n")
        var issues: [RecordIssue] = []
        let options = RecordOptions(maxRecordSize: short.utf8.count, onError: .skip { issues.append($0) })
        for size in [1, 3, 64] {
            issues = []
            let models = try await collect(RecordOrder.records(from: chunks(of: text, size: size), options: options))
            #expect(models.map(\.id) == [1, 1], "chunks of \(size)")
            #expect(issues.map(\.index) == [1, 3])
            #expect(issues.map(\.line) == [2, 4])
            #expect(issues.map(\.byteOffset) == [23, 70])
            #expect(issues.allSatisfy { $0.error.reason == .recordTooLarge(limit: short.utf8.count) })
        }
    }

    @Test func stopsAtARecordOverTheLimitInAnArray() async throws {
        let short = #"{"id":1,"note":"xxxx"}"#
        let long = #"{"id":2,"note":"xxxxx"}"#
        let options = RecordOptions(maxRecordSize: short.utf8.count, onError: .skip { _ in })
        let thrown = await firstError(
            of: RecordOrder.records(from: chunks(of: "[\(short),\(long)]", size: 2), format: .array, options: options))
        let modelError = try #require(thrown as? ModelError)
        #expect(modelError.reason == .recordTooLarge(limit: short.utf8.count))
        #expect(modelError.record?.index == 1)
        #expect(modelError.record?.byteOffset == 24)
    }

    @Test(arguments: [
        #"[{"id":1} {"id":2}]"#,
        #"[{"id":1},]"#,
        #"[{"id":1},,{"id":2}]"#,
        #"[{"id":1}"#,
        #"[{"id":1},{"id":2}}]"#,
        #"[{"id":1}] x"#,
        #"{"id":1}"#,
        #"[{"id":1},{"id":2]"#,
        #"[{"id":1},{"id":"#,
        #"[{"id":1},{"id":1 2}]"#,
    ])
    func stopsAtBrokenArraySyntaxEvenWhenSkipping(text: String) async throws {
        var skipped = 0
        let options = RecordOptions(onError: .skip { _ in skipped += 1 })
        var models: [RecordOrder] = []
        do {
            for try await model in RecordOrder.records(
                from: chunks(of: text, size: 3), format: .array, options: options)
            {
                models.append(model)
            }
            Issue.record("\(text) did not throw")
        } catch let error as ModelError {
            guard case .syntaxError = error.reason else {
                Issue.record("\(text) gave \(error)")
                return
            }
            #expect(error.record != nil)
        }
        // The records before the fault are read; none after it.
        #expect(models.count <= 2)
        #expect(skipped == 0)
    }

    @Test func skipsAnArrayRecordThatIsJSONButDoesNotLoad() async throws {
        let text = #"[{"id":1},{"id":"two"},5,{"id":3}]"#
        var issues: [RecordIssue] = []
        let options = RecordOptions(onError: .skip { issues.append($0) })
        let models = try await collect(
            RecordOrder.records(from: chunks(of: text, size: 4), format: .array, options: options))
        #expect(models.map(\.id) == [1, 3])
        #expect(issues.map(\.index) == [1, 2])
        #expect(issues.map(\.byteOffset) == [10, 23])
        #expect(issues.map(\.line) == [nil, nil])
        #expect(issues[0].description == #"record 1 (byte 10): id: expected a number, found "two""#)
    }

    @Test func reportsAMissingArray() async throws {
        let thrown = await firstError(
            of: RecordOrder.records(from: chunks(of: #"{"items":[]}"#, size: 4), format: .array(at: ["data"])))
        let modelError = try #require(thrown as? ModelError)
        #expect(modelError.description.contains(#"has no array at ["data"]"#))
        let notArray = await firstError(
            of: RecordOrder.records(from: chunks(of: #"{"data":{}}"#, size: 4), format: .array(at: ["data"])))
        #expect((notArray as? ModelError)?.description.contains("expected an array") == true)
        let badSkipped = await firstError(
            of: RecordOrder.records(from: chunks(of: #"{"x":[1,],"data":[]}"#, size: 4), format: .array(at: ["data"])))
        #expect(badSkipped is ModelError)
    }

    @Test func endsWithCancellationError() async throws {
        let lines = (0..<1000).map { #"{"id":\#($0)}"# }.joined(separator: "\n")
        let task = Task {
            var count = 0
            for try await _ in RecordOrder.records(from: chunks(of: lines, size: 100)) {
                count += 1
                if count == 10 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return count
        }
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test func closesTheFileWhenTheLoopBreaks() async throws {
        let directory = try makeRecordsDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("orders.jsonl")
        let lines = (0..<100_000).map { #"{"id":\#($0)}"# }.joined(separator: "\n")
        try Data(lines.utf8).write(to: url)
        let before = try openDescriptorCount()
        var iterator = RecordOrder.records(contentsOf: url).makeAsyncIterator()
        #expect(try await iterator.next()?.id == 0)
        #expect(try openDescriptorCount() == before + 1)
        iterator.close()
        #expect(try openDescriptorCount() == before)
        #expect(try await iterator.next() == nil)
        for try await order in RecordOrder.records(contentsOf: url) where order.id == 5 { break }
        #expect(try openDescriptorCount() == before)
    }
}

@Suite struct RecordArrayLayoutTests {
    /// Records over several lines, one that does not load, and a fault on line 6, column 3.
    private let text = [
        "[",
        #"  {"id":1,"#,
        #"   "note":"a"},"#,
        #"  {"id":"two"},"#,
        #"  {"id":3}"#,
        "  x]",
    ].joined(separator: "\n")

    @Test func locatesIssuesAndFaultsAfterRecordsOverSeveralLines() async throws {
        let recordOffset = try #require(Array(text.utf8).firstRange(of: Array(#"{"id":"two"}"#.utf8))).lowerBound
        for size in [1, 2, 5, 16, 4096] {
            var issues: [RecordIssue] = []
            var models: [RecordOrder] = []
            let options = RecordOptions(onError: .skip { issues.append($0) })
            do {
                for try await model in RecordOrder.records(
                    from: chunks(of: text, size: size), format: .array, options: options)
                {
                    models.append(model)
                }
                Issue.record("chunks of \(size): the fault did not throw")
            } catch let error as ModelError {
                #expect(
                    error.reason == .syntaxError("expected ',' or ']' after a record, found 'x'", line: 6, column: 3))
                #expect(error.record?.index == 3)
                #expect(error.record?.line == 6)
            }
            #expect(models.map(\.id) == [1, 3], "chunks of \(size)")
            #expect(issues.map(\.index) == [1], "chunks of \(size)")
            #expect(issues.map(\.byteOffset) == [recordOffset], "chunks of \(size)")
        }
    }
}
