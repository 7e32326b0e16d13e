extension ModelObject {
    /// Registers a model class, so that data naming it, or one of its
    /// ``legacyModelNames``, can create it through ``make(dictionary:options:)``.
    ///
    /// A class also registers itself the first time it is used, and loading finds a subclass
    /// declared at the top level of the module of the expected class, or of the object being
    /// loaded, under its Swift type name. Register subclasses up front when data may name them
    /// before any of their objects has been created or loaded and loading cannot find them so:
    /// a class from another module, one nested in another type, one whose ``modelName`` is not
    /// its type name, and one known by its ``legacyModelNames``. For a family of classes
    /// told apart by a tag, list the subclasses in the base class's ``knownSubclasses``
    /// instead: they are then registered at the base class's first use, without a call here.
    /// Registering a class registers the classes it lists there too.
    ///
    /// Registering two classes under one name is allowed; data that names them where both
    /// would fit throws instead of choosing one.
    ///
    /// - Parameter modelClass: The class to register.
    public static func register(_ modelClass: ModelObject.Type) {
        _ = ModelMetadata.of(modelClass)
    }
}
