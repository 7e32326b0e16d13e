import Foundation

extension Optional: SavedValue where Wrapped: SavedValue {
    /// Reads `null` as `nil`, and anything else as the wrapped type.
    ///
    /// - Parameters:
    ///   - savedValue: The value found in the data.
    ///   - context: The state of the load.
    /// - Returns: The value.
    /// - Throws: A ``ModelError`` when the value does not fit.
    public static func _make(savedValue: Any, context: LoadContext) throws -> Wrapped? {
        if FastCast.isNull(savedValue) { return nil }
        return try Wrapped._make(savedValue: savedValue, context: context)
    }

    /// The wrapped value's dictionary form, or `NSNull` for `nil`.
    ///
    /// - Parameter context: The state of the write.
    /// - Returns: The dictionary form.
    /// - Throws: A ``ModelError`` for a value that cannot be written.
    public func _savedValue(context: SaveContext) throws -> Any {
        guard let self else { return NSNull() }
        return try self._savedValue(context: context)
    }

    /// Writes the wrapped value, or `null`.
    ///
    /// - Parameter writer: The writer to append to.
    /// - Throws: A ``ModelError`` for a value that JSON cannot hold.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        guard let self else { return writer.writeNull() }
        try self._writeJSON(to: &writer)
    }

    /// Whether the optional is `nil`.
    public var _isNilSavedValue: Bool { self == nil }

    /// Whether the wrapped type can hold model objects.
    public static var _containsModelObjects: Bool { Wrapped._containsModelObjects }

    /// Visits the model objects of the wrapped value.
    ///
    /// - Parameter visitor: Called with each model object; returns `false` to stop.
    /// - Returns: `false` if `visitor` stopped the walk.
    public func _visitModelObjects(_ visitor: (ModelObject) -> Bool) -> Bool {
        self?._visitModelObjects(visitor) ?? true
    }

    /// A deep copy of the wrapped value.
    ///
    /// - Parameter context: The state of the copy.
    /// - Returns: The copy.
    public func _savedCopy(context: CopyContext) -> Wrapped? {
        self?._savedCopy(context: context)
    }
}

extension Array: SavedValue where Element: SavedValue {
    /// Reads an array, element by element.
    ///
    /// In a lenient load, elements that do not fit are left out and reported.
    ///
    /// - Parameters:
    ///   - savedValue: The value found in the data.
    ///   - context: The state of the load.
    /// - Returns: The value.
    /// - Throws: A ``ModelError`` when the value does not fit.
    public static func _make(savedValue: Any, context: LoadContext) throws -> [Element] {
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
                    context.within(.index(index)) { try Element._make(savedValue: array[index], context: context) })
            } catch let error as ModelError where context.isLenient {
                try context.report(error)
            }
        }
        return result
    }

    /// An array of the elements' dictionary forms.
    ///
    /// - Parameter context: The state of the write.
    /// - Returns: The dictionary form.
    /// - Throws: A ``ModelError`` for a value that cannot be written.
    public func _savedValue(context: SaveContext) throws -> Any {
        var result: [Any] = []
        result.reserveCapacity(count)
        for index in indices {
            try result.append(savedForm(of: self[index], at: .index(index), context: context))
        }
        return result
    }

    /// Writes a JSON array.
    ///
    /// - Parameter writer: The writer to append to.
    /// - Throws: A ``ModelError`` for a value that JSON cannot hold.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        try writer.writeArray(self)
    }

    /// Whether the element type can hold model objects.
    public static var _containsModelObjects: Bool { Element._containsModelObjects }

    /// Visits the model objects of each element.
    ///
    /// - Parameter visitor: Called with each model object; returns `false` to stop.
    /// - Returns: `false` if `visitor` stopped the walk.
    public func _visitModelObjects(_ visitor: (ModelObject) -> Bool) -> Bool {
        guard Element._containsModelObjects else { return true }
        return allSatisfy { $0._visitModelObjects(visitor) }
    }

    /// A deep copy of each element.
    ///
    /// - Parameter context: The state of the copy.
    /// - Returns: The copy.
    public func _savedCopy(context: CopyContext) -> [Element] {
        guard Element._containsModelObjects else { return self }
        return map { $0._savedCopy(context: context) }
    }
}

