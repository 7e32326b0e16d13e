import Foundation

/// A ``DateFormat`` other than ISO 8601, made ready once for a property: its pattern compiled,
/// its messages written.
///
/// A property whose dates are not in ISO 8601 holds one, and hands it to the load or the write
/// while its value is converted (``LoadContext/dateCoding``, ``SaveContext/dateCoding``,
/// ``JSONWriter/dateCoding``), so that `Date`'s own conversions, and those of dates inside
/// arrays, sets, dictionaries and optionals of the property, use it. Where none is handed on,
/// dates are ISO 8601, as they always were, at the cost of one branch.
final class DateCoding: Sendable {
    private enum Form: Sendable {
        /// Text in a compiled pattern; `.dateOnly` is the pattern `yyyy-MM-dd`.
        case pattern(DatePattern)
        /// Text in a pattern that `DateFormatter` reads and writes.
        case formatter(FormatterPattern)
        /// A number of seconds (1 per second) or milliseconds (1000) since 1970.
        case number(unitsPerSecond: Double)
    }

    let format: DateFormat
    private let form: Form
    /// What a valid value is, in words, for errors: `a date in the form "yyyy-MM-dd"`.
    private let expectedValue: String
    /// What kind of value belongs there, in words, for errors about a value of another type.
    private let expectedKind: String

    /// Makes a format ready; `nil` for ``DateFormat/iso8601``, which needs nothing.
    init?(_ format: DateFormat) {
        self.format = format
        switch format {
        case .iso8601:
            return nil
        case .secondsSince1970, .millisecondsSince1970:
            let unit = format == .secondsSince1970 ? "seconds" : "milliseconds"
            form = .number(unitsPerSecond: format == .secondsSince1970 ? 1 : 1000)
            expectedValue = "a number of \(unit) since 1970"
            expectedKind = expectedValue
        case .dateOnly, .pattern:
            let pattern = if case .pattern(let pattern) = format { pattern } else { "yyyy-MM-dd" }
            form = DatePattern(pattern).map { .pattern($0) } ?? .formatter(FormatterPattern(pattern))
            expectedValue = "a date in the form \"\(pattern)\""
            expectedKind = "a date string in the form \"\(pattern)\""
        }
    }

    /// Whether a property of `type` holds dates whose format its property gives: `Date`
    /// itself, and optionals, arrays, sets and dictionaries of such values, and
    /// ``SavedRepresentable`` and `RawRepresentable` types saved as one.
    ///
    /// Such values hold no model objects, so a format handed on for one never reaches the
    /// properties of a nested object, which have formats of their own.
    static func applies(to type: Any.Type) -> Bool {
        if type == Date.self { return true }
        if let container = type as? any SavedContainerType.Type { return applies(to: container.savedElementType) }
        if let representable = type as? any SavedRepresentable.Type {
            return applies(toRepresentationOf: representable)
        }
        if let raw = type as? any RawRepresentable.Type { return applies(toRawValueOf: raw) }
        return false
    }

    private static func applies<T: SavedRepresentable>(toRepresentationOf type: T.Type) -> Bool {
        applies(to: T.SavedRepresentation.self)
    }

    private static func applies<T: RawRepresentable>(toRawValueOf type: T.Type) -> Bool {
        applies(to: T.RawValue.self)
    }

    // MARK: The dictionary form

