// Where the faults that `JSON/` finds become the errors that users see: the one seam between
// `JSON/`'s own errors and `ModelError`.
//
// The reader throws a `JSONReadError` with the offset of the byte at fault and the keys and
// indexes inside the value it was reading; the code that reads values with it adds the rest
// of the key path on the way up, as it does for any settled error. Once the load ends, or
// reports the problem in a lenient load, the fault becomes a `ModelError` here, with the line
// and column of its offset in the reader's document. For the document
//
//     {"id": 1,
//      "tags": [1 2]}
//
// read into a model with `@Saved var tags: [Int]`, the reader stops at the `2` at offset 22:
// `expected ',' or ']' after an array element, found '2'`. Reading the object adds the
// property's key, and the error reads `tags: invalid JSON at line 2, column 13: expected ','
// or ']' after an array element, found '2'`.
//
// The JSON output's one error, arrays and objects of kept text that nest too deeply to write,
// becomes a `ModelError` here too, with the key path inside the kept value.

extension ModelError {
    /// The error for a fault that `reader` found in its document, at the line and column of
    /// the fault's offset there.
    ///
    /// - Parameter reader: The reader of the document; `nil` for a fault at the start of data
    ///   that no reader reads, such as text that is not valid in its encoding.
    init(_ fault: JSONReadError, in reader: JSONReader?) {
        let reason: Reason
        switch fault.problem {
        case .malformed(let detail):
            let (line, column) = reader?.location(of: fault.offset) ?? (1, 1)
            reason = .syntaxError(detail, line: line, column: column)
        case .unusableNumber(let text):
            reason = .numberOutOfRange(type: "Double", found: text)
        }
        self.init(reason, at: ModelKeyPath(fault.path.map(ModelKeyPath.Component.init)))
    }

    /// The error for arrays and objects that the JSON output would nest more deeply than it
    /// writes, at their key path inside the value being written.
    init(_ error: JSONNestingError) {
        self.init(.nestingTooDeep(limit: error.limit), at: ModelKeyPath(error.path.map(ModelKeyPath.Component.init)))
    }
}

extension ModelKeyPath.Component {
    /// The step of a key path that a step inside a JSON value is.
    init(_ component: JSONPathComponent) {
        switch component {
        case .key(let key): self = .key(key)
        case .index(let index): self = .index(index)
        }
    }
}

/// A fault in the bytes is settled: it is what reading them any other way finds too. Malformed
/// JSON ends the load even when it is lenient; a number that no Foundation value holds is a
/// problem of its value.
extension JSONReadError: SettledError {
    var isFatal: Bool { isMalformed }

    func prefixed(with component: ModelKeyPath.Component) -> any SettledError {
        switch component {
        case .key(let key): prefixed(with: JSONPathComponent.key(key))
        case .index(let index): prefixed(with: JSONPathComponent.index(index))
        }
    }

    func modelError(in reader: JSONReader) -> ModelError {
        ModelError(self, in: reader)
    }
}
