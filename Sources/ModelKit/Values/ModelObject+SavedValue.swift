import Foundation

extension ModelObject: SavedValue {
    /// Reads a nested model object from its dictionary form.
    ///
    /// The object is of the class named by `representedClassName` when that is a subclass of
    /// this class (see ``make(dictionary:options:)``), and of this class when the name is
    /// unknown; the object then keeps the name to write back.
    ///
    /// - Parameters:
    ///   - savedValue: The value found in the data.
    ///   - context: The state of the load.
    /// - Returns: The value.
    /// - Throws: A ``ModelError`` when the value does not fit.
    public class func _make(savedValue: Any, context: LoadContext) throws -> Self {
        guard let dictionary = FastCast.dictionary(savedValue) else {
            throw mismatch(savedValue, expected: "an object", readAs: [String: Any].self)
        }
        let object = try loadNestedObject(fromDictionary: dictionary, context: context)
        guard let typed = object as? Self else {
            throw ModelError.unrelatedClass(type(of: object), expected: self)
        }
        return typed
    }

    /// Reads a nested model object from JSON, as ``_make(savedValue:context:)`` reads its
    /// dictionary form.
    ///
    /// - Parameters:
    ///   - reader: The reader, before the object.
    ///   - context: The state of the load.
    /// - Returns: The value.
    /// - Throws: An error when the value does not fit.
    public class func _read(from reader: inout JSONReader, context: LoadContext) throws -> Self {
        let object = try readAnyNestedObject(from: &reader, context: context, reusing: nil)
        guard let typed = object as? Self else { throw unrelated(object) }
        return typed
    }

    /// The dictionary form of the nested object.
    ///
    /// - Parameter context: The state of the write.
    /// - Returns: The dictionary form.
    /// - Throws: A ``ModelError`` for a value that cannot be written.
    public func _savedValue(context: SaveContext) throws -> Any {
        try dictionaryForm(context: context)
    }

    /// Writes the nested object as a JSON object.
    ///
    /// - Parameter writer: The writer to append to.
    /// - Throws: A ``ModelError`` for a value that JSON cannot hold.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        try writer.writeModelObject(self)
    }

    /// Model objects hold themselves.
    public static var _containsModelObjects: Bool { true }

    /// Visits this object, not the objects inside it.
    ///
    /// - Parameter visitor: Called with each model object; returns `false` to stop.
    /// - Returns: `false` if `visitor` stopped the walk.
    public func _visitModelObjects(_ visitor: (ModelObject) -> Bool) -> Bool {
        visitor(self)
    }

    /// A deep copy, sharing the copies made so far in `context`.
    ///
    /// - Parameter context: The state of the copy.
    /// - Returns: The copy.
    public func _savedCopy(context: CopyContext) -> Self {
        context.copy(of: self)
    }
}
