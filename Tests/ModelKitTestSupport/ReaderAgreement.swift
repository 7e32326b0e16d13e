import Foundation
import ModelKit

/// Whether ModelKit's JSON reader and `JSONSerialization` (`LoadOptions.foundationReader`)
/// load an input alike: both succeed with equal objects (saved values, unknown values and
/// kept skipped values), the same load issues and the same written JSON, or both fail.
///
/// Shared with the fuzz target, which depends on this support target, so it uses ModelKit's
/// public API and Foundation only.
///
/// The differences that `LoadOptions.foundationReader` documents are allowed:
/// - a trailing comma, which only `JSONSerialization` accepts;
/// - a U+FEFF written unescaped in a string, which `JSONSerialization` drops where a run of
///   text starts: it reads ``foundationInput``, where each is escaped as `\ufeff`;
/// - a number beyond the range of `Double`, for which `JSONSerialization` fails the whole
///   document and ModelKit's reader only the value;
/// - `-0`, which `JSONSerialization` reads as the integer 0 and ModelKit's reader, for a
///   floating-point property, as `-0.0`: the objects are equal, their JSON differs.
///
/// Those are swift-corelibs-foundation's ways, whose source is public, and ModelKit's reader
/// builds the numbers it builds. Apple does not document which `NSNumber` its
/// `JSONSerialization` gives for a number, nor how it rounds a long one, so on Apple platforms
/// the readers may also differ in any way on an input with a number of more than 15
/// significant digits or with an exponent; every other difference is still reported.
public struct ReaderAgreement {
    /// The input.
    public let input: Data
    /// The input for `JSONSerialization`: its UTF-8 text, with every U+FEFF but a leading
    /// byte-order mark escaped.
    public let foundationInput: Data
    /// Called with each disagreement.
    public let report: (String) -> Void

    private let hasNegativeZero: Bool
    /// Whether the readers may differ on the numbers of the input, as they may on Apple
    /// platforms.
    private let hasUnspecifiedNumbers: Bool

    /// An agreement check of `input` that calls `report` with each disagreement.
    public init(input: Data, report: @escaping (String) -> Void) {
        self.input = input
        self.report = report
        let (text, markLength) = Self.utf8Text(of: input)
        hasNegativeZero = Self.containsNegativeZero(text)
        #if canImport(Darwin)
            hasUnspecifiedNumbers = Self.containsLongOrScaledNumber(text)
        #else
            hasUnspecifiedNumbers = false
        #endif
        foundationInput = Self.escapingByteOrderMarks(in: text, after: markLength) ?? input
    }

    /// Checks the results of one load through both readers; `nil` for a load that threw an
    /// error that is not a `ModelError`, which the caller reports.
    public func check(
        _ name: String,
        options: LoadOptions,
        own: Result<ModelObject, ModelError>?,
        reference: Result<ModelObject, ModelError>?
    ) {
        let what = "\(name) with options \(options.rawValue)"
        switch (own, reference) {
        case (.success(let object)?, .success(let expected)?):
            guard !hasUnspecifiedNumbers else { return }
            if object != expected { report("\(what): the readers load different objects") }
            let issues = object.loadIssues.map(\.description).sorted()
            let expectedIssues = expected.loadIssues.map(\.description).sorted()
            if issues != expectedIssues {
                report("\(what): the readers report different issues: \(issues) versus \(expectedIssues)")
            }
            // ModelKit's reader keeps undeclared values as the JSON text they came as, numbers
            // and escapes included; loaded from their dictionary forms, both objects hold
            // Foundation values, which write alike when the objects hold the same data.
            let json = Self.normalizedJSON(of: object)
            let expectedJSON = Self.normalizedJSON(of: expected)
            if json != expectedJSON, !hasNegativeZero { report("\(what): the loaded objects write different JSON") }
            let rewritten = (try? object.jsonData(options: .compact)).flatMap {
                try? type(of: object).init(json: $0, options: .lenient)
            }
            if rewritten != object, !hasNegativeZero {
                report("\(what): the object that ModelKit's reader loads does not load back from its JSON")
            }
        case (.failure(let error)?, .success?):
            guard case .syntaxError(let detail, _, _) = error.reason, detail.contains("trailing comma") else {
                if hasUnspecifiedNumbers { return }
                return report("\(what): only ModelKit's reader fails: \(error)")
            }
        case (.success?, .failure(let error)?):
            guard case .invalidJSON(let detail) = error.reason, detail.contains("not representable") else {
                if hasUnspecifiedNumbers { return }
                return report("\(what): only JSONSerialization fails: \(error)")
            }
        default:
            break
        }
    }

