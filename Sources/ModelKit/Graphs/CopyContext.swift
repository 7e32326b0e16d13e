/// The state of one deep copy: the copies made so far, so that shared objects stay shared
/// and cycles are copied as cycles.
///
/// The copy keeps a list of the copies still to fill rather than recursing, so a graph of any
/// depth that fits in memory is copied on any thread: a model object's copy that
/// `_savedCopy(context:)` returns receives its values once the walk comes back to it.
public final class CopyContext {
    private var copies: [ObjectIdentifier: ModelObject] = [:]
    private var unfilled: [(source: ModelObject, copy: ModelObject, metadata: ModelMetadata)] = []

    init() {}

    /// A deep copy of `value`, with every copy in it filled.
    static func copy<Value: SavedValue>(of value: Value) -> Value {
        let context = CopyContext()
        let copy = value._savedCopy(context: context)
        context.fillCopies()
        return copy
    }

    /// The copy of `object`, made on first use and filled by ``fillCopies()``.
    func copy<Model: ModelObject>(of object: Model) -> Model {
        if let existing = copies[ObjectIdentifier(object)] as? Model {
            return existing
        }
        let copy = type(of: object).init()
        copies[ObjectIdentifier(object)] = copy
        let metadata = ModelMetadata.of(type(of: object))
        if metadata.containsModelObjects {
            unfilled.append((object, copy, metadata))
        } else {
            // Values without model objects copy without reaching other objects.
            object.copyValues(to: copy, metadata: metadata, context: self)
        }
        return copy
    }

    /// Gives every copy made so far its values, and the copies that those values hold theirs.
    func fillCopies() {
        while let (source, copy, metadata) = unfilled.popLast() {
            source.copyValues(to: copy, metadata: metadata, context: self)
        }
    }
}
