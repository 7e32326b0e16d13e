// Finding the tokens of a JSON document whose bytes arrive in pieces, each byte looked at once.
//
// `JSONReader` reads a whole document that is all there. A document that arrives in pieces,
// such as a language model's answer, is checked here as each piece comes: the scanner keeps
// where it is in the grammar (the open arrays and objects, and the token it is inside) between
// pieces, so that it carries nothing but that state from one piece to the next, and tells its
// caller of each token as it ends. For `{"title":"Pie","steps":[{"n":1}]}` in three pieces:
//
//     piece                 events, with the offsets of the whole text
//     {"title":"P           object at 0; key 2..<7; string value opens at 9 (open, safe to 11)
//     ie","steps":[{"n      value 9..<14; key 16..<21; array at 23; object at 24 (inside key "n")
//     ":1}]}                key 26..<27; value 29..<30 (when "}" ends the number); end 31;
//                           end 32; end 33; the document is complete
//
// A string still open at the end of a piece has a safe end: the offset past its last whole
// character, never inside an escape, a surrogate pair or a UTF-8 sequence, so that the part
// before it decodes to exactly what the whole string begins with.
//
// The grammar is RFC 8259's, as `JSONReader` checks it (UTF-8 as RFC 3629 has it, escapes and
// surrogate pairs whole, nesting up to `JSONReader.maximumDepth`); the caller asks the reader
// for the message of a fault that the scanner finds, so that both say the same.

/// The scanner of a JSON document that arrives in pieces (see the file's opening comment).
struct JSONPieceScanner {
    /// A token that ended, or a container or string that opened, at offsets of the whole text.
    enum Event {
        /// A `{` at the offset.
        case objectStart(Int)
        /// A `[` at the offset.
        case arrayStart(Int)
        /// The key whose quotes are at the bounds of the range, with whether it has escapes.
        case key(Range<Int>, hasEscapes: Bool)
        /// A string value opened with the quote at the offset.
        case stringStart(Int)
        /// A string, number or literal value that ended: its whole text.
        case scalar(Range<Int>)
        /// The `}` or `]` at the offset minus one ended the innermost container.
        case end(Int)
    }

    /// Where a fault in the grammar is: the offset of the byte that cannot be there.
    struct Fault: Error {
        let offset: Int
    }

    /// What the grammar allows next, outside a token.
    private enum Expectation: UInt8 {
        case value, firstKeyOrEnd, key, colon, commaOrEnd, firstValueOrEnd, nothing
    }

    /// The token being read, when a piece ended inside it.
    private enum Token {
        case none
        case string(StringState)
        case number(start: Int, state: NumberState)
        /// A `true`, `false` or `null`, with the offset of its first letter and how many of
        /// its letters have come.
        case literal(start: Int, literal: StaticString, matched: Int)
    }

    private struct StringState {
        /// The offset of the opening quote.
        let start: Int
        let isKey: Bool
        var hasEscapes = false
        /// 0 outside an escape; 1 after the backslash; 2 to 5 in the four digits of `\u`; for
        /// the low half of a surrogate pair, 6 before its backslash, 7 before its `u` and 8 to
        /// 11 in its digits.
        var escape: UInt8 = 0
        /// The code unit whose digits are being read.
        var unit: UInt16 = 0
        /// The UTF-8 continuation bytes still to come of a character, and the bounds of the
        /// next one.
        var continuationBytes = 0
        var nextLow: UInt8 = 0x80
        var nextHigh: UInt8 = 0xBF
        /// The offset past the last whole character.
        var safeEnd: Int
    }

    private enum NumberState: UInt8 {
        case minus, zero, integer, dot, fraction, exponentMark, exponentSign, exponent

        /// Whether a number may end here.
        var isComplete: Bool {
            self == .zero || self == .integer || self == .fraction || self == .exponent
        }
    }

    /// For each open container, whether it is an object.
    private var containers: [Bool] = []
    private var expectation = Expectation.value
    private var token = Token.none
    /// The offset of the next byte, in the whole text.
    private(set) var offset: Int

    /// A scanner of a text whose first byte is at `offset` of the whole text.
    init(startingAt offset: Int = 0) {
        self.offset = offset
    }

    /// Whether the whole value has come, with nothing open.
    var isComplete: Bool {
        expectation == .nothing
    }

    /// The open arrays and objects.
    var depth: Int {
        containers.count
    }

    /// The offset past the last whole character of the string value open at the end of the
    /// last piece; `nil` when no string value is open.
    var openStringSafeEnd: Int? {
        guard case .string(let state) = token, !state.isKey else { return nil }
        return state.safeEnd
    }