    /// The compact JSON, keys sorted, of the object loaded again from its dictionary form.
    private static func normalizedJSON(of object: ModelObject) -> Data? {
        guard let loaded = try? type(of: object).make(dictionary: object.dictionary, options: .lenient)
        else { return try? object.jsonData(options: [.compact, .sortedKeys]) }
        return try? loaded.jsonData(options: [.compact, .sortedKeys])
    }

    /// The UTF-8 text of JSON input and the length of its byte-order mark: the input itself,
    /// or its text converted from UTF-16 or UTF-32, found as `JSONSerialization` finds them.
    private static func utf8Text(of data: Data) -> (Data, markLength: Int) {
        let bytes = [UInt8](data.prefix(4))
        var encoding = String.Encoding.utf8
        var markLength = 0
        if bytes.count == 4 {
            switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
            case (0xEF, 0xBB, 0xBF, _): markLength = 3
            case (0x00, 0x00, 0xFE, 0xFF): (encoding, markLength) = (.utf32BigEndian, 4)
            case (0xFF, 0xFE, 0x00, 0x00): (encoding, markLength) = (.utf32LittleEndian, 4)
            case (0xFF, 0xFE, _, _): (encoding, markLength) = (.utf16LittleEndian, 2)
            case (0xFE, 0xFF, _, _): (encoding, markLength) = (.utf16BigEndian, 2)
            case (0, 0, 0, _): encoding = .utf32BigEndian
            case (_, 0, 0, 0): encoding = .utf32LittleEndian
            case (0, _, 0, _): encoding = .utf16BigEndian
            case (_, 0, _, 0): encoding = .utf16LittleEndian
            default: break
            }
        } else if bytes.count >= 2 {
            if bytes[0] == 0 { encoding = .utf16BigEndian } else if bytes[1] == 0 { encoding = .utf16LittleEndian }
        }
        guard encoding != .utf8 else { return (data, markLength) }
        guard let text = String(bytes: data.dropFirst(markLength), encoding: encoding) else { return (data, 0) }
        return (Data(text.utf8), 0)
    }

    /// The text with every U+FEFF after its byte-order mark escaped, or `nil` when it has none.
    private static func escapingByteOrderMarks(in text: Data, after markLength: Int) -> Data? {
        let mark = Data([0xEF, 0xBB, 0xBF])
        guard let first = text.dropFirst(markLength).range(of: mark) else { return nil }
        var result = Data(text[..<first.lowerBound])
        var rest = text[first.lowerBound...]
        while let range = rest.range(of: mark) {
            result += rest[..<range.lowerBound]
            result += Data(#"\ufeff"#.utf8)
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    /// Whether the text may have a number of more than 15 significant digits or with an
    /// exponent.
    ///
    /// Every reader reads the other numbers exactly. Digits and `e` inside strings count too,
    /// which only makes the answer `true` more often.
    public static func containsLongOrScaledNumber(_ text: Data) -> Bool {
        var significantDigits = 0
        var isInNumber = false
        for byte in text {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if byte != UInt8(ascii: "0") || significantDigits > 0 { significantDigits += 1 }
                if significantDigits > 15 { return true }
                isInNumber = true
            case UInt8(ascii: "."):
                continue
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                if isInNumber { return true }
                significantDigits = 0
            default:
                significantDigits = 0
                isInNumber = false
            }
        }
        return false
    }

    /// Whether the text has a number `-0` without a fraction or an exponent.
    private static func containsNegativeZero(_ text: Data) -> Bool {
        let bytes = [UInt8](text)
        for index in bytes.indices.dropLast() where bytes[index] == UInt8(ascii: "-") && bytes[index + 1] == 0x30 {
            let next = index + 2 < bytes.count ? bytes[index + 2] : 0
            if !(0x30...0x39).contains(next) && next != UInt8(ascii: ".") && next | 0x20 != UInt8(ascii: "e") {
                return true
            }
        }
        return false
    }
}
