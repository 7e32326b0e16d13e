import Foundation
import ModelKit

/// What the fuzz target does with each input, shared with `FuzzRegressionTests` so that every
/// input the fuzzer ever stopped on is checked again by `swift test`.
///
/// Each input goes to `init(json:)`, `make(json:)` and `load(json:)`, and to top-level arrays
/// of models (`[FuzzModel](json:)`), strict and lenient,
/// through ModelKit's reader and through `JSONSerialization` (`LoadOptions.foundationReader`).
/// Besides crashes, it reports broken promises: an error that is not a `ModelError`, a failed
/// load that changed its object, readers that disagree (see `ReaderAgreement`), a loaded
/// object with changes, and a loaded object that does not write and read back equal to itself
/// through each writer and each reader, the dictionary form and `copy()`, or whose JSON from
/// ModelKit's writer does not read back into the same bytes — in DejalObject's format too,
/// which drops fractional seconds and so is checked only for that. An object from a lenient
/// load writes back the values it skipped, so it reads back leniently. A `PartialLoader` fed
/// the input in pieces must end where `init(json:)` does.
///
/// It lives in the support target, which the fuzz package (Fuzz/) depends on too, and so uses
/// ModelKit's public API and Foundation only.
public struct FuzzInputCheck {
    /// Called with each broken promise; the fuzz target stops there, a test records it.
    public let report: (String) -> Void

    static let writeOptions: [WriteOptions] = [
        [], [.compact, .sortedKeys, .withoutEscapingSlashes], [.foundationWriter], [.foundationWriter, .sortedKeys],
    ]

    /// A check that calls `report` with each broken promise it finds.
    public init(report: @escaping (String) -> Void) {
        self.report = report
    }

    /// Runs every check on one input.
    ///
    /// - Parameter data: The input, as JSON text or not.
    public func run(_ data: Data) {
        registerFuzzModels()
        let agreement = ReaderAgreement(input: data, report: report)
        for options in [LoadOptions(), .lenient] {
            var loaded: [ModelObject] = []
            for (name, load) in loads {
                let own = attempt(name) { try load(data, options) }
                let reference = attempt(name + " through JSONSerialization") {
                    try load(agreement.foundationInput, options.union(.foundationReader))
                }
                agreement.check(name, options: options, own: own, reference: reference)
                if case .success(let object) = own { loaded.append(object) }
            }
            // Different loads of the same data often give equal objects; write each kind once.
            var written: [ModelObject] = []
            for object in loaded where !written.contains(where: { $0 == object }) {
                exercise(object, loadOptions: options)
                written.append(object)
            }
        }
        runArrays(data, agreement: agreement)
        runRecords(data)
        runPartial(data)
    }

    /// The loads of the check, by name.
    private var loads: [(String, (Data, LoadOptions) throws -> ModelObject)] {
        [
            ("init(json:)", { try FuzzModel(json: $0, options: $1) }),
            ("make(json:)", { try FuzzModel.make(json: $0, options: $1) }),
            ("FuzzShape.make(json:)", { try FuzzShape.make(json: $0, options: $1) }),
            ("ModelObject.make(json:)", { try ModelObject.make(json: $0, options: $1) }),
            ("load(json:)", { try loadIntoExisting($0, options: $1) }),
        ]
    }

    /// Runs a load; a thrown error must be a `ModelError`.
    private func attempt(_ name: String, _ load: () throws -> ModelObject) -> Result<ModelObject, ModelError>? {
        do {
            return .success(try load())
        } catch let error as ModelError {
            return .failure(error)
        } catch {
            report("\(name) threw an error that is not a ModelError: \(error)")
            return nil
        }
    }

    /// `load(json:)` into an object with values of its own: all or nothing.
    private func loadIntoExisting(_ data: Data, options: LoadOptions) throws -> ModelObject {
        let existing = FuzzModel()
        existing.renamed = "existing"
        existing.children = [FuzzModel()]
        existing.clearChanges()
        let before = existing.copy()
        do {
            try existing.load(json: data, options: options)
            return existing
        } catch {
            if existing != before { report("a failed load(json:) changed the object") }
            throw error
        }
    }

    /// Writes a loaded object every way there is and reads each form back.
    private func exercise(_ object: ModelObject, loadOptions: LoadOptions) {
        if object.hasAnyChanges { report("a loaded object has changes: \(object)") }
        if object.description.isEmpty { report("a loaded object has no description") }
        let copy = object.copy()
        if copy != object || copy.hash != object.hash { report("copy() is not equal to the original") }
        for options in Self.writeOptions {
            do {
                let json = try object.jsonData(options: options)
                expectReadsBack(object, from: json, options: options, loadOptions: loadOptions)
            } catch {
                report("a loaded object could not be written with options \(options.rawValue): \(error)")
            }
        }
        expectDejalObjectFormatIsStable(object, loadOptions: loadOptions)
        do {
            let dictionary = try object.dictionary
            let reloaded = try reread(object) {
                try $0.make(dictionary: dictionary, options: loadOptions)
            } orKeepingItsClass: {
                try $0.init(dictionary: dictionary, options: loadOptions)
            }
            if reloaded != object { report("the dictionary form does not read back equal") }
        } catch {
            report("the dictionary form failed: \(error)")
        }
    }

