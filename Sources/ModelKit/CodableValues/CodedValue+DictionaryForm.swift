import Foundation

extension CodedValue {
    private static let stringType = ObjectIdentifier(String.self)
    private static let dictionaryType = ObjectIdentifier([String: Any].self)
    private static let arrayType = ObjectIdentifier([Any].self)
    private static let nullType = ObjectIdentifier(NSNull.self)

    /// The tree of a dictionary-form value: `String`, `NSNumber` (booleans told apart by
    /// ``SavedNumber``), `NSDecimalNumber`, `NSNull`, `[Any]` and `[String: Any]`.
    ///
    /// It accepts what `JSONSerialization` writes, and throws what ``JSONSerializationCheck``
    /// throws for the rest, at the same key path: a `Date`, `Data` or any other value is not
    /// JSON, and neither is NaN or infinity.
    ///
    /// - Throws: A ``ModelError`` with the key path inside the value.
    init(dictionaryForm value: Any) throws {
        try self.init(dictionaryForm: value, level: 0)
    }

    private init(dictionaryForm value: Any, level: Int) throws {
        let type = ObjectIdentifier(Swift.type(of: value))
        if type == Self.stringType, let string = FastCast.exactString(value) {
            self = .string(string)
        } else if type == Self.dictionaryType, let dictionary = FastCast.dictionary(value) {
            self = try Self.object(of: dictionary, level: level)
        } else if type == Self.arrayType, let array = FastCast.array(value) {
            self = try Self.array(of: array, level: level)
        } else if type == Self.nullType {
            self = .null
        } else if let number = SavedNumber(value) {
            self = try Self.scalar(of: number)
        } else {
            self = try Self.other(value, level: level)
        }
    }

    /// A value of a type that a dictionary form seldom holds, through the general casts.
    private static func other(_ value: Any, level: Int) throws -> CodedValue {
        if let string = value as? String { return .string(string) }
        if value is NSNull { return .null }
        if let array = value as? [Any] { return try self.array(of: array, level: level) }
        if let dictionary = value as? [String: Any] { return try object(of: dictionary, level: level) }
        if let dictionary = value as? [AnyHashable: Any],
            let key = dictionary.keys.first(where: { !($0.base is String) })
        {
            throw ModelError(.typeMismatch(expected: "a string key", found: FoundValue.describe(key.base)))
        }
        throw ModelError(.typeMismatch(expected: "a JSON value", found: FoundValue.describe(value)))
    }

    private static func scalar(of number: SavedNumber) throws -> CodedValue {
        switch number {
        case .bool(let bool):
            return .bool(bool)
        case .double(let double) where !double.isFinite:
            throw ModelError(.unencodableNumber(number.description))
        case .decimal(let decimal) where decimal.isNaN:
            throw ModelError(.unencodableNumber(number.description))
        default:
            return .number(number)
        }
    }

    private static func object(of dictionary: [String: Any], level: Int) throws -> CodedValue {
        try checkNesting(level)
        var entries: [(key: String, value: CodedValue)] = []
        entries.reserveCapacity(dictionary.count)
        for (key, value) in dictionary {
            try KeyPathStep.at(.key(key)) {
                entries.append((key, try CodedValue(dictionaryForm: value, level: level + 1)))
            }
        }
        return .object(CodedObject(entries: entries))
    }

    private static func array(of array: [Any], level: Int) throws -> CodedValue {
        try checkNesting(level)
        var elements: [CodedValue] = []
        elements.reserveCapacity(array.count)
        for (index, element) in array.enumerated() {
            try KeyPathStep.at(.index(index)) {
                elements.append(try CodedValue(dictionaryForm: element, level: level + 1))
            }
        }
        return .array(elements)
    }

    /// Throws where ``JSONSerializationCheck`` and ModelKit's writer would: for an array or
    /// object inside ``JSONOutput/maximumNesting`` others, or when the stack has no room for
    /// another level.
    private static func checkNesting(_ level: Int) throws {
        guard level < JSONOutput.maximumNesting else {
            throw ModelError(.nestingTooDeep(limit: JSONOutput.maximumNesting))
        }
        guard level % 16 != 0 || CallStack.hasRoom() else { throw ModelError(.nestingTooDeep(limit: level)) }
    }

    // MARK: The dictionary form

    /// The value as `JSONSerialization` would read it back: `NSNumber`s for numbers and
    /// booleans, an `NSDecimalNumber` for a long decimal.
    var dictionaryForm: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let bool): return NSNumber(value: bool)
        case .number(let number): return Self.dictionaryForm(of: number)
        case .string(let string): return string
        case .array(let elements): return elements.map(\.dictionaryForm)
        case .object(let object):
            var dictionary: [String: Any] = [:]
            dictionary.reserveCapacity(object.entries.count)
            for (key, value) in object.entries {
                dictionary[key] = value.dictionaryForm
            }
            return dictionary
        }
    }

    private static func dictionaryForm(of number: SavedNumber) -> Any {
        switch number {
        case .bool(let bool): return NSNumber(value: bool)
        case .int(let int): return NSNumber(value: int)
        case .uint(let uint): return NSNumber(value: uint)
        case .double(let double): return NSNumber(value: double)
        case .decimal(let decimal): return NSDecimalNumber(decimal: decimal)
        }
    }
}