    /// Scans the next piece of the text, which continues at ``offset``, reporting each event
    /// to `handle` in order.
    ///
    /// - Throws: A ``Fault`` at the first byte the grammar does not allow, or what `handle`
    ///   throws.
    mutating func scan(_ piece: UnsafeBufferPointer<UInt8>, _ handle: (Event) throws -> Void) throws {
        var index = 0
        while index < piece.count {
            let byte = piece[index]
            switch token {
            case .none:
                try scanStructure(byte, handle)
                index += 1
            case .string(var state):
                // Plain ASCII runs are most of a string: skip them without the state machine.
                if state.escape == 0, state.continuationBytes == 0 {
                    var run = index
                    while run < piece.count {
                        let next = piece[run]
                        if next == UInt8(ascii: "\"") || next == UInt8(ascii: "\\") || next < 0x20 || next >= 0x80 {
                            break
                        }
                        run += 1
                    }
                    if run > index {
                        offset += run - index
                        index = run
                        state.safeEnd = offset
                        token = .string(state)
                        continue
                    }
                }
                try scanString(byte, state: &state, handle)
                index += 1
            case .number(let start, let state):
                if let next = Self.numberState(after: state, byte) {
                    token = .number(start: start, state: next)
                    offset += 1
                    index += 1
                } else {
                    guard state.isComplete else { throw Fault(offset: offset) }
                    token = .none
                    try endValue(.scalar(start..<offset), handle)
                    // The byte that ended the number is read again as structure.
                }
            case .literal(let start, let literal, let matched):
                guard byte == literal.utf8Start[matched] else { throw Fault(offset: offset) }
                offset += 1
                index += 1
                if matched + 1 == literal.utf8CodeUnitCount {
                    token = .none
                    try endValue(.scalar(start..<offset), handle)
                } else {
                    token = .literal(start: start, literal: literal, matched: matched + 1)
                }
            }
        }
    }

    /// Ends the text: a number at the top level ends here.
    ///
    /// - Throws: A ``Fault`` at the end when the value is not whole.
    mutating func finish(_ handle: (Event) throws -> Void) throws {
        if case .number(let start, let state) = token, state.isComplete, containers.isEmpty {
            token = .none
            try endValue(.scalar(start..<offset), handle)
        }
        guard isComplete else { throw Fault(offset: offset) }
    }

    // MARK: Structure

