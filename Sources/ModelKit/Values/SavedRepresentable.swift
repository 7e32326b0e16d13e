/// A type saved by converting it to and from another saved type.
///
/// This is the way to save a type of your own, like a value transformer for a Core Data
/// transformable attribute:
///
/// ```swift
/// struct Version: Equatable {
///     var major: Int, minor: Int
/// }
///
/// extension Version: SavedRepresentable {
///     init(savedRepresentation: String) throws {
///         let parts = savedRepresentation.split(separator: ".").compactMap { Int($0) }
///         guard parts.count == 2 else { throw VersionError.malformed(savedRepresentation) }
///         self.init(major: parts[0], minor: parts[1])
///     }
///     var savedRepresentation: String { "\(major).\(minor)" }
/// }
/// ```
///
/// An error thrown by ``init(savedRepresentation:)`` becomes a ``ModelError`` with the key path
/// of the value, and the error as its underlying error. A ``ValidationError``, or another
/// `LocalizedError` with a description, gives its message as the `localizedDescription`
/// (``ModelError/Reason/validationFailed(_:)``): `throw ValidationError("not an email
/// address")`. Any other error reads as a value that does not fit, such as
/// `expected a valid Email, found "x"`.
public protocol SavedRepresentable: SavedValue {
    /// The saved type this type converts to and from.
    associatedtype SavedRepresentation: SavedValue

    /// Creates a value from its saved representation.
    ///
    /// - Parameter savedRepresentation: The representation read from the data.
    /// - Throws: Any error, when the representation does not describe a valid value; a
    ///   ``ValidationError`` to tell the user why.
    init(savedRepresentation: SavedRepresentation) throws

    /// The representation to save.
    ///
    /// - Throws: Any error, when the value cannot be saved; it reaches the caller as a
    ///   ``ModelError`` with the key path of the value.
    var savedRepresentation: SavedRepresentation { get throws }
}

extension SavedRepresentable {
    /// ModelKit's machinery: reads the representation, then converts it.
    public static func _make(savedValue: Any, context: LoadContext) throws -> Self {
        let representation = try SavedRepresentation._make(savedValue: savedValue, context: context)
        do {
            return try Self(savedRepresentation: representation)
        } catch {
            throw ModelError.conversionFailed(of: Self.self, found: savedValue, error: error)
        }
    }

    /// ModelKit's machinery: the dictionary form of the representation.
    public func _savedValue(context: SaveContext) throws -> Any {
        try representation()._savedValue(context: context)
    }

    /// ModelKit's machinery: the JSON form of the representation.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        try representation()._writeJSON(to: &writer)
    }

    private func representation() throws -> SavedRepresentation {
        do {
            return try savedRepresentation
        } catch let error as ModelError {
            throw error
        } catch {
            throw ModelError(.custom("\(Self.self) could not be saved: \(error)"), underlyingError: error)
        }
    }
}

extension SavedValue where Self: RawRepresentable, RawValue: SavedValue {
    /// ModelKit's machinery: reads the raw value, then the case it names.
    public static func _make(savedValue: Any, context: LoadContext) throws -> Self {
        let rawValue = try RawValue._make(savedValue: savedValue, context: context)
        guard let value = Self(rawValue: rawValue) else {
            let found = FoundValue.describe(savedValue)
            throw ModelError(.invalidValue(expected: "a raw value of \(Self.self)", found: found))
        }
        return value
    }

    /// ModelKit's machinery: the dictionary form of the raw value.
    public func _savedValue(context: SaveContext) throws -> Any {
        try rawValue._savedValue(context: context)
    }

    /// ModelKit's machinery: the JSON form of the raw value.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        try rawValue._writeJSON(to: &writer)
    }
}
