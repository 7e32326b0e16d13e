import Foundation
import ModelKit

// A libFuzzer target for ModelKit. Build and run it with `Scripts/fuzz.sh SECONDS`.
//
// Each input goes to `init(json:)`, `make(json:)` and `load(json:)`, strict and lenient.
// Besides crashes, it stops on broken promises: an error that is not a `ModelError`, a
// failed load that changed its object, and a loaded object that does not write and read back
// equal to itself through each writer, the dictionary form and `copy()`.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    FuzzTarget.run(data)
    return 0
}

enum FuzzTarget {
    static let writeOptions: [WriteOptions] = [
        [], [.compact], [.sortedKeys], [.compact, .sortedKeys, .withoutEscapingSlashes],
        [.foundationWriter], [.foundationWriter, .compact, .sortedKeys],
    ]

    static func run(_ data: Data) {
        registerFuzzModels()
        for options in [LoadOptions(), .lenient] {
            exercise(attempt("init(json:)") { try FuzzModel(json: data, options: options) })
            exercise(attempt("make(json:)") { try FuzzModel.make(json: data, options: options) })
            exercise(attempt("FuzzShape.make(json:)") { try FuzzShape.make(json: data, options: options) })
            exercise(attempt("ModelObject.make(json:)") { try ModelObject.make(json: data, options: options) })
            loadIntoExisting(data, options: options)
        }
    }

    /// Runs a load; a thrown error must be a `ModelError`.
    static func attempt<Model: ModelObject>(_ name: String, _ load: () throws -> Model) -> Model? {
        do {
            return try load()
        } catch is ModelError {
            return nil
        } catch {
            fail("\(name) threw an error that is not a ModelError: \(error)")
        }
    }

    /// `load(json:)` into an object with values of its own: all or nothing.
    static func loadIntoExisting(_ data: Data, options: LoadOptions) {
        let existing = FuzzModel()
        existing.renamed = "existing"
        existing.children = [FuzzModel()]
        existing.clearChanges()
        let before = existing.copy()
        do {
            try existing.load(json: data, options: options)
        } catch is ModelError {
            check(existing == before, "a failed load(json:) changed the object")
            return
        } catch {
            fail("load(json:) threw an error that is not a ModelError: \(error)")
        }
        check(!existing.hasAnyChanges, "a loaded object has changes")
        exercise(existing)
    }

    /// Writes a loaded object every way there is and reads each form back.
    static func exercise(_ object: ModelObject?) {
        guard let object else { return }
        _ = object.description
        let copy = object.copy()
        check(copy == object && copy.hash == object.hash, "copy() is not equal to the original")
        for options in writeOptions {
            let json: Data
            do {
                json = try object.jsonData(options: options)
            } catch {
                fail("a loaded object could not be written with \(options): \(error)")
            }
            expectReadsBack(object, from: json, as: "JSON written with options \(options.rawValue)", options: options)
        }
        do {
            let dictionary = try object.dictionary
            let reloaded = try type(of: object).make(dictionary: dictionary)
            check(reloaded == object, "the dictionary form does not read back equal")
        } catch {
            fail("the dictionary form failed: \(error)")
        }
    }

    static func expectReadsBack(_ object: ModelObject, from json: Data, as form: String, options: WriteOptions) {
        do {
            let reloaded = try type(of: object).make(json: json)
            guard reloaded == object else {
                fail("\(form) does not read back equal:\n\(object)\n\(reloaded)\n\(String(decoding: json, as: UTF8.self))")
            }
            // ModelKit's own writer is exact: what it wrote reads back into the same bytes.
            if !options.contains(.foundationWriter) {
                let again = try reloaded.jsonData(options: options)
                check(again == json, "\(form) reads back into other bytes:\n\(String(decoding: json, as: UTF8.self))\n\(String(decoding: again, as: UTF8.self))")
            }
        } catch {
            fail("\(form) does not read back: \(error)\n\(String(decoding: json, as: UTF8.self))")
        }
    }

    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    static func fail(_ message: String) -> Never {
        fatalError("ModelKit fuzz: \(message)")
    }
}
