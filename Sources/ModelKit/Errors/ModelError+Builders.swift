import Foundation

// The errors that more than one place raises, each built here once, so that the same problem
// reads the same wherever ModelKit finds it.

extension ModelError {
    /// The error for a class, named in data or in an archive, that is not `expected` or a
    /// subclass of it.
    static func unrelatedClass(_ name: String, expected: String) -> ModelError {
        ModelError(.unrelatedClass(name, expected: expected))
    }

    /// The error for an object of `modelClass` that stands where an object of `expected`, or
    /// of a subclass, belongs.
    static func unrelatedClass(_ modelClass: ModelObject.Type, expected: ModelObject.Type) -> ModelError {
        unrelatedClass(modelClass.modelName, expected: expected.modelName)
    }

    /// The error for a document or a patch whose top level is `found`, not an object.
    static func notAnObject(found: Any) -> ModelError {
        ModelError(.typeMismatch(expected: "an object", found: FoundValue.describe(found)))
    }

    /// The error for `found` where an object belongs.
    ///
    /// Such as a nested object on a `path:`, a model object's or a dictionary's dictionary
    /// form, or a container that `Codable` asks for: a type mismatch, or for `null` a missing
    /// value, which `Codable` reports as `[String: Any]`, as `JSONDecoder` names an object.
    static func expectedObject(found: Any) -> ModelError {
        let reason: ModelError.Reason =
            FastCast.isNull(found)
            ? .valueNotFound(expected: "an object")
            : .typeMismatch(expected: "an object", found: FoundValue.describe(found))
        return ModelError(reason).expecting([String: Any].self)
    }

    /// The error for a key that names nothing its object's class declares, in a load or a
    /// merge patch that rejects such keys; `path` leads to the object that has the key.
    static func unknownKey(_ key: String, inside path: [ModelKeyPath.Component] = []) -> ModelError {
        ModelError(.unknownKey(key), at: ModelKeyPath(path + [.key(key)]))
    }

    /// The error for a document whose top level is `found`, not an array.
    static func notAnArray(found: Any) -> ModelError {
        ModelError(.typeMismatch(expected: "an array", found: FoundValue.describe(found)))
    }

    /// The error for text that is not an ISO 8601 date.
    static func invalidDate(_ text: String) -> ModelError {
        ModelError(.invalidValue(expected: "an ISO 8601 date", found: FoundValue.quoted(text)))
    }

    /// The error for text that is not Base64.
    static func invalidBase64(_ text: String) -> ModelError {
        ModelError(.invalidValue(expected: "Base64 data", found: FoundValue.quoted(text)))
    }

    /// The error for a value that `type` does not accept, as its own initializer says.
    static func invalidValue(of type: Any.Type, found: Any, underlyingError: (any Error)? = nil) -> ModelError {
        ModelError(
            .invalidValue(expected: "a valid \(type)", found: FoundValue.describe(found)),
            underlyingError: underlyingError)
    }

    /// The error for a value of `type` that its encoder could not encode.
    static func encodingFailed(of type: Any.Type, error: any Error) -> ModelError {
        ModelError(.custom("\(type) could not be encoded: \(error)"), underlyingError: error)
    }

    /// The error for an archive that holds `found` where an archived `typeName` belongs.
    static func notArchived(_ typeName: String, found: String) -> ModelError {
        ModelError(.typeMismatch(expected: "an archived \(typeName)", found: found))
    }

    /// The error for an archive that `NSKeyedUnarchiver` could not read.
    static func unreadableArchive(_ error: any Error) -> ModelError {
        ModelError(.custom("the archive could not be read: \(error)"), underlyingError: error)
    }

    /// The error for `error`, which a model's `validate()` or a custom saved value's
    /// conversion threw: a ``ValidationError`` gives its message and key; a ``ModelError``
    /// stays as it is; any other error gives its message, and is kept as the underlying error.
    static func validation(_ error: any Error) -> ModelError {
        if let error = error as? ModelError { return error }
        if let error = error as? ValidationError {
            let keyPath = ModelKeyPath(error.key.map { [.key($0)] } ?? [])
            return ModelError(.validationFailed(error.message), at: keyPath, underlyingError: error)
        }
        return ModelError(.validationFailed(message(of: error)), underlyingError: error)
    }

    /// The error for a value that `type`'s own conversion rejected with `error`: the user's
    /// message when the error has one meant for people (a `LocalizedError` with a
    /// description, such as a ``ValidationError``); else the value found, as for any value
    /// that does not fit.
    static func conversionFailed(of type: Any.Type, found: Any, error: any Error) -> ModelError {
        if let error = error as? ModelError { return error }
        if error is ValidationError || (error as? any LocalizedError)?.errorDescription != nil {
            return validation(error)
        }
        return invalidValue(of: type, found: found, underlyingError: error)
    }

    /// The words of an error meant for people: a `LocalizedError`'s description, else its
    /// own description.
    private static func message(of error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
    }
}
