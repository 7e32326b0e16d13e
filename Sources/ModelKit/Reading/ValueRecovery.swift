import Foundation

/// What happens when a value read from the bytes does not fit.
///
/// The value is read again as its dictionary form and loaded the dictionary way, so that the
/// error, the load issue and the value kept are exactly those of loading the dictionary form.
/// Only failures pay for this.
enum ValueRecovery {
    /// Settles the failure of an element of an array or a value of a dictionary that was
    /// read from `start`, as the collection's `_make(savedValue:context:)` settles it.
    ///
    /// - Returns: The element, when its dictionary form loads after all; `nil` when a lenient
    ///   load leaves it out, with the problem recorded.
    /// - Throws: The error of a strict load, settled, or a fatal one.
    static func recoverElement<Element: SavedValue>(
        _ type: Element.Type,
        after error: any Error,
        at start: JSONReader.Mark,
        component: ModelKeyPath.Component,
        issuesFrom mark: Int,
        reader: inout JSONReader,
        context: LoadContext
    ) throws -> Element? {
        var failure = error
        if !(error is SettledError) {
            context.issues.removeSubrange(mark...)
            reader.rewind(to: start)
            do {
                let value = try reader.readFoundationValue()
                return try context.within(component) { try Element._make(savedValue: value, context: context) }
            } catch let error as ModelError {
                guard context.isLenient else { throw SettledError(error: error, isFatal: false) }
                try context.report(error)
                return nil
            } catch let error as SettledError {
                failure = error
            }
        }
        guard let settled = failure as? SettledError else { throw failure }
        try skip(
            after: settled.prefixed(with: component), at: start, issuesFrom: mark, component: component,
            reader: &reader, context: context)
        return nil
    }

    /// Reports a settled problem that a lenient load survives, dropping the value at `start`
    /// after prefixing the problems found in it with `component`, and moves past the value;
    /// or throws the problem.
    static func skip(
        after settled: SettledError,
        at start: JSONReader.Mark,
        issuesFrom mark: Int,
        component: ModelKeyPath.Component,
        reader: inout JSONReader,
        context: LoadContext
    ) throws {
        guard !settled.isFatal, context.isLenient else { throw settled }
        context.prefixIssues(from: mark, with: component)
        try context.report(settled.error)
        reader.rewind(to: start)
        try reader.skipValue()
    }
}
