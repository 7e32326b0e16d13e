import Foundation

/// A number or boolean read from data, classified exactly.
///
/// Foundation on Linux hands back `NSNumber` objects that `as? Bool` and `as? Int` both accept,
/// so a JSON `true` would read as `1` and a `1` as `true`. Classifying by the object's own type
/// keeps booleans and numbers apart.
enum SavedNumber: CustomStringConvertible {
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    /// A number with more digits than a `Double` holds that is not a 64-bit integer.
    case decimal(Decimal)

    // The class of the boolean singletons, which differs from that of other numbers.
    private static let booleanType: AnyClass = type(of: NSNumber(value: true))
    private static let numberType: AnyClass = type(of: NSNumber(value: 1))

    @inline(__always)
    init?(_ value: Any) {
        let type = Swift.type(of: value)
        if type == Int.self, let int = value as? Int {
            self = .int(Int64(int))
        } else if type == Double.self, let double = value as? Double {
            self = .double(double)
        } else if type == Bool.self, let bool = value as? Bool {
            self = .bool(bool)
        } else if let objectType = type as? AnyClass,
            objectType == Self.numberType || objectType == Self.booleanType,
            let number = value as? NSNumber
        {
            self.init(number: number)
        } else if type == String.self || value is [Any] || value is [String: Any] || value is NSNull {
            return nil
        } else if let decimal = value as? NSDecimalNumber {
            self.init(decimal: decimal.decimalValue)
        } else if let number = value as? NSNumber {
            self.init(number: number)
        } else {
            return nil
        }
    }

    @inline(__always)
    init(number: NSNumber) {
        if Self.isBoolean(number) {
            self = .bool(number.boolValue)
            return
        }
        switch number.objCType.pointee {
        case 0x64, 0x66:  // "d", "f"
            self = .double(number.doubleValue)
        case 0x51:  // "Q"
            self = .uint(number.uint64Value)
        default:
            self = .int(number.int64Value)
        }
    }

    /// Classifies a number that `JSONSerialization` read as an `NSDecimalNumber`.
    ///
    /// On Linux, `JSONSerialization` reads numbers written with 17 or more digits, such as
    /// `0.30000000000000004`, and integers beyond `Int64` or with 19 digits, such as
    /// `-9223372036854775807`, as `NSDecimalNumber`, whose `doubleValue` and `int64Value` are
    /// not exact. So this reads its decimal digits instead: whole numbers that fit 64 bits
    /// become integers, others stay decimal, and ``double`` converts the digits with correct
    /// rounding.
    init(decimal: Decimal) {
        let digits = decimal.description
        if let int = Int64(digits) {
            self = .int(int)
        } else if let uint = UInt64(digits) {
            self = .uint(uint)
        } else {
            self = .decimal(decimal)
        }
    }

    /// The number as the nearest `Double`.
    var double: Double {
        switch self {
        case .bool(let bool): return bool ? 1 : 0
        case .int(let int): return Double(int)
        case .uint(let uint): return Double(uint)
        case .double(let double): return double
        case .decimal(let decimal): return Double(decimal.description) ?? NSDecimalNumber(decimal: decimal).doubleValue
        }
    }

    /// Whether the number has no fractional part.
    var isWhole: Bool {
        switch self {
        case .bool, .int, .uint: return true
        case .double(let double): return double.rounded(.towardZero) == double
        case .decimal(var decimal):
            var whole = Decimal()
            NSDecimalRound(&whole, &decimal, 0, .down)
            return whole == decimal
        }
    }

    private static func isBoolean(_ number: NSNumber) -> Bool {
        #if canImport(Darwin)
            return CFGetTypeID(number) == CFBooleanGetTypeID()
        #else
            return type(of: number) == booleanType
        #endif
    }

    var description: String {
        switch self {
        case .bool(let bool): return bool ? "true" : "false"
        case .int(let int): return String(int)
        case .uint(let uint): return String(uint)
        case .double(let double):
            return double.isFinite && double == double.rounded() && abs(double) < 1e15
                ? String(Int64(double)) : "\(double)"
        case .decimal(let decimal): return decimal.description
        }
    }
}
