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

    /// The format of the dates being written, when a property hands one on for its value;
    /// `nil` for ISO 8601.
    var dateCoding: DateCoding?

    private var objectsBeingWritten: [ObjectIdentifier] = []

    init(options: WriteOptions = [], writesBaseline: Bool = false) {
        self.options = options
        self.writesBaseline = writesBaseline
    }

    /// Runs `body`, which writes a property's value, with the property's date format.
    @inline(__always)
    func converting<Result>(datesAs coding: DateCoding, _ body: () throws -> Result) rethrows -> Result {
        let outer = dateCoding
        dateCoding = coding
        defer { dateCoding = outer }
        return try body()
    }

    /// A context for writing the dictionary form of values inside the objects on `stack`,
    /// which the JSON writer is writing, so that cycles and the nesting limit count them.
    convenience init(options: WriteOptions, inside stack: [ObjectIdentifier]) {
        self.init(options: options)
        objectsBeingWritten = stack
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
