import Foundation

extension JSONReader {
    /// Moves past the value at the position, checking its grammar without building it.
    ///
    /// Like ``readFoundationValue()``, it keeps its own stack rather than recursing.
    mutating func skipValue() throws {
        // For each open container: whether it is an object, its elements so far, its key.
        var stack: [(isObject: Bool, count: Int, key: StringToken?)] = []
        do {
            nextValue: while true {
                switch peekToken() {
                case UInt8(ascii: "["):
                    if try beginArray() {
                        stack.append((false, 0, nil))
                        continue
                    }
                case UInt8(ascii: "{"):
                    if try beginObject() {
                        stack.append((true, 0, try scanKey()))
                        continue
                    }
                case UInt8(ascii: "\""): _ = try scanString()
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try scanNumber()
                case UInt8(ascii: "t"): try readLiteral("true")
                case UInt8(ascii: "f"): try readLiteral("false")
                case UInt8(ascii: "n"): try readLiteral("null")
                default: throw unexpected("a value")
                }
                while var frame = stack.popLast() {
                    frame.count += 1
                    let hasMore: Bool
                    if frame.isObject { hasMore = try nextEntry() } else { hasMore = try nextElement() }
                    if hasMore {
                        if frame.isObject { frame.key = try scanKey() }
                        stack.append(frame)
                        continue nextValue
                    }
                }
                return
            }
        } catch let error as JSONReadError {
            throw stack.reversed().reduce(error) { error, frame in
                error.prefixed(with: frame.key.map { .key(makeString($0)) } ?? .index(frame.count))
            }
        }
    }

    /// Whether a later entry of the object being read has a key for which `matches` is true,
    /// with the reader at the start of the value of the current entry, where it stays.
    ///
    /// A key that comes twice in an object keeps only its last value in `JSONSerialization`;
    /// when reading the first one fails, this tells whether that failure counts.
    ///
    /// - Throws: The error of a malformed current value. Malformed JSON after it ends the
    ///   search with `false`: reading goes on to it, and throws it with its own key path.
    mutating func hasLaterKey(matching matches: (JSONReader, StringToken) -> Bool) throws -> Bool {
        let start = mark
        defer { rewind(to: start) }
        try skipValue()
        do {
            while try nextEntry() {
                let key = try scanKey()
                if matches(self, key) { return true }
                try skipValue()
            }
        } catch is JSONReadError {
            return false
        }
        return false
    }

    /// Whether two keys are equal as `String`s, which compares them by canonical equivalence.
    func key(_ token: StringToken, equals key: String) -> Bool {
        if !token.hasEscapes, let equal = key.utf8.withContiguousStorageIfAvailable({ self.token(token, equals: $0) }),
            equal
        {
            return true
        }
        return makeString(token) == key
    }
}
