import Foundation

extension Date: SavedValue {
    /// Reads an ISO 8601 string, or a `Date` from a property list.
    ///
    /// - Parameters:
    ///   - savedValue: The value found in the data.
    ///   - context: The state of the load.
    /// - Returns: The value.
    /// - Throws: A ``ModelError`` when the value does not fit.
    public static func _make(savedValue: Any, context: LoadContext) throws -> Date {
        if let string = FastCast.string(savedValue) {
            guard let date = ISO8601.date(from: string) else {
                throw ModelError.invalidDate(string)
            }
            return date
        }
        if let date = savedValue as? Date { return date }
        throw mismatch(savedValue, expected: "an ISO 8601 date string", readAs: String.self)
    }

    /// The ISO 8601 string in UTC, with fractional seconds when the date has any, unless the
    /// write is in ``WriteOptions/dejalObjectFormat``.
    ///
    /// - Parameter context: The state of the write.
    /// - Returns: The dictionary form.
    /// - Throws: A ``ModelError`` for a date that has no ISO 8601 text that reads back as the
    ///   same date: NaN, infinity, a date outside the years -999,999,999 to 999,999,999, or one
    ///   within two seconds of 2001-01-01T00:00:00Z whose fraction, at full `Double` precision,
    ///   needs more digits than reading keeps.
    public func _savedValue(context: SaveContext) throws -> Any {
        try ISO8601.string(from: context.options.writtenDate(self))
    }

    /// Writes the ISO 8601 string.
    ///
    /// - Parameter writer: The writer to append to.
    /// - Throws: A ``ModelError`` for a date that has no ISO 8601 text that reads back; see
    ///   ``_savedValue(context:)``.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        try writer.writeDate(self)
    }
}

extension Data: SavedValue {
    /// Reads a Base64 string, or `Data` from a property list.
    ///
    /// - Parameters:
    ///   - savedValue: The value found in the data.
    ///   - context: The state of the load.
    /// - Returns: The value.
    /// - Throws: A ``ModelError`` when the value does not fit.
    public static func _make(savedValue: Any, context: LoadContext) throws -> Data {
        if let string = FastCast.string(savedValue) {
            guard let data = Data(base64Encoded: string) else {
                throw ModelError.invalidBase64(string)
            }
            return data
        }
        if let data = savedValue as? Data { return data }
        throw mismatch(savedValue, expected: "a Base64 string", readAs: String.self)
    }

    /// The Base64 string.
    ///
    /// - Parameter context: The state of the write.
    /// - Returns: The dictionary form.
    public func _savedValue(context: SaveContext) throws -> Any {
        base64EncodedString()
    }

    /// Writes the Base64 string.
    ///
    /// - Parameter writer: The writer to append to.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        writer.writeString(base64EncodedString())
    }
}

extension URL: SavedValue {
    /// Reads a URL string.
    ///
    /// - Parameters:
    ///   - savedValue: The value found in the data.
    ///   - context: The state of the load.
    /// - Returns: The value.
    /// - Throws: A ``ModelError`` when the value does not fit.
    public static func _make(savedValue: Any, context: LoadContext) throws -> URL {
        guard let string = FastCast.string(savedValue) else {
            throw mismatch(savedValue, expected: "a URL string", readAs: String.self)
        }
        guard !string.isEmpty, let url = URL(string: string) else {
            throw ModelError(.invalidValue(expected: "a URL", found: FoundValue.quoted(string)))
        }
        return url
    }

    /// The absolute string of the URL.
    ///
    /// - Parameter context: The state of the write.
    /// - Returns: The dictionary form.
    public func _savedValue(context: SaveContext) throws -> Any { absoluteString }

    /// Writes the absolute string of the URL.
    ///
    /// - Parameter writer: The writer to append to.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        writer.writeString(absoluteString)
    }
}

extension UUID: SavedValue {
    /// Reads a UUID string.
    ///
    /// - Parameters:
    ///   - savedValue: The value found in the data.
    ///   - context: The state of the load.
    /// - Returns: The value.
    /// - Throws: A ``ModelError`` when the value does not fit.
    public static func _make(savedValue: Any, context: LoadContext) throws -> UUID {
        guard let string = FastCast.string(savedValue) else {
            throw mismatch(savedValue, expected: "a UUID string", readAs: String.self)
        }
        guard let uuid = UUID(uuidString: string) else {
            throw ModelError(.invalidValue(expected: "a UUID", found: FoundValue.quoted(string)))
        }
        return uuid
    }

    /// The UUID string.
    ///
    /// - Parameter context: The state of the write.
    /// - Returns: The dictionary form.
    public func _savedValue(context: SaveContext) throws -> Any { uuidString }

    /// Writes the UUID string.
    ///
    /// - Parameter writer: The writer to append to.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        writer.writeString(uuidString)
    }
}
