import Foundation

/// How a model class turns its property names into the keys of its data.
///
/// ```swift
/// final class Repository: ModelObject {
///     override class var keyStyle: KeyStyle { .snakeCase }
///
///     @Saved var fullName = ""           // "full_name"
///     @Saved var htmlURL: URL?           // "html_url"
///     @Saved("id") var identifier = 0    // "id": an explicit key always wins
/// }
/// ```
///
/// The style applies to the properties a class declares itself; a subclass inherits its
/// superclass's style with ``ModelObject/keyStyle``, and the properties it inherits keep the
/// keys their own class gave them. Keys of the data that no property claims are kept as they
/// came, in ``ModelObject/unknownValues``.
public struct KeyStyle: Sendable, Hashable, CustomStringConvertible {
    private enum Style: Hashable {
        case propertyName
        case snakeCase
        case kebabCase
    }

    private let style: Style

    /// Each key is the property's name, as declared: `createdAt` is stored as `createdAt`.
    public static let propertyName = KeyStyle(style: .propertyName)

    /// Each key is the property's name in snake case, as `JSONEncoder`'s
    /// `.convertToSnakeCase` writes it: `createdAt` is stored as `created_at`, `avatarURL` as
    /// `avatar_url` and `userID2` as `user_id2`.
    ///
    /// Words start at an uppercase letter that follows a lowercase letter or a digit, and at
    /// the last uppercase letter of a run that a lowercase letter follows (`URLPath` is
    /// `url_path`); leading and trailing underscores are kept.
    public static let snakeCase = KeyStyle(style: .snakeCase)

    /// As ``snakeCase``, with hyphens between the words: `createdAt` is stored as
    /// `created-at`.
    public static let kebabCase = KeyStyle(style: .kebabCase)

    /// The key for a property named `name`.
    ///
    /// - Parameter name: The property's name, without the property wrapper's underscore.
    /// - Returns: The key in the data.
    public func key(forPropertyNamed name: String) -> String {
        switch style {
        case .propertyName: name
        case .snakeCase: Self.separatingWords(of: name, with: "_")
        case .kebabCase: Self.separatingWords(of: name, with: "-")
        }
    }

    /// The style's name, such as `snakeCase`.
    public var description: String {
        switch style {
        case .propertyName: "propertyName"
        case .snakeCase: "snakeCase"
        case .kebabCase: "kebabCase"
        }
    }

    /// `name` in lowercase, with `separator` between its words, its leading and trailing
    /// underscores kept.
    private static func separatingWords(of name: String, with separator: Character) -> String {
        let characters = Array(name)
        guard let first = characters.firstIndex(where: { $0 != "_" }) else { return name }
        guard let last = characters.lastIndex(where: { $0 != "_" }) else { return name }
        var result = String(characters[..<first])
        let core = characters[first...last]
        for index in core.indices {
            let character = core[index]
            if character.isUppercase, index > first {
                let previous = core[index - 1]
                let nextIsLowercase = index < last && core[index + 1].isLowercase
                let startsWord =
                    previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLowercase)
                if startsWord, previous != "_" { result.append(separator) }
            }
            result += character.lowercased()
        }
        result += String(characters[(last + 1)...])
        return result
    }
}
