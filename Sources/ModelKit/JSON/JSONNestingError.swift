/// Arrays and objects that ``JSONOutput`` would nest more deeply than it writes: more than
/// ``JSONOutput/maximumNesting`` levels, or more than the thread's stack has room for.
struct JSONNestingError: Error {
    /// The level that the array or object would go beyond: the most the output nests, or the
    /// level reached when the stack had no room for more.
    let limit: Int
    /// The keys and indexes from the value being written to the array or object that nests
    /// too deeply, outermost first.
    private(set) var path: [JSONPathComponent] = []

    init(limit: Int) {
        self.limit = limit
    }

    /// This error, inside the value at `component`.
    func prefixed(with component: JSONPathComponent) -> JSONNestingError {
        var copy = self
        copy.path.insert(component, at: 0)
        return copy
    }
}
