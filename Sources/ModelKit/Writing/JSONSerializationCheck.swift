import Foundation

/// ModelKit's own check that `JSONSerialization` can write a value, made before it is asked
/// to, so that a value it cannot write throws a ``ModelError`` with its key path.
///
/// Apple's `JSONSerialization.data(withJSONObject:options:)` does not throw for such a value:
/// it raises an Objective-C exception, which Swift cannot catch, and the process stops. Its
/// documentation lists what it writes, and so what this check lets through:
/// - `NSString` (`String`), `NSNumber` (on Apple platforms Swift's integers, floating-point
///   numbers, `Bool` and `Decimal` bridge to it), `NSArray` (`Array`), `NSDictionary` whose
///   keys are all strings, and `NSNull`;
/// - numbers that are neither NaN nor infinite;
/// - an array or a dictionary at the top level, unless fragments are allowed. (Foundation on
///   Linux stops the process for any other top level.)
///
/// Everything else throws, among them the values that ModelKit's own writer turns into text:
/// a `Date`, `Data` and a model object kept under an unknown key. For example,
/// `["when": [Date()]]` throws `when[0]: expected a JSON value, found a value of type Date`.
/// Arrays and dictionaries nest no deeper than ModelKit's writer nests them, so the walk
/// never runs out of stack.
///
/// The walk is one pass that classifies most values by their exact type, without the
/// runtime's general casts, since writing through `JSONSerialization` makes it over every value of
/// the document.
enum JSONSerializationCheck {
    private static let stringType = ObjectIdentifier(String.self)
    private static let intType = ObjectIdentifier(Int.self)
    private static let boolType = ObjectIdentifier(Bool.self)
    private static let nullType = ObjectIdentifier(NSNull.self)
    private static let dictionaryType = ObjectIdentifier([String: Any].self)
    private static let arrayType = ObjectIdentifier([Any].self)

    /// Throws unless `JSONSerialization` can write `value`.
    ///
    /// - Parameters:
    ///   - value: The value to be written.
    ///   - allowingFragments: Whether the top level may be a string, number or `null`, as
    ///     with `JSONSerialization.WritingOptions.fragmentsAllowed`.
    /// - Throws: A ``ModelError`` naming the key path of the first value found that cannot be
    ///   written.
    static func check(_ value: Any, allowingFragments: Bool = false) throws {
        if !allowingFragments, !isContainer(value) {
            throw ModelError(.typeMismatch(expected: "an array or an object", found: FoundValue.describe(value)))
        }
        try checkValue(value, level: 0)
        #if canImport(Darwin)
            // Apple's own rules may be stricter than its documentation says; asking it costs
            // little next to the write, and an exception must never be the answer.
            guard JSONSerialization.isValidJSONObject(allowingFragments ? [value] : value) else {
                throw ModelError(.custom("JSONSerialization reports that it cannot write the value"))
            }
        #endif
    }

    private static func isContainer(_ value: Any) -> Bool {
        FastCast.dictionary(value) != nil || FastCast.array(value) != nil || value is [AnyHashable: Any]
    }

    private static func checkValue(_ value: Any, level: Int) throws {
        let type = ObjectIdentifier(Swift.type(of: value))
        if type == stringType || type == intType || type == boolType || type == nullType
            || type == FastCast.booleanType
        {
            return
        }
        if type == dictionaryType, let dictionary = FastCast.dictionary(value) {
            return try checkEntries(of: dictionary, level: level)
        }
        if type == arrayType, let array = FastCast.array(value) {
            return try checkElements(of: array, level: level)
        }
        if let number = SavedNumber(value) {
            return try checkNumber(number)
        }
        try checkOther(value, level: level)
    }

    /// Checks a value of a type that a dictionary form seldom holds, through the general casts.
    private static func checkOther(_ value: Any, level: Int) throws {
        if value is String || value is NSNull { return }
        if let array = value as? [Any] {
            return try checkElements(of: array, level: level)
        }
        if let dictionary = value as? [String: Any] {
            return try checkEntries(of: dictionary, level: level)
        }
        if let dictionary = value as? [AnyHashable: Any],
            let key = dictionary.keys.first(where: { !($0.base is String) })
        {
            throw ModelError(.typeMismatch(expected: "a string key", found: FoundValue.describe(key.base)))
        }
        throw ModelError(.typeMismatch(expected: "a JSON value", found: FoundValue.describe(value)))
    }

    private static func checkNumber(_ number: SavedNumber) throws {
        switch number {
        case .bool, .int, .uint:
            return
        case .double(let double):
            guard double.isFinite else { throw ModelError(.unencodableNumber(number.description)) }
        case .decimal(let decimal):
            guard !decimal.isNaN else { throw ModelError(.unencodableNumber(number.description)) }
        }
    }

    private static func checkEntries(of dictionary: [String: Any], level: Int) throws {
        try checkNesting(level)
        for (key, value) in dictionary {
            try KeyPathStep.at(.key(key)) {
                try checkValue(value, level: level + 1)
            }
        }
    }

    private static func checkElements(of array: [Any], level: Int) throws {
        try checkNesting(level)
        for (index, element) in array.enumerated() {
            try KeyPathStep.at(.index(index)) {
                try checkValue(element, level: level + 1)
            }
        }
    }

    /// Throws where ModelKit's writer would: for an array or object inside
    /// ``JSONOutput/maximumNesting`` others, or when the stack has no room for another level.
    private static func checkNesting(_ level: Int) throws {
        guard level < JSONOutput.maximumNesting else {
            throw ModelError(.nestingTooDeep(limit: JSONOutput.maximumNesting))
        }
        guard level % 16 != 0 || CallStack.hasRoom() else { throw ModelError(.nestingTooDeep(limit: level)) }
    }
}
