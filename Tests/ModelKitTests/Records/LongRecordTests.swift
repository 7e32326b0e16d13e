import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// Streams of 100 MB, both ways; only with `MODELKIT_FULL_TESTS=1`.
@Suite(.tags(.long), .enabled(if: TestSize.isFull))
struct LongRecordTests {
    /// The peak resident memory of the process so far, in bytes, from `/proc/self/status`.
    private func peakResidentBytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        let kilobytes = try #require(Int(line.split(separator: " ").dropFirst().first ?? ""))
        return kilobytes * 1024
    }

    @Test func streamsAHundredMegabytesInBoundedMemory() async throws {
        let directory = try makeRecordsDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("orders.jsonl")
        let writer = try ModelRecordWriter<RecordOrder>(contentsOf: url)
        let order = RecordOrder()
        order.note = String(repeating: "a note with \"quotes\" and é ", count: 20)
        order.customer.name = "Zoë"
        var count = 0
        while count < 150_000 {
            order.id = count
            order.customer.id = "customer-\(count)"
            try writer.write(order)
            count += 1
        }
        try writer.finish()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)
        #expect(size.intValue >= 100_000_000)
        // The stream's buffer and one record at a time, not the file. The peak is the whole
        // process's, which tests running at the same time raise too: a second stream, from a
        // peak reset to the present, tells a coincidence from the stream's own growth.
        var growth = Int.max
        for _ in 0..<2 where growth >= 64 * 1024 * 1024 {
            resetPeak()
            let before = try peakResidentBytes()
            var read = 0
            var sum = 0
            for try await record in RecordOrder.records(contentsOf: url) {
                #expect(record.customer.id == "customer-\(read)")
                sum += record.id
                read += 1
            }
            #expect(read == count)
            #expect(sum == count * (count - 1) / 2)
            growth = try peakResidentBytes() - before
        }
        #expect(growth < 64 * 1024 * 1024)
    }

    /// Sets the peak resident memory back to the present (Linux's `clear_refs`).
    private func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }
}
