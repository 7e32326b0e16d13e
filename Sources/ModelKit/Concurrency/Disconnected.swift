/// Returns a value as a `sending` result, for a value that shares no mutable state with
/// the caller's values although region analysis cannot tell.
///
/// The compiler puts the result of a call in the region of its non-`Sendable` arguments: an
/// object that ``ModelObject/copy()`` makes from `self`, or that
/// ``ModelObject/make(dictionary:options:)`` loads from a dictionary, counts as part of that
/// argument, and could not be returned as `sending`. Those objects are new graphs: the
/// model objects in them are all new, and what they share with the argument are values of
/// the dictionary form (strings, numbers, dates, data, and arrays and dictionaries of them),
/// which nothing mutates.
///
/// - Warning: Only for a value that no one else can reach: a data race would follow from
///   sending a value that is still shared.
/// - Parameter value: A value that shares nothing mutable with the caller's values.
/// - Returns: The value, in a region of its own.
func disconnected<Value>(_ value: Value) -> sending Value {
    // Region analysis leaves out a binding marked so, which is what makes the result a region
    // of its own; the callers vouch that it is.
    nonisolated(unsafe) let value = value
    return value
}
