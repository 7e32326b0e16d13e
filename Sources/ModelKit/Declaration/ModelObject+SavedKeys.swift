extension ModelObject {
    /// The keys of the saved properties: superclass keys first, then each class's keys in
    /// declaration order.
    ///
    /// A property stored inside nested objects (`@Saved(path: "stats", "stars")`) is listed by
    /// its path, `stats.stars`, as ``changedKeys`` and error key paths name it.
    public class var savedKeys: [String] {
        ModelMetadata.of(self).savedKeys
    }
}
