import Foundation

/// Equality of dictionary-form values, such as preserved unknown values.
///
/// `NSDictionary.isEqual(to:)` is not symmetric on Linux between Swift numbers and the
/// `NSNumber`s that `JSONSerialization` returns, so the values are compared here by kind:
/// booleans only equal booleans, numbers equal numbers of the same value.
///
/// The values are walked with a list of the pairs still to compare rather than by recursion,
/// so values nested to any depth compare on any thread.
enum DictionaryFormEquality {
    static func isEqual(_ lhs: Any, _ rhs: Any) -> Bool {
        var pairs: [(Any, Any)] = []
        return isEqual(lhs, rhs, nested: &pairs) && areEqual(&pairs)
    }

    static func isEqual(_ lhs: [String: Any], _ rhs: [String: Any]) -> Bool {
        var pairs: [(Any, Any)] = []
        return isEqual(lhs, rhs, nested: &pairs) && areEqual(&pairs)
    }

    /// Whether two values that may be absent are equal: both absent, or both present and equal.
    static func isSame(_ lhs: Any?, _ rhs: Any?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): return true
        case (let lhs?, let rhs?): return isEqual(lhs, rhs)
        default: return false
        }
    }

    /// Whether every pair is equal, elements of containers included.
    private static func areEqual(_ pairs: inout [(Any, Any)]) -> Bool {
        while let (left, right) = pairs.popLast() {
            guard isEqual(left, right, nested: &pairs) else { return false }
        }
        return true
    }

    /// Whether two values are equal as far as they go, adding the pairs of their elements,
    /// when they are containers, to `nested`.
    private static func isEqual(_ lhs: Any, _ rhs: Any, nested: inout [(Any, Any)]) -> Bool {
        if let left = lhs as? String { return (rhs as? String) == left }
        if let left = lhs as? NSDecimalNumber, let right = rhs as? NSDecimalNumber { return left == right }
        if let left = SavedNumber(lhs) {
            guard let right = SavedNumber(rhs) else { return false }
            return isEqual(left, right)
        }
        if let left = lhs as? [Any] {
            guard let right = rhs as? [Any], left.count == right.count else { return false }
            nested.append(contentsOf: zip(left, right))
            return true
        }
        if let left = lhs as? [String: Any] {
            guard let right = rhs as? [String: Any] else { return false }
            return isEqual(left, right, nested: &nested)
        }
        if lhs is NSNull { return rhs is NSNull }
        if let left = lhs as? ModelObject { return left.isEqual(rhs) }
        guard let left = lhs as? AnyHashable, let right = rhs as? AnyHashable else { return false }
        return left == right
    }

    private static func isEqual(_ lhs: [String: Any], _ rhs: [String: Any], nested: inout [(Any, Any)]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, left) in lhs {
            guard let right = rhs[key] else { return false }
            nested.append((left, right))
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
