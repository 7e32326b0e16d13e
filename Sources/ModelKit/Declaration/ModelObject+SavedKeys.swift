extension ModelObject {
    /// The keys of the saved properties: superclass keys first, then each class's keys in
    /// declaration order.
    public class var savedKeys: [String] {
        ModelMetadata.of(self).savedKeys
    }
}
