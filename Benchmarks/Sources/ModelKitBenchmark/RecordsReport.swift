import Foundation
import ModelKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The records workload: a file of generated order records, streamed as JSON Lines and as an
/// array, next to `[Model](json:)` on the same records in memory, `JSONDecoder` line by line,
/// and the record writer next to `jsonData` of the whole array.
///
/// The streams read the whole file; the in-memory contenders, which need the whole document
/// and every object at once, read a sample of the same records (the first `sampleBytes`), and
/// each is compared by its throughput. Each contender reads its records and lets them go,
/// without reading their properties. Times are the process's CPU time.
struct RecordsReport: CustomStringConvertible {
    struct Stream {
        let name: String
        let seconds: Double
        let peakGrowth: Int?
    }

    let fileBytes: Int
    let recordCount: Int
    let sampleBytes: Int
    let jsonLines: Stream
    let array: Stream
    /// Seconds per byte of each contender.
    let inMemoryRate: Double
    let decoderRate: Double
    let writerRate: Double
    let jsonDataRate: Double

    private static let peakLimit = 64 << 20

    /// Streams a generated file of `megabytes` MB as JSON Lines and as an array, and nothing
    /// else: the records workload's ModelKit contender alone, for a profiler.
    static func profile(megabytes: Int) async throws -> String {
        let files = try GeneratedFiles()
        defer { files.remove() }
        let (linesURL, arrayURL) = (files.lines, files.array)
        let (count, bytes) = try generate(megabytes: megabytes, lines: linesURL, array: arrayURL)
        let streams = [
            try await stream(linesURL, format: .jsonLines, name: "JSON Lines", count: count),
            try await stream(arrayURL, format: .array, name: "array", count: count),
        ]
        let rates = streams.map { "\($0.name) \(Int((Double(bytes) / $0.seconds / 1e6).rounded())) MB/s" }
        return "Records, ModelKit alone: \(count.formatted()) records, streaming " + rates.joined(separator: ", ")
    }

    /// The folder of the generated files, in the temporary folder, and their places in it.
    private struct GeneratedFiles {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-records-\(getpid())")
        var lines: URL { directory.appendingPathComponent("orders.jsonl") }
        var array: URL { directory.appendingPathComponent("orders.json") }

        init() throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }

