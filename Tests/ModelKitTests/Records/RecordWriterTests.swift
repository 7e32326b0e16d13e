import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

@Suite struct RecordWriterTests {
    private func orders(_ ids: Range<Int>) -> [RecordOrder] {
        ids.map { id in
            let order = RecordOrder()
            order.id = id
            order.note = "order \"\(id)\"\n"
            order.customer.id = "c\(id)"
            return order
        }
    }

    @Test(arguments: [RecordFormat.jsonLines, .array, .array(at: ["data"]), .array(at: ["result", "items"])])
    func writesWhatReadingReadsBack(format: RecordFormat) async throws {
        let directory = try makeRecordsDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("orders")
        let written = orders(0..<500)
        let writer = try ModelRecordWriter<RecordOrder>(contentsOf: url, format: format)
        try writer.write(written[0])
        try writer.write(written[1...])
        #expect(writer.count == 500)
        try writer.finish()
        let read = try await collect(RecordOrder.records(contentsOf: url, format: format))
        #expect(try compactForms(read) == compactForms(written))
        let text = try String(contentsOf: url, encoding: .utf8)
        if format == .jsonLines {
            #expect(text.split(separator: "\n").count == 500)
            #expect(text.hasSuffix("}\n"))
        } else {
            let document = try JSONSerialization.jsonObject(with: Data(text.utf8))
            #expect(format == .array ? document is [Any] : document is [String: Any])
        }
    }

    @Test func writesAnEmptyArray() async throws {
        let directory = try makeRecordsDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("empty.json")
        let writer = try ModelRecordWriter<RecordOrder>(contentsOf: url, format: .array(at: ["data"]))
        try writer.finish()
        #expect(try String(contentsOf: url, encoding: .utf8) == "{\"data\":[\n]}\n")
        #expect(try await collect(RecordOrder.records(contentsOf: url, format: .array(at: ["data"]))).isEmpty)
    }

    @Test func leavesTheOldFileWholeUntilFinished() throws {
        let directory = try makeRecordsDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("orders.jsonl")
        let old = Data(#"{"id":1}"#.utf8 + [0x0A])
        try old.write(to: url)
        do {
            let writer = try ModelRecordWriter<RecordOrder>(contentsOf: url)
            try writer.write(orders(0..<20_000))
            #expect(try Data(contentsOf: url) == old)
            // Dropped without finish(): the new file goes, the old one stays.
        }
        #expect(try Data(contentsOf: url) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["orders.jsonl"])
    }

    @Test func keepsThePermissionsOfTheFile() throws {
        let directory = try makeRecordsDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("orders.jsonl")
        try Data("{}\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: url.path)
        let writer = try ModelRecordWriter<RecordOrder>(contentsOf: url)
        try writer.write(orders(0..<3))
        try writer.finish()
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
        #expect(try String(contentsOf: url, encoding: .utf8).split(separator: "\n").count == 3)
    }

    @Test func appendsWholeLines() async throws {
        let directory = try makeRecordsDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("log.jsonl")
        try Data(#"{"id":100}"#.utf8 + [0x0A]).write(to: url)
        let first = try ModelRecordWriter<RecordOrder>(appendingTo: url)
        try first.write(orders(0..<2))
        // Each record is on disk as soon as it is written, before finish().
        #expect(try String(contentsOf: url, encoding: .utf8).split(separator: "\n").count == 3)
        try first.finish()
        let second = try ModelRecordWriter<RecordOrder>(appendingTo: url)
        try second.write(orders(2..<3))
        try second.finish()
        let read = try await collect(RecordOrder.records(contentsOf: url))
        #expect(read.map(\.id) == [100, 0, 1, 2])
        #expect(throws: ModelError.self) { try second.write(orders(3..<4)) }
    }

    @Test func leavesOutAModelThatCannotBeWritten() async throws {
        let directory = try makeRecordsDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("orders.jsonl")
        let writer = try ModelRecordWriter<RecordOrder>(contentsOf: url)
        let bad = RecordOrder()
        bad.placed = Date(timeIntervalSinceReferenceDate: .nan)
        try writer.write(orders(0..<1))
        let error = try #require(throws: ModelError.self) { try writer.write(bad) }
        #expect(error.keyPath.description == "[1].placed")
        try writer.write(orders(1..<2))
        try writer.finish()
        let read = try await collect(RecordOrder.records(contentsOf: url))
        #expect(read.map(\.id) == [0, 1])
    }
}
