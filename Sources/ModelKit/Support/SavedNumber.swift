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
        }
    }
}
