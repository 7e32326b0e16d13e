extension ModelObject {
    /// The keys of the saved properties: superclass keys first, then each class's keys in
    /// declaration order.
    public class var savedKeys: [String] {
        ModelMetadata.of(self).savedKeys
    }

    /// Registers a model class, so that data naming it, or one of its
    /// ``legacyModelNames``, can create it through ``make(dictionary:options:)``.
    ///
    /// A class also registers itself the first time it is used. Register subclasses up front
    /// when data may name them before any of their objects has been created or loaded.
    ///
    /// - Parameter modelClass: The class to register.
    public static func register(_ modelClass: ModelObject.Type) {
        _ = ModelMetadata.of(modelClass)
    }
}
