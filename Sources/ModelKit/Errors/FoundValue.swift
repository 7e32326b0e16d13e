import Foundation

/// Short descriptions of values found in data, for error messages.
enum FoundValue {
    /// Describes a value the way an error message names what it found: `"red"`, `12`,
    /// `true`, `null`, `an array`, `an object`.
    static func describe(_ value: Any) -> String {
        if value is NSNull { return "null" }
        if let string = value as? String { return quoted(string) }
        if let number = SavedNumber(value) { return number.description }
        if value is [Any] { return anArray }
        if value is [String: Any] { return anObject }
        if let data = value as? Data { return "\(data.count) bytes" }
        return "a value of type \(type(of: value))"
    }

    /// How an error message names an array it found.
    static var anArray: String { "an array" }
    /// How an error message names an object it found.
    static var anObject: String { "an object" }

    static func quoted(_ string: String) -> String {
        let limit = 40
        let shown = string.count > limit ? String(string.prefix(limit)) + "…" : string
        return "\"\(shown)\""
    }
}
