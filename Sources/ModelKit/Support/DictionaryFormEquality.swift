import Foundation

/// Equality of dictionary-form values, such as preserved unknown values.
///
/// `NSDictionary.isEqual(to:)` is not symmetric on Linux between Swift numbers and the
/// `NSNumber`s that `JSONSerialization` returns, so the values are compared here by kind:
/// booleans only equal booleans, numbers equal numbers of the same value.
enum DictionaryFormEquality {
    /// Values nested more deeply than this compare as unequal rather than overflowing the
    /// stack; values from JSON nest no deeper, but a dictionary can nest without end.
    static let maximumDepth = 512

    static func isEqual(_ lhs: Any, _ rhs: Any, depth: Int = 0) -> Bool {
        guard depth < maximumDepth else { return false }
        if let left = lhs as? String { return (rhs as? String) == left }
        if let left = lhs as? NSDecimalNumber, let right = rhs as? NSDecimalNumber { return left == right }
        if let left = SavedNumber(lhs) {
            guard let right = SavedNumber(rhs) else { return false }
            return isEqual(left, right)
        }
        if let left = lhs as? [Any] {
            guard let right = rhs as? [Any], left.count == right.count else { return false }
            return zip(left, right).allSatisfy { isEqual($0, $1, depth: depth + 1) }
        }
        if let left = lhs as? [String: Any] {
            guard let right = rhs as? [String: Any] else { return false }
            return isEqual(left, right, depth: depth + 1)
        }
        if lhs is NSNull { return rhs is NSNull }
        if let left = lhs as? ModelObject { return left.isEqual(rhs) }
        guard let left = lhs as? AnyHashable, let right = rhs as? AnyHashable else { return false }
        return left == right
    }

    static func isEqual(_ lhs: [String: Any], _ rhs: [String: Any], depth: Int = 0) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, left) in lhs {
            guard let right = rhs[key], isEqual(left, right, depth: depth) else { return false }
        }
        return true
    }

    private static func isEqual(_ lhs: SavedNumber, _ rhs: SavedNumber) -> Bool {
        switch (lhs, rhs) {
        case (.bool(let left), .bool(let right)): return left == right
        case (.bool, _), (_, .bool): return false
        case (.int(let left), .int(let right)): return left == right
        case (.uint(let left), .uint(let right)): return left == right
        case (.int(let left), .uint(let right)), (.uint(let right), .int(let left)):
            return left >= 0 && UInt64(left) == right
        case (.decimal(let left), .decimal(let right)): return left == right
        default: return lhs.double == rhs.double
        }
    }
}
