import Foundation
import ModelKitTestSupport

/// A JSON value that keeps what `JSONSerialization` forgets: the order of an object's members and
/// the text of each number, so that documents can be written in any order and spelling, and
/// what a writer wrote can be compared number by number with what was read.
///
/// A value may carry another form for `JSONDecoder` (`forDecoder`): the same value spelled so
/// that `JSONDecoder` reads it as ModelKit reads the original, where the two differ by design
/// (see `DifferentialDocuments`).
indirect enum DifferentialJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([DifferentialJSON])
    case object([Member])
    /// `value`, which `JSONDecoder` is given as `forDecoder`.
    case spelled(DifferentialJSON, forDecoder: DifferentialJSON)

    /// A member of an object.
    struct Member: Equatable, Sendable {
        var key: String
        var value: DifferentialJSON
    }

    /// The value itself, without a form for `JSONDecoder`.
    var plain: DifferentialJSON {
        if case .spelled(let value, _) = self { return value.plain }
        return self
    }

    /// The members of an object, or `nil`.
    var members: [Member]? {
        if case .object(let members) = plain { return members }
        return nil
    }

    /// The value of the member under `key` of an object.
    subscript(key: String) -> DifferentialJSON? {
        members?.last { $0.key == key }?.value
    }

    /// Whether the value or any value inside it is `null`.
    var containsNull: Bool {
        switch plain {
        case .null: true
        case .array(let elements): elements.contains { $0.containsNull }
        case .object(let members): members.contains { $0.value.containsNull }
        default: false
        }
    }

    /// Whether a number anywhere is beyond the range of `Double`, which fails a strict load
    /// wherever it is.
    var containsNumberBeyondDouble: Bool {
        switch plain {
        case .number(let text): !(Double(text)?.isFinite ?? false)
        case .array(let elements): elements.contains { $0.containsNumberBeyondDouble }
        case .object(let members): members.contains { $0.value.containsNumberBeyondDouble }
        default: false
        }
    }
}

// MARK: Parsing

extension DifferentialJSON {
    /// Parses JSON text, keeping member order and number texts.
    ///
    /// - Throws: `DifferentialJSON.ParseError` for text that is not one JSON value.
    static func parse(_ data: Data) throws -> DifferentialJSON {
        try Array(data).withUnsafeBufferPointer { bytes in
            var parser = Parser(bytes: bytes)
            let value = try parser.value()
            parser.skipWhitespace()
            guard parser.index == parser.bytes.count else { throw ParseError(offset: parser.index) }
            return value
        }
    }

    /// Text that is not JSON, at a byte offset.
    struct ParseError: Error, CustomStringConvertible {
        let offset: Int
        var description: String { "not JSON at byte \(offset)" }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func value() throws -> DifferentialJSON {
            skipWhitespace()
            guard index < bytes.count else { throw ParseError(offset: index) }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            default: return try number()
            }
        }

        mutating func literal(_ text: String, _ value: DifferentialJSON) throws -> DifferentialJSON {
            let expected = Array(text.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
                throw ParseError(offset: index)
            }
            index += expected.count
            return value
        }

