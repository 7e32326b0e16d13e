import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// Random models from `ModelGenerator`, each written and read back every way ModelKit offers.
///
/// Every test walks the same seeds, `TestSize.seeds`, so a failure names a seed that
/// reproduces it: 10 in the everyday `swift test`, 100 with `MODELKIT_FULL_TESTS=1` (as
/// `.ci/run` runs), and others with `MODELKIT_SEED` and `MODELKIT_SEED_COUNT`, to explore:
///
///     MODELKIT_SEED=1000 MODELKIT_SEED_COUNT=2000 swift test --filter GeneratedRoundTripTests
@Suite(.tags(.generated)) struct GeneratedRoundTripTests {
    static let seeds = TestSize.seeds

    static let writeOptions: [WriteOptions] = [
        [], [.compact], [.sortedKeys], [.compact, .sortedKeys, .withoutEscapingSlashes],
        [.foundationWriter], [.foundationWriter, .compact], [.foundationWriter, .sortedKeys, .withoutEscapingSlashes],
    ]

    @Test(arguments: writeOptions)
    func jsonRoundTrips(options: WriteOptions) {
        for seed in Self.seeds {
            let model = generatedModel(seed: seed, isForFoundationWriter: options.contains(.foundationWriter))
            check(seed, "JSON written with options \(options.rawValue)") {
                let json = try model.jsonData(options: options)
                let loaded = try GeneratedNode(json: json)
                expectEqual(loaded, model, seed: seed)
                if !options.contains(.foundationWriter) {
                    let again = try loaded.jsonData(options: options)
                    #expect(again == json, "seed \(seed): written again, the bytes differ")
                }
            }
        }
    }

    /// DejalObject's format drops fractional seconds, so a model does not survive it unchanged;
    /// what it writes does: loading it and writing it again gives the same bytes, and both
    /// writers' output loads to the same model.
    @Test func dejalObjectFormatIsStable() {
        for seed in Self.seeds {
            let model = generatedModel(seed: seed, isForFoundationWriter: true)
            check(seed, "JSON written in DejalObject's format") {
                let json = try model.jsonData(options: .dejalObjectFormat)
                let loaded = try GeneratedNode(json: json)
                let again = try loaded.jsonData(options: .dejalObjectFormat)
                #expect(again == json, "seed \(seed): written again, the bytes differ")
                let foundation = try model.jsonData(options: [.dejalObjectFormat, .foundationWriter])
                expectEqual(try GeneratedNode(json: foundation), loaded, seed: seed)
            }
        }
    }

    @Test func dictionaryRoundTrips() {
        for seed in Self.seeds {
            let model = generatedModel(seed: seed)
            check(seed, "dictionary") {
                let loaded = try GeneratedNode(dictionary: model.dictionary)
                expectEqual(loaded, model, seed: seed)
                expectEqual(try GeneratedNode.make(dictionary: model.dictionary), model, seed: seed)
            }
        }
    }

    @Test func jsonLoadsIntoAnExistingObject() {
        for seed in Self.seeds {
            let model = generatedModel(seed: seed)
            check(seed, "load(json:)") {
                // Loading leaves keys that the data lacks as they are, and a nil optional is
                // left out of the data, so the target starts without the optionals of the
                // root; the nested objects are replaced whole.
                let target = generatedModel(seed: seed &+ 1_000_000)
                target.next = nil
                target.optionalColor = nil
                target.optionalDate = nil
                target.optionalInterval = nil
                target.optionalData = nil
                target.optionalTime = nil
                target.timeline = nil
                target.union = nil
                target.clearChanges()
                try target.load(json: model.jsonData())
                expectEqual(target, model, seed: seed)
                #expect(!target.hasAnyChanges, "seed \(seed): a loaded object has changes")
            }
        }
    }

    @Test func fileRoundTrips() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for seed in Self.seeds {
            let model = generatedModel(seed: seed)
            check(seed, "file") {
                let url = directory.appendingPathComponent("model-\(seed).json")
                try model.save(to: url)
                let loaded = try GeneratedNode(contentsOf: url)
                expectEqual(loaded, model, seed: seed)
            }
        }
    }

    @Test func copiesAreEqualAndIndependent() {
        for seed in Self.seeds {
            let model = generatedModel(seed: seed)
            check(seed, "copy") {
                let copy = model.copy()
                expectEqual(copy, model, seed: seed)
                let isSameObject = copy === model
                #expect(!isSameObject, "seed \(seed): copy() returned the original")
                let sameHash = copy.hash == model.hash
                #expect(sameHash, "seed \(seed): the copy hashes differently")
                let json = try copy.jsonData()
                #expect(json == (try model.jsonData()), "seed \(seed): the copy writes different bytes")
                copy.scalars.text += "changed"
                let stillEqual = copy == model
                #expect(!stillEqual, "seed \(seed): changing the copy changed the original")
            }
        }
    }

    @Test func sameSeedGivesSameModel() throws {
        for seed in Self.seeds.prefix(20) {
            let first = try generatedModel(seed: seed).jsonData()
            let second = try generatedModel(seed: seed).jsonData()
            #expect(first == second, "seed \(seed)")
        }
    }

    /// Values that generated models lost before ModelKit handled them, each written by both
    /// writers and read back.
    @Test(arguments: [
        // JSONSerialization on Linux reads numbers of 17 or more digits as NSDecimalNumber, whose
        // doubleValue was off by one unit in the last place.
        "0.30000000000000004", "1.0000000000000002", "-1.9347573368758538e-13", "54640.646890440956",
        // ... and 19-digit integers the same way, which went through Double.
        "-9223372036854775807", "-9223372036854775808", "9223372036854775807",
    ])
    func numbersReadAsDecimalsKeepEveryDigit(text: String) throws {
        let expected = try #require(Double(text))
        let model = FuzzScalars()
        model.double = expected
        model.int64 = Int64(text) ?? 0
        for options in [WriteOptions(), .foundationWriter] {
            let loaded = try FuzzScalars(json: model.jsonData(options: options))
            #expect(loaded.double.bitPattern == expected.bitPattern, "\(text), options \(options.rawValue)")
            #expect(loaded.int64 == model.int64, "\(text), options \(options.rawValue)")
        }
    }

    @Test(arguments: ["88981064.08632439", "9601408442929.284", "-0.1234567890123456", "12345678901234567890.12345678"])
    func decimalsKeepEveryDigit(text: String) throws {
        let model = FuzzScalars()
        model.decimal = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        let loaded = try FuzzScalars(json: model.jsonData())
        #expect(loaded.decimal == model.decimal)
        #expect(try FuzzScalars(dictionary: model.dictionary).decimal == model.decimal)
    }

    @Test(arguments: ["\u{FEFF}", "\u{FEFF}leading", "after\n\u{FEFF}escape", "mid\u{FEFF}dle", "\u{FEFF}\u{FEFF}"])
    func byteOrderMarksInsideStringsSurvive(text: String) throws {
        let model = FuzzCollections()
        model.strings = [text]
        model.textByKey = [text: text]
        for options in [WriteOptions(), .foundationWriter, [.foundationWriter, .compact]] {
            let loaded = try FuzzCollections(json: model.jsonData(options: options))
            #expect(loaded.strings == [text], "options \(options.rawValue)")
            #expect(loaded.textByKey == [text: text], "options \(options.rawValue)")
        }
    }

    @Test func negativeZeroKeepsItsSignThroughModelKitsWriter() throws {
        let model = FuzzScalars()
        model.double = -0.0
        model.float = -0.0
        let loaded = try FuzzScalars(json: model.jsonData())
        #expect(loaded.double.sign == .minus && loaded.double == 0)
        #expect(loaded.float.sign == .minus && loaded.float == 0)
    }

    /// Expects two models to be equal, naming the seed and the first difference when not,
    /// without printing the (large) models themselves.
    private func expectEqual(_ actual: GeneratedNode, _ expected: GeneratedNode, seed: UInt64) {
        let isEqual = actual == expected
        #expect(isEqual, "seed \(seed): \(difference(expected, actual))")
    }

    private func generatedModel(seed: UInt64, isForFoundationWriter: Bool = false) -> GeneratedNode {
        var generator = ModelGenerator(seed: seed, isForFoundationWriter: isForFoundationWriter)
        return generator.node()
    }

    /// Runs one round trip, recording a thrown error as an issue that names the seed.
    private func check(_ seed: UInt64, _ roundTrip: String, _ body: () throws -> Void) {
        do {
            try body()
        } catch {
            Issue.record("seed \(seed): \(roundTrip) threw \(error)")
        }
    }
}

