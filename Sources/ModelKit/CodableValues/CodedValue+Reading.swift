import Foundation

extension CodedValue {
    /// Reads the value at the reader's position, checking its grammar.
    ///
    /// The tree is the one that the value's dictionary form, as `readFoundationValue()` gives
    /// it, converts to (``init(dictionaryForm:)``): the same strings, the same numbers, the
    /// same last value for a key given twice. Arrays and objects are built with a stack of
    /// their own instead of recursion, as the reader's other builders are.
    ///
    /// - Throws: A ``JSONReadError`` for malformed JSON, with the key path inside the
    ///   value; ``ValueMismatch`` for a number that no Foundation value holds, such as `1e400`,
    ///   which the dictionary way then settles.
    static func read(from reader: inout JSONReader) throws -> CodedValue {
        let first = reader.peekToken()
        guard first == UInt8(ascii: "[") || first == UInt8(ascii: "{") else {
            return try readScalar(first, from: &reader)
        }
        return try readContainer(from: &reader)
    }

    private struct Frame {
        let isObject: Bool
        var elements: [CodedValue] = []
        var entries: [(key: String, value: CodedValue)] = []
        var key = ""

        /// A frame with room for the first few values, which most containers hold, so that
        /// they are not copied as it grows.
        init(isObject: Bool) {
            self.isObject = isObject
            if isObject { entries.reserveCapacity(8) } else { elements.reserveCapacity(8) }
        }

        var component: ModelKeyPath.Component {
            isObject ? .key(key) : .index(elements.count)
        }

        /// The container, complete.
        var value: CodedValue {
            isObject ? .object(CodedObject(entries: entries)) : .array(elements)
        }
    }

    private static func readContainer(from reader: inout JSONReader) throws -> CodedValue {
        var stack: [Frame] = []
        var value = CodedValue.null
        do {
            nextValue: while true {
                let first = reader.peekToken()
                if first == UInt8(ascii: "[") {
                    if try reader.beginArray() {
                        stack.append(Frame(isObject: false))
                        continue
                    }
                    value = .array([])
                } else if first == UInt8(ascii: "{") {
                    if try reader.beginObject() {
                        var frame = Frame(isObject: true)
                        frame.key = try reader.readKey()
                        stack.append(frame)
                        continue
                    }
                    value = .object(CodedObject(entries: []))
                } else {
                    value = try readScalar(first, from: &reader)
                }
                while var frame = stack.popLast() {
                    let hasMore: Bool
                    if frame.isObject {
                        frame.entries.append((frame.key, value))
                        hasMore = try reader.nextEntry()
                        if hasMore { frame.key = try reader.readKey() }
                    } else {
                        frame.elements.append(value)
                        hasMore = try reader.nextElement()
                    }
                    if hasMore {
                        stack.append(frame)
                        continue nextValue
                    }
                    value = frame.value
                }
                return value
            }
        } catch let error as JSONReadError {
            throw KeyPathStep.prefixing(error, with: stack.map(\.component))
        }
    }

    private static func readScalar(_ first: UInt8, from reader: inout JSONReader) throws -> CodedValue {
        switch first {
        case UInt8(ascii: "\""):
            return .string(try reader.readString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard let number = number(try reader.scanNumber(), in: reader) else { throw ValueMismatch() }
            return .number(number)
        case UInt8(ascii: "t"):
            try reader.readLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try reader.readLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try reader.readLiteral("null")
            return .null
        default:
            throw reader.unexpected("a value")
        }
    }

    /// The number as its dictionary form classifies it (see
    /// ``JSONReader/foundationNumber(_:)``): a 64-bit integer, else a `Decimal` for a long
    /// text, else the nearest `Double`; `nil` when that is infinite.
    static func number(_ token: JSONReader.NumberToken, in reader: JSONReader) -> SavedNumber? {
        switch token.foundationInteger(in: reader) {
        case .int(let value)?: return .int(value)
        case .uint(let value)?: return .uint(value)
        default: break
        }
        // Most numbers are short: only a long one is made into text.
        if token.length > 17, let decimal = JSONReader.foundationDecimal(text: reader.text(of: token)) {
            return SavedNumber(decimal: decimal)
        }
        guard let double = token.double ?? Double(reader.text(of: token)), double.isFinite else { return nil }
        return .double(double)
    }

    /// The number that reading `text`, a JSON number, gives: what becomes of a number that
    /// `JSONEncoder` wrote as `text` once `JSONSerialization` reads it back.
    static func number(readingBack text: String) -> SavedNumber? {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return nil }
            var reader = JSONReader(base: base, count: bytes.count)
            guard let token = try? reader.scanNumber(), reader.isAtEnd else { return nil }
            return number(token, in: reader)
        }
    }
}
