import Foundation

/// The saved form of ``DataValue``'s data: Base64 without line breaks, or nothing at all for
/// no data or empty data.
///
/// Empty data is kept as no data, so the value in memory is exactly the one that loading its
/// saved form gives back.
struct SavedBase64: Hashable, CustomStringConvertible {
    /// The data; `nil` for none, never empty.
    let data: Data?

    /// No data: nothing is written.
    static let none = SavedBase64(nil)

    /// Makes the saved form of data.
    ///
    /// - Parameter data: The data; empty data counts as none.
    init(_ data: Data?) {
        self.data = data?.isEmpty == false ? data : nil
    }

    /// The Base64 text, without line breaks; `nil` for no data.
    var text: String? {
        data?.base64EncodedString()
    }

    var description: String {
        data.map { "\($0.count) bytes" } ?? "nil"
    }

    /// The data of Base64 text, which may be broken into lines, as DejalData also read it;
    /// `nil` when the text is not Base64.
    static func decode(_ text: String) -> Data? {
        if let data = Data(base64Encoded: text) { return data }
        let compact = text.unicodeScalars.filter { !$0.properties.isWhitespace }
        guard compact.count != text.unicodeScalars.count else { return nil }
        return Data(base64Encoded: String(String.UnicodeScalarView(compact)))
    }
}

extension SavedBase64: SavedValue {
    /// Reads Base64 text, or `Data` from a property list; `null` and an empty string are no
    /// data.
    static func _make(savedValue: Any, context: LoadContext) throws -> SavedBase64 {
        if FastCast.isNull(savedValue) { return .none }
        if let text = FastCast.string(savedValue) {
            guard let data = decode(text) else {
                throw ModelError.invalidBase64(text)
            }
            return SavedBase64(data)
        }
        if let data = savedValue as? Data { return SavedBase64(data) }
        throw mismatch(savedValue, expected: "a Base64 string")
    }

    func _savedValue(context: SaveContext) throws -> Any {
        text ?? NSNull()
    }

    func _writeJSON(to writer: inout JSONWriter) throws {
        guard let text else { return writer.output.writeNull() }
        writer.output.writeString(text)
    }

    /// No data writes no `string` value.
    var _isNilSavedValue: Bool {
        data == nil
    }
}
