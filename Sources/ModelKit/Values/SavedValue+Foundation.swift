import Foundation

extension Date: SavedValue {
    /// ModelKit's machinery: reads an ISO 8601 string, or the format that the property gives,
    /// or a `Date` from a property list.
    public static func _make(savedValue: Any, context: LoadContext) throws -> Date {
        if let dateCoding = context.dateCoding {
            return try dateCoding.date(fromSavedValue: savedValue, context: context)
        }
        if let string = FastCast.string(savedValue) {
            guard let date = ISO8601.date(from: string) else {
                throw ModelError.invalidDate(string)
            }
            return date
        }
        if let date = savedValue as? Date { return date }
        throw mismatch(savedValue, expected: "an ISO 8601 date string", readAs: String.self)
    }

    /// ModelKit's machinery: the date's ISO 8601 string, or its form in the format that the
    /// property gives.
    public func _savedValue(context: SaveContext) throws -> Any {
        if let dateCoding = context.dateCoding { return try dateCoding.savedValue(of: self) }
        // In UTC, with fractional seconds when the date has any, unless the write is in
        // `WriteOptions.dejalObjectFormat`.
        return try ISO8601.string(from: context.options.writtenDate(self))
    }

    /// ModelKit's machinery: writes the ISO 8601 string, or the format that the property gives.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        if let dateCoding = writer.dateCoding { return try dateCoding.write(self, to: &writer) }
        try writer.writeDate(self)
    }
}

extension Data: SavedValue {
    /// ModelKit's machinery: reads a Base64 string, or `Data` from a property list.
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

    /// ModelKit's machinery: the Base64 string.
    public func _savedValue(context: SaveContext) throws -> Any {
        base64EncodedString()
    }

    /// ModelKit's machinery: writes the Base64 string.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        writer.output.writeString(base64EncodedString())
    }
}

extension URL: SavedValue {
    /// ModelKit's machinery: reads a URL string.
    public static func _make(savedValue: Any, context: LoadContext) throws -> URL {
        guard let string = FastCast.string(savedValue) else {
            throw mismatch(savedValue, expected: "a URL string", readAs: String.self)
        }
        guard !string.isEmpty, let url = URL(string: string) else {
            throw ModelError(.invalidValue(expected: "a URL", found: FoundValue.quoted(string)))
        }
        return url
    }

    /// ModelKit's machinery: the absolute string of the URL.
    public func _savedValue(context: SaveContext) throws -> Any { absoluteString }

    /// ModelKit's machinery: writes the absolute string of the URL.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        writer.output.writeString(absoluteString)
    }
}

extension UUID: SavedValue {
    /// ModelKit's machinery: reads a UUID string.
    public static func _make(savedValue: Any, context: LoadContext) throws -> UUID {
        guard let string = FastCast.string(savedValue) else {
            throw mismatch(savedValue, expected: "a UUID string", readAs: String.self)
        }
        guard let uuid = UUID(uuidString: string) else {
            throw ModelError(.invalidValue(expected: "a UUID", found: FoundValue.quoted(string)))
        }
        return uuid
    }

    /// ModelKit's machinery: the UUID string.
    public func _savedValue(context: SaveContext) throws -> Any { uuidString }

    /// ModelKit's machinery: writes the UUID string.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        writer.output.writeString(uuidString)
    }
}
