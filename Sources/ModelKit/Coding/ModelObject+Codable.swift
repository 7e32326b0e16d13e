import Foundation

extension ModelObject {
    /// Creates an object of the class that the data names, read through a decoder: this class
    /// or one of its subclasses, as ``make(dictionary:options:)`` does.
    ///
    /// `init(from:)` always creates an object of the class it is called on. Where the data may
    /// hold a subclass, decode through this method instead:
    ///
    /// ```swift
    /// struct Drawing: Decodable {
    ///     var shape: Shape
    ///
    ///     init(from decoder: any Decoder) throws {
    ///         let container = try decoder.container(keyedBy: CodingKeys.self)
    ///         shape = try Shape.make(from: container.superDecoder(forKey: .shape))
    ///     }
    /// }
    /// ```
    ///
    /// The object holds only values decoded for it, so it is returned as `sending`: the caller
    /// may pass it on to another isolation domain.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Returns: An object of this class or of a subclass.
    /// - Throws: A `DecodingError` whose coding path leads to the value that does not fit,
    ///   or to `representedClassName` when it names no class, a class that is not a
    ///   subclass, or two subclasses.
    public class func make(from decoder: any Decoder) throws -> sending Self {
        let dictionary = try DecodedValue.decodeDictionary(from: decoder)
        do {
            return disconnected(try make(dictionary: dictionary))
        } catch let error as ModelError {
            throw decodingError(error, decoder: decoder)
        }
    }

    /// Loads the values that `decoder` holds into this new object, for `init(from:)`.
    func loadDecodedValues(from decoder: any Decoder) throws {
        let dictionary = try DecodedValue.decodeDictionary(from: decoder)
        do {
            try loadRootOfFixedClass(fromDictionary: dictionary, context: LoadContext(options: []))
        } catch let error as ModelError {
            throw Self.decodingError(error, decoder: decoder)
        }
    }

    /// Writes the dictionary form through `encoder`, for `encode(to:)`: the keys in the order
    /// of the JSON form, nested values through ``EncodableValue``.
    ///
    /// Every entry is written to the dictionary form before any is encoded, so that a value
    /// that has no dictionary form is reported before the encoder sees the others.
    func encodeValues(to encoder: any Encoder) throws {
        let entries: [(key: String, value: Any)]
        do {
            entries = try dictionaryEntries()
        } catch let error as ModelError {
            let codingPath = encoder.codingPath + KeyPathStep.codingPath(of: error.keyPath)
            let context = EncodingError.Context(
                codingPath: codingPath,
                debugDescription: error.description,
                underlyingError: error
            )
            throw EncodingError.invalidValue(self, context)
        }
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        for (key, value) in entries {
            try container.encode(EncodableValue(value), forKey: AnyCodingKey(key))
        }
    }

    /// The entries of the dictionary form, in the order of the JSON form.
    private func dictionaryEntries() throws -> [(key: String, value: Any)] {
        let context = SaveContext()
        try context.enter(self)
        defer { context.leave() }
        let metadata = ModelMetadata.of(type(of: self))
        var entries: [(key: String, value: Any)] = []
        entries.reserveCapacity(metadata.properties.count + unknowns.count + 2)
        var writer = EncodedEntryWriter(object: self, context: context)
        try writeSavedEntries(
            with: &writer, into: &entries, metadata: metadata, options: context.options, order: .jsonForm)
        return entries
    }

    /// A `DecodingError` for a load error: its key path continues the decoder's coding path.
    ///
    /// The kinds are those `JSONDecoder` reports for the same data read into a `Codable`
    /// struct: `typeMismatch` for a value of the wrong type, `valueNotFound` for `null` where
    /// a value is required, and `dataCorrupted` for a value of the right type that does not
    /// parse or fit, such as an invalid date string or a number out of range. An error that a
    /// `CodableSavedValue` reported keeps its own kind.
    static func decodingError(_ error: ModelError, decoder: any Decoder) -> DecodingError {
        decodingError(error, codingPath: decoder.codingPath)
    }

    /// A `DecodingError` for a load error, of the kinds above, whose key path continues
    /// `codingPath`.
    static func decodingError(_ error: ModelError, codingPath: [any CodingKey]) -> DecodingError {
        let codingPath = codingPath + KeyPathStep.codingPath(of: error.keyPath)
        let context = DecodingError.Context(
            codingPath: codingPath,
            debugDescription: error.description,
            underlyingError: error
        )
        switch error.reason {
        case .typeMismatch: return .typeMismatch(error.expectedType ?? Any.self, context)
        case .valueNotFound: return .valueNotFound(error.expectedType ?? Any.self, context)
        case .custom:
            guard let underlying = error.underlyingError as? DecodingError else { return .dataCorrupted(context) }
            switch underlying {
            case .typeMismatch(let type, _): return .typeMismatch(type, context)
            case .valueNotFound(let type, _): return .valueNotFound(type, context)
            case .keyNotFound(let key, _): return .keyNotFound(key, context)
            default: return .dataCorrupted(context)
            }
        default: return .dataCorrupted(context)
        }
    }
}

/// Writes the dictionary form as entries in order, leaving out the `nil` optionals.
private struct EncodedEntryWriter: DictionaryFormEntryWriter {
    typealias Output = [(key: String, value: Any)]

    let object: ModelObject
    let context: SaveContext

    @inline(__always)
    func write(_ value: consuming Any?, forKey key: String, into output: inout [(key: String, value: Any)]) {
        guard let value else { return }
        output.append((key, value))
    }
}
