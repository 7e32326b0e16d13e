/// The state of one load: its options, the problems found so far and the nesting depth.
///
/// ModelKit creates one for each call that loads data and passes it to every
/// `_make(savedValue:context:)` on the way down. Custom saved values only pass it on: how
/// problems are recorded, in a strict or a lenient load, is ModelKit's own business.
public final class LoadContext {
    /// The options of the load.
    public let options: LoadOptions

    /// The deepest nesting of model objects that loading accepts.
    public static let maximumDepth = 512

    // A context belongs to one load on one thread, so its state needs no runtime exclusivity
    // checks, which would cost more than the accesses they guard.
    @exclusivity(unchecked) var issues: [ModelError] = []
    @exclusivity(unchecked) var depth = 0
    /// How many of the recorded problems dropped a value without keeping it anywhere.
    ///
    /// An array element left out is such a value. A property whose load adds to the count
    /// keeps its whole value as found (see ``ModelObject/keepSkippedValue(_:of:isPartlyLoaded:)``)
    /// and takes the count back.
    @exclusivity(unchecked) var droppedValueCount = 0
    /// The class of the object whose values are loading, whose module is searched, with the
    /// expected class's, for a class name that no registered class answers to.
    @exclusivity(unchecked) var enclosingClass: ModelObject.Type?
    /// How many more searches for unregistered classes by name this load may make.
    ///
    /// A search that finds nothing looks through every type in the process, so data full of made-up
    /// class names must not make a load slow; names past the budget are kept as unknown.
    @exclusivity(unchecked) var classSearchBudget = 64
    /// The format of the dates being loaded, when a property hands one on for its value;
    /// `nil` for ISO 8601.
    @exclusivity(unchecked) var dateCoding: DateCoding?
    /// The reader's position just past the last `null` that loaded as `nil`, so that the
    /// reader of an object's entries tells a property's `null` from its absence without a look
    /// of its own.
    @exclusivity(unchecked) var nullEnd = -1

    /// The undeclared members of the objects being read from JSON, each with its object.
    ///
    /// The reader of an object's entries finds its own here, so that the pass over the entries,
    /// whose frame loading recursion stacks up, holds nothing for them. An object whose pass
    /// did not finish may leave its entry behind, above which its enclosing objects' lie.
    @exclusivity(unchecked) private var keptMembers: [KeptMembers] = []

    /// An object's builder of undeclared members, with the object's identity to find it by
    /// without retaining every entry on the way; the entry holds the object, so that the
    /// identity is not another's while the entry stands.
    private struct KeptMembers {
        let owner: ObjectIdentifier
        let object: ModelObject
        let members: CompactMembersBuilder
    }

    /// The index in ``keptMembers`` of `object`'s entry, searched from the top, where it is
    /// unless an unfinished pass left another above it.
    @inline(__always)
    private func keptMembersIndex(of object: ModelObject) -> Int? {
        let owner = ObjectIdentifier(object)
        return keptMembers.withUnsafeBufferPointer { entries in
            var index = entries.count
            while index > 0 {
                index -= 1
                if entries[index].owner == owner { return index }
            }
            return nil
        }
    }

    /// The builders that objects and containers of this load finished with, to serve the next.
    @exclusivity(unchecked) private var spareMembers: [CompactMembersBuilder] = []

    /// The builder of `object`'s undeclared members, found or made at its first, unretained:
    /// its entry here holds it until the object's read finishes.
    func keptMembers(of object: ModelObject) -> Unmanaged<CompactMembersBuilder> {
        if let index = keptMembersIndex(of: object) {
            return keptMembers.withUnsafeBufferPointer { .passUnretained($0[index].members) }
        }
        let members = makeMembersBuilder()
        keptMembers.append(KeptMembers(owner: ObjectIdentifier(object), object: object, members: members))
        return .passUnretained(members)
    }

    /// A builder of undeclared members, empty, for a reader that keeps its own: a spare one
    /// when there is one, so that each object and container of a load does not allocate one.
    func makeMembersBuilder() -> CompactMembersBuilder {
        spareMembers.popLast() ?? CompactMembersBuilder()
    }

    /// Takes back a builder from ``makeMembersBuilder()`` whose members were taken, or that
    /// is no longer needed.
    func recycle(_ builder: CompactMembersBuilder) {
        builder.reset()
        spareMembers.append(builder)
    }

