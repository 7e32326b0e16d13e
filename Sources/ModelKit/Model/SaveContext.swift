/// The state of one write: the model objects being written, to find cycles and bound the depth.
///
/// ModelKit creates one for each call that writes a dictionary and passes it to every
/// `_savedValue(context:)` on the way down. Custom saved values only pass it on.
///
/// Writing is recursive, and bounded: a model nested more than ``maximumDepth`` levels deep
/// throws ``ModelError/Reason/nestingTooDeep(limit:)`` rather than overflow the stack, and so
/// does one nested more deeply than the calling thread's stack has room for, which on a
/// secondary thread with a small stack can be fewer levels.
public final class SaveContext {
    /// The deepest nesting of model objects that writing accepts.
    public static let maximumDepth = 512

    /// The options of the write; of them, only ``WriteOptions/dejalObjectFormat`` changes the
    /// dictionary form.
    let options: WriteOptions

    /// Whether model objects write the values they had at their last load or clear, as
    /// ``ModelObject/revertChanges()`` would put them back, instead of their current values.
    let writesBaseline: Bool

    private var objectsBeingWritten: [ObjectIdentifier] = []

    init(options: WriteOptions = [], writesBaseline: Bool = false) {
        self.options = options
        self.writesBaseline = writesBaseline
    }

    func enter(_ object: ModelObject) throws {
        try Self.enter(object, stack: &objectsBeingWritten)
    }

    func leave() {
        objectsBeingWritten.removeLast()
    }

    /// Records that `object` is being written, inside the objects on `stack`.
    ///
    /// - Throws: ``ModelError/Reason/cycle(_:)`` when `object` is already being written, and
    ///   ``ModelError/Reason/nestingTooDeep(limit:)`` when it would be nested more than
    ///   ``maximumDepth`` levels deep, or more deeply than the thread's stack has room for
    ///   (with the depth reached as the limit).
    static func enter(_ object: ModelObject, stack: inout [ObjectIdentifier]) throws {
        let identifier = ObjectIdentifier(object)
        if stack.contains(identifier) {
            throw ModelError(.cycle(type(of: object).modelName))
        }
        if stack.count >= maximumDepth {
            throw ModelError(.nestingTooDeep(limit: maximumDepth))
        }
        // Every eighth level is often enough: eight levels take far less than the reserve.
        if stack.count % 8 == 0, !CallStack.hasRoom() {
            throw ModelError(.nestingTooDeep(limit: stack.count))
        }
        stack.append(identifier)
    }
}

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
