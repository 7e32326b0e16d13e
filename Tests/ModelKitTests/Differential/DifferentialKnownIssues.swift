/// The (model, check) pairs in which ``ModelDifferentialTests`` finds defects that are open,
/// recorded as known issues so that the suite keeps checking everything else: a pair not
/// listed here fails the suite, and a defect fixed lets its pairs go from the list.
///
/// The defects, each with the smallest document found:
/// - A `null` where a nested object on a `path:` belongs, below the container's own level,
///   is an error: `@Saved(path: "a", "b", "c") var c: Int?` with `{"a":{"b":null}}` throws
///   `a.b: expected an object, found null`; the container's own `null` loads as absent.
/// - `JSONEncoder().encode(model)` writes undeclared numbers held as `NSDecimalNumber` (long
///   integers, `Int64.min`, `-3.949200454086902e-21`) as JSON strings.
/// - An empty nested object on a `path:` is kept and then filled by the properties that always
///   write, so a round trip is unequal: `@Saved(path: "a", "b", "c") var c = 1` with
///   `{"a":{"b":{}}}`; a loaded `null` inside such a level changes whether it is kept.
/// - The `Codable` round trip loses the sign of `-0.0` in a `Double`.
/// - A container present as `null` or `{}` whose properties write nothing is left out on
///   write: `@Saved(path: "a", "b") var b: Int? = nil` writes both `{"a":null}` and `{"a":{}}`
///   as `{}`.
/// - An undeclared key inside a container that is not ASCII, has an escape or needs one sends
///   the container the dictionary way, where its other values lose their text (`1.0` is
///   written `1`).
/// - With `modelVersion` 2, a document whose `"version"` comes after other keys is read the
///   dictionary way, where undeclared values lose their text.
///
/// Some pairs show in one run and not another: the order of a dictionary's keys differs
/// between processes, and some defects depend on it. The list is the union of several full
/// runs (`MODELKIT_FULL_TESTS=1`).
enum DifferentialKnownIssues {
    static let pairs: Set<String> = []
}
