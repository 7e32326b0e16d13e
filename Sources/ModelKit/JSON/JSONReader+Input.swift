import Foundation

extension JSONReader {
    /// Calls `body` with a reader over the UTF-8 text of `data`.
    ///
    /// UTF-8 input is read in place, after a byte-order mark if it has one. UTF-16 and UTF-32
    /// input, found as `JSONSerialization` finds it (by a byte-order mark, or by the zero
    /// bytes that ASCII characters leave in the first four), is converted to UTF-8 first.
    ///
    /// - Throws: What `body` throws, or, before calling it, a ``JSONReadError`` at the start
    ///   of the data when it is not valid text in the encoding it was found to be in.
    static func withReader<Result>(_ data: Data, _ body: (inout JSONReader) throws -> Result) throws -> Result {
        try data.withUnsafeBytes { raw in
            try withReader(raw.assumingMemoryBound(to: UInt8.self), body)
        }
    }

    /// Calls `body` with a reader over the UTF-8 text of `bytes`, as for `Data`.
    static func withReader<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ body: (inout JSONReader) throws -> Result
    ) throws -> Result {
        let (encoding, markLength) = detectEncoding(bytes)
        let text = UnsafeBufferPointer(rebasing: bytes[markLength...])
        if encoding == .utf8 {
            return try withReader(utf8: text, body)
        }
        guard var converted = String(bytes: text, encoding: encoding) else {
            throw JSONReadError(.malformed("the data is not valid \(name(of: encoding)) text"), at: 0)
        }
        return try converted.withUTF8 { try withReader(utf8: $0, body) }
    }

    private static func withReader<Result>(
        utf8: UnsafeBufferPointer<UInt8>,
        _ body: (inout JSONReader) throws -> Result
    ) throws -> Result {
        guard let base = utf8.baseAddress else {
            var empty: UInt8 = 0
            return try withUnsafePointer(to: &empty) { base in
                var reader = JSONReader(base: base, count: 0)
                return try body(&reader)
            }
        }
        var reader = JSONReader(base: base, count: utf8.count)
        return try body(&reader)
    }

    /// The encoding of JSON data and the length of its byte-order mark, decided as
    /// `JSONSerialization` decides them.
    private static func detectEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> (String.Encoding, Int) {
        if bytes.count >= 4 {
            switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
            case (0xEF, 0xBB, 0xBF, _): return (.utf8, 3)
            case (0x00, 0x00, 0xFE, 0xFF): return (.utf32BigEndian, 4)
            case (0xFF, 0xFE, 0x00, 0x00): return (.utf32LittleEndian, 4)
            case (0xFF, 0xFE, _, _): return (.utf16LittleEndian, 2)
            case (0xFE, 0xFF, _, _): return (.utf16BigEndian, 2)
            case (0, 0, 0, _): return (.utf32BigEndian, 0)
            case (_, 0, 0, 0): return (.utf32LittleEndian, 0)
            case (0, _, 0, _): return (.utf16BigEndian, 0)
            case (_, 0, _, 0): return (.utf16LittleEndian, 0)
            default: return (.utf8, 0)
            }
        }
        if bytes.count >= 2 {
            if bytes[0] == 0 { return (.utf16BigEndian, 0) }
            if bytes[1] == 0 { return (.utf16LittleEndian, 0) }
        }
        return (.utf8, 0)
    }

    private static func name(of encoding: String.Encoding) -> String {
        switch encoding {
        case .utf16BigEndian: return "UTF-16BE"
        case .utf16LittleEndian: return "UTF-16LE"
        case .utf32BigEndian: return "UTF-32BE"
        case .utf32LittleEndian: return "UTF-32LE"
        default: return "UTF-8"
        }
    }
}
