import Foundation

// How an error gets its key path, in one place.
//
// Work on a value inside a document runs inside the steps that lead to it, and nothing carries
// the path down. An error is made where the work fails, with the key path inside the value at
// fault (often the root), and each step that the work ran inside puts itself in front of it on
// the way out. Loading `{"items": [{"author": {"name": 5}}]}`, where `name` holds a string:
//
//     try KeyPathStep.at(.key("items")) {             // items[0].author.name: expected a string, …
//         try KeyPathStep.at(.index(0)) {             // [0].author.name: expected a string, …
//             try KeyPathStep.at(.key("author")) {    // author.name: expected a string, …
//                 try KeyPathStep.at(.key("name")) {  // name: expected a string, …
//                     try String._make(savedValue: 5, context: context)  // (root): expected a string, found 5
//                 }
//             }
//         }
//     }
//
// A lenient load's issues get the same steps: work run at a step in a load puts the step in
// front of the issues recorded while it ran, once it ends, and only when their count moved.
// So a load or a write without problems builds no key path at all: a step costs a `do` and a
// comparison of two counts.
//
// The Codable bridge's `CodingPath` is a chain of the same steps, kept while the coder goes
// down because `codingPath` may be asked at any time; it locates an error through
// `prefixing(_:with:)` and gives its steps as coding keys through `codingKey(of:)`, as
// `DecodingError`s and `EncodingError`s carry them.

/// The one place that puts the steps of a key path in front of the errors and the lenient
/// load's issues of work done at them.
enum KeyPathStep {
    /// Runs `body` at `component`: the ``ModelError`` or settled error it throws gets
    /// `component` in front of its key path.
    ///
    /// The step is made only when `body` throws.
    @inline(__always)
    static func at<Result>(_ component: @autoclosure () -> ModelKeyPath.Component, _ body: () throws -> Result)
        rethrows -> Result
    {
        do {
            return try body()
        } catch {
            throw prefixing(error, with: component())
        }
    }

    /// Runs `body` at `components`, the first outermost, as ``at(_:_:)`` runs it at one.
    @inline(__always)
    static func at<Result>(_ components: @autoclosure () -> [ModelKeyPath.Component], _ body: () throws -> Result)
        rethrows -> Result
    {
        do {
            return try body()
        } catch {
            throw prefixing(error, with: components())
        }
    }

    /// Runs `body` at `component` in a load: the errors it throws and the issues it records
    /// get `component` in front of their key paths.
    @inline(__always)
    static func at<Result>(
        _ component: @autoclosure () -> ModelKeyPath.Component, in context: LoadContext, _ body: () throws -> Result
    ) rethrows -> Result {
        let mark = context.issues.count
        defer { if context.issues.count > mark { prefixIssuesFound(in: context, from: mark, with: component()) } }
        return try at(component(), body)
    }

    /// Runs `body` at each of `components` in turn, as ``at(_:in:_:)`` runs it at one.
    static func at<Result>(_ components: [ModelKeyPath.Component], in context: LoadContext, _ body: () throws -> Result)
        rethrows -> Result
    {
        guard let first = components.first else { return try body() }
        return try at(first, in: context) { try at(Array(components.dropFirst()), in: context, body) }
    }

    /// Puts `component` in front of the key paths of the issues recorded since `marks`, for
    /// a value that was read or loaded at `component`.
    @inline(__always)
    static func prefixIssues(in context: LoadContext, since marks: LenientMarks, with component: ModelKeyPath.Component)
    {
        prefixIssues(in: context, from: marks.issueCount, with: component)
    }

    /// Puts the array index `index` in front of the key paths of the issues recorded since
    /// `marks`.
    ///
    /// The step is made only when there are issues: readers call this for every element, and
    /// keep their frames small.
    @inline(__always)
    static func prefixIssues(in context: LoadContext, since marks: LenientMarks, withIndex index: Int) {
        guard context.issues.count > marks.issueCount else { return }
        prefixIssuesFound(in: context, from: marks.issueCount, with: .index(index))
    }

    @inline(__always)
    private static func prefixIssues(in context: LoadContext, from mark: Int, with component: ModelKeyPath.Component) {
        guard context.issues.count > mark else { return }
        prefixIssuesFound(in: context, from: mark, with: component)
    }

    @inline(never)
    private static func prefixIssuesFound(
        in context: LoadContext, from mark: Int, with component: ModelKeyPath.Component
    ) {
        for index in mark..<context.issues.count {
            context.issues[index] = context.issues[index].prefixed(with: component)
        }
    }

    /// `error` with `component` in front of its key path, when it is a ``ModelError`` or a
    /// settled error; any other error as it is.
    @inline(never)
    static func prefixing(_ error: any Error, with component: ModelKeyPath.Component) -> any Error {
        if let error = error as? ModelError { return error.prefixed(with: component) }
        if let settled = error as? any SettledError { return settled.prefixed(with: component) }
        return error
    }

    /// `error` with `components`, the first outermost, in front of its key path, when it is a
    /// ``ModelError`` or a settled error; any other error as it is.
    @inline(never)
    static func prefixing(_ error: any Error, with components: [ModelKeyPath.Component]) -> any Error {
        if let error = error as? ModelError { return error.prefixed(with: components) }
        if let settled = error as? any SettledError {
            return components.reversed().reduce(settled) { $0.prefixed(with: $1) }
        }
        return error
    }

    /// `error` with `component` in front of its key path.
    static func prefixing(_ error: ModelError, with component: ModelKeyPath.Component) -> ModelError {
        error.prefixed(with: component)
    }

    /// `error` with `components`, the first outermost, in front of its key path.
    static func prefixing(_ error: ModelError, with components: [ModelKeyPath.Component]) -> ModelError {
        error.prefixed(with: components)
    }

    /// The settled error `error` with `component` in front of its key path.
    static func prefixing(_ error: any SettledError, with component: ModelKeyPath.Component) -> any SettledError {
        error.prefixed(with: component)
    }

    /// The coding key that `component` is in a `codingPath`: ``AnyCodingKey`` with the key's
    /// string or the index's integer.
    static func codingKey(of component: ModelKeyPath.Component) -> any CodingKey {
        switch component {
        case .key(let key): AnyCodingKey(key)
        case .index(let index): AnyCodingKey(index)
        }
    }

    /// The coding path of a model key path, such as `children[2].label`: one coding key for
    /// each step.
    static func codingPath(of keyPath: ModelKeyPath) -> [any CodingKey] {
        keyPath.components.map(codingKey(of:))
    }

    /// The key path of `codingPath`: a key with an integer is an index, as the keys of an
    /// unkeyed container's elements are, and every other key a key.
    ///
    /// The decoder's and encoder's own errors give coding paths of ``AnyCodingKey``s
    /// (``codingPath(of:)``), which come back as the key paths they were made of.
    static func keyPath(of codingPath: [any CodingKey]) -> ModelKeyPath {
        ModelKeyPath(codingPath.map { key in key.intValue.map { .index($0) } ?? .key(key.stringValue) })
    }
}
