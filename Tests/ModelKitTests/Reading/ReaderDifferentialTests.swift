import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// ModelKit's reader checked against `JSONSerialization` on generated and damaged documents.
///
/// Both readers (the second through `LoadOptions.foundationReader`) load each generated
/// document and each damaged copy of a fuzz seed alike, as `ReaderAgreement` checks. The fuzz
/// seeds and regressions themselves go through the same check in `FuzzRegressionTests`.
///
/// The everyday `swift test` checks a tenth of the documents that `MODELKIT_FULL_TESTS=1` (as
/// `.ci/run` runs) checks; see `TestSize`.
@Suite(.tags(.differential)) struct ReaderDifferentialTests {
    /// The loads compared, by name.
    static var loads: [(String, (Data, LoadOptions) throws -> ModelObject)] {
        [
            ("init(json:)", { try GeneratedNode(json: $0, options: $1) }),
            ("make(json:)", { try GeneratedNode.make(json: $0, options: $1) }),
            ("ModelObject.make(json:)", { try ModelObject.make(json: $0, options: $1) }),
            (
                "load(json:)",
                { data, options in
                    let target = GeneratedNode()
                    target.name = "existing"
                    try target.load(json: data, options: options)
                    return target
                }
            ),
        ]
    }

    /// Each layout of each writer: indented and compact, sorted and not, slashes escaped or not.
    static let writeOptions: [WriteOptions] = [
        [], [.compact, .sortedKeys, .withoutEscapingSlashes], [.foundationWriter], [.foundationWriter, .sortedKeys],
    ]

    @Test(arguments: writeOptions)
    func generatedDocumentsLoadAlike(options: WriteOptions) throws {
        // A tenth of the seeds of the round trips: every document loads sixteen ways here.
        for seed in TestSize.tenthOfSeeds {
            var generator = ModelGenerator(seed: seed, isForFoundationWriter: options.contains(.foundationWriter))
            let json = try generator.node().jsonData(options: options)
            compareReaders(on: json, loads: Self.loads) {
                "seed \(seed), written with options \(options.rawValue): \($0)"
            }
        }
    }

    /// Copies of the fuzz seeds with a few bytes deleted, replaced or inserted, or a token
    /// that often matters put in: wrong types, numbers at the edges of their ranges, repeated
    /// keys, class names and versions out of place, broken escapes.
    @Test func damagedDocumentsLoadAlike() throws {
        registerFuzzModels()
        let seeds = try FuzzRegressionTests.inputs.map { try Data(contentsOf: $0) }
        var random = SplitMix64(seed: 0x5245_4144)
        for round in 0..<TestSize.rounds(300) {
            var bytes = [UInt8](seeds[Int(random.next() % UInt64(seeds.count))])
            for _ in 0..<(1 + random.next() % 3) where !bytes.isEmpty {
                let offset = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes.remove(at: offset)
                case 1: bytes[offset] = UInt8(truncatingIfNeeded: random.next())
                default:
                    bytes.insert(contentsOf: Self.tokens[Int(random.next() % UInt64(Self.tokens.count))], at: offset)
                }
            }
            compareReaders(on: Data(bytes), loads: Self.fuzzLoads) {
                "round \(round): \($0)\n\(String(decoding: bytes, as: UTF8.self))"
            }
        }
    }

    /// The loads of the fuzz check.
    static var fuzzLoads: [(String, (Data, LoadOptions) throws -> ModelObject)] {
        [
            ("init(json:)", { try FuzzModel(json: $0, options: $1) }),
            ("make(json:)", { try FuzzModel.make(json: $0, options: $1) }),
            ("FuzzShape.make(json:)", { try FuzzShape.make(json: $0, options: $1) }),
            ("ModelObject.make(json:)", { try ModelObject.make(json: $0, options: $1) }),
            (
                "load(json:)",
                { data, options in
                    let target = FuzzModel()
                    target.renamed = "existing"
                    target.children = [FuzzModel()]
                    target.clearChanges()
                    try target.load(json: data, options: options)
                    return target
                }
            ),
        ]
    }

    static let tokens: [[UInt8]] = [
        "1e400", "-0", ",", "\"", "\\u0000", "\\ud800", "\u{FEFF}", "\"version\":0", "\"version\":5",
        "\"representedClassName\":\"FuzzCircle\"", "null", "[", "]", "{", "}", "true", "1.5",
        "12345678901234567890", "-9223372036854775808", "0.30000000000000004", "\"x\":1", "1E5", "[1,]",
        "\"scalars\":{}", "\"children\":[{}]", "\"renamed_key\":3", "\"int\":\"a\"", "\"double\":1e400",
        "\"checked\":{\"low\":1}", "\"items\":[{\"low\":2}]", "\"lossless\":{\"int\":\"3\"}", "\"text\":2.5",
        "\"flag\":\"true\"", "\"3.5\"",
    ].map { Array($0.utf8) }
}

/// Loads `json` each way of `loads`, strict and lenient, through both readers, and records
/// every disagreement with the description that `describe` gives it.
func compareReaders(
    on json: Data,
    loads: [(String, (Data, LoadOptions) throws -> ModelObject)],
    describe: (String) -> String
) {
    var problems: [String] = []
    let agreement = ReaderAgreement(input: json) { problems.append($0) }
    for options in [LoadOptions(), .lenient] {
        for (name, load) in loads {
            let own = Result { try load(json, options) }.mapError { $0 as? ModelError ?? ModelError(.custom("\($0)")) }
            let reference = Result { try load(agreement.foundationInput, options.union(.foundationReader)) }
                .mapError { $0 as? ModelError ?? ModelError(.custom("\($0)")) }
            agreement.check(name, options: options, own: own, reference: reference)
        }
    }
    for problem in problems { Issue.record(Comment(rawValue: describe(problem))) }
}
