import Foundation

extension JSONReader {
    /// Reads an ISO 8601 date string, as ``ISO8601/date(from:)`` reads its text.
    ///
    /// - Throws: ``ValueMismatch`` for a value that is not a string or not such a date, which
    ///   is then loaded the dictionary way.
    @inline(__always)
    mutating func readDateValue() throws -> Date {
        guard peekToken() == UInt8(ascii: "\"") else { throw ValueMismatch() }
        let token = try scanString()
        let date: Date?
        if token.hasEscapes {
            date = ISO8601.date(from: makeString(token))
        } else {
            date = ISO8601.date(fromUTF8: UnsafeBufferPointer(start: base + token.start, count: token.count))
        }
        guard let date else { throw ValueMismatch() }
        return date
    }
}
