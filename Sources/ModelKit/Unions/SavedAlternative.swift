import Foundation

/// One case of a ``SavedUnion``: the saved type of its value, and the case that such a value
/// makes.
///
/// Create it from the case itself, which is a function from the case's value to the union:
///
/// ```swift
/// static var alternatives: [SavedAlternative<CustomerField>] { [.init(Self.id), .init(Self.customer)] }
/// ```
///
/// The type of the case's value says which kinds of JSON value the alternative reads (see
/// ``SavedUnion``), and it reads and writes them as a property of that type does.
public struct SavedAlternative<Union: SavedUnion>: @unchecked Sendable {
    // Unchecked because its closures capture the metatypes `Value.Type` and `Union.Type`,
    // which are not `Sendable` only in case a conformance is isolated to an actor. They call
    // nothing but the saved-value requirements, which ModelKit calls on any thread for every
    // saved type, and the case, which is `@Sendable`; every stored property is a `let`.

    /// The saved type of the case's value.
    let valueType: any SavedValue.Type
    /// The case made from the dictionary form of a value.
    let make: (_ savedValue: Any, _ context: LoadContext) throws -> Union
    /// The case made from the JSON value at the reader.
    let read: (_ reader: inout JSONReader, _ context: LoadContext) throws -> Union
    /// Whether `value` is of the case's type.
    let holds: (_ value: any SavedValue) -> Bool
    /// The case made from `value` when it is of the case's type; else `nil`.
    let wrap: (_ value: any SavedValue) -> Union?
    /// The case made from a deep copy of `value` when it is of the case's type; else `nil`.
    let wrapCopy: (_ value: any SavedValue, _ context: CopyContext) -> Union?

    /// An alternative whose case holds a value of type `Value`.
    ///
    /// - Parameter makeCase: The case, as a function of its value: `Self.id` for
    ///   `case id(String)`.
    public init<Value: SavedValue>(_ makeCase: @escaping @Sendable (Value) -> Union) {
        valueType = Value.self
        make = { savedValue, context in makeCase(try Value._make(savedValue: savedValue, context: context)) }
        read = { reader, context in makeCase(try Value._read(from: &reader, context: context)) }
        holds = { value in value is Value }
        wrap = { value in (value as? Value).map(makeCase) }
        wrapCopy = { value, context in (value as? Value).map { makeCase($0._savedCopy(context: context)) } }
    }
}
