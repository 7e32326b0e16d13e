import Foundation
import ModelKit

/// Generates the texts of the partial workload, checks that every reader reads them alike,
/// and times the rows.
struct PartialMeasurer {
    /// A generated answer.
    struct Text {
        let label: String
        let bytes: [UInt8]
        let data: Data
        let steps: Int
    }

    let arguments: Arguments
    /// The rows, each with the size of its text.
    let rows: [PartialRow]
    /// The texts that the rows read, smallest first.
    let texts: [Text]
    private let decoder = JSONDecoder()

    /// Generates the texts of `sizes` that `rows` read, each from the benchmark's seed.
    init(arguments: Arguments, rows: [PartialRow], sizes: [PartialWorkload.Size]) {
        self.arguments = arguments
        texts = sizes.filter { size in rows.contains { $0.textLabel == size.label } }.map { size in
            var generator = AnswerGenerator(seed: Benchmark.seed)
            let (bytes, steps) = generator.makeAnswer(bytes: size.bytes)
            return Text(label: size.label, bytes: bytes, data: Data(bytes), steps: steps)
        }
        self.rows = rows.map { [texts] row in
            var row = row
            row.textBytes = texts.first { $0.label == row.textLabel }?.bytes.count ?? row.textBytes
            return row
        }
    }

    var summaries: [(label: String, bytes: Int, steps: Int)] {
        texts.map { ($0.label, $0.bytes.count, $0.steps) }
    }

    private func text(of row: PartialRow) -> Text {
        texts.first { $0.label == row.textLabel } ?? texts[0]
    }

    // MARK: Checks

    /// Fails unless `init(json:)` and `JSONDecoder` read each text to the same values, the
    /// loader shows the recipe halfway through and ends equal to `init(json:)`, and the last
    /// completed prefix decodes to the whole text's values.
    ///
    /// - Returns: Notes on the completed prefixes that did not decode.
    func check() throws -> [String] {
        var notes: [String] = []
        for text in texts {
            let whole = try AnswerRecipe(json: text.data)
            let decoded = try decoder.decode(PlainAnswer.Recipe.self, from: text.data)
            try require(
                whole.steps.count == text.steps && whole.twin == decoded,
                "\(text.label): init(json:) and JSONDecoder read other values")
            for row in rows where row.textLabel == text.label {
                switch row.reader {
                case .loader: try checkLoader(text, pieces: row.pieceBytes, expected: whole)
                case .completedPrefix:
                    notes += try checkCompletedPrefixes(text, pieces: row.pieceBytes, expected: decoded)
                }
            }
        }
        return notes
    }

    private func checkLoader(_ text: Text, pieces: Int, expected: AnswerRecipe) throws {
        let what = "PartialLoader, \(text.label) in pieces of \(pieces) bytes"
        let recipe = AnswerRecipe()
        let loader = PartialLoader(into: recipe)
        let half = text.bytes.count / 2 / pieces * pieces
        try Self.append(text.bytes[..<half], to: loader, inPiecesOf: pieces)
        try require(!recipe.title.isEmpty && !recipe.steps.isEmpty, "\(what): halfway, it shows no title or steps")
        try Self.append(text.bytes[half...], to: loader, inPiecesOf: pieces)
        try loader.finish()
        try require(recipe == expected, "\(what): the object differs from init(json:)'s")
        try require(!recipe.hasAnyChanges, "\(what): the object records changes")
    }

    private func checkCompletedPrefixes(_ text: Text, pieces: Int, expected: PlainAnswer.Recipe) throws -> [String] {
        let what = "prefix + JSONDecoder, \(text.label) in pieces of \(pieces.formatted()) bytes"
        var failures = 0
        var decodes = 0
        var latest: PlainAnswer.Recipe?
        for end in stride(from: pieces, to: text.bytes.count + pieces, by: pieces).map({ min($0, text.bytes.count) }) {
            let completed = text.bytes.withUnsafeBufferPointer { buffer in
                PrefixCompleter.complete(UnsafeBufferPointer(rebasing: buffer[..<end]))
            }
            guard let completed else { continue }
            guard (try? JSONSerialization.jsonObject(with: completed)) != nil else {
                let tail = String(decoding: completed.suffix(60), as: UTF8.self)
                throw BenchmarkError("\(what): the completed prefix of \(end) bytes is not JSON: …\(tail)")
            }
            decodes += 1
            if let value = try? decoder.decode(PlainAnswer.Recipe.self, from: completed) {
                latest = value
            } else {
                failures += 1
            }
            if end == text.bytes.count / 2 / pieces * pieces {
                try require(latest?.steps?.isEmpty == false, "\(what): halfway, it shows no steps")
            }
        }
        try require(latest == expected, "\(what): the last prefix decodes to other values than the whole text")
        guard failures > 0 else { return [] }
        return [
            "\(what): \(failures) of \(decodes) completed prefixes did not decode (a cut enum value); "
                + "it keeps the last value that did."
        ]
    }

