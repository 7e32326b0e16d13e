import Foundation

/// An error from loading or writing a model, naming the key path of the value at fault.
///
/// Every problem that data can cause surfaces as a `ModelError`, never as a trap:
///
/// ```swift
/// do {
///     let demo = try Demo(json: data)
/// } catch let error as ModelError {
///     print(error)  // children[2].label.red: expected a number, found "red"
/// }
/// ```
public struct ModelError: LocalizedError, CustomStringConvertible, CustomDebugStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// The value has the wrong type, such as a string where a number belongs.
        case typeMismatch(expected: String, found: String)
        /// A `null` stands where a value that cannot be `nil` belongs.
        case valueNotFound(expected: String)
        /// A number does not fit the integer type of its property.
        case numberOutOfRange(type: String, found: String)
        /// A number with a fraction stands where an integer belongs.
        case fractionalNumber(type: String, found: String)
        /// A string is not a valid date, URL, UUID, Base64 block or other formatted value.
        case invalidValue(expected: String, found: String)
        /// The bytes are not valid JSON, as `JSONSerialization` reports it.
        case invalidJSON(String)
        /// The bytes are not valid JSON: the detail says what ModelKit's reader expected at
        /// the line and column given, both counted from 1.
        case syntaxError(String, line: Int, column: Int)
        /// A class name in the data is not registered and no declared type stands in for it.
        case unknownClass(String)
        /// A class name in the data names a class that is not the expected class or a subclass.
        case unrelatedClass(String, expected: String)
        /// A class name in the data fits more than one class, named here by their qualified
        /// Swift names, such as `Work.Task` and `Home.Task`.
        case ambiguousClass(String, candidates: [String])
        /// A number that JSON cannot hold, such as NaN or infinity.
        case unencodableNumber(String)
        /// A date that has no form in its ``DateFormat`` that reads back: NaN, infinity; in ISO
        /// 8601, a date outside the years -999,999,999 to 999,999,999, or one within two seconds
        /// of 2001-01-01T00:00:00Z whose fraction needs more digits than reading keeps; in a
        /// pattern, a year that its year field cannot write.
        case unencodableDate(String)
        /// A model object contains itself, directly or through other objects.
        case cycle(String)
        /// Model objects, or the arrays and objects of the JSON being written, are nested more
        /// deeply than the limit: a fixed one, or the depth at which what is left of the
        /// thread's stack would not hold another level.
        case nestingTooDeep(limit: Int)
        /// Reading or writing a file failed.
        case fileError(String)
        /// A migration, upgrade or custom saved value reported a problem.
        case custom(String)
        /// A model's ``ModelObject/validate()`` rejected the loaded object, or a custom saved
        /// value's conversion rejected the value, with this message for the user: the
        /// `localizedDescription` of the error.
        case validationFailed(String)
        /// A key names nothing that its object's class declares, in a load that rejects such
        /// keys (``ModelObject/rejectsUnknownKeys``, ``LoadOptions/rejectingUnknownKeys``).
        case unknownKey(String)
        /// A record of a stream is longer than its ``RecordOptions/maxRecordSize``, this many
        /// bytes.
        case recordTooLarge(limit: Int)
    }

    /// What went wrong.
    public var reason: Reason
    /// Where in the data it went wrong.
    public var keyPath: ModelKeyPath
    /// The error that caused this one, if another error did.
    public var underlyingError: (any Error)?
    /// The record at fault, for an error from a stream of records (``ModelRecords``).
    ///
    /// It gives the record's index, its byte offset and, in JSON Lines, its line; the
    /// ``keyPath`` starts inside the record.
    public internal(set) var record: RecordLocation? {
        get { recordBox?.location }
        set { recordBox = newValue.map(RecordBox.init) }
    }
    /// The record, out of line: errors pass through the frames of loading recursion, which a
    /// larger error would make larger.
    private var recordBox: RecordBox?
    /// The type that a mismatched or missing value was read as, such as `String` for a date,
    /// for the `DecodingError` that `Codable` reports.
    var expectedType: Any.Type?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - reason: What went wrong.
    ///   - keyPath: Where in the data it went wrong.
    ///   - underlyingError: The error that caused this one, if any.
    public init(_ reason: Reason, at keyPath: ModelKeyPath = ModelKeyPath(), underlyingError: (any Error)? = nil) {
        self.reason = reason
        self.keyPath = keyPath
        self.underlyingError = underlyingError
    }

    /// The reason, preceded by the key path unless the problem is at the root, and by the
    /// record for an error from a stream of records:
    /// `record 3 (line 4, byte 812): customer.id: expected a string, found 5`.
    public var description: String {
        let located = keyPath.isRoot ? reasonText : "\(keyPath): \(reasonText)"
        guard let record else { return located }
        return "\(record): \(located)"
    }

    /// The key path and the reason, as ``description`` gives them, so that
    /// `localizedDescription` and alerts show them instead of a generic message; for
    /// ``Reason/validationFailed(_:)``, the user's own message alone, written for people.
    public var errorDescription: String? {
        if case .validationFailed(let message) = reason { return message }
        return description
    }

    /// The description, followed by the underlying error when there is one.
    public var debugDescription: String {
        guard let underlyingError else { return description }
        return "\(description) (\(underlyingError))"
    }

    private var reasonText: String {
        switch reason {
        case .typeMismatch(let expected, let found):
            return "expected \(expected), found \(found)"
        case .valueNotFound(let expected):
            return "expected \(expected), found null"
        case .numberOutOfRange(let type, let found):
            return "number \(found) is out of range for \(type)"
        case .fractionalNumber(let type, let found):
            return "expected a whole number for \(type), found \(found)"
        case .invalidValue(let expected, let found):
            return "expected \(expected), found \(found)"
        case .invalidJSON(let detail):
            return "invalid JSON: \(detail)"
        case .syntaxError(let detail, let line, let column):
            return "invalid JSON at line \(line), column \(column): \(detail)"
        case .unknownClass(let name):
            return "unknown class name \"\(name)\""
        case .unrelatedClass(let name, let expected):
            return "class \"\(name)\" is not \(expected) or one of its subclasses"
        case .ambiguousClass(let name, let candidates):
            return "class name \"\(name)\" is ambiguous: it names \(candidates.joined(separator: " and "))"
        case .unencodableNumber(let number):
            return "\(number) cannot be written as JSON"
        case .unencodableDate(let date):
            return "the date \(date) cannot be written in its date format so that it reads back"
        case .cycle(let name):
            return "\(name) contains itself"
        case .nestingTooDeep(let limit):
            return "values are nested more than \(limit) levels deep"
        case .fileError(let detail):
            return detail
        case .custom(let detail):
            return detail
        case .validationFailed(let message):
            return message
        case .unknownKey(let key):
            return "unknown key \(FoundValue.quoted(key))"
        case .recordTooLarge(let limit):
            return "the record is longer than the most a record may have, \(limit) bytes"
        }
    }

    /// This error, recording the type that the value at fault was read as.
    func expecting(_ type: Any.Type) -> ModelError {
        var copy = self
        copy.expectedType = type
        return copy
    }

    func prefixed(with component: ModelKeyPath.Component) -> ModelError {
        var copy = self
        copy.keyPath.prepend(component)
        return copy
    }

    /// This error, with `components` in front of its key path.
    func prefixed(with components: [ModelKeyPath.Component]) -> ModelError {
        var copy = self
        for component in components.reversed() { copy.keyPath.prepend(component) }
        return copy
    }
}

/// A record location held by reference, one word in an error.
private final class RecordBox: Sendable {
    let location: RecordLocation

    init(_ location: RecordLocation) {
        self.location = location
    }
}
