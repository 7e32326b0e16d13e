import Foundation

// Reading a whole document, and ending its load with the errors users see: the settled errors
// that reading throws become the `ModelError`s they settle into here.

extension JSONReader {
    /// Calls `body` with a reader over the text of `data`, as `withReader(_:_:)` does, with
    /// data that is not valid text in its encoding as the ``ModelError`` users see.
    ///
    /// `body` ends its own reading with ``readDocument(_:)``, which settles the errors of the
    /// document it reads.
    static func withDocument<Result>(_ data: Data, _ body: (inout JSONReader) throws -> Result) throws -> Result {
        do {
            return try withReader(data, body)
        } catch let fault as JSONReadError {
            throw ModelError(fault, in: nil)
        }
    }

    /// Calls `body` with a reader over the text of `bytes`, as for `Data`.
    static func withDocument<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ body: (inout JSONReader) throws -> Result
    ) throws -> Result {
        do {
            return try withReader(bytes, body)
        } catch let fault as JSONReadError {
            throw ModelError(fault, in: nil)
        }
    }

    /// Reads a whole document with `body`, from the position on, and settles what it throws.
    ///
    /// A document that is not JSON throws its syntax error even when a value before the fault
    /// does not fit, as it does through `JSONSerialization`, which parses it all first; other
    /// errors are thrown as the ``ModelError`` they settle into.
    mutating func readDocument<Result>(_ body: (inout JSONReader) throws -> Result) throws -> Result {
        let start = mark
        do {
            return try body(&self)
        } catch let settled as any SettledError where settled.isFatal {
            throw settled.modelError(in: self)
        } catch {
            rewind(to: start)
            if let malformed = syntaxError() { throw malformed }
            throw (error as? any SettledError)?.modelError(in: self) ?? error
        }
    }

    /// The error of the first fault in the document's grammar from the position on, or `nil`
    /// when the rest of the document is JSON.
    mutating func syntaxError() -> ModelError? {
        do {
            try skipValue()
            try finish()
            return nil
        } catch let fault as JSONReadError where fault.isMalformed {
            return ModelError(fault, in: self)
        } catch {
            return nil
        }
    }
}
