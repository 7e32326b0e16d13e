import Foundation

/// Reading ISO 8601 dates: ModelKit's own form at fixed positions first, any other form
/// through a full parser.
extension ISO8601 {
    /// The date an ISO 8601 string describes, or `nil` when it is not a valid date.
    static func date(from string: String) -> Date? {
        if let date = string.utf8.withContiguousStorageIfAvailable({ wholeSecondsUTC($0) }) ?? nil {
            return date
        }
        var string = string
        return string.withUTF8 { bytes in
            var parser = Parser(bytes: bytes)
            return parser.parse()
        }
    }

    /// The date that the UTF-8 bytes of an ISO 8601 string describe, or `nil` when they are
    /// not a valid date; the same as ``date(from:)`` on their text.
    static func date(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        if let date = wholeSecondsUTC(bytes) { return date }
        var parser = Parser(bytes: bytes)
        return parser.parse()
    }

    /// `yyyy-MM-dd'T'HH:mm:ss'Z'`, the form ModelKit writes for a date without a fraction,
    /// read at fixed positions; `nil` for anything else, which the full parser then reads.
    private static func wholeSecondsUTC(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ start: Int, _ count: Int) -> Int64? {
            var value: Int64 = 0
            for index in start..<(start + count) {
                let digit = bytes[index] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let seconds = daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSinceReferenceDate: Double(seconds - secondsFrom1970ToReferenceDate))
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func parse() -> Date? {
            var sign: Int64 = 1
            if let first = peek(), first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
                sign = first == UInt8(ascii: "-") ? -1 : 1
                index += 1
            }
            guard let yearDigits = digits(minimum: 4, maximum: 9) else { return nil }
            let year = sign * yearDigits
            guard expect("-"), let month = digits(exactly: 2), expect("-"), let day = digits(exactly: 2),
                (1...12).contains(month), day >= 1, day <= ISO8601.daysInMonth(year: year, month: month),
                let separator = peek(),
                separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t")
                    || separator == UInt8(ascii: " ")
            else { return nil }
            index += 1
            guard let hour = digits(exactly: 2), expect(":"), let minute = digits(exactly: 2), expect(":"),
                let second = digits(exactly: 2), hour < 24, minute < 60, second < 60
            else { return nil }
            var fraction = 0.0
            if peek() == UInt8(ascii: ".") || peek() == UInt8(ascii: ",") {
                index += 1
                guard let value = fractionValue() else { return nil }
                fraction = value
            }
            guard let offset = zoneOffset(), index == bytes.count else { return nil }
            let days = ISO8601.daysSince1970(year: year, month: month, day: day)
            let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
            let whole = Double(seconds - ISO8601.secondsFrom1970ToReferenceDate)
            return Date(timeIntervalSinceReferenceDate: whole + fraction)
        }

        func peek() -> UInt8? {
            index < bytes.count ? bytes[index] : nil
        }

        mutating func expect(_ character: Unicode.Scalar) -> Bool {
            guard peek() == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func digits(exactly count: Int) -> Int64? {
            digits(minimum: count, maximum: count)
        }

        mutating func digits(minimum: Int, maximum: Int) -> Int64? {
            var value: Int64 = 0
            var count = 0
            while count < maximum, let byte = peek(), byte >= 0x30, byte <= 0x39 {
                value = value * 10 + Int64(byte - 0x30)
                count += 1
                index += 1
            }
            return count >= minimum ? value : nil
        }

        mutating func fractionValue() -> Double? {
            var value: UInt64 = 0
            var count = 0
            while let byte = peek(), byte >= 0x30, byte <= 0x39 {
                // Digits past the eighteenth cannot change a Date; read them but drop them.
                if count < 18 {
                    value = value * 10 + UInt64(byte - 0x30)
                    count += 1
                }
                index += 1
            }
            guard count > 0 else { return nil }
            return Double(value) / Double(ISO8601.pow10(count))
        }

        mutating func zoneOffset() -> Int64? {
            guard let byte = peek() else { return nil }
            if byte == UInt8(ascii: "Z") || byte == UInt8(ascii: "z") {
                index += 1
                return 0
            }
            guard byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") else { return nil }
            index += 1
            let sign: Int64 = byte == UInt8(ascii: "-") ? -1 : 1
            guard let hours = digits(exactly: 2), hours < 24 else { return nil }
            var minutes: Int64 = 0
            if peek() == UInt8(ascii: ":") {
                index += 1
                guard let value = digits(exactly: 2) else { return nil }
                minutes = value
            } else if peek() != nil {
                guard let value = digits(exactly: 2) else { return nil }
                minutes = value
            }
            guard minutes < 60 else { return nil }
            return sign * (hours * 3600 + minutes * 60)
        }
    }
}