    private func require(_ condition: Bool, _ what: String) throws {
        if !condition { throw BenchmarkError("partial: \(what)") }
    }

    // MARK: Measuring

    /// Times each row, and, with `withWholeReads`, one `init(json:)` and one `JSONDecoder`
    /// decode of each whole text that the rows read, all sampled in turns.
    func measure(_ rows: inout [PartialRow], withWholeReads: Bool) throws {
        var bodies = rows.map(body)
        var wholeReads: [WholeRead] = []
        for row in rows where withWholeReads && !wholeReads.contains(WholeRead(row)) {
            wholeReads.append(WholeRead(row))
            bodies.append(wholeBody(row))
        }
        FileHandle.standardError.write(Data("measuring partial, \(bodies.count) operations…\n".utf8))
        let medians = try self.medians(bodies)
        for index in rows.indices {
            rows[index].seconds = medians[index]
            let whole = wholeReads.firstIndex(of: WholeRead(rows[index]))
            rows[index].wholeSeconds = whole.map { medians[rows.count + $0] }
        }
    }

    /// A read of a whole text, by the reader of a row: `init(json:)` or `JSONDecoder`.
    private struct WholeRead: Equatable {
        let reader: PartialRow.Reader
        let label: String

        init(_ row: PartialRow) {
            (reader, label) = (row.reader, row.textLabel)
        }
    }

    /// The median seconds of a call of each body, sampled in turns, each sample repeating its
    /// body often enough to last 20 ms: the bodies range from a decode of 10 KB to thousands
    /// of decodes.
    private func medians(_ bodies: [() throws -> Void]) throws -> [Double] {
        let counts = try bodies.map { try arguments.repetitions ?? Measurement.repetitions(toFill: 0.02, $0) }
        let samples = zip(bodies, counts).map { body, count in
            { for _ in 0..<count { try body() } }
        }
        let medians = try Measurement.medians(rounds: arguments.iterations, repetitions: 1, of: samples)
        return zip(medians, counts).map { $0 / Double($1) }
    }

    private func body(_ row: PartialRow) -> () throws -> Void {
        let (bytes, pieces, decoder) = (text(of: row).bytes, row.pieceBytes, decoder)
        switch row.reader {
        case .loader:
            return {
                let recipe = AnswerRecipe()
                let loader = PartialLoader(into: recipe)
                try Self.append(bytes[...], to: loader, inPiecesOf: pieces)
                try loader.finish()
                consume(recipe)
            }
        case .completedPrefix:
            return { consume(Self.decodeEachPrefix(bytes, inPiecesOf: pieces, decoder: decoder)) }
        }
    }

    private func wholeBody(_ row: PartialRow) -> () throws -> Void {
        let (data, decoder) = (text(of: row).data, decoder)
        switch row.reader {
        case .loader: return { consume(try AnswerRecipe(json: data)) }
        case .completedPrefix: return { consume(try decoder.decode(PlainAnswer.Recipe.self, from: data)) }
        }
    }

    /// Appends `bytes` to `loader` in pieces of `size` bytes, each a slice of the whole text.
    private static func append(
        _ bytes: ArraySlice<UInt8>, to loader: PartialLoader<AnswerRecipe>, inPiecesOf size: Int
    ) throws {
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = min(start + size, bytes.endIndex)
            try loader.append(bytes[start..<end])
            start = end
        }
    }

    /// What an app that completes the text so far and decodes it after each piece shows at
    /// the end: the last value that decoded (a prefix that cuts an enum value does not).
    private static func decodeEachPrefix(_ bytes: [UInt8], inPiecesOf size: Int, decoder: JSONDecoder)
        -> PlainAnswer.Recipe?
    {
        bytes.withUnsafeBufferPointer { buffer in
            var latest: PlainAnswer.Recipe?
            var end = 0
            while end < buffer.count {
                end = min(end + size, buffer.count)
                guard let completed = PrefixCompleter.complete(UnsafeBufferPointer(rebasing: buffer[..<end])) else {
                    continue
                }
                latest = (try? decoder.decode(PlainAnswer.Recipe.self, from: completed)) ?? latest
            }
            return latest
        }
    }
}
