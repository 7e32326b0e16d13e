import Foundation

// How errors leave ModelKit's encoder: inside it, as `EncodingError`s, for the `encode(to:)`
// of the types being encoded; out of it, as the `ModelError` that each carries, with the key
// path inside the value. As in the decoder (`CodedValueDecoder+Errors.swift`), each error gets
// its key path once, where it arises, and an `EncodingError` that carries a `ModelError`, also
// a model object's, passes through unchanged.

extension CodedValueEncoder {
    /// The `EncodingError` for `error`, whose key path is relative to `value` at `path`.
    static func failure(_ error: ModelError, value: Any, at path: CodingPath) -> EncodingError {
        carrying(path.locating(error), value: value)
    }

    /// The `EncodingError` for `error`, which the `encode(to:)` of `value` at `path` threw:
    /// unchanged when it carries a ``ModelError`` already; else located at `path`, or at the
    /// coding path of an `EncodingError`.
    static func locating<T>(_ error: any Error, encoding value: T, at path: CodingPath) -> EncodingError {
        if let error = error as? ModelError { return failure(error, value: value, at: path) }
        guard let encodingError = error as? EncodingError else {
            return failure(ModelError.encodingFailed(of: T.self, error: error), value: value, at: path)
        }
        guard case .invalidValue(_, let context) = encodingError, !(context.underlyingError is ModelError) else {
            return encodingError
        }
        var converted = ModelError.encodingFailed(of: T.self, error: encodingError)
        converted.keyPath = KeyPathStep.keyPath(of: context.codingPath)
        return carrying(converted, value: value)
    }

    /// The ``ModelError`` that `error`, which leaves the encoder, carries, at the key path of
    /// its coding path.
    static func modelError(for error: EncodingError) -> ModelError {
        guard case .invalidValue(_, let context) = error else {
            return ModelError(.custom("\(error)"), underlyingError: error)
        }
        let keyPath = KeyPathStep.keyPath(of: context.codingPath)
        guard var modelError = context.underlyingError as? ModelError else {
            return ModelError(.custom(context.debugDescription), at: keyPath, underlyingError: error)
        }
        modelError.keyPath = keyPath
        return modelError
    }

    /// An `EncodingError` that carries `error`, at the coding path of its key path.
    private static func carrying(_ error: ModelError, value: Any) -> EncodingError {
        let context = EncodingError.Context(
            codingPath: KeyPathStep.codingPath(of: error.keyPath), debugDescription: error.description,
            underlyingError: error)
        return .invalidValue(value, context)
    }
}
