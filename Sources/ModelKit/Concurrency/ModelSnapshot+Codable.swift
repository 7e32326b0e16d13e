import Foundation

extension ModelSnapshot: Codable {
    /// Decodes a snapshot from the model's own `Codable` form, so that a snapshot inside a
    /// `Codable` type reads what its model would.
    ///
    /// The model is made as ``ModelObject/make(from:)`` makes it: of the class that the data
    /// names, `Model` or a subclass, and strictly. A model that keeps values a lenient load
    /// skipped encodes them as they were found, and they fail this strict decoding as they
    /// fail the model's own.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: A `DecodingError` whose coding path leads to the value that does not fit,
    ///   as ``ModelObject/make(from:)`` throws it; `dataCorrupted` when the decoded model
    ///   holds a value that JSON cannot hold, such as NaN.
    public init(from decoder: any Decoder) throws {
        let model = try Model.make(from: decoder)
        do {
            try self.init(model)
        } catch let error as ModelError {
            throw Model.decodingError(error, decoder: decoder)
        }
    }

    /// Encodes the snapshot as its model's own `Codable` form, so that a snapshot inside a
    /// `Codable` type writes what its model would.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Any error of the encoder, or a ``ModelError`` when the model cannot be made
    ///   (see ``makeModel()``).
    public func encode(to encoder: any Encoder) throws {
        try makeModel().encode(to: encoder)
    }
}
