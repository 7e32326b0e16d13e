import Foundation

extension DifferentialExpectation {
    /// How exactly what a writer wrote must match.
    struct Rules {
        /// Whether undeclared numbers come back in the very text they came in, as ModelKit's
        /// reader keeps them and its writer copies them; otherwise as the same number, as
        /// Foundation's values hold them.
        var keepsNumberTexts = false
        /// Whether the writer builds the containers of paths from Foundation values, as
        /// ARCHITECTURE.md says sorted keys do, so that their undeclared numbers do not keep their
        /// text.
        var buildsContainers = false
        /// Whether a `Double` property may hold `0.0` where the document has a bare `-0`, as a
        /// load through `JSONSerialization` does (`LoadOptions.foundationReader` documents it).
        var mayLoseZeroSigns = false
        /// Whether a `Double` property may hold one a unit in the last place away from the one
        /// that the document's text of more than 38 significant digits reads as, as a load
        /// through `JSONSerialization` does (see `DifferentialDocument.hasOverlongNumber`).
        var mayRoundLongNumbers = false
    }

    /// Where `actual`, a writer's output, differs from the expectation.
    func differences(from actual: DifferentialJSON, at path: String = "", rules: Rules) -> [String] {
        switch self {
        case .null:
            return actual == .null ? [] : ["\(Self.name(path)): expected null, found \(Self.short(actual))"]
        case .array(let elements):
            guard case .array(let found) = actual, found.count == elements.count else {
                return ["\(Self.name(path)): expected \(elements.count) elements, found \(Self.short(actual))"]
            }
            return zip(elements, found).enumerated().flatMap { index, pair in
                pair.0.differences(from: pair.1, at: "\(path)[\(index)]", rules: rules)
            }
        case .object(let members):
            guard case .object(let found) = actual else {
                return ["\(Self.name(path)): expected an object, found \(Self.short(actual))"]
            }
            return Self.differences(members, found, at: path) {
                $0.differences(from: $1, at: $2, rules: rules)
            }
        case .kept(let json, let isText, let isInContainer):
            var rules = rules
            rules.keepsNumberTexts =
                rules.keepsNumberTexts && isText && !(isInContainer && rules.buildsContainers)
            return Self.keptDifferences(json.plain, actual, at: path, rules: rules)
        case .value(let kind, let json):
            return Self.isSame(kind, json.plain, actual, rules: rules)
                ? [] : ["\(Self.name(path)): expected \(Self.short(json)), found \(Self.short(actual))"]
        }
    }

    /// The differences of two objects' members, key order aside.
    private static func differences<Expected>(
        _ expected: [(String, Expected)], _ found: [DifferentialJSON.Member], at path: String,
        compare: (Expected, DifferentialJSON, String) -> [String]
    ) -> [String] {
        var result: [String] = []
        let foundKeys = found.map(\.key)
        if Set(foundKeys).count != foundKeys.count { result.append("\(name(path)): a key written twice") }
        for (key, value) in expected {
            let member = path + "." + quoted(key)
            guard let actual = found.last(where: { $0.key == key })?.value else {
                result.append("\(member): missing")
                continue
            }
            result += compare(value, actual, member)
        }
        let expectedKeys = Set(expected.map(\.0))
        for member in found where !expectedKeys.contains(member.key) {
            result.append("\(path).\(quoted(member.key)): \(short(member.value)) written, not in the document")
        }
        return result
    }

