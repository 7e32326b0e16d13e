/// The location of a value inside a model's data, such as `children[2].label.red`.
///
/// Errors and load issues carry a key path so that a problem deep inside a document
/// can be found without guessing.
public struct ModelKeyPath: Hashable, Sendable, CustomStringConvertible {
    /// One step of a key path.
    public enum Component: Hashable, Sendable {
        /// A key in a dictionary: a saved property or a dictionary entry.
        case key(String)
        /// A position in an array.
        case index(Int)
    }

    /// The steps from the root of the document to the value.
    public internal(set) var components: [Component]

    /// Creates a key path from its steps.
    ///
    /// - Parameter components: The steps from the root of the document to the value.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// Whether the key path names the root of the document.
    public var isRoot: Bool { components.isEmpty }

    /// The key path in the form `children[2].label.red`; the root reads `(root)`.
    ///
    /// A key that could be read as more than one step, or as none, is quoted in brackets:
    /// the empty key, keys containing `.`, `[`, `]` or `"`, and a key spelled `(root)`. Inside
    /// the quotes, `"` and `\` are escaped with a backslash, so `tags["a.b"]` is the entry
    /// `a.b` of `tags`, while `tags.a.b` is the entry `b` of the entry `a`. Every key path
    /// reads differently from every other.
    public var description: String {
        guard !components.isEmpty else { return "(root)" }
        var text = ""
        for component in components {
            switch component {
            case .key(let key) where Self.needsQuotes(key):
                text += "[\"\(Self.escaped(key))\"]"
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    mutating func prepend(_ component: Component) {
        components.insert(component, at: 0)
    }

    /// Whether `key`, written bare, could be mistaken for other steps: it would vanish, split
    /// at a `.`, start a subscript, or read as the root.
    private static func needsQuotes(_ key: String) -> Bool {
        key.isEmpty || key == "(root)"
            || key.utf8.contains {
                $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]")
                    || $0 == UInt8(ascii: "\"")
            }
    }

    private static func escaped(_ key: String) -> String {
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return key }
        var result = ""
        for character in key.unicodeScalars {
            if character == "\"" || character == "\\" { result.unicodeScalars.append("\\") }
            result.unicodeScalars.append(character)
        }
        return result
    }
}
