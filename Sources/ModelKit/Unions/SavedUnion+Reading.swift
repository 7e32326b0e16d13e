import Foundation

// Reading a union, both ways, with the same result.
//
// The dictionary way tries each alternative whose type reads the kind of the value found, in
// order, and takes the first that loads it. A failed try leaves nothing behind: the problems
// that a lenient load recorded during it are forgotten. ModelKit's reader peeks at the next
// token and reads the value through the first alternative for its kind, at that
// alternative's own speed. That gives what the dictionary way gives whenever it succeeds,
// since a type's `_read` gives what its `_make` gives. When it fails, the value is read again
// as its dictionary form and loaded the dictionary way, which tries the other alternatives
// too, as a property's value that does not fit is read again (`ValueReading`).
//
// For `[.init(Self.id), .init(Self.customer)]`: `"cus_1"` reads as a `String`; `{"id": …}` as
// a `Customer`; `5` fits neither, and the dictionary way throws
// `expected a string or an object, found 5`.

extension SavedUnion {
    /// ModelKit's machinery: the case of the first alternative that loads the value.
    public static func _make(savedValue: Any, context: LoadContext) throws -> Self {
        let table = UnionCache.alternatives(of: Self.self)
        let found = JSONKinds(found: savedValue)
        let marks = context.marks
        var firstError: ModelError?
        for index in table.alternatives.indices where !table.kinds[index].isDisjoint(with: found) {
            do {
                return try table.alternatives[index].make(savedValue, context)
            } catch let error as ModelError {
                // The next alternative starts from where this one did.
                firstError = firstError ?? error
                context.forgetProblems(since: marks)
            }
        }
        throw firstError ?? mismatch(savedValue, expected: table.expected)
    }

    /// ModelKit's machinery: reads the value through the first alternative for its kind, or
    /// else the dictionary way.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Self {
        let table = UnionCache.alternatives(of: Self.self)
        let reading = ValueReading(reader, context)
        if let read = table.reader(forToken: reader.peekToken()) {
            do {
                return try read(&reader, context)
            } catch let settled as any SettledError where settled.isFatal {
                throw settled
            } catch {
                // Even a settled error is the dictionary way's for this alternative only.
            }
        }
        return try reading.loadAgain(&reader, context, nil) { try _make(savedValue: $0, context: context) }
    }
}
