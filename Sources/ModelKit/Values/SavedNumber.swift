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

    @inline(__always)
    init?(_ value: Any) {
        // The classes JSONSerialization uses come first: they are checked by identity and read
        // without the runtime's bridging casts, which cost far more than the read.
        let type = ObjectIdentifier(Swift.type(of: value))
        // The fast casts give `nil` only on their portable path, when the value is not what its
        // type said, which cannot happen; the general casts then have the last word.
        if type == FastCast.numberType,
            let number = FastCast.withObject(in: value, as: NSNumber.self, { SavedNumber(plainNumber: $0) })
        {
            self = number
        } else if type == FastCast.booleanType,
            let bool = FastCast.withObject(in: value, as: NSNumber.self, { $0.boolValue })
        {
            self = .bool(bool)
        } else if type == FastCast.decimalType,
            let number = FastCast.withObject(in: value, as: NSDecimalNumber.self, { SavedNumber(decimal: $0) })
        {
            self = number
        } else if type == ObjectIdentifier(Int.self), let int = FastCast.load(value, as: Int.self) {
            self = .int(Int64(int))
        } else if type == ObjectIdentifier(Double.self), let double = FastCast.load(value, as: Double.self) {
            self = .double(double)
        } else if type == ObjectIdentifier(Bool.self), let bool = FastCast.load(value, as: Bool.self) {
            self = .bool(bool)
        } else {
            self.init(other: value)
        }
    }

    private init?(other value: Any) {
        if value is String || value is [Any] || value is [String: Any] || value is NSNull {
            return nil
        } else if let decimal = value as? NSDecimalNumber {
            self.init(decimal: decimal)
        } else if let number = value as? NSNumber {
            self.init(number: number)
        } else {
            return nil
        }
    }

    init(number: NSNumber) {
        if Self.isBoolean(number) {
            self = .bool(number.boolValue)
        } else {
            self.init(plainNumber: number)
        }
    }

    /// A number known not to be a boolean.
    @inline(__always)
    private init(plainNumber number: NSNumber) {
        switch number.objCType.pointee {
        case 0x64, 0x66:  // "d", "f"
            self = .double(number.doubleValue)
        case 0x51:  // "Q"
            self = .uint(number.uint64Value)
        default:
            self = .int(number.int64Value)
        }
    }

    /// JSONSerialization on Linux reads fractions of more than 15 digits, integers beyond `Int64` and
    /// negative integers of 19 digits into `NSDecimalNumber`, whose `doubleValue` can be a few units in the
    /// last place off, and cannot hold every 64-bit integer.
    ///
    /// The decimal keeps every digit that was written: whole numbers that fit 64 bits become integers, others
    /// stay decimal, and ``double`` converts them with correct rounding.
    private init(decimal: NSDecimalNumber) {
        self.init(decimal: decimal.decimalValue)
    }

    init(decimal value: Decimal) {
        if let (isNegative, magnitude) = ExactDecimal.integer(value) {
            if !isNegative, let int = Int64(exactly: magnitude) {
                self = .int(int)
                return
            }
            if !isNegative {
                self = .uint(magnitude)
                return
            }
            if magnitude <= Int64.min.magnitude {
                self = .int(Int64(bitPattern: 0 &- magnitude))
                return
            }
        }
        self = .decimal(value)
    }

    /// The number as the nearest `Double`.
    var double: Double {
        switch self {
        case .bool(let bool): return bool ? 1 : 0
        case .int(let int): return Double(int)
        case .uint(let uint): return Double(uint)
        case .double(let double): return double
        case .decimal(let decimal):
            return ExactDecimal.double(decimal) ?? NSDecimalNumber(decimal: decimal).doubleValue
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
            return ObjectIdentifier(type(of: number)) == FastCast.booleanType
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
