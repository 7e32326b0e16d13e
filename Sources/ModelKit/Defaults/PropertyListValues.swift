import Foundation

/// ModelKit's own check of the values a property list can hold, made before `UserDefaults` or
/// `PropertyListSerialization` is handed them, and the undoing of what Linux Foundation wraps
/// them in when it reads them back.
///
/// A property list holds strings, numbers (booleans, integers, floating-point numbers, NaN and
/// infinity included), dates, data, arrays and dictionaries with string keys — nothing else.
/// Apple's Foundation raises an Objective-C exception for any other value, which Swift cannot
/// catch; the check throws a ``ModelError`` naming the key path instead. The dictionary form
/// holds `NSNull` for a `null` kept under an unknown key or in place of a property, for
/// example `["tags": [NSNull()]]`, which fails with `tags[0]: expected a value a property
/// list can hold, found null`.
///
/// Linux Foundation's `UserDefaults` hands nested values back as optionals, in dictionaries
/// keyed by `AnyHashable`; ``normalized(_:)`` makes them the dictionary form again.
///
/// Both walks go no deeper than ModelKit's writer nests values; the reading one recurses and
/// checks that the stack has room for each further level.
enum PropertyListValues {
    /// Throws unless a property list can hold every value of `dictionary`.
    ///
    /// The walk keeps its own list of the values still to check, with their key paths, rather
    /// than recursing.
    static func check(_ dictionary: [String: Any]) throws {
        var pending: [(value: Any, path: [ModelKeyPath.Component])] = [(dictionary, [])]
        while let (value, path) = pending.popLast() {
            if let dictionary = FastCast.dictionary(value) {
                try checkNesting(path.count, at: path)
                for (key, value) in dictionary { pending.append((value, path + [.key(key)])) }
            } else if let array = FastCast.array(value) {
                try checkNesting(path.count, at: path)
                for (index, element) in array.enumerated() { pending.append((element, path + [.index(index)])) }
            } else if !isScalar(value) {
                throw ModelError(unheldValue: value, at: path)
            }
        }
        #if canImport(Darwin)
            // Apple's own rules may be stricter than its documentation says; asking it costs
            // little, and an exception must never be the answer.
            guard PropertyListSerialization.propertyList(dictionary, isValidFor: .binary) else {
                throw ModelError(.custom("PropertyListSerialization reports that it cannot hold the value"))
            }
        #endif
    }

    /// Whether `value` is a string, number, date or data, which a property list holds.
    private static func isScalar(_ value: Any) -> Bool {
        value is String || value is Date || value is Data || SavedNumber(value) != nil
    }

    /// Throws for an array or dictionary inside ``JSONOutput/maximumNesting`` others, where
    /// ModelKit's writer would, or when the stack has no room for another level of
    /// ``normalized(_:)``.
    private static func checkNesting(_ level: Int, at path: [ModelKeyPath.Component] = []) throws {
        guard level < JSONOutput.maximumNesting else {
            throw ModelError(.nestingTooDeep(limit: JSONOutput.maximumNesting), at: ModelKeyPath(path))
        }
        guard level % 16 != 0 || CallStack.hasRoom() else {
            throw ModelError(.nestingTooDeep(limit: level), at: ModelKeyPath(path))
        }
    }

    // MARK: Reading back

    /// `dictionary`, read from `UserDefaults`, with every nested value as the dictionary form
    /// has it: optionals unwrapped, dictionaries keyed by strings.
    ///
    /// - Throws: A ``ModelError`` for a key that is not a string or values nested too deeply.
    static func normalized(_ dictionary: [String: Any]) throws -> [String: Any] {
        try normalizedEntries(of: dictionary, level: 0)
    }

    private static func normalizedValue(_ value: Any, level: Int) throws -> Any? {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            // A cast would look through the optional to its value; the mirror sees it.
            return try mirror.children.first.flatMap { try normalizedValue($0.value, level: level) }
        }
        if let dictionary = value as? [AnyHashable: Any] {
            var entries: [String: Any] = [:]
            for (key, value) in dictionary {
                guard let key = key.base as? String else {
                    throw ModelError(.typeMismatch(expected: "a string key", found: FoundValue.describe(key.base)))
                }
                entries[key] = value
            }
            return try normalizedEntries(of: entries, level: level)
        }
        // Cast, so that a value unwrapped from an optional is boxed as itself, not as an `Any`
        // inside an `Any`.
        if let string = value as? String { return string }
        if let number = value as? NSNumber { return number }
        if let date = value as? Date { return date }
        if let data = value as? Data { return data }
        if let array = value as? [Any] {
            try checkNesting(level)
            var elements: [Any] = []
            elements.reserveCapacity(array.count)
            for (index, element) in array.enumerated() {
                try KeyPathStep.at(.index(index)) {
                    if let element = try normalizedValue(element, level: level + 1) { elements.append(element) }
                }
            }
            return elements
        }
        return value
    }

    private static func normalizedEntries(of dictionary: [String: Any], level: Int) throws -> [String: Any] {
        try checkNesting(level)
        var entries: [String: Any] = [:]
        entries.reserveCapacity(dictionary.count)
        for (key, value) in dictionary {
            try KeyPathStep.at(.key(key)) {
                entries[key] = try normalizedValue(value, level: level + 1)
            }
        }
        return entries
    }
}

extension ModelError {
    /// The error for a value that no property list holds, at `path`: a dictionary with a key
    /// that is not a string, `NSNull`, or any other value.
    fileprivate init(unheldValue value: Any, at path: [ModelKeyPath.Component]) {
        let keyPath = ModelKeyPath(path)
        if let dictionary = value as? [AnyHashable: Any],
            let key = dictionary.keys.first(where: { !($0.base is String) })
        {
            self.init(.typeMismatch(expected: "a string key", found: FoundValue.describe(key.base)), at: keyPath)
        } else {
            self.init(
                .invalidValue(expected: "a value a property list can hold", found: FoundValue.describe(value)),
                at: keyPath)
        }
    }
}