    /// What `dejalObjectFormat` writes reads back into the same bytes.
    private func expectDejalObjectFormatIsStable(_ object: ModelObject, loadOptions: LoadOptions) {
        do {
            let json = try object.jsonData(options: .dejalObjectFormat)
            let reloaded = try reread(object) {
                try $0.make(json: json, options: loadOptions)
            } orKeepingItsClass: {
                try $0.init(json: json, options: loadOptions)
            }
            let again = try reloaded.jsonData(options: .dejalObjectFormat)
            if again != json,
                try !Self.settlesAfterOneChange(
                    json, again, loadOptions: loadOptions, options: .dejalObjectFormat, as: reloaded)
            {
                report(
                    "JSON in DejalObject's format reads back into other bytes:\n\(String(decoding: json, as: UTF8.self))"
                )
            }
        } catch {
            report("JSON in DejalObject's format does not write or read back: \(error)")
        }
    }

    /// Whether `JSONSerialization` may read the numbers of `json` otherwise than ModelKit's
    /// reader: on Apple platforms, whose `JSONSerialization` does not document how it reads
    /// long numbers, where `json` has one; see `ReaderAgreement`.
    private static func foundationMayReadNumbersOtherwise(in json: Data) -> Bool {
        #if canImport(Darwin)
            return ReaderAgreement.containsLongOrScaledNumber(json)
        #else
            return false
        #endif
    }

    private func expectReadsBack(
        _ object: ModelObject, from json: Data, options: WriteOptions, loadOptions: LoadOptions
    ) {
        let text = String(decoding: json, as: UTF8.self)
        do {
            let reloaded = try reread(object) {
                try $0.make(json: json, options: loadOptions)
            } orKeepingItsClass: {
                try $0.init(json: json, options: loadOptions)
            }
            guard reloaded == object else {
                return report("JSON written with options \(options.rawValue) does not read back equal:\n\(text)")
            }
            let throughFoundation = try reread(object) {
                try $0.make(json: json, options: loadOptions.union(.foundationReader))
            } orKeepingItsClass: {
                try $0.init(json: json, options: loadOptions.union(.foundationReader))
            }
            guard throughFoundation == object || Self.foundationMayReadNumbersOtherwise(in: json) else {
                return report(
                    "JSON written with options \(options.rawValue) reads back otherwise through JSONSerialization:\n\(text)"
                )
            }
            // ModelKit's own writer is exact: what it wrote reads back into the same bytes, or
            // settles there after one change (see `settlesAfterOneChange`).
            if !options.contains(.foundationWriter) {
                let again = try reloaded.jsonData(options: options)
                if again != json,
                    try !Self.settlesAfterOneChange(
                        json, again, loadOptions: loadOptions, options: options, as: reloaded)
                {
                    report("JSON written with options \(options.rawValue) reads back into other bytes:\n\(text)")
                }
            }
        } catch {
            report("JSON written with options \(options.rawValue) does not read back: \(error)\n\(text)")
        }
    }

    /// Whether `again`, which an object loaded from `json` wrote, holds the same data and
    /// reads back into itself.
    ///
    /// An object that loads the dictionary way keeps its undeclared values, and a container's
    /// other keys, as Foundation values rather than as their text: `1e20` comes back as
    /// `1e+20`, and a container's keys sorted. Read again, the text is kept, so the bytes
    /// change once, to the same data, and then no more.
    private static func settlesAfterOneChange(
        _ json: Data, _ again: Data, loadOptions: LoadOptions, options: WriteOptions, as object: ModelObject
    ) throws -> Bool {
        let third = try type(of: object).init(json: again, options: loadOptions).jsonData(options: options)
        return third == again && parsed(json) == parsed(again)
    }

    /// The JSON as `JSONSerialization` reads it, for comparing data whose texts differ.
    private static func parsed(_ json: Data) -> NSObject? {
        (try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])) as? NSObject
    }

    /// Reads back what `object` wrote, through `make` as data is read.
    ///
    /// `make` refuses a class name that names no class, but an object loaded through `init`
    /// keeps such a name and writes it back, so for that name alone the read goes through
    /// `init`, which keeps it again.
    private func reread(
        _ object: ModelObject,
        _ make: (ModelObject.Type) throws -> ModelObject,
        orKeepingItsClass load: (ModelObject.Type) throws -> ModelObject
    ) throws -> ModelObject {
        do {
            return try make(type(of: object))
        } catch let error as ModelError {
            guard case .unknownClass = error.reason, error.keyPath.components == [.key("representedClassName")] else {
                throw error
            }
            return try load(type(of: object))
        }
    }
}
