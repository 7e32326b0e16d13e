import Foundation

/// Saves a `Codable` type by way of its JSON form: declare the conformance and nothing else.
///
/// ```swift
/// struct Point: Codable, Equatable {
///     var x: Double, y: Double
/// }
///
/// extension Point: CodableSavedValue {}
///
/// final class Marker: ModelObject {
///     @Saved var position = Point(x: 0, y: 0)
/// }
/// ```
///
/// The value is written as the JSON that `JSONEncoder` makes of it, with dates as ISO 8601
/// strings and data as Base64, like ModelKit's own values. A decoding error becomes a
/// ``ModelError`` whose key path continues into the value; a ``ValidationError`` thrown by
/// `init(from:)` gives its message as the error's `localizedDescription`.
///
/// This goes through `JSONEncoder` and `JSONDecoder` for every value, so it is slower than a
/// ``SavedRepresentable`` conformance; prefer that for types saved in bulk.
public protocol CodableSavedValue: SavedValue, Codable {}

extension CodableSavedValue {
    /// ModelKit's machinery: decodes the value from its dictionary form.
    public static func _make(savedValue: Any, context: LoadContext) throws -> Self {
        try JSONSerializationCheck.check(savedValue, allowingFragments: true)
        do {
            let data = try JSONSerialization.data(withJSONObject: savedValue, options: [.fragmentsAllowed])
            return try CodableBridge.decoder.decode(Self.self, from: data)
        } catch let error as DecodingError {
            throw CodableBridge.modelError(for: error, type: Self.self, found: savedValue)
        } catch {
            throw ModelError.conversionFailed(of: Self.self, found: savedValue, error: error)
        }
    }

    /// ModelKit's machinery: encodes the value to its dictionary form.
    public func _savedValue(context: SaveContext) throws -> Any {
        do {
            let data = try CodableBridge.encoder(options: context.options).encode(self)
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch let error as ModelError {
            throw error
        } catch let error as EncodingError {
            throw CodableBridge.modelError(for: error, type: Self.self)
        } catch {
            throw ModelError.encodingFailed(of: Self.self, error: error)
        }
    }

    /// ModelKit's machinery: writes the JSON form, laid out like the rest of the document.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        try writer.writeAny(_savedValue(context: SaveContext(options: writer.options)))
    }
}

/// The encoder and decoder that `CodableSavedValue` uses, set up for ModelKit's formats.
private enum CodableBridge {
    /// An encoder that writes dates as `options` write them.
    static func encoder(options: WriteOptions) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            do {
                try container.encode(ISO8601.string(from: options.writtenDate(date)))
            } catch var error as ModelError {
                error.keyPath = keyPath(of: encoder.codingPath)
                throw error
            }
        }
        encoder.nonConformingFloatEncodingStrategy = .throw
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let string = try container.decode(String.self)
            guard let date = ISO8601.date(from: string) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "expected an ISO 8601 date, found \"\(string)\"")
            }
            return date
        }
        return decoder
    }

    static func modelError<Value>(for error: DecodingError, type: Value.Type, found: Any) -> ModelError {
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let errorContext), .valueNotFound(_, let errorContext),
            .keyNotFound(_, let errorContext), .dataCorrupted(let errorContext):
            context = errorContext
        @unknown default:
            return ModelError.invalidValue(of: type, found: found)
        }
        return ModelError(
            .custom(context.debugDescription), at: keyPath(of: context.codingPath), underlyingError: error)
    }

    /// A `ModelError` for an encoding error; for NaN or infinity, the one that ModelKit's
    /// writer reports, at the key path of the number.
    static func modelError<Value>(for error: EncodingError, type: Value.Type) -> ModelError {
        if case .invalidValue(let value, let context) = error, let number = SavedNumber(value),
            case .double(let double) = number, !double.isFinite
        {
            return ModelError(
                .unencodableNumber(number.description), at: keyPath(of: context.codingPath), underlyingError: error)
        }
        return ModelError.encodingFailed(of: type, error: error)
    }

    private static func keyPath(of codingPath: [any CodingKey]) -> ModelKeyPath {
        ModelKeyPath(codingPath.map { key in key.intValue.map { .index($0) } ?? .key(key.stringValue) })
    }
}
