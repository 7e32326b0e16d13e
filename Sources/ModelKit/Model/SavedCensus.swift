/// A count, kept while a model class's prototype is created, of the `Saved` values that
/// initializers create and of the saved fields that the runtime lists for the objects created,
/// so that a class whose saved properties the runtime does not list stops at its first use
/// instead of silently saving nothing.
///
/// Every `Saved` initializer counts one value, and every model object, when its initializer
/// ends, counts the saved fields that reflection lists for its class. Objects that a default
/// value creates (`@Saved var owner = User()`) finish their initializers inside the
/// prototype's, so each is counted on both sides; the two counts agree exactly when the
/// runtime lists every saved property of every class involved. A module built without
/// reflection metadata (Xcode's "Reflection Metadata Level: None") lists none of its classes'
/// fields, and the counts differ.
///
/// Outside a census, counting costs a read of a thread-specific pointer.
struct SavedCensus {
    /// The `Saved` values initialized so far.
    private(set) var initializedValues = 0
    /// The saved fields that reflection lists for the objects initialized so far.
    private(set) var listedFields = 0
    /// The number of saved fields of each class met, found once per census.
    private var fieldCounts: [ObjectIdentifier: Int] = [:]

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

    /// Counts a `Saved` value that an initializer creates.
    @inline(__always)
    static func countInitializedValue() {
        guard let pointer = current.pointer else { return }
        pointer.assumingMemoryBound(to: SavedCensus.self).pointee.initializedValues += 1
    }

    /// Counts the saved fields of `object`'s class, whose initializer has just ended.
    @inline(__always)
    static func countListedFields(of object: ModelObject) {
        guard let pointer = current.pointer else { return }
        pointer.assumingMemoryBound(to: SavedCensus.self).pointee.count(type(of: object))
    }

    private mutating func count(_ modelClass: ModelObject.Type) {
        let identifier = ObjectIdentifier(modelClass)
        if let count = fieldCounts[identifier] {
            listedFields += count
            return
        }
        let count = ModelMetadata.savedFields(of: modelClass).count
        fieldCounts[identifier] = count
        listedFields += count
    }
}