/// Where two models' dictionary forms first differ, to make a failing seed quick to read.
private func difference(_ expected: ModelObject, _ actual: ModelObject) -> String {
    do {
        let path = firstDifference(try expected.dictionary, try actual.dictionary, at: "")
        return path.map { "first difference at \($0)" } ?? "the dictionary forms do not differ"
    } catch {
        return "no dictionary form: \(error)"
    }
}

private func firstDifference(_ lhs: Any, _ rhs: Any, at path: String) -> String? {
    if let left = lhs as? [String: Any], let right = rhs as? [String: Any] {
        for key in Set(left.keys).union(right.keys).sorted() {
            guard let leftValue = left[key], let rightValue = right[key] else { return "\(path).\(key) (missing)" }
            if let found = firstDifference(leftValue, rightValue, at: "\(path).\(key)") { return found }
        }
        return nil
    }
    if let left = lhs as? [Any], let right = rhs as? [Any] {
        guard left.count == right.count else { return "\(path) (\(left.count) versus \(right.count) elements)" }
        for (index, (leftValue, rightValue)) in zip(left, right).enumerated() {
            if let found = firstDifference(leftValue, rightValue, at: "\(path)[\(index)]") { return found }
        }
        return nil
    }
    if let left = lhs as? NSNumber, let right = rhs as? NSNumber, left == right { return nil }
    let left = String(describing: lhs)
    let right = String(describing: rhs)
    return left == right ? nil : "\(path): \(left) versus \(right)"
}
