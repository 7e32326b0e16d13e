import Foundation

/// A type that a `@Saved` property can hold: it knows its dictionary form and its JSON form.
///
/// ModelKit ships conformances for `String`, `Bool`, the integer and floating-point types,
/// `Decimal`, `Date`, `Data`, `URL`, `UUID`, `Optional`, `Array`, `Set`, `Dictionary` with
/// `String` keys, every ``ModelObject`` subclass, and `RawRepresentable` types whose raw value
/// is saved. A type that does not conform cannot be a `@Saved` property, so the mistake shows
/// at compile time.
///
/// To save a type of your own, conform it to ``SavedRepresentable`` and convert it to and from
/// a type that is already saved — the role of a value transformer in Core Data:
///
/// ```swift
/// struct Temperature: Equatable {
///     var celsius: Double
/// }
///
/// extension Temperature: SavedRepresentable {
///     init(savedRepresentation: Double) throws { celsius = savedRepresentation }
///     var savedRepresentation: Double { celsius }
/// }
/// ```
///
/// A `Codable` type can opt in with `CodableSavedValue`, and an enum with
/// `RawRepresentable`'s raw value by declaring the conformance alone.
///
/// The requirements below begin with an underscore: ModelKit calls them and its conformances
/// implement them, so that they stay out of the members that code completion offers on
/// `String`, `Int`, `Array` and the other conforming types. A type of your own conforms through
/// ``SavedRepresentable``, ``CodableSavedValue`` or its raw value instead.
public protocol SavedValue: Equatable {
    /// Creates a value from its dictionary form, as `JSONSerialization` or a property list
    /// gives it.
    ///
    /// - Parameters:
    ///   - savedValue: The value found in the data.
    ///   - context: The state of the load; pass it on to nested values.
    /// - Returns: The value.
    /// - Throws: A ``ModelError`` when the value does not fit, with a key path relative to
    ///   this value.
    static func _make(savedValue: Any, context: LoadContext) throws -> Self

    /// Reads a value from JSON, with the result that ``_make(savedValue:context:)`` has for
    /// the value's dictionary form.
    ///
    /// The default implementation reads the dictionary form and passes it to
    /// ``_make(savedValue:context:)``; ModelKit's own conformances read from the bytes.
    ///
    /// - Parameters:
    ///   - reader: The reader, before the value.
    ///   - context: The state of the load; pass it on to nested values.
    /// - Returns: The value.
    /// - Throws: An error when the value does not fit. ModelKit then reads the value again
    ///   through ``_make(savedValue:context:)`` for the error to report.
    static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Self

    /// The dictionary form of the value: a property-list and `JSONSerialization` compatible
    /// object.
    ///
    /// - Parameter context: The state of the write; pass it on to nested values.
    /// - Returns: The dictionary form.
    /// - Throws: A ``ModelError`` for a value that cannot be written.
    func _savedValue(context: SaveContext) throws -> Any

    /// Writes the JSON form of the value.
    ///
    /// - Parameter writer: The writer to append to.
    /// - Throws: A ``ModelError`` for a value that JSON cannot hold.
    func _writeJSON(to writer: inout JSONWriter) throws

    /// Whether the value is `nil`, so that its key is left out of the data.
    ///
    /// The default is `false`; `Optional` answers whether it is `nil`.
    var _isNilSavedValue: Bool { get }

    /// Whether values of this type can hold model objects, directly or in a collection.
    ///
    /// The default is `false`. ModelKit skips the walks of change tracking and copying for
    /// properties whose type answers `false`.
    static var _containsModelObjects: Bool { get }

    /// Calls `visitor` for each model object this value holds, not looking inside them.
    ///
    /// - Parameter visitor: Called with each object; returns `false` to stop.
    /// - Returns: `false` if `visitor` stopped the walk.
    func _visitModelObjects(_ visitor: (ModelObject) -> Bool) -> Bool

    /// A deep copy of the value: model objects inside it are copied too.
    ///
    /// - Parameter context: The state of the copy; pass it on to nested values.
    /// - Returns: The copy.
    func _savedCopy(context: CopyContext) -> Self
}

extension SavedValue {
    /// ModelKit's machinery: reads the value's dictionary form from JSON and makes the value from it.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Self {
        try _make(savedValue: reader.readFoundationValue(), context: context)
    }

    /// ModelKit's machinery: values are not `nil` unless they are an empty `Optional`.
    public var _isNilSavedValue: Bool { false }

    /// ModelKit's machinery: values hold no model objects unless their type says so.
    public static var _containsModelObjects: Bool { false }

    /// ModelKit's machinery: values hold no model objects to visit unless their type says so.
    public func _visitModelObjects(_ visitor: (ModelObject) -> Bool) -> Bool { true }

    /// ModelKit's machinery: values without model objects copy as they are.
    public func _savedCopy(context: CopyContext) -> Self { self }
}

extension SavedValue {
    /// The error for a value of the wrong type.
    ///
    /// - Parameters:
    ///   - found: The value found in the data.
    ///   - expected: What belongs there, in words.
    ///   - type: The type the value is read as, which `Codable` reports: this type, or for one
    ///     saved as a string, a dictionary or an array, that form's type, as `JSONDecoder`
    ///     names them.
    static func mismatch(_ found: Any, expected: String, readAs type: Any.Type = Self.self) -> ModelError {
        if FastCast.isNull(found) {
            return ModelError(.valueNotFound(expected: expected)).expecting(type)
        }
        return ModelError(.typeMismatch(expected: expected, found: FoundValue.describe(found))).expecting(type)
    }
}