        func remove() {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    static func measure(megabytes: Int) async throws -> RecordsReport {
        let files = try GeneratedFiles()
        defer { files.remove() }
        let (linesURL, arrayURL) = (files.lines, files.array)
        FileHandle.standardError.write(Data("generating \(megabytes) MB of records…\n".utf8))
        let (count, bytes) = try generate(megabytes: megabytes, lines: linesURL, array: arrayURL)
        FileHandle.standardError.write(Data("measuring the records workload…\n".utf8))
        let jsonLines = try await stream(linesURL, format: .jsonLines, name: "JSON Lines", count: count)
        let array = try await stream(arrayURL, format: .array, name: "array", count: count)
        var sampleLines: [Data] = []
        var sampleBytes = 0
        for index in 0..<count {
            let record = StreamRecords.record(index)
            sampleLines.append(Data(record.utf8))
            sampleBytes += record.utf8.count + 1
            if sampleBytes >= min(bytes, 16 << 20) { break }
        }
        let sampleArray = Data("[".utf8) + sampleLines.joined(separator: Data(",".utf8)) + Data("]".utf8)
        let inMemory = try time { _ = try [StreamOrder](json: sampleArray) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let decoded = try time {
            for line in sampleLines { _ = try decoder.decode(PlainStream.Order.self, from: line) }
        }
        let models = try [StreamOrder](json: sampleArray)
        let written = files.directory.appendingPathComponent("written.jsonl")
        let writer = try time {
            let writer = try ModelRecordWriter<StreamOrder>(contentsOf: written)
            try writer.write(models)
            try writer.finish()
        }
        let whole = try time { _ = try models.jsonData(options: .compact) }
        let rate = { (seconds: Double) in seconds / Double(sampleBytes) }
        return RecordsReport(
            fileBytes: bytes, recordCount: count, sampleBytes: sampleBytes, jsonLines: jsonLines, array: array,
            inMemoryRate: rate(inMemory), decoderRate: rate(decoded), writerRate: rate(writer),
            jsonDataRate: rate(whole))
    }

    /// Writes the records as JSON Lines and as an array, until the lines hold `megabytes` MB.
    private static func generate(megabytes: Int, lines: URL, array: URL) throws -> (count: Int, bytes: Int) {
        _ = FileManager.default.createFile(atPath: lines.path, contents: nil)
        _ = FileManager.default.createFile(atPath: array.path, contents: nil)
        let linesFile = try FileHandle(forWritingTo: lines)
        let arrayFile = try FileHandle(forWritingTo: array)
        defer {
            try? linesFile.close()
            try? arrayFile.close()
        }
        var count = 0
        var bytes = 0
        var lineChunk = Data()
        var arrayChunk = Data("[\n".utf8)
        while bytes < megabytes << 20 {
            let record = StreamRecords.record(count)
            lineChunk.append(contentsOf: record.utf8)
            lineChunk.append(0x0A)
            if count > 0 { arrayChunk.append(contentsOf: ",\n".utf8) }
            arrayChunk.append(contentsOf: record.utf8)
            bytes += record.utf8.count + 1
            count += 1
            if lineChunk.count >= 1 << 20 {
                linesFile.write(lineChunk)
                arrayFile.write(arrayChunk)
                lineChunk.removeAll(keepingCapacity: true)
                arrayChunk.removeAll(keepingCapacity: true)
            }
        }
        arrayChunk.append(contentsOf: "\n]\n".utf8)
        linesFile.write(lineChunk)
        arrayFile.write(arrayChunk)
        return (count, bytes)
    }

    private static func stream(_ url: URL, format: RecordFormat, name: String, count: Int) async throws -> Stream {
        let peak = PeakMemory()
        let start = processCPUTime()
        var read = 0
        // Each record is taken and let go, as the other contenders take theirs: reading a
        // property of it is not reading the file.
        for try await order in StreamOrder.records(contentsOf: url, format: format) {
            consume(order)
            read += 1
        }
        let seconds = processCPUTime() - start
        guard read == count else { throw BenchmarkError("\(name): read \(read) records of \(count)") }
        return Stream(name: name, seconds: seconds, peakGrowth: peak?.growth)
    }

    private static func time(_ body: () throws -> Void) throws -> Double {
        try body()
        var samples: [Double] = []
        for _ in 0..<3 {
            let start = processCPUTime()
            try body()
            samples.append(processCPUTime() - start)
        }
        return Measurement.median(samples)
    }

    private static func processCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    // MARK: Bars

    private func streamRate(_ stream: Stream) -> Double { stream.seconds / Double(fileBytes) }

    /// Each check: its label, the measured value, the bar and whether it is met.
    var checks: [(String, String, String, Bool)] {
        var checks: [(String, String, String, Bool)] = []
        for stream in [jsonLines, array] {
            let speed = inMemoryRate / streamRate(stream)
            let againstDecoder = streamRate(stream) / decoderRate
            let peak = stream.peakGrowth.map { Table.megabytes($0) } ?? "n/a"
            checks.append(("\(stream.name): peak memory", peak, "≤ 64 MB", (stream.peakGrowth ?? 0) <= Self.peakLimit))
            checks.append(
                ("\(stream.name): throughput ÷ [Model](json:)", Table.ratio(speed), "≥ 0.80×", speed >= 0.8))
            checks.append(
                (
                    "\(stream.name): time ÷ JSONDecoder by line", Table.ratio(againstDecoder), "≤ 0.30×",
                    againstDecoder <= 0.3
                ))
        }
        let writer = jsonDataRate / writerRate
        checks.append(("writer: throughput ÷ jsonData", Table.ratio(writer), "≥ 0.80×", writer >= 0.8))
        return checks
    }

    var description: String {
        let throughput = { (rate: Double) in "\(Int((1 / rate / 1e6).rounded())) MB/s" }
        var lines = [
            "Records: \(recordCount.formatted()) order records in \(Table.megabytes(fileBytes)) of JSON Lines and as an "
                + "array, streamed from a file by records(contentsOf:); [StreamOrder](json:), JSONDecoder line by line, "
                + "the record writer and jsonData of the array on the first \(Table.megabytes(sampleBytes)) of them "
                + "in memory. Process CPU time; peak is the growth of the resident set (\(PeakMemory.source)).",
            "  streaming JSON Lines \(throughput(streamRate(jsonLines))), array \(throughput(streamRate(array))); "
                + "[Model](json:) \(throughput(inMemoryRate)); JSONDecoder by line \(throughput(decoderRate)); "
                + "writer \(throughput(writerRate)); jsonData \(throughput(jsonDataRate))",
        ]
        for (label, value, bar, met) in checks {
            lines.append("  \(label): \(value) (bar \(bar)) \(met ? "met" : "MISSED")")
        }
        return lines.joined(separator: "\n")
    }
}
