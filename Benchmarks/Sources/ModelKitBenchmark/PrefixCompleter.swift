import Foundation

/// Completes the beginning of a JSON text into a whole JSON value, as an app that shows a
/// language model's structured output with `JSONDecoder` does before each decode: the common
/// approach that the partial workload measures `PartialLoader` against.
///
/// It reads the prefix once, keeping for each open array and object where its last whole
/// member ends. An open string value is closed, less any cut escape, surrogate pair or UTF-8
/// sequence at its end; anything else unfinished after the last whole member (a comma, a key,
/// a colon, a number or literal that may go on) is dropped; then the open containers are
/// closed, innermost first:
///
/// ```
/// {"title":"Plum ca                         → {"title":"Plum ca"}
/// {"title":"Plum cake","serv                → {"title":"Plum cake"}
/// {"steps":[{"text":"Mix","minutes":1       → {"steps":[{"text":"Mix"}]}
/// {"steps":[{"text":"Mix"},                 → {"steps":[{"text":"Mix"}]}
/// {"title":"Cr\u00                         → {"title":"Cr"}
/// ```
enum PrefixCompleter {
    /// The whole JSON value that `prefix` begins, or `nil` when no value has begun.
    static func complete(_ prefix: UnsafeBufferPointer<UInt8>) -> Data? {
        var scan = Scan(prefix)
        scan.run()
        if scan.isWhole { return Data(prefix) }
        guard let innermostEnd = scan.memberEnds.last else { return nil }
        var end = innermostEnd
        var completion = [UInt8]()
        if let start = scan.openValueString {
            end = safeEnd(ofStringFrom: start + 1, in: prefix)
            completion.append(UInt8(ascii: "\""))
        }
        completion += scan.closers.reversed()
        var data = Data(capacity: end + completion.count)
        data.append(UnsafeBufferPointer(rebasing: prefix[..<end]))
        data.append(contentsOf: completion)
        return data
    }

    /// Where the content of a string cut at the end of `text`, beginning at `start`, may end:
    /// after its last whole character or escape.
    private static func safeEnd(ofStringFrom start: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        var index = start
        var safe = start
        while index < text.count {
            var length = 1
            if text[index] == UInt8(ascii: "\\") {
                length = index + 1 < text.count && text[index + 1] == UInt8(ascii: "u") ? 6 : 2
                // A high surrogate is whole only with the low one after it.
                if length == 6, index + 6 <= text.count, let unit = hexValue(text[(index + 2)..<(index + 6)]),
                    (0xD800..<0xDC00).contains(unit)
                {
                    length = 12
                }
            } else if text[index] >= 0xF0 {
                length = 4
            } else if text[index] >= 0xE0 {
                length = 3
            } else if text[index] >= 0xC0 {
                length = 2
            }
            guard index + length <= text.count else { break }
            index += length
            safe = index
        }
        return safe
    }

    private static func hexValue(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        Int(String(decoding: digits, as: UTF8.self), radix: 16)
    }

    /// One pass over a prefix: the open containers, where their last whole members end, and
    /// whether the prefix ends inside a string value.
    private struct Scan {
        let text: UnsafeBufferPointer<UInt8>
        /// The closing bracket of each open container, outermost first.
        var closers: [UInt8] = []
        /// For each open container, the end of its last whole member, or of its bracket.
        var memberEnds: [Int] = []
        /// The start of the string value that the prefix ends inside, if any.
        var openValueString: Int?
        /// Whether the prefix is one whole value.
        var isWhole = false
        private var expectsKey = false
        private var index = 0

        init(_ text: UnsafeBufferPointer<UInt8>) {
            self.text = text
        }

        mutating func run() {
            while index < text.count {
                switch text[index] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    expectsKey = text[index] == UInt8(ascii: "{")
                    closers.append(expectsKey ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                    index += 1
                    memberEnds.append(index)
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    closers.removeLast()
                    memberEnds.removeLast()
                    index += 1
                    endMember()
                    isWhole = closers.isEmpty
                case UInt8(ascii: ","):
                    expectsKey = closers.last == UInt8(ascii: "}")
                    index += 1
                case UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                    index += 1
                case UInt8(ascii: "\""):
                    readString()
                default:
                    // A number or literal is whole once a byte that cannot continue it has come.
                    while index < text.count, Self.continuesScalar(text[index]) { index += 1 }
                    if index < text.count { endMember() }
                }
            }
        }

        private mutating func readString() {
            let start = index
            index += 1
            while index < text.count {
                switch text[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""):
                    index += 1
                    if expectsKey {
                        expectsKey = false
                    } else {
                        endMember()
                    }
                    return
                default: index += 1
                }
            }
            index = text.count
            if !expectsKey { openValueString = start }
        }

        /// A value has ended: the member of the innermost container that holds it is whole.
        private mutating func endMember() {
            if !memberEnds.isEmpty { memberEnds[memberEnds.count - 1] = index }
            expectsKey = false
        }

        private static func continuesScalar(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "E"),
                UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                return true
            default:
                return false
            }
        }
    }
}
