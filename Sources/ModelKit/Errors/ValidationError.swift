import Foundation

/// An error that a model's ``ModelObject/validate()``, or a custom saved value's conversion,
/// throws to reject what was loaded, in words meant for the user.
///
/// Loading turns it into a ``ModelError`` whose key path leads to the object, and on to
/// `key` when one is given; the error's `localizedDescription` is `message` itself:
///
/// ```swift
/// final class Person: ModelObject {
///     @Saved var age = 0
///
///     override func validate() throws {
///         guard age >= 0 else { throw ValidationError("must not be negative", key: "age") }
///     }
/// }
///
/// do {
///     _ = try Team(json: #"{"owner": {"age": -1}}"#)
/// } catch let error as ModelError {
///     print(error)                       // owner.age: must not be negative
///     print(error.localizedDescription)  // must not be negative
/// }
/// ```
public struct ValidationError: Error, LocalizedError, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in words meant for the user.
    public var message: String
    /// The key, in the data of the object that throws the error, of the value at fault; `nil`
    /// when the fault lies with the object as a whole.
    public var key: String?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - message: What is wrong, in words meant for the user: it becomes the
    ///     `localizedDescription` of the ``ModelError`` that loading throws or records.
    ///   - key: The key of the value at fault in the data of the object that throws the error,
    ///     such as `"age"`, which the ``ModelError``'s key path ends with; `nil` for the
    ///     object as a whole.
    public init(_ message: String, key: String? = nil) {
        self.message = message
        self.key = key
    }

    /// The message.
    public var errorDescription: String? { message }

    /// The message.
    public var description: String { message }
}
