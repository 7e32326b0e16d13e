import Foundation
import ModelKit

/// The values of a model or of its twin, exactly: a `Double` by its bits, so that `-0.0` and
/// `0.0` differ, a date by the bits of its interval, an integer by its value whatever its type.
///
/// A generated model and its twin both give one (`differentialValue`), property by property
/// under the properties' names, so that they compare value by value and a difference names
/// the property.
indirect enum DifferentialValue: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(UInt64)
    case string(String)
    case date(UInt64)
    case array([DifferentialValue])
    case object([(String, DifferentialValue)])

    /// What a comparison lets pass for `Double`s.
    struct Leniency {
        /// Whether `-0.0` counts as `0.0`.
        var zeroSigns = false
        /// Whether a `Double` one unit in the last place away counts as the same.
        var lastPlace = false
    }

    static func == (lhs: DifferentialValue, rhs: DifferentialValue) -> Bool {
        lhs.differences(from: rhs).isEmpty
    }

    /// The paths at which the values differ, each with both values.
    func differences(from other: DifferentialValue, at path: String = "", leniency: Leniency = Leniency()) -> [String] {
        switch (self, other) {
        case (.array(let lhs), .array(let rhs)):
            guard lhs.count == rhs.count else { return ["\(path): \(lhs.count) elements versus \(rhs.count)"] }
            return zip(lhs, rhs).enumerated().flatMap { index, pair in
                pair.0.differences(from: pair.1, at: "\(path)[\(index)]", leniency: leniency)
            }
        case (.object(let lhs), .object(let rhs)):
            guard lhs.map(\.0) == rhs.map(\.0) else { return ["\(path): other properties"] }
            return zip(lhs, rhs).flatMap { pair in
                let name = path.isEmpty ? pair.0.0 : path + "." + pair.0.0
                return pair.0.1.differences(from: pair.1.1, at: name, leniency: leniency)
            }
        case (.double(let lhs), .double(let rhs)):
            let (left, right) = (Double(bitPattern: lhs), Double(bitPattern: rhs))
            let same =
                lhs == rhs || (leniency.zeroSigns && left == right)
                || (leniency.lastPlace && (left.nextUp == right || left.nextDown == right))
            return same ? [] : ["\(path): \(self) versus \(other)"]
        default:
            return Self.isSameLeaf(self, other) ? [] : ["\(path): \(self) versus \(other)"]
        }
    }

    private static func isSameLeaf(_ lhs: DifferentialValue, _ rhs: DifferentialValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.double(let a), .double(let b)), (.date(let a), .date(let b)): a == b
        case (.string(let a), .string(let b)): a.unicodeScalars.elementsEqual(b.unicodeScalars)
        default: false
        }
    }

    var description: String {
        switch self {
        case .null: "nil"
        case .bool(let value): "\(value)"
        case .integer(let value): "\(value)"
        case .double(let bits): "\(Double(bitPattern: bits))"
        case .string(let value): value.debugDescription
        case .date(let bits): "date \(Double(bitPattern: bits))"
        case .array(let elements): "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}"
        }
    }
}

/// The properties of a model or of its twin, in declaration order, for `differentialValue`.
struct DifferentialValues {
    private(set) var members: [(String, DifferentialValue)] = []

    mutating func add(_ name: String, _ value: some DifferentialValueConvertible) {
        members.append((name, value.differentialValue))
    }

    var value: DifferentialValue { .object(members) }
}

/// A value that gives its `DifferentialValue`.
protocol DifferentialValueConvertible {
    var differentialValue: DifferentialValue { get }
}

extension Int: DifferentialValueConvertible {
    var differentialValue: DifferentialValue { .integer(Int64(self)) }
}

extension Int64: DifferentialValueConvertible {
    var differentialValue: DifferentialValue { .integer(self) }
}

extension UInt8: DifferentialValueConvertible {
    var differentialValue: DifferentialValue { .integer(Int64(self)) }
}

extension Double: DifferentialValueConvertible {
    var differentialValue: DifferentialValue { .double(bitPattern) }
}

extension Bool: DifferentialValueConvertible {
    var differentialValue: DifferentialValue { .bool(self) }
}

extension String: DifferentialValueConvertible {
    var differentialValue: DifferentialValue { .string(self) }
}

extension Date: DifferentialValueConvertible {
    var differentialValue: DifferentialValue { .date(timeIntervalSinceReferenceDate.bitPattern) }
}

extension Array: DifferentialValueConvertible where Element: DifferentialValueConvertible {
    var differentialValue: DifferentialValue { .array(map(\.differentialValue)) }
}

extension Optional: DifferentialValueConvertible where Wrapped: DifferentialValueConvertible {
    var differentialValue: DifferentialValue { self?.differentialValue ?? .null }
}
