import Foundation
import ModelKit
import ModelKitTestSupport

/// The checks of one random document for one generated model (see `ModelDifferentialTests`).
struct DifferentialCheck {
    let model: DifferentialCase
    let seed: UInt64
    /// What names the document in the report: its seed of `TestSize.seeds` and its number.
    let label: String
    let document: DifferentialDocument
    /// The document's text, with random whitespace and escapes.
    let input: Data
    /// The same text with the forms for `JSONDecoder`.
    let decoderInput: Data
    private(set) var report: DifferentialReport

    /// A check of the document that `seed` gives, which `label` names in the report.
    init(model: DifferentialCase, seed: UInt64, label: String, report: DifferentialReport) {
        let document = DifferentialDocuments.make(for: model.shape, seed: seed)
        self.init(model: model, seed: seed, label: label, document: document, report: report)
    }

    /// A check of `document`, which takes its whitespace and escapes from `seed`.
    init(
        model: DifferentialCase, seed: UInt64, label: String = "", document: DifferentialDocument,
        report: DifferentialReport
    ) {
        self.model = model
        self.seed = seed
        self.label = label
        self.report = report
        self.document = document
        var spelling = DifferentialJSON.Spelling(random: SplitMix64(seed: ~seed))
        input = Data(document.json.text(&spelling).utf8)
        spelling = DifferentialJSON.Spelling(isForDecoder: true, random: SplitMix64(seed: ~seed))
        decoderInput = Data(document.json.text(&spelling).utf8)
    }

    /// Reports a problem; the message, which may take long to make, only when the report keeps
    /// it.
    private mutating func fail(_ check: String, _ message: @autoclosure () -> String) {
        let label = label
        let document = document
        report.add(check, label: label) {
            var plain = DifferentialJSON.Spelling()
            return (message(), document.json.text(&plain))
        }
    }

    private mutating func fail(_ check: String, _ differences: [String]) {
        guard !differences.isEmpty else { return }
        fail(check, differences.prefix(4).joined(separator: "; "))
    }

    mutating func run() {
        let loaded = Result { try model.load(input, []) }
        checkStreaming(against: loaded)
        let twin = Result { try model.decodeTwin(decoderInput) }
        if document.exceedsDouble || document.json.containsNumberBeyondDouble {
            // A number beyond the range of Double fails a strict load wherever it is, through
            // both readers (LoadOptions.foundationReader's documentation); JSONDecoder does not
            // look at values it does not decode.
            if case .success = loaded { fail("a number beyond Double loads", "ModelKit's reader loads it") }
            if (try? model.load(input, .foundationReader)) != nil {
                fail("a number beyond Double loads", "the foundation reader loads it")
            }
            return
        }
        switch (loaded, twin) {
        case (.success(let object), .success(let values)):
            fail("ModelKit and JSONDecoder load different values", model.values(object).differences(from: values))
        case (.success, .failure(let error)):
            fail("only JSONDecoder fails", "\(error)")
        case (.failure(let error), .success):
            fail("only ModelKit fails", "\(error)")
        case (.failure, .failure):
            if (try? model.load(input, .foundationReader)) != nil {
                fail("only the foundation reader loads", "ModelKit's reader and JSONDecoder fail")
            }
        }
        guard case .success(let object) = loaded else { return }
        checkHasNoChanges(object, after: "a load")
        let expected = DifferentialExpectation.of(document.json, shape: model.shape)
        checkFoundationReader(against: object, expected: expected)
        let expectedWithoutHeader = DifferentialExpectation.of(document.json, shape: model.shape, includesHeader: false)
        for writer in DifferentialWriter.allCases {
            check(writer, against: object, expected: writer.writesHeaders ? expected : expectedWithoutHeader)
        }
        checkNullsAreNotValues(of: object)
    }

    /// A `PartialLoader` fed the document in pieces ends where `init(json:)` does: with an
    /// equal object that writes the same JSON, or failing too.
    private mutating func checkStreaming(against loaded: Result<ModelObject, any Error>) {
        let streamed = Result { try model.stream(input, [], seed) }
        switch (loaded, streamed) {
        case (.success(let object), .success(let streamedObject)):
            if streamedObject != object {
                let inequality = Self.inequality(streamedObject, object, model)
                fail("streaming loads another object", inequality)
            } else if (try? streamedObject.jsonData()) != (try? object.jsonData()) {
                fail("streaming writes other JSON", "\((try? streamedObject.jsonString()) ?? "")")
            }
            checkHasNoChanges(streamedObject, after: "streaming")
        case (.success, .failure(let error)):
            fail("only streaming fails", "\(error)")
        case (.failure, .success):
            fail("only streaming loads", "the load fails")
        case (.failure, .failure):
            break
        }
    }

    private mutating func checkHasNoChanges(_ object: ModelObject, after what: String) {
        if object.hasChanges || !object.changedKeys.isEmpty || object.hasAnyChanges {
            fail("changes after \(what)", "changed keys \(object.changedKeys.sorted())")
        }
    }

