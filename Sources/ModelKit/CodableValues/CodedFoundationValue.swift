import Foundation

/// The Foundation types that ModelKit's decoder and encoder code in forms of their own, as
/// `JSONDecoder` and `JSONEncoder` do, instead of through the types' `Codable` conformances:
/// a `Date` as ISO 8601 text, `Data` as Base64, a `URL` as its absolute string and a `Decimal`
/// as a number.
///
/// The words and checks are those of the types' own saved values (`Date`, `Data`, `URL` and
/// `Decimal` in `Values/`), so a `Date` inside a ``CodableSavedValue`` fails as a `Date`
/// property does: `expected an ISO 8601 date string, found 5`. Dates are always ISO 8601:
/// a property's date format does not reach into the value.
enum CodedFoundationValue {
    /// The value of type `T` that `value` holds, when `T` is one of these types; else `nil`.
    ///
    /// - Throws: A ``ModelError`` at the value itself, for a value that is not one of `T`.
    static func decode<T>(_ type: T.Type, from value: CodedValue) throws(ModelError) -> T? {
        if T.self == Date.self { return try date(from: value) as? T }
        if T.self == URL.self { return try url(from: value) as? T }
        if T.self == Data.self { return try data(from: value) as? T }
        if T.self == Decimal.self { return try decimal(from: value) as? T }
        return nil
    }

    /// The form of `value`, when it is of one of these types; else `nil`.
    ///
    /// - Parameter options: The options of the write, which say how dates are written.
    /// - Throws: A ``ModelError`` at the value itself, for a date without an ISO 8601 form and
    ///   a decimal that is not a number.
    static func encode<T>(_ value: T, options: WriteOptions) throws(ModelError) -> CodedValue? {
        if T.self == Date.self, let date = value as? Date {
            do {
                return .string(try ISO8601.string(from: options.writtenDate(date)))
            } catch let error as ModelError {
                throw error
            } catch {
                throw ModelError.encodingFailed(of: Date.self, error: error)
            }
        }
        if T.self == URL.self, let url = value as? URL { return .string(url.absoluteString) }
        if T.self == Data.self, let data = value as? Data { return .string(data.base64EncodedString()) }
        if T.self == Decimal.self, let decimal = value as? Decimal { return try encode(decimal) }
        return nil
    }

    /// What a value of `type` is, in the words of an error message: `a string`, `a number`;
    /// `a value` for a type that is not a scalar.
    static func expectation(for type: Any.Type) -> String {
        if let scalar = type as? any CodedScalar.Type { return scalar.expectation }
        if type == Date.self { return "an ISO 8601 date string" }
        if type == URL.self { return "a URL string" }
        if type == Data.self { return "a Base64 string" }
        if type == Decimal.self { return "a number" }
        if type == [String: Any].self { return "an object" }
        if type == [Any].self { return "an array" }
        return "a value"
    }

    // MARK: Decoding

    private static func date(from value: CodedValue) throws(ModelError) -> Date {
        guard case .string(let string) = value else {
            throw value.mismatch(expected: expectation(for: Date.self), readAs: String.self)
        }
        guard let date = ISO8601.date(from: string) else { throw ModelError.invalidDate(string) }
        return date
    }

    private static func url(from value: CodedValue) throws(ModelError) -> URL {
        guard case .string(let string) = value else {
            throw value.mismatch(expected: expectation(for: URL.self), readAs: String.self)
        }
        guard !string.isEmpty, let url = URL(string: string) else {
            throw ModelError(.invalidValue(expected: "a URL", found: FoundValue.quoted(string)))
        }
        return url
    }

    private static func data(from value: CodedValue) throws(ModelError) -> Data {
        guard case .string(let string) = value else {
            throw value.mismatch(expected: expectation(for: Data.self), readAs: String.self)
        }
        guard let data = Data(base64Encoded: string) else { throw ModelError.invalidBase64(string) }
        return data
    }

    /// A number as a `Decimal`: an integer exactly, a `Double` as the decimal of its shortest
    /// text, so that `0.1` is the decimal 0.1, as `JSONDecoder` reads it from that text.
    ///
    /// A string that holds a decimal number is one too, as for a `Decimal` property: encoding
    /// a model through `Codable` writes its long decimals as strings.
    private static func decimal(from value: CodedValue) throws(ModelError) -> Decimal {
        if case .string(let string) = value {
            guard let decimal = Decimal(string: string, locale: Locale(identifier: "en_US_POSIX")), !decimal.isNaN
            else {
                throw ModelError(.invalidValue(expected: "a decimal number", found: FoundValue.quoted(string)))
            }
            return decimal
        }
        guard let number = value.number else {
            throw value.mismatch(expected: expectation(for: Decimal.self), readAs: Decimal.self)
        }
        switch number {
        case .int(let int): return Decimal(int)
        case .uint(let uint): return Decimal(uint)
        case .decimal(let decimal): return decimal
        case .double(let double):
            guard let decimal = Decimal(string: "\(double)", locale: Locale(identifier: "en_US_POSIX")) else {
                throw ModelError(.numberOutOfRange(type: "Decimal", found: number.description))
            }
            return decimal
        case .bool(let bool):
            return bool ? 1 : 0
        }
    }

    // MARK: Encoding

    /// A decimal as it is: written as a `Decimal` property writes it, with every digit, and an
    /// `NSDecimalNumber` in the dictionary form.
    ///
    /// `JSONEncoder` writes the same digits, but `JSONSerialization` reads a fraction of 16
    /// digits back as a `Double`, which may lose the last one; ModelKit's writer pads such a
    /// fraction with a zero.
    private static func encode(_ decimal: Decimal) throws(ModelError) -> CodedValue {
        guard !decimal.isNaN else { throw ModelError(.unencodableNumber("NaN")) }
        return .number(.decimal(decimal))
    }
}
