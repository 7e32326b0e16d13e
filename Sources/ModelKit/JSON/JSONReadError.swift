/// A fault that ``JSONReader`` finds in the bytes it reads: what is wrong, the offset of the
/// byte at fault, and the keys and indexes that lead to it inside the value being read.
///
/// The reader throws it boxed, from functions that are never inlined, so that the functions
/// that read keep neither the message nor room for the error in their frames. The message
/// is made when the fault is found, the line and column only when the error is shown: the
/// code that reads values with the reader adds the rest of the key path on the way up and
/// turns the fault into the error its callers see.
///
/// For `{"tags": ["a", 1e400]}` read as Foundation values, the fault is
/// `.unusableNumber("1e400")` at offset 15, with the path `tags`, `[1]`; for `[1, 2, x]` it is
/// `.malformed("expected a value, found 'x'")` at offset 7, with the path `[2]`.
struct JSONReadError: Error {
    /// What is wrong.
    enum Problem {
        /// The bytes are not JSON: what the reader expected, or what it found.
        case malformed(String)
        /// A number that no Foundation value holds, such as `1e400`, which `JSONSerialization`
        /// rejects, as its text. The bytes are JSON.
        case unusableNumber(String)
    }

    let problem: Problem
    /// The offset of the byte at fault from the first byte of the reader's document.
    let offset: Int
    /// The keys and indexes from the value being read to the value at fault, outermost first.
    private(set) var path: [JSONPathComponent] = []

    init(_ problem: Problem, at offset: Int) {
        self.problem = problem
        self.offset = offset
    }

    /// Whether the bytes are not JSON, which no other way of reading them recovers from.
    var isMalformed: Bool {
        if case .malformed = problem { return true }
        return false
    }

    /// This fault, inside the value at `component`.
    func prefixed(with component: JSONPathComponent) -> JSONReadError {
        var copy = self
        copy.path.insert(component, at: 0)
        return copy
    }
}

/// One step of the way to a value inside a JSON value: a key of an object or an index of an
/// array.
enum JSONPathComponent {
    case key(String)
    case index(Int)
}