    private mutating func scanStructure(_ byte: UInt8, _ handle: (Event) throws -> Void) throws {
        if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            offset += 1
            return
        }
        switch expectation {
        case .value, .firstValueOrEnd:
            if byte == UInt8(ascii: "]"), expectation == .firstValueOrEnd {
                return try endContainer(handle)
            }
            try startValue(byte, handle)
        case .firstKeyOrEnd, .key:
            if byte == UInt8(ascii: "}"), expectation == .firstKeyOrEnd {
                return try endContainer(handle)
            }
            guard byte == UInt8(ascii: "\"") else { throw Fault(offset: offset) }
            token = .string(StringState(start: offset, isKey: true, safeEnd: offset + 1))
            offset += 1
        case .colon:
            guard byte == UInt8(ascii: ":") else { throw Fault(offset: offset) }
            expectation = .value
            offset += 1
        case .commaOrEnd:
            let isObject = containers.last == true
            if byte == UInt8(ascii: ",") {
                expectation = isObject ? .key : .value
                offset += 1
            } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                try endContainer(handle)
            } else {
                throw Fault(offset: offset)
            }
        case .nothing:
            throw Fault(offset: offset)
        }
    }

    private mutating func startValue(_ byte: UInt8, _ handle: (Event) throws -> Void) throws {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard containers.count < JSONReader.maximumDepth else { throw Fault(offset: offset) }
            let isObject = byte == UInt8(ascii: "{")
            containers.append(isObject)
            expectation = isObject ? .firstKeyOrEnd : .firstValueOrEnd
            offset += 1
            try handle(isObject ? .objectStart(offset - 1) : .arrayStart(offset - 1))
        case UInt8(ascii: "\""):
            token = .string(StringState(start: offset, isKey: false, safeEnd: offset + 1))
            offset += 1
            try handle(.stringStart(offset - 1))
        case UInt8(ascii: "-"):
            token = .number(start: offset, state: .minus)
            offset += 1
        case UInt8(ascii: "0"):
            token = .number(start: offset, state: .zero)
            offset += 1
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            token = .number(start: offset, state: .integer)
            offset += 1
        case UInt8(ascii: "t"):
            token = .literal(start: offset, literal: "true", matched: 1)
            offset += 1
        case UInt8(ascii: "f"):
            token = .literal(start: offset, literal: "false", matched: 1)
            offset += 1
        case UInt8(ascii: "n"):
            token = .literal(start: offset, literal: "null", matched: 1)
            offset += 1
        default:
            throw Fault(offset: offset)
        }
    }

    /// Ends the innermost container at the `}` or `]` at ``offset``.
    private mutating func endContainer(_ handle: (Event) throws -> Void) throws {
        containers.removeLast()
        offset += 1
        try endValue(.end(offset), handle)
    }

    /// Reports a value that ended, and expects what may follow it.
    private mutating func endValue(_ event: Event, _ handle: (Event) throws -> Void) throws {
        expectation = containers.isEmpty ? .nothing : .commaOrEnd
        try handle(event)
    }

    // MARK: Tokens

    private mutating func scanString(_ byte: UInt8, state: inout StringState, _ handle: (Event) throws -> Void)
        throws
    {
        let at = offset
        offset += 1
        if state.continuationBytes > 0 {
            guard byte >= state.nextLow, byte <= state.nextHigh else { throw Fault(offset: at) }
            state.continuationBytes -= 1
            (state.nextLow, state.nextHigh) = (0x80, 0xBF)
            if state.continuationBytes == 0 { state.safeEnd = offset }
            token = .string(state)
            return
        }
        switch state.escape {
        case 0:
            switch byte {
            case UInt8(ascii: "\""):
                token = .none
                if state.isKey {
                    expectation = .colon
                    return try handle(.key(state.start..<offset, hasEscapes: state.hasEscapes))
                }
                return try endValue(.scalar(state.start..<offset), handle)
            case UInt8(ascii: "\\"):
                state.hasEscapes = true
                state.escape = 1
            case 0..<0x20:
                throw Fault(offset: at)
            case 0x80...:
                guard let (count, low, high) = Self.utf8Lead(byte) else { throw Fault(offset: at) }
                (state.continuationBytes, state.nextLow, state.nextHigh) = (count, low, high)
            default:
                state.safeEnd = offset
            }
        case 1:
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                state.escape = 0
                state.safeEnd = offset
            case UInt8(ascii: "u"):
                (state.escape, state.unit) = (2, 0)
            default:
                throw Fault(offset: at - 1)
            }
        case 6:
            guard byte == UInt8(ascii: "\\") else { throw Fault(offset: at) }
            state.escape = 7
        case 7:
            guard byte == UInt8(ascii: "u") else { throw Fault(offset: at) }
            (state.escape, state.unit) = (8, 0)
        default:
            guard let digit = Self.hexDigit(byte) else { throw Fault(offset: at) }
            state.unit = state.unit << 4 | UInt16(digit)
            state.escape += 1
            if state.escape == 6 {
                // The first unit's four digits: a high surrogate waits for its low half.
                switch state.unit & 0xFC00 {
                case 0xD800: break
                case 0xDC00: throw Fault(offset: at - 5)
                default:
                    state.escape = 0
                    state.safeEnd = offset
                }
            } else if state.escape == 12 {
                guard state.unit & 0xFC00 == 0xDC00 else { throw Fault(offset: at - 11) }
                state.escape = 0
                state.safeEnd = offset
            }
        }
        token = .string(state)
    }

    /// The continuation bytes of the UTF-8 character that `byte` leads, and the bounds of the
    /// first of them, as RFC 3629 has it; `nil` for a byte that leads none.
    private static func utf8Lead(_ byte: UInt8) -> (Int, UInt8, UInt8)? {
        switch byte {
        case 0xC2...0xDF: (1, 0x80, 0xBF)
        case 0xE0: (2, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (2, 0x80, 0xBF)
        case 0xED: (2, 0x80, 0x9F)
        case 0xF0: (3, 0x90, 0xBF)
        case 0xF1...0xF3: (3, 0x80, 0xBF)
        case 0xF4: (3, 0x80, 0x8F)
        default: nil
        }
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The state after `byte` in a number, or `nil` when `byte` is not part of it.
    private static func numberState(after state: NumberState, _ byte: UInt8) -> NumberState? {
        let isDigit = byte &- UInt8(ascii: "0") < 10
        switch state {
        case .minus:
            return byte == UInt8(ascii: "0") ? .zero : isDigit ? .integer : nil
        case .zero, .integer:
            if state == .integer, isDigit { return .integer }
            if byte == UInt8(ascii: ".") { return .dot }
            return byte | 0x20 == UInt8(ascii: "e") ? .exponentMark : nil
        case .dot, .fraction:
            if isDigit { return .fraction }
            return state == .fraction && byte | 0x20 == UInt8(ascii: "e") ? .exponentMark : nil
        case .exponentMark:
            if isDigit { return .exponent }
            return byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") ? .exponentSign : nil
        case .exponentSign, .exponent:
            return isDigit ? .exponent : nil
        }
    }
}
