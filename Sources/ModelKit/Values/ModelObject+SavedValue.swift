import Foundation

extension ModelObject: SavedValue {
    /// ModelKit's machinery: reads a nested model object from its dictionary form.
    public class func _make(savedValue: Any, context: LoadContext) throws -> Self {
        // The object is of the class named by `representedClassName` when that is a subclass of
        // this class (see `make(dictionary:options:)`), and of this class when the name is
        // unknown; the object then keeps the name to write back.
        guard let dictionary = FastCast.dictionary(savedValue) else {
            throw ModelError.expectedObject(found: savedValue)
        }
        let object = try loadNestedObject(fromDictionary: dictionary, context: context)
        guard let typed = object as? Self else {
            throw ModelError.unrelatedClass(type(of: object), expected: self)
        }
        return typed
    }

    /// ModelKit's machinery: reads a nested model object from JSON, as `_make` reads its dictionary form.
    public class func _read(from reader: inout JSONReader, context: LoadContext) throws -> Self {
        let object = try readAnyNestedObject(from: &reader, context: context, reusing: nil)
        guard let typed = object as? Self else { throw unrelated(object) }
        return typed
    }

    /// ModelKit's machinery: the dictionary form of the nested object.
    public func _savedValue(context: SaveContext) throws -> Any {
        try dictionaryForm(context: context)
    }

    /// ModelKit's machinery: writes the nested object as a JSON object.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        try writeJSON(to: &writer)
    }

    /// ModelKit's machinery: model objects hold themselves.
    public static var _containsModelObjects: Bool { true }

    /// ModelKit's machinery: visits this object, not the objects inside it.
    public func _visitModelObjects(_ visitor: (ModelObject) -> Bool) -> Bool {
        visitor(self)
    }

    /// ModelKit's machinery: a deep copy, sharing the copies made so far in `context`.
    public func _savedCopy(context: CopyContext) -> Self {
        context.copy(of: self)
    }
}