extension Set: SavedValue where Element: SavedValue {
    /// Reads an array into a set.
    ///
    /// - Parameters:
    ///   - savedValue: The value found in the data.
    ///   - context: The state of the load.
    /// - Returns: The value.
    /// - Throws: A ``ModelError`` when the value does not fit.
    public static func _make(savedValue: Any, context: LoadContext) throws -> Set<Element> {
        Set(try [Element]._make(savedValue: savedValue, context: context))
    }

    /// An array of the elements' dictionary forms, in the order of their JSON forms, so the
    /// same set always gives the same data.
    ///
    /// - Parameter context: The state of the write.
    /// - Returns: The dictionary form.
    /// - Throws: A ``ModelError`` for a value that cannot be written.
    public func _savedValue(context: SaveContext) throws -> Any {
        try JSONWriter.sortedByJSON(Array(self))._savedValue(context: context)
    }

    /// Writes a JSON array, in the order of the elements' JSON forms.
    ///
    /// - Parameter writer: The writer to append to.
    /// - Throws: A ``ModelError`` for a value that JSON cannot hold.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        try writer.writeArray(JSONWriter.sortedByJSON(Array(self)))
    }

    /// Whether the element type can hold model objects.
    public static var _containsModelObjects: Bool { Element._containsModelObjects }

    /// Visits the model objects of each element.
    ///
    /// - Parameter visitor: Called with each model object; returns `false` to stop.
    /// - Returns: `false` if `visitor` stopped the walk.
    public func _visitModelObjects(_ visitor: (ModelObject) -> Bool) -> Bool {
        guard Element._containsModelObjects else { return true }
        return allSatisfy { $0._visitModelObjects(visitor) }
    }

    /// A deep copy of each element.
    ///
    /// - Parameter context: The state of the copy.
    /// - Returns: The copy.
    public func _savedCopy(context: CopyContext) -> Set<Element> {
        guard Element._containsModelObjects else { return self }
        let copies = map { $0._savedCopy(context: context) }
        // A set hashes and compares its elements as it is built: the copies need their values.
        context.fillCopies()
        return Set(copies)
    }
}

extension Dictionary: SavedValue where Key == String, Value: SavedValue {
    /// Reads a dictionary, value by value.
    ///
    /// In a lenient load, values that do not fit are left out and reported.
    ///
    /// - Parameters:
    ///   - savedValue: The value found in the data.
    ///   - context: The state of the load.
    /// - Returns: The value.
    /// - Throws: A ``ModelError`` when the value does not fit.
    public static func _make(savedValue: Any, context: LoadContext) throws -> [String: Value] {
        guard let dictionary = FastCast.dictionary(savedValue) else {
            throw mismatch(savedValue, expected: "an object", readAs: [String: Any].self)
        }
        var result: [String: Value] = [:]
        result.reserveCapacity(dictionary.count)
        for (key, value) in dictionary {
            do {
                result[key] = try context.within(.key(key)) { try Value._make(savedValue: value, context: context) }
            } catch let error as ModelError where context.isLenient {
                try context.report(error)
            }
        }
        return result
    }

    /// A dictionary of the values' dictionary forms.
    ///
    /// - Parameter context: The state of the write.
    /// - Returns: The dictionary form.
    /// - Throws: A ``ModelError`` for a value that cannot be written.
    public func _savedValue(context: SaveContext) throws -> Any {
        var result: [String: Any] = [:]
        result.reserveCapacity(count)
        for (key, value) in self {
            result[key] = try savedForm(of: value, at: .key(key), context: context)
        }
        return result
    }

    /// Writes a JSON object with its keys sorted, so the same dictionary always gives the same
    /// bytes.
    ///
    /// - Parameter writer: The writer to append to.
    /// - Throws: A ``ModelError`` for a value that JSON cannot hold.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        try writer.writeDictionary(self)
    }

    /// Whether the value type can hold model objects.
    public static var _containsModelObjects: Bool { Value._containsModelObjects }

    /// Visits the model objects of each value, in key order.
    ///
    /// - Parameter visitor: Called with each model object; returns `false` to stop.
    /// - Returns: `false` if `visitor` stopped the walk.
    public func _visitModelObjects(_ visitor: (ModelObject) -> Bool) -> Bool {
        guard Value._containsModelObjects else { return true }
        return keys.sorted().allSatisfy { self[$0]?._visitModelObjects(visitor) ?? true }
    }

    /// A deep copy of each value.
    ///
    /// - Parameter context: The state of the copy.
    /// - Returns: The copy.
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
    do {
        return try value._savedValue(context: context)
    } catch let error as ModelError {
        throw error.prefixed(with: component)
    }
}