        mutating func number() throws -> DifferentialJSON {
            let start = index
            scan: while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
                    UInt8(ascii: "e"), UInt8(ascii: "E"):
                    index += 1
                default: break scan
                }
            }
            guard index > start, let text = String(bytes: bytes[start..<index], encoding: .utf8) else {
                throw ParseError(offset: start)
            }
            return .number(text)
        }

        mutating func array() throws -> DifferentialJSON {
            index += 1
            var elements: [DifferentialJSON] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                elements.append(try value())
                skipWhitespace()
                guard index < bytes.count else { throw ParseError(offset: index) }
                index += 1
                if bytes[index - 1] == UInt8(ascii: "]") { return .array(elements) }
                guard bytes[index - 1] == UInt8(ascii: ",") else { throw ParseError(offset: index - 1) }
            }
        }

        mutating func object() throws -> DifferentialJSON {
            index += 1
            var members: [Member] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw ParseError(offset: index) }
                let key = try string()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw ParseError(offset: index) }
                index += 1
                members.append(Member(key: key, value: try value()))
                skipWhitespace()
                guard index < bytes.count else { throw ParseError(offset: index) }
                index += 1
                if bytes[index - 1] == UInt8(ascii: "}") { return .object(members) }
                guard bytes[index - 1] == UInt8(ascii: ",") else { throw ParseError(offset: index - 1) }
            }
        }

        mutating func string() throws -> String {
            index += 1
            // Most strings have no escape: their bytes are their text.
            var end = index
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\""),
                let text = String(bytes: bytes[index..<end], encoding: .utf8)
            {
                index = end + 1
                return text
            }
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() throws {
                guard !run.isEmpty else { return }
                guard let text = String(bytes: run, encoding: .utf8) else { throw ParseError(offset: index) }
                scalars += text.unicodeScalars
                run.removeAll()
            }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") {
                    try flush()
                    return String(scalars)
                }
                guard byte == UInt8(ascii: "\\") else {
                    run.append(byte)
                    continue
                }
                try flush()
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "u"): scalars.append(try unicodeEscape())
                default: scalars.append(Unicode.Scalar(escape))
                }
            }
            throw ParseError(offset: index)
        }

        mutating func hexQuad() throws -> UInt32 {
            guard bytes.count - index >= 4, let text = String(bytes: bytes[index..<index + 4], encoding: .utf8),
                let value = UInt32(text, radix: 16)
            else { throw ParseError(offset: index) }
            index += 4
            return value
        }

        mutating func unicodeEscape() throws -> Unicode.Scalar {
            let high = try hexQuad()
            guard (0xD800..<0xDC00).contains(high) else {
                guard let scalar = Unicode.Scalar(high) else { throw ParseError(offset: index) }
                return scalar
            }
            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw ParseError(offset: index) }
            index += 2
            let low = try hexQuad()
            guard (0xDC00..<0xE000).contains(low),
                let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            else { throw ParseError(offset: index) }
            return scalar
        }
    }
}

// MARK: Writing

extension DifferentialJSON {
    /// How a document is spelled: whitespace, escapes that need not be there, and which form
    /// of a value it writes.
    struct Spelling {
        /// Whether it writes the forms for `JSONDecoder`.
        var isForDecoder = false
        /// Random numbers for the whitespace and the escapes; `nil` writes neither.
        var random: SplitMix64?
    }

    /// The JSON text of the value.
    func text(_ spelling: inout Spelling) -> String {
        var output = ""
        write(to: &output, spelling: &spelling)
        return output
    }

    private func write(to output: inout String, spelling: inout Spelling) {
        switch self {
        case .spelled(let value, let forDecoder):
            (spelling.isForDecoder ? forDecoder : value).write(to: &output, spelling: &spelling)
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): Self.writeString(text, to: &output, spelling: &spelling)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                Self.space(&output, &spelling)
                element.write(to: &output, spelling: &spelling)
            }
            Self.space(&output, &spelling)
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                Self.space(&output, &spelling)
                Self.writeString(member.key, to: &output, spelling: &spelling, isKey: true)
                Self.space(&output, &spelling)
                output += ":"
                Self.space(&output, &spelling)
                member.value.write(to: &output, spelling: &spelling)
            }
            Self.space(&output, &spelling)
            output += "}"
        }
    }

    private static func space(_ output: inout String, _ spelling: inout Spelling) {
        guard var random = spelling.random else { return }
        defer { spelling.random = random }
        switch random.next() % 16 {
        case 0: output += " "
        case 1: output += "\n  "
        case 2: output += "\t"
        case 3: output += "\r\n"
        default: break
        }
    }

    /// Writes a string, escaping now and then a character that need not be; in a key, only an
    /// ASCII one: ModelKit's reader reads an object whose declared key that is not ASCII comes
    /// escaped the dictionary way (ARCHITECTURE.md), whose undeclared numbers do not keep their
    /// text, which the checks of undeclared values would have to know.
    private static func writeString(
        _ text: String, to output: inout String, spelling: inout Spelling, isKey: Bool = false
    ) {
        output += "\""
        var random = spelling.random
        defer { spelling.random = random }
        for scalar in text.unicodeScalars {
            var escapes = false
            if var generator = random {
                escapes = generator.next() % 8 == 0 && (!isKey || scalar.isASCII)
                random = generator
            }
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += escapes ? "\\u000a" : "\\n"
            case "\t": output += escapes ? "\\u0009" : "\\t"
            case "\r": output += "\\r"
            case "\u{8}": output += "\\b"
            case "\u{C}": output += "\\f"
            case "/": output += escapes ? "\\/" : "/"
            case _ where scalar.value < 0x20 || escapes: output += unicodeEscape(scalar)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        func quad(_ value: UInt32) -> String {
            let hex = String(value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        guard scalar.value > 0xFFFF else { return quad(scalar.value) }
        let value = scalar.value - 0x10000
        return quad(0xD800 + (value >> 10)) + quad(0xDC00 + (value & 0x3FF))
    }
}