    private static func keptDifferences(
        _ expected: DifferentialJSON, _ actual: DifferentialJSON, at path: String, rules: Rules
    ) -> [String] {
        switch (expected, actual) {
        case (.object(let members), .object(let found)):
            return differences(members.map { ($0.key, $0.value) }, found, at: path) {
                keptDifferences($0.plain, $1, at: $2, rules: rules)
            }
        case (.array(let elements), .array(let found)) where elements.count == found.count:
            return zip(elements, found).enumerated().flatMap { index, pair in
                keptDifferences(pair.0.plain, pair.1, at: "\(path)[\(index)]", rules: rules)
            }
        case (.number(let lhs), .number(let rhs)):
            let same = rules.keepsNumberTexts ? lhs == rhs : isSameNumber(lhs, rhs)
            return same ? [] : ["\(name(path)): expected \(lhs), found \(rhs)"]
        case (.string(let lhs), .string(let rhs)) where lhs.unicodeScalars.elementsEqual(rhs.unicodeScalars):
            return []
        case (.null, .null), (.bool(true), .bool(true)), (.bool(false), .bool(false)):
            return []
        default:
            return ["\(name(path)): expected \(short(expected)), found \(short(actual))"]
        }
    }

    /// Whether two numbers' texts are of the same number, as `Double`s or as decimals.
    static func isSameNumber(_ lhs: String, _ rhs: String) -> Bool {
        if let left = Double(lhs), let right = Double(rhs), left == right { return true }
        return decimal(lhs).map { $0 == decimal(rhs) } ?? false
    }

    private static func decimal(_ text: String) -> Decimal? {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// Whether a property's value of `kind` was written as the document had it: an integer of
    /// the same value, a `Double` of the same bits as `Double(String)` reads the document's
    /// text, a date of the same instant.
    private static func isSame(
        _ kind: DifferentialKind, _ expected: DifferentialJSON, _ actual: DifferentialJSON, rules: Rules
    ) -> Bool {
        switch (kind, expected, actual) {
        case (.integer, .number(let lhs), .number(let rhs)):
            return decimal(lhs) != nil && decimal(lhs) == decimal(rhs)
        case (.double, .number(let lhs), .number(let rhs)):
            guard let left = Double(lhs), let right = Double(rhs) else { return false }
            let mayLoseSign = rules.mayLoseZeroSigns && lhs == "-0"
            let mayRound = rules.mayRoundLongNumbers && DifferentialDocuments.significantDigits(of: lhs) > 38
            return left.bitPattern == right.bitPattern || (mayLoseSign && left == right)
                || (mayRound && (left.nextUp == right || left.nextDown == right))
        case (.bool, .bool(let lhs), .bool(let rhs)):
            return lhs == rhs
        case (.bool, .number(let lhs), .bool(let rhs)):
            return (lhs == "1") == rhs
        case (.string, .string(let lhs), .string(let rhs)):
            return lhs.unicodeScalars.elementsEqual(rhs.unicodeScalars)
        case (.date(let format), _, _):
            guard let left = date(expected, format), let right = date(actual, format) else { return false }
            return left.timeIntervalSinceReferenceDate.bitPattern == right.timeIntervalSinceReferenceDate.bitPattern
        case (.enumeration, .string(let lhs), .string(let rhs)):
            return lhs == rhs
        case (.enumeration, .number(let lhs), .number(let rhs)):
            return decimal(lhs) == decimal(rhs)
        default:
            return keptDifferences(expected, actual, at: "", rules: rules).isEmpty
        }
    }

    /// The date a value of `format` stands for, as ModelKit reads it.
    static func date(_ json: DifferentialJSON, _ format: DifferentialKind.DateFormat) -> Date? {
        switch (format, json.plain) {
        case (.iso8601, .string(let text)):
            return DifferentialDate.date(text)
        case (.secondsSince1970, .number(let text)):
            return Double(text).map { Date(timeIntervalSince1970: $0) }
        case (.millisecondsSince1970, .number(let text)):
            return Double(text).map { Date(timeIntervalSince1970: $0 / 1000) }
        default:
            return nil
        }
    }

    private static func name(_ path: String) -> String {
        path.isEmpty ? "the object" : path
    }

    private static func quoted(_ key: String) -> String {
        key.debugDescription
    }

    /// A value's JSON, cut short.
    static func short(_ json: DifferentialJSON) -> String {
        var spelling = DifferentialJSON.Spelling()
        let text = json.text(&spelling)
        return text.count > 160 ? text.prefix(160) + "…" : text
    }
}