    /// The undeclared members of `object`, when it has any, forgetting what the objects read
    /// inside it left behind.
    func takeKeptMembers(of object: ModelObject) -> CompactMembers? {
        guard let index = keptMembersIndex(of: object) else { return nil }
        let members = keptMembers.withUnsafeBufferPointer {
            Unmanaged.passUnretained($0[index].members)._withUnsafeGuaranteedRef { $0.finish() }
        }
        // The object's entry is the last unless an unfinished pass left others above it.
        if index == keptMembers.count - 1 {
            spareMembers.append(keptMembers.removeLast().members)
        } else {
            spareMembers.append(keptMembers[index].members)
            keptMembers.removeSubrange(index...)
        }
        return members
    }

    // The metadata of the classes met in this load, so that each object does not take the
    // shared cache's lock. A load meets few classes; a linear scan beats hashing.
    @exclusivity(unchecked) private var metadataClasses: [ObjectIdentifier] = []
    @exclusivity(unchecked) private var metadataFound: [ModelMetadata] = []

    init(options: LoadOptions) {
        self.options = options
    }

    /// Whether problems are recorded instead of thrown.
    var isLenient: Bool { options.contains(.lenient) }

    /// Whether the class of the object whose values are loading accepts lossless conversions
    /// (``ModelObject/acceptsLosslessConversions``): asked only of a value of the wrong type.
    var acceptsLosslessConversions: Bool {
        guard let enclosingClass else { return false }
        return metadata(of: enclosingClass).acceptsLosslessConversions
    }

    /// Records a problem in a lenient load, or throws it in a strict one.
    ///
    /// The value at fault counts as dropped: the saved property that holds it keeps its whole
    /// value as the data has it, and writes that back until the property is set.
    ///
    /// - Parameter error: The problem, with its key path relative to the value being loaded.
    /// - Throws: `error`, when the load is strict.
    func report(_ error: ModelError) throws {
        guard isLenient else { throw error }
        issues.append(error)
        droppedValueCount += 1
    }

    /// Records a problem of a lenient load whose value is kept to be written back, so it
    /// counts as a problem but not as a dropped value.
    func recordKeptValueIssue(_ error: ModelError) {
        issues.append(error)
    }

    /// Runs `body`, which loads a property's value, with the property's date format.
    @inline(__always)
    func converting<Result>(datesAs coding: DateCoding, _ body: () throws -> Result) rethrows -> Result {
        let outer = dateCoding
        dateCoding = coding
        defer { dateCoding = outer }
        return try body()
    }

    /// The metadata of `modelClass`, from this load's own cache.
    func metadata(of modelClass: ModelObject.Type) -> ModelMetadata {
        let identifier = ObjectIdentifier(modelClass)
        if let index = metadataClasses.withUnsafeBufferPointer({ $0.firstIndex(of: identifier) }) {
            return metadataFound[index]
        }
        let metadata = ModelMetadata.of(modelClass)
        if metadataClasses.count < 32 {
            metadataClasses.append(identifier)
            metadataFound.append(metadata)
        }
        return metadata
    }

    /// Counts one more level of nested model objects, and checks that it fits: within
    /// ``maximumDepth``, and, every fourth level, in what is left of the thread's stack.
    ///
    /// ModelKit's reader loads every depth it accepts on a 512 KiB stack in a release build;
    /// the dictionary form's loading (``ModelObject/init(dictionary:options:)``, migrations,
    /// ``LoadOptions/foundationReader``) needs more stack for each level, and on a small stack
    /// stops with ``ModelError/Reason/nestingTooDeep(limit:)`` before the stack runs out.
    func enterObject() throws {
        depth += 1
        if depth > Self.maximumDepth {
            depth -= 1
            throw ModelError(.nestingTooDeep(limit: Self.maximumDepth))
        }
        if depth & 3 == 0, !CallStack.hasRoom(Self.stackReserve) {
            depth -= 1
            throw ModelError(.nestingTooDeep(limit: depth))
        }
    }

    /// The stack that loading keeps free below a level of nested model objects, for the
    /// levels before the next check and for the values read at the deepest one.
    private static let stackReserve = 96 * 1024

    func leaveObject() {
        depth -= 1
    }
}
