/// An error that reading has already settled, so that callers only pass it up with their part
/// of the key path instead of reading the value again the dictionary way: the error the
/// dictionary form gives for the same data (``SettledModelError``), or a fault in the bytes
/// that the reader found (``JSONReadError``), which ends the load when they are not JSON.
protocol SettledError: Error {
    /// Whether the error ends the load even when it is lenient: the bytes are not JSON.
    var isFatal: Bool { get }

    /// This error, with `component` in front of its key path.
    func prefixed(with component: ModelKeyPath.Component) -> any SettledError

    /// The error that the load throws or reports, for a document that `reader` reads.
    func modelError(in reader: JSONReader) -> ModelError
}

/// A ``ModelError`` that is already the dictionary form's error for the same data.
struct SettledModelError: SettledError {
    let error: ModelError

    init(_ error: ModelError) {
        self.error = error
    }

    var isFatal: Bool { false }

    func prefixed(with component: ModelKeyPath.Component) -> any SettledError {
        SettledModelError(error.prefixed(with: component))
    }

    func modelError(in reader: JSONReader) -> ModelError {
        error
    }

    /// Runs `body`, turning the `ModelError` it throws into a settled error: it is already
    /// the error of the dictionary form.
    @inline(__always)
    static func settling<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as ModelError {
            throw SettledModelError(error)
        }
    }
}
