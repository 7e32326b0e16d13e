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
/// The value is written as the JSON that `JSONEncoder` makes of it, with sorted keys, dates as
/// ISO 8601 strings and data as Base64, like ModelKit's own values. ModelKit decodes and
/// encodes it with a decoder and an encoder of its own, straight from and to its JSON reader
/// and writer, without `JSONEncoder`, `JSONDecoder` or `JSONSerialization`.
///
/// A decoding error becomes a ``ModelError`` whose key path continues into the value, with
/// ModelKit's own words: `customer.id: expected a string, found 5`. A ``ValidationError``
/// thrown by `init(from:)` gives its message as the error's `localizedDescription`.
///
/// A value goes through its `init(from:)` and `encode(to:)` each time, so a
/// ``SavedRepresentable`` conformance is faster still for types saved in bulk.
public protocol CodableSavedValue: SavedValue, Codable {
    /// The JSON Schema of the value's JSON form, for the schemas of the models that hold it
    /// (``ModelObject/jsonSchema(for:profile:)``), as a dictionary of JSON values.
    ///
    /// ```swift
    /// extension Money: CodableSavedValue {
    ///     static var jsonSchema: [String: Any]? {
    ///         [
    ///             "type": "object",
    ///             "properties": ["amount": ["type": "integer"], "currency": ["type": "string", "pattern": "^[A-Z]{3}$"]],
    ///             "required": ["amount", "currency"],
    ///         ]
    ///     }
    /// }
    /// ```
    ///
    /// The default, `nil`, describes the value as any JSON value, which
    /// ``SchemaProfile/openAIStrict`` cannot say.
    static var jsonSchema: [String: Any]? { get }
}

extension CodableSavedValue {
    /// No schema of its own: any JSON value.
    public static var jsonSchema: [String: Any]? { nil }

    /// ModelKit's machinery: decodes the value from its dictionary form.
    public static func _make(savedValue: Any, context: LoadContext) throws -> Self {
        try CodedValueDecoder.decode(Self.self, from: CodedValue(dictionaryForm: savedValue))
    }

    /// ModelKit's machinery: decodes the value from the JSON at the reader, parsed once.
    ///
    /// The parsed value is the one that the value's dictionary form gives, so that the value
    /// decoded, or the error, is the dictionary way's; an error sends the value the dictionary
    /// way, as for every value that does not fit.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Self {
        try CodedValueDecoder.decode(Self.self, from: CodedValue.read(from: &reader))
    }

    /// ModelKit's machinery: encodes the value to its dictionary form.
    public func _savedValue(context: SaveContext) throws -> Any {
        try CodedValueEncoder.encode(self, options: context.options).dictionaryForm
    }

    /// ModelKit's machinery: writes the JSON form, laid out like the rest of the document.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        try CodedValueEncoder.encode(self, options: writer.options).write(to: &writer)
    }
}
