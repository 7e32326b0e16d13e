import Foundation

// The model objects that a union holds, for change tracking, copies and the walks of a graph:
// those of the case's value.

extension SavedUnion {
    /// ModelKit's machinery: whether an alternative's type can hold model objects.
    public static var _containsModelObjects: Bool {
        UnionCache.containsModelObjects(of: Self.self)
    }

    /// ModelKit's machinery: visits the model objects of the case's value.
    public func _visitModelObjects(_ visitor: (ModelObject) -> Bool) -> Bool {
        guard Self._containsModelObjects, let value = try? associatedValue else { return true }
        return value._visitModelObjects(visitor)
    }

    /// ModelKit's machinery: the same case, holding a deep copy of the value.
    ///
    /// The case is that of the alternative that holds the value; when two could hold it, that
    /// of the first whose case, made from the value, equals this union.
    public func _savedCopy(context: CopyContext) -> Self {
        guard Self._containsModelObjects, let value = try? associatedValue, type(of: value)._containsModelObjects
        else { return self }
        let alternatives = UnionCache.alternatives(of: Self.self).alternatives
        guard let first = alternatives.firstIndex(where: { $0.holds(value) }) else { return self }
        var alternative = alternatives[first]
        if alternatives[(first + 1)...].contains(where: { $0.holds(value) }) {
            alternative = alternatives.first { $0.holds(value) && $0.wrap(value) == self } ?? alternative
        }
        return alternative.wrapCopy(value, context) ?? self
    }
}
