import Foundation

extension SavedUnion {
    /// ModelKit's machinery: the dictionary form of the case's value.
    public func _savedValue(context: SaveContext) throws -> Any {
        try alternativeValue(in: UnionCache.alternatives(of: Self.self))._savedValue(context: context)
    }

    /// ModelKit's machinery: writes the case's value as its type writes it.
    public func _writeJSON(to writer: inout JSONWriter) throws {
        try alternativeValue(in: UnionCache.alternatives(of: Self.self))._writeJSON(to: &writer)
    }
}
