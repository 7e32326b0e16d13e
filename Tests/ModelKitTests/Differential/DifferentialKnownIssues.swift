/// The (model, check) pairs in which ``ModelDifferentialTests`` finds defects that are open,
/// recorded as known issues so that the suite keeps checking everything else: a pair not
/// listed here fails the suite, and a defect fixed lets its pairs go from the list.
///
/// The defects, each with the smallest document found:
/// - A number beyond `Double`'s range under an alternative key that another key of the same
///   property outranks: `{"with space": 1.5, "alt\\2": 1e400}` for
///   `@Saved("with space", alternatives: ["alt\\2"]) var small: Double`. ModelKit's reader
///   reads an object that holds a property under two of its keys the dictionary way, where
///   such a number has no Foundation value, so the load fails; `JSONDecoder` on the twin never
///   reads the outranked key. The outranked value is kept, to be written back, as any
///   undeclared value is.
enum DifferentialKnownIssues {
    static let pairs: Set<String> = []
}
