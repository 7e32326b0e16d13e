import Foundation
import ModelKit

extension FuzzInputCheck {
    /// Checks an input whose top level may be an array of models: `[FuzzModel](json:)` and
    /// `[FuzzShape](json:)`, strict and lenient, load alike through both readers, throw only
    /// `ModelError`s, and what they load writes and reads back equal.
    func runArrays(_ data: Data, agreement: ReaderAgreement) {
        let loads: [(String, (Data, LoadOptions) throws -> [ModelObject])] = [
            ("[FuzzModel](json:)", { try [FuzzModel](json: $0, options: $1) }),
            ("[FuzzShape](json:)", { try [FuzzShape](json: $0, options: $1) }),
        ]
        for options in [LoadOptions(), .lenient] {
            for (name, load) in loads {
                let own = attemptArray(name) { try load(data, options) }
                let reference = attemptArray(name + " through JSONSerialization") {
                    try load(agreement.foundationInput, options.union(.foundationReader))
                }
                agreement.check(name, options: options, own: own, reference: reference)
                if case .success(let objects) = own {
                    expectArrayReadsBack(objects, name: name, load: load, options: options)
                }
            }
        }
    }

    private func attemptArray(_ name: String, _ load: () throws -> [ModelObject]) -> Result<
        [ModelObject], ModelError
    >? {
        do {
            return .success(try load())
        } catch let error as ModelError {
            return .failure(error)
        } catch {
            report("\(name) threw an error that is not a ModelError: \(error)")
            return nil
        }
    }

    private func expectArrayReadsBack(
        _ objects: [ModelObject],
        name: String,
        load: (Data, LoadOptions) throws -> [ModelObject],
        options: LoadOptions
    ) {
        for writeOptions in [WriteOptions(), [.compact, .sortedKeys]] {
            do {
                let json = try objects.jsonData(options: writeOptions)
                let reloaded = try load(json, options)
                if reloaded.count != objects.count || zip(reloaded, objects).contains(where: { $0 != $1 }) {
                    report("\(name): the array written with options \(writeOptions.rawValue) does not read back equal")
                }
            } catch let error as ModelError {
                // A class name that names no class is kept and written back; only the class it
                // loaded as reads it again.
                if case .unknownClass = error.reason { continue }
                report("\(name): the array written with options \(writeOptions.rawValue) does not read back: \(error)")
            } catch {
                report("\(name): writing the array threw an error that is not a ModelError: \(error)")
            }
        }
    }
}

extension ReaderAgreement {
    /// Checks the results of one load of a top-level array through both readers, as
    /// ``check(_:options:own:reference:)`` checks one object, element by element.
    public func check(
        _ name: String,
        options: LoadOptions,
        own: Result<[ModelObject], ModelError>?,
        reference: Result<[ModelObject], ModelError>?
    ) {
        switch (own, reference) {
        case (.success(let objects)?, .success(let expected)?):
            guard objects.count == expected.count else {
                return report("\(name) with options \(options.rawValue): the readers load arrays of different lengths")
            }
            for (index, (object, expectedObject)) in zip(objects, expected).enumerated() {
                check("\(name)[\(index)]", options: options, own: .success(object), reference: .success(expectedObject))
            }
        case (.failure(let error)?, .success?):
            check(name, options: options, own: .failure(error), reference: .success(ModelObject()))
        case (.success?, .failure(let error)?):
            check(name, options: options, own: .success(ModelObject()), reference: .failure(error))
        default:
            break
        }
    }
}
