import Foundation

/// The optionals among saved values, told apart by a cast once for each property.
protocol SavedOptional {}

extension Optional: SavedOptional where Wrapped: SavedValue {}

extension Optional: SavedValue where Wrapped: SavedValue {
    /// ModelKit's machinery: reads `null` as `nil`, and anything else as the wrapped type.
    public static func _make(savedValue: Any, context: LoadContext) throws -> Wrapped? {
        if FastCast.isNull(savedValue) { return nil }
        return try Wrapped._make(savedValue: savedValue, context: context)
    }

    /// ModelKit's machinery: the wrapped value's dictionary form, or `NSNull` for `nil`.
    public func _savedValue(context: SaveContext) throws -> Any {
        guard let self else { return NSNull() }
        return try self._savedValue(context: context)
    }

    /// ModelKit's machinery: writes the wrapped value, or `null`.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        guard let self else { return writer.output.writeNull() }
        try self._writeJSON(to: &writer)
    }

    /// ModelKit's machinery: whether the optional is `nil`.
    ///
    /// A pattern, not `self == nil`, whose unspecialized form looks up the metadata of a
    /// tuple on every call.
    public var _isNilSavedValue: Bool {
        if case .none = self { return true }
        return false
    }

    /// ModelKit's machinery: whether the wrapped type can hold model objects.
    public static var _containsModelObjects: Bool { Wrapped._containsModelObjects }

    /// ModelKit's machinery: visits the model objects of the wrapped value.
    public func _visitModelObjects(_ visitor: (ModelObject) -> Bool) -> Bool {
        self?._visitModelObjects(visitor) ?? true
    }

    /// ModelKit's machinery: a deep copy of the wrapped value.
    public func _savedCopy(context: CopyContext) -> Wrapped? {
        self?._savedCopy(context: context)
    }
}

extension Array: SavedValue where Element: SavedValue {
    /// ModelKit's machinery: reads an array, element by element.
    public static func _make(savedValue: Any, context: LoadContext) throws -> [Element] {
        // In a lenient load, elements that do not fit are left out and reported.
        guard let array = FastCast.array(savedValue) else {
            throw mismatch(savedValue, expected: "an array", readAs: [Any].self)
        }
        var result: [Element] = []
        result.reserveCapacity(array.count)
        // Indices rather than `enumerated()`, whose tuples cost a metadata lookup per element
        // in unspecialized generic code.
        for index in array.indices {
            do {
                try result.append(
                    KeyPathStep.at(.index(index), in: context) {
                        try Element._make(savedValue: array[index], context: context)
                    })
            } catch let error as ModelError where context.isLenient {
                try context.report(error)
            }
        }
        return result
    }

    /// ModelKit's machinery: an array of the elements' dictionary forms.
    public func _savedValue(context: SaveContext) throws -> Any {
        var result: [Any] = []
        result.reserveCapacity(count)
        for index in indices {
            try result.append(savedForm(of: self[index], at: .index(index), context: context))
        }
        return result
    }

    /// ModelKit's machinery: writes a JSON array.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        try writer.writeArray(self)
    }

    /// ModelKit's machinery: whether the element type can hold model objects.
    public static var _containsModelObjects: Bool { Element._containsModelObjects }

    /// ModelKit's machinery: visits the model objects of each element.
    public func _visitModelObjects(_ visitor: (ModelObject) -> Bool) -> Bool {
        guard Element._containsModelObjects else { return true }
        return allSatisfy { $0._visitModelObjects(visitor) }
    }

    /// ModelKit's machinery: a deep copy of each element.
    public func _savedCopy(context: CopyContext) -> [Element] {
        guard Element._containsModelObjects else { return self }
        return map { $0._savedCopy(context: context) }
    }
}

extension Set: SavedValue where Element: SavedValue {
    /// ModelKit's machinery: reads an array into a set.
    public static func _make(savedValue: Any, context: LoadContext) throws -> Set<Element> {
        Set(try [Element]._make(savedValue: savedValue, context: context))
    }

    /// ModelKit's machinery: an array of the elements' dictionary forms, in a fixed order.
    public func _savedValue(context: SaveContext) throws -> Any {
        // In the order of the elements' JSON forms, so that the same set always gives the same data.
        try JSONWriter.sortedByJSON(Array(self), dateCoding: context.dateCoding)._savedValue(context: context)
    }

    /// ModelKit's machinery: writes a JSON array, in the order of the elements' JSON forms.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        try writer.writeArray(JSONWriter.sortedByJSON(Array(self), dateCoding: writer.dateCoding))
    }

    /// ModelKit's machinery: whether the element type can hold model objects.
    public static var _containsModelObjects: Bool { Element._containsModelObjects }

    /// ModelKit's machinery: visits the model objects of each element.
    public func _visitModelObjects(_ visitor: (ModelObject) -> Bool) -> Bool {
        guard Element._containsModelObjects else { return true }
        return allSatisfy { $0._visitModelObjects(visitor) }
    }

    /// ModelKit's machinery: a deep copy of each element.
    public func _savedCopy(context: CopyContext) -> Set<Element> {
        guard Element._containsModelObjects else { return self }
        let copies = map { $0._savedCopy(context: context) }
        // A set hashes and compares its elements as it is built: the copies need their values.
        context.fillCopies()
        return Set(copies)
    }
}

extension Dictionary: SavedValue where Key == String, Value: SavedValue {
    /// ModelKit's machinery: reads a dictionary, value by value.
    public static func _make(savedValue: Any, context: LoadContext) throws -> [String: Value] {
        // In a lenient load, values that do not fit are left out and reported.
        guard let dictionary = FastCast.dictionary(savedValue) else {
            throw ModelError.expectedObject(found: savedValue)
        }
        var result: [String: Value] = [:]
        result.reserveCapacity(dictionary.count)
        for (key, value) in dictionary {
            do {
                result[key] = try KeyPathStep.at(.key(key), in: context) {
                    try Value._make(savedValue: value, context: context)
                }
            } catch let error as ModelError where context.isLenient {
                try context.report(error)
            }
        }
        return result
    }

    /// ModelKit's machinery: a dictionary of the values' dictionary forms.
    public func _savedValue(context: SaveContext) throws -> Any {
        var result: [String: Any] = [:]
        result.reserveCapacity(count)
        for (key, value) in self {
            result[key] = try savedForm(of: value, at: .key(key), context: context)
        }
        return result
    }

    /// ModelKit's machinery: writes a JSON object with its keys sorted, for the same bytes each time.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        try writer.writeDictionary(self)
    }

    /// ModelKit's machinery: whether the value type can hold model objects.
    public static var _containsModelObjects: Bool { Value._containsModelObjects }

    /// ModelKit's machinery: visits the model objects of each value, in key order.
    public func _visitModelObjects(_ visitor: (ModelObject) -> Bool) -> Bool {
        guard Value._containsModelObjects else { return true }
        return keys.sorted().allSatisfy { self[$0]?._visitModelObjects(visitor) ?? true }
    }

    /// ModelKit's machinery: a deep copy of each value.
    public func _savedCopy(context: CopyContext) -> [String: Value] {
        guard Value._containsModelObjects else { return self }
        return mapValues { $0._savedCopy(context: context) }
    }
}

/// The dictionary form of a nested value, with errors located at `component`.
private func savedForm<Value: SavedValue>(
    of value: Value,
    at component: ModelKeyPath.Component,
    context: SaveContext
) throws -> Any {
    return try KeyPathStep.at(component) { try value._savedValue(context: context) }
}
