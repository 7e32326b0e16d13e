import Foundation

// How errors leave ModelKit's decoder: inside it, as `DecodingError`s of the kinds that
// `JSONDecoder` throws, for the `init(from:)` of the types being decoded; out of it, as the
// `ModelError` that each carries, with the key path inside the value.
//
// Each error gets its key path once, where it arises: a container's error at the container's
// path and key, an error that a type's own `init(from:)` throws at the value it decodes. A
// `DecodingError` that already carries a `ModelError` passes through unchanged, and its coding
// path is the key path of its `ModelError`, also for a model object inside the value, whose
// errors continue the decoder's coding path (`ModelObject.decodingError(_:codingPath:)`).

extension CodedValueDecoder {
    /// The `DecodingError` for `error`, whose key path is relative to the value at `path`.
    static func failure(_ error: ModelError, at path: CodingPath) -> DecodingError {
        ModelObject.decodingError(path.locating(error), codingPath: [])
    }

    /// The `DecodingError` for a value of `type` at `path` that is missing: a `keyNotFound`
    /// for a key, a `valueNotFound` past the end of an array.
    static func missingValue(_ type: Any.Type, at path: CodingPath) -> DecodingError {
        let context = DecodingError.Context(codingPath: path.codingKeys, debugDescription: "no value")
        let missing: DecodingError
        let found: String
        switch path {
        case .key(let key, _):
            missing = .keyNotFound(key, context)
            found = "no value"
        default:
            missing = .valueNotFound(type, context)
            found = "the end of the array"
        }
        let expected = CodedFoundationValue.expectation(for: type)
        return failure(ModelError(.custom("expected \(expected), found \(found)"), underlyingError: missing), at: path)
    }

    /// The `DecodingError` for `error`, which the `init(from:)` of `type` threw while decoding
    /// `value` at `path`: unchanged when it carries a ``ModelError`` already; else located at
    /// `path`, keeping the kind of a `DecodingError` and the message of a ``ValidationError``.
    static func locating(_ error: any Error, decoding type: Any.Type, found value: CodedValue, at path: CodingPath)
        -> DecodingError
    {
        guard let decodingError = error as? DecodingError else {
            let converted = ModelError.conversionFailed(of: type, found: value.describedForm, error: error)
            return failure(converted, at: path)
        }
        guard let context = context(of: decodingError), !(context.underlyingError is ModelError) else {
            return decodingError
        }
        let converted = ModelError(
            .custom(context.debugDescription), at: KeyPathStep.keyPath(of: context.codingPath),
            underlyingError: decodingError)
        return ModelObject.decodingError(converted, codingPath: [])
    }

    /// The ``ModelError`` that `error`, which leaves the decoder, carries, at the key path of
    /// its coding path.
    static func modelError(for error: DecodingError) -> ModelError {
        guard let context = context(of: error) else { return ModelError(.custom("\(error)"), underlyingError: error) }
        let keyPath = KeyPathStep.keyPath(of: context.codingPath)
        guard var modelError = context.underlyingError as? ModelError else {
            return ModelError(.custom(context.debugDescription), at: keyPath, underlyingError: error)
        }
        modelError.keyPath = keyPath
        return modelError
    }

    private static func context(of error: DecodingError) -> DecodingError.Context? {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            return context
        @unknown default:
            return nil
        }
    }
}
