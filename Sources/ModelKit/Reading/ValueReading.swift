import Foundation

// Reading a value again the dictionary way, in one place.
//
// ModelKit's reader reads each value straight from the bytes into its property, element or
// case. When that does not give the value — a wrong type, a number out of range, a class
// name to resolve the slow way, an object with a repeated key — it does not make an error of
// its own: it goes back to where the value began, forgets what the first reading recorded,
// reads the value as its dictionary form and loads that the dictionary way, which gives the
// value, the error and the lenient load's issues. Both ways then agree by construction.
//
// For `@Saved var count = 0` reading `{"count": "7"}` in a lenient load:
//
//     let reading = ValueReading(reader, context)   // at `"7"`; no issues, nothing dropped
//     Int._read(…)                                   // throws ValueMismatch: not a number
//     reading.loadAgain(&reader, context, .key("count")) { value in   // value is "7"
//         try load(value, into: property, context: context)
//     }                                              // the dictionary way's issue:
//                                                    // count: expected a number, found "7"
//
// A value read without trouble leaves its problems to `prefixIssues(with:context:)`, which
// gives them the value's key path; everything else that reads again goes through here:
// properties, containers, collection elements and dictionary values, unions, nested and
// top-level objects, and the passes over an object's entries.

/// A value being read from the bytes, from where it began: the one owner of reading it again
/// the dictionary way.
struct ValueReading {
    /// The reader's mark at the start of the value.
    let start: JSONReader.Mark
    /// The load's bookkeeping of problems at the start of the value.
    let marks: LenientMarks

    @inline(__always)
    init(_ reader: JSONReader, _ context: LoadContext) {
        start = reader.mark
        marks = context.marks
    }

    /// Whether a problem was recorded, or a value dropped, since the value began.
    @inline(__always)
    func hasProblems(_ context: LoadContext) -> Bool {
        context.hasProblems(since: marks)
    }

    /// Prefixes the key paths of the problems recorded since the value began with
    /// `component`, once the value is read.
    @inline(__always)
    func prefixIssues(with component: ModelKeyPath.Component, _ context: LoadContext) {
        KeyPathStep.prefixIssues(in: context, since: marks, with: component)
    }

    /// Goes back to the start of the value as if it had not been read: the problems it
    /// recorded are forgotten and the values it dropped taken back, since reading it again
    /// records them again.
    func rewind(_ reader: inout JSONReader, _ context: LoadContext) {
        context.forgetProblems(since: marks)
        reader.rewind(to: start)
    }

    /// The value's dictionary form, read again from its start.
    ///
    /// - Throws: For a value that no Foundation value holds, its settled error, prefixed
    ///   with `component`.
    func dictionaryForm(_ reader: inout JSONReader, _ context: LoadContext, _ component: ModelKeyPath.Component?)
        throws -> Any
    {
        rewind(&reader, context)
        guard let component else { return try reader.readFoundationValue() }
        return try KeyPathStep.at(component) { try reader.readFoundationValue() }
    }

    /// Reads the value again as its dictionary form and loads it with `load`, the dictionary
    /// way, whose error is settled: the value, the error and the issues are that way's.
    ///
    /// - Parameter component: The key or index of the value, for the error of a value that
    ///   no Foundation value holds; `load` names the value in its own errors.
    func loadAgain<Value>(
        _ reader: inout JSONReader, _ context: LoadContext, _ component: ModelKeyPath.Component?,
        _ load: (Any) throws -> Value
    ) throws -> Value {
        let value = try dictionaryForm(&reader, context, component)
        return try SettledModelError.settling { try load(value) }
    }

    /// Settles the failure of an element of an array or a value of a dictionary, as the
    /// collection's `_make(savedValue:context:)` settles it.
    ///
    /// - Returns: The element, when its dictionary form loads after all; `nil` when a lenient
    ///   load leaves it out, with the problem recorded.
    /// - Throws: The error of a strict load, settled, or a fatal one.
    func recoverElement<Element: SavedValue>(
        _ type: Element.Type,
        after error: any Error,
        at component: ModelKeyPath.Component,
        _ reader: inout JSONReader,
        _ context: LoadContext
    ) throws -> Element? {
        var failure = error
        if !(error is any SettledError) {
            do {
                let value = try dictionaryForm(&reader, context, nil)
                return try KeyPathStep.at(component, in: context) {
                    try Element._make(savedValue: value, context: context)
                }
            } catch let error as ModelError {
                guard context.isLenient else { throw SettledModelError(error) }
                try context.report(error)
                return nil
            } catch let error as any SettledError {
                failure = error
            }
        }
        guard let settled = failure as? any SettledError else { throw failure }
        try skip(after: KeyPathStep.prefixing(settled, with: component), prefixing: component, &reader, context)
        return nil
    }

    /// Reports a settled problem that a lenient load survives, after prefixing the problems
    /// found in the value with `component`, and moves past the value, which is dropped; or
    /// throws the problem.
    func skip(
        after settled: any SettledError, prefixing component: ModelKeyPath.Component, _ reader: inout JSONReader,
        _ context: LoadContext
    ) throws {
        guard !settled.isFatal, context.isLenient else { throw settled }
        KeyPathStep.prefixIssues(in: context, since: marks, with: component)
        try context.report(settled.modelError(in: reader))
        reader.rewind(to: start)
        try reader.skipValue()
    }
}
