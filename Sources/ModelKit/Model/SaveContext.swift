/// The state of one write: the model objects being written, to find cycles and bound the depth.
///
/// ModelKit creates one for each call that writes a dictionary and passes it to every
/// `_savedValue(context:)` on the way down. Custom saved values only pass it on.
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

    static func enter(_ object: ModelObject, stack: inout [ObjectIdentifier]) throws {
        let identifier = ObjectIdentifier(object)
        if stack.contains(identifier) {
            throw ModelError(.cycle(type(of: object).modelName))
        }
        if stack.count >= maximumDepth {
            throw ModelError(.nestingTooDeep(limit: maximumDepth))
        }
        stack.append(identifier)
    }
}

/// The state of one deep copy: the copies made so far, so that shared objects stay shared
/// and cycles are copied as cycles.
public final class CopyContext {
    private var copies: [ObjectIdentifier: ModelObject] = [:]

    init() {}

    func copy<Model: ModelObject>(of object: Model) -> Model {
        if let existing = copies[ObjectIdentifier(object)] as? Model {
            return existing
        }
        let copy = type(of: object).init()
        copies[ObjectIdentifier(object)] = copy
        object.copyValues(to: copy, context: self)
        return copy
    }
}