    /// The foundation reader loads the same values as ModelKit's reader and writes what the
    /// document holds.
    private mutating func checkFoundationReader(against object: ModelObject, expected: DifferentialExpectation) {
        let reference: ModelObject
        do {
            reference = try model.load(input, .foundationReader)
        } catch {
            return fail("only ModelKit's reader loads", "the foundation reader fails: \(error)")
        }
        let leniency = DifferentialValue.Leniency(
            zeroSigns: document.hasBareNegativeZero, lastPlace: document.hasOverlongNumber)
        let differences = model.values(reference).differences(from: model.values(object), leniency: leniency)
        fail("the readers load different values", differences)
        if reference != object, differences.isEmpty, !document.hasOverlongNumber {
            fail("the readers load unequal objects", "== is false, the values are equal")
        }
        checkHasNoChanges(reference, after: "a load by the foundation reader")
        do {
            let written = try DifferentialJSON.parse(reference.jsonData())
            let rules = DifferentialExpectation.Rules(
                mayLoseZeroSigns: document.hasBareNegativeZero, mayRoundLongNumbers: document.hasOverlongNumber)
            fail(
                "jsonData after the foundation reader: writes other than the document",
                expected.differences(from: written, rules: rules))
        } catch {
            fail("jsonData after the foundation reader throws", "\(error)")
        }
    }

    /// The writer's first and second writes of a new object are the same, hold what the
    /// document holds, and load back as an equal object.
    private mutating func check(
        _ writer: DifferentialWriter, against object: ModelObject, expected: DifferentialExpectation
    ) {
        let name = writer.rawValue
        do {
            let fresh = try model.load(input, [])
            if writer == .propertyList, expected.containsNull {
                // A property list holds no null: propertyList() throws a ModelError for one.
                do {
                    _ = try fresh.propertyList()
                    fail("propertyList with a null", "does not throw")
                } catch {
                    if !(error is ModelError) { fail("propertyList with a null", "throws \(error)") }
                }
                return
            }
            let first = try writer.write(fresh, as: model)
            let second = try writer.write(fresh, as: model)
            if first.data != second.data {
                fail(
                    "\(name): the second write differs from the first",
                    "first \(String(decoding: first.data, as: UTF8.self))\n  second \(String(decoding: second.data, as: UTF8.self))"
                )
            }
            if (try? JSONSerialization.jsonObject(with: first.data)) == nil {
                fail(
                    "\(name): JSONSerialization does not read what was written",
                    String(decoding: first.data, as: UTF8.self))
            }
            let rules = DifferentialExpectation.Rules(
                keepsNumberTexts: writer.keepsNumberTexts, buildsContainers: writer == .sortedKeys)
            fail(
                "\(name): writes other than the document",
                expected.differences(from: try DifferentialJSON.parse(first.data), rules: rules))
            // Without its header, a kept class name and a newer version do not come back.
            guard writer.writesHeaders else { return }
            let back = try first.loadBack()
            if back != object {
                let model = model
                fail("\(name): what it wrote loads back unequal", Self.inequality(back, object, model))
            }
            // `==` takes -0.0 for 0.0, as Double's own does; the values must come back exactly.
            fail(
                "\(name): what it wrote loads back with other values",
                model.values(back).differences(from: model.values(object)))
            checkHasNoChanges(back, after: "a load of what \(name) wrote")
        } catch {
            fail("\(name) throws", "\(error)")
        }
    }

    /// Where two unequal objects differ: in their values, or else in what they keep.
    private static func inequality(_ lhs: ModelObject, _ rhs: ModelObject, _ model: DifferentialCase) -> String {
        if let difference = model.values(lhs).differences(from: model.values(rhs)).first { return difference }
        let kept = "unknown values \(lhs.unknownValues) versus \(rhs.unknownValues)"
        guard let left = try? lhs.dictionary, let right = try? rhs.dictionary else { return kept }
        guard !sameJSON(left, right) else { return "the same values and dictionary forms; " + kept }
        let options: JSONSerialization.WritingOptions = [.sortedKeys]
        guard
            let leftJSON = try? DifferentialJSON.parse(JSONSerialization.data(withJSONObject: left, options: options)),
            let rightJSON = try? DifferentialJSON.parse(JSONSerialization.data(withJSONObject: right, options: options))
        else { return kept }
        let differences = DifferentialExpectation.kept(rightJSON, isText: true).differences(
            from: leftJSON, rules: .init(keepsNumberTexts: true))
        return "dictionary forms differ: " + differences.prefix(3).joined(separator: "; ")
    }

    /// `==` and the hash do not see whether a `nil` came as `null` or absent.
    private mutating func checkNullsAreNotValues(of object: ModelObject) {
        let stripped = document.json.removingDeclaredNulls(of: model.shape)
        guard stripped != document.json else { return }
        var spelling = DifferentialJSON.Spelling()
        do {
            let other = try model.load(Data(stripped.text(&spelling).utf8), [])
            if other != object {
                let model = model
                fail(
                    "a loaded null changes ==",
                    "unequal to the object loaded without its nulls: " + Self.inequality(other, object, model))
            }
            if other.hash != object.hash || other.hashValue != object.hashValue {
                fail("a loaded null changes the hash", "hashes differ from the object loaded without its nulls")
            }
        } catch {
            fail("the document without its nulls does not load", "\(error)")
        }
    }
}