    /// The date that a value of the dictionary form gives: a string in the pattern or a
    /// number, or a `Date` from a property list.
    ///
    /// - Parameter context: The load, whose class may accept a number of seconds or
    ///   milliseconds in a string (``ModelObject/acceptsLosslessConversions``).
    /// - Throws: A ``ModelError`` for a value of another type or one that is not a date.
    func date(fromSavedValue savedValue: Any, context: LoadContext? = nil) throws -> Date {
        switch form {
        case .pattern, .formatter:
            if let text = FastCast.string(savedValue) {
                guard let date = date(fromText: text) else {
                    throw ModelError(.invalidValue(expected: expectedValue, found: FoundValue.quoted(text)))
                }
                return date
            }
            if let date = savedValue as? Date { return date }
            throw Date.mismatch(savedValue, expected: expectedKind, readAs: String.self)
        case .number(let unitsPerSecond):
            var found = SavedNumber(savedValue)
            if found == nil, let context, context.acceptsLosslessConversions {
                found = LosslessConversion.number(in: savedValue)
            }
            guard let number = found, !number.isBool else {
                if let date = savedValue as? Date { return date }
                throw Date.mismatch(savedValue, expected: expectedKind, readAs: Double.self)
            }
            guard let date = DateNumber.date(from: number.double, unitsPerSecond: unitsPerSecond) else {
                throw ModelError(.invalidValue(expected: expectedValue, found: number.description))
            }
            return date
        }
    }

    private func date(fromText text: String) -> Date? {
        switch form {
        case .pattern(let pattern): return pattern.date(from: text)
        case .formatter(let formatter): return formatter.date(from: text)
        case .number: return nil
        }
    }

    /// The dictionary form of `date`: its text, or its number, an `Int` when it is whole.
    ///
    /// - Throws: ``ModelError/Reason/unencodableDate(_:)`` for a date that the format cannot
    ///   write so that it reads back.
    func savedValue(of date: Date) throws -> Any {
        switch form {
        case .pattern(let pattern): return try pattern.string(from: date)
        case .formatter(let formatter): return try formatter.string(from: date)
        case .number(let unitsPerSecond):
            switch try DateNumber.written(date, unitsPerSecond: unitsPerSecond) {
            case .integer(let integer): return Int(exactly: integer).map { $0 as Any } ?? NSNumber(value: integer)
            case .fraction(let double): return double
            }
        }
    }

    // MARK: JSON

    /// Reads a date from JSON, with the result that ``date(fromSavedValue:)`` has for its
    /// dictionary form.
    ///
    /// - Throws: ``ValueMismatch`` for anything else, which is then loaded the dictionary way.
    func read(from reader: inout JSONReader) throws -> Date {
        switch form {
        case .pattern(let pattern):
            return try reader.readStringValue(converting: pattern.date(fromUTF8:))
        case .formatter(let formatter):
            guard let date = formatter.date(from: try reader.readStringValue()) else { throw ValueMismatch() }
            return date
        case .number(let unitsPerSecond):
            guard let date = DateNumber.date(from: try reader.readDoubleValue(), unitsPerSecond: unitsPerSecond) else {
                throw ValueMismatch()
            }
            return date
        }
    }

    /// Writes the JSON form of `date`, which reads as ``savedValue(of:)``.
    func write(_ date: Date, to writer: inout JSONWriter) throws {
        switch form {
        case .pattern(let pattern): try pattern.withText(of: date) { writer.output.writeString(utf8: $0) }
        case .formatter(let formatter): writer.output.writeString(try formatter.string(from: date))
        case .number(let unitsPerSecond):
            switch try DateNumber.written(date, unitsPerSecond: unitsPerSecond) {
            case .integer(let integer): writer.output.writeInteger(integer)
            case .fraction(let double): try writer.writeDouble(double)
            }
        }
    }

    /// The error for a date that a format cannot write so that it reads back.
    static func unencodable(_ date: Date) -> ModelError {
        ModelError(.unencodableDate("\(date.timeIntervalSinceReferenceDate) seconds from 2001-01-01T00:00:00Z"))
    }
}

extension SavedNumber {
    /// Whether the value is a boolean, not a number.
    var isBool: Bool {
        if case .bool = self { return true }
        return false
    }
}

/// A collection or optional type whose saved values hold values of another type.
protocol SavedContainerType {
    static var savedElementType: Any.Type { get }
}

extension Optional: SavedContainerType {
    static var savedElementType: Any.Type { Wrapped.self }
}

extension Array: SavedContainerType {
    static var savedElementType: Any.Type { Element.self }
}

extension Set: SavedContainerType {
    static var savedElementType: Any.Type { Element.self }
}

extension Dictionary: SavedContainerType {
    static var savedElementType: Any.Type { Value.self }
}
