/// A count, kept while a model class's prototype is created, of the `Saved` values that
/// initializers create and of the saved fields that the runtime lists for the objects created,
/// so that a class whose saved properties the runtime does not list stops at its first use
/// instead of silently saving nothing; and what those initializers were told of their
/// properties (keys, paths, formats; see `SavedDeclaration`), which
/// the class's metadata keeps so that no instance has to.
///
/// Every `Saved` initializer counts one value, and every model object, when its initializer
/// ends, counts the saved fields that reflection lists for its class. Objects that a default
/// value creates (`@Saved var owner = User()`) finish their initializers inside the
/// prototype's, so each is counted on both sides; the two counts agree exactly when the
/// runtime lists every saved property of every class involved. A module built without
/// reflection metadata (Xcode's "Reflection Metadata Level: None") lists none of its classes'
/// fields, and the counts differ.
///
/// Each object claims its keys when its initializer ends: the last ones given that no object
/// has claimed, as many as its class has saved fields. An object's own `Saved` values are
/// initialized during its initializer and those of the objects it creates are claimed before
/// it ends, so what is left at its end is its own, in the order its initializers ran: the
/// class's own properties in declaration order, then its superclass's, and so on up.
///
/// ```swift
/// class Note: ModelObject { @Saved("title") var text = ""; @Saved var owner = User() }
/// // Note() runs: Saved("title"), User's Saved(nil) (User claims it at its end), Saved(nil),
/// // then Note's end claims ["title", nil]: the keys of `text` and `owner`.
/// ```
///
/// Outside a census, counting costs a read of a thread-specific pointer.
struct SavedCensus {
    /// The `Saved` values initialized so far.
    private(set) var initializedValues = 0
    /// The saved fields that reflection lists for the objects initialized so far.
    private(set) var listedFields = 0
    /// The number of saved fields of each class met, found once per census.
    private var fieldCounts: [ObjectIdentifier: Int] = [:]
    /// The declarations of the `Saved` values that no object has claimed yet, in the order
    /// the initializers ran.
    private var unclaimedDeclarations: [SavedDeclaration] = []
    /// The declarations that each object claimed when its initializer ended, in the order the
    /// initializers ran.
    private var claimedDeclarations: [ObjectIdentifier: [SavedDeclaration]] = [:]

    /// The census that this thread keeps, if any.
    private static let current = ThreadSlot()

    /// Whether the runtime listed a saved field for every `Saved` value initialized.
    var isComplete: Bool { initializedValues == listedFields }

    /// Runs `body` while this thread counts, and gives the census with its result.
    ///
    /// A census taken inside another counts on its own; the objects it sees are balanced, so
    /// leaving them out of the outer one changes neither side's difference.
    static func taking<Result>(_ body: () -> Result) -> (census: SavedCensus, result: Result) {
        var census = SavedCensus()
        let outer = current.pointer
        let result = withUnsafeMutablePointer(to: &census) { pointer in
            current.set(pointer)
            defer { current.set(outer) }
            return body()
        }
        return (census, result)
    }

    /// The declarations of `object`'s saved properties in the order reflection lists its
    /// fields, or `nil` when the census did not see the object claim them.
    ///
    /// - Parameter levels: The number of saved fields that each class of `object` declares
    ///   itself, from the topmost superclass down to the object's class, as reflection lists
    ///   them.
    func declarations(of object: ModelObject, levels: [Int]) -> [SavedDeclaration]? {
        guard let claimed = claimedDeclarations[ObjectIdentifier(object)], claimed.count == levels.reduce(0, +) else {
            return nil
        }
        var inInitializationOrder = claimed[...]
        // Initializers run from the object's own class up; reflection lists from the top down.
        var chunks: [ArraySlice<SavedDeclaration>] = []
        for count in levels.reversed() {
            chunks.append(inInitializationOrder.prefix(count))
            inInitializationOrder = inInitializationOrder.dropFirst(count)
        }
        return chunks.reversed().flatMap { $0 }
    }

    /// Whether this thread is taking a census, as it does while it creates a prototype.
    static var isTaken: Bool { current.pointer != nil }

    /// Counts a `Saved` value that an initializer creates, with the key it was given.
    @inline(__always)
    static func countInitializedValue(key: String?) {
        guard let pointer = current.pointer else { return }
        UntypedPointee.modify(pointer, as: SavedCensus.self) { $0.record(SavedDeclaration(key: key)) }
    }

    /// Counts a `Saved` value that an initializer creates, with what it was told about its
    /// property; `declaration` is evaluated only while a census is taken, so that an instance's
    /// initializer builds nothing.
    @inline(__always)
    static func countInitializedValue(_ declaration: () -> SavedDeclaration) {
        guard let pointer = current.pointer else { return }
        let made = declaration()
        UntypedPointee.modify(pointer, as: SavedCensus.self) { $0.record(made) }
    }

    private mutating func record(_ declaration: SavedDeclaration) {
        initializedValues += 1
        unclaimedDeclarations.append(declaration)
    }

    /// Counts the saved fields of `object`'s class, whose initializer has just ended.
    @inline(__always)
    static func countListedFields(of object: ModelObject) {
        guard let pointer = current.pointer else { return }
        UntypedPointee.modify(pointer, as: SavedCensus.self) { $0.claimKeys(for: object) }
    }

    private mutating func claimKeys(for object: ModelObject) {
        let count = fieldCount(of: type(of: object))
        listedFields += count
        let claimed = unclaimedDeclarations.suffix(count)
        unclaimedDeclarations.removeLast(claimed.count)
        claimedDeclarations[ObjectIdentifier(object)] = Array(claimed)
    }

    private mutating func fieldCount(of modelClass: ModelObject.Type) -> Int {
        let identifier = ObjectIdentifier(modelClass)
        if let count = fieldCounts[identifier] { return count }
        let count = ModelMetadata.savedFields(of: modelClass).count
        fieldCounts[identifier] = count
        return count
    }
}
