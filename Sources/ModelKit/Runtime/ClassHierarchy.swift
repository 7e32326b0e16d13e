/// The model classes above a model class, as the runtime's class metadata lists them.
///
/// - Warning: Asks the standard library's `_getSuperclass`, an underscored entry point of the
///   runtime's class metadata (assumption 7 of ``RuntimeAssumptions``): a class's superclass,
///   or `nil` for a root class, on every platform.
enum ClassHierarchy {
    /// `modelClass`, then each class above it up to and including `ModelObject`, nearest
    /// first.
    static func lineage(of modelClass: ModelObject.Type) -> [ModelObject.Type] {
        var classes: [ModelObject.Type] = []
        var current: AnyClass? = modelClass
        while let next = current as? ModelObject.Type {
            classes.append(next)
            current = _getSuperclass(next)
        }
        return classes
    }

    /// The classes above `modelClass` that a model declares, nearest first: its superclasses
    /// without `ModelObject`.
    static func declaredSuperclasses(of modelClass: ModelObject.Type) -> [ModelObject.Type] {
        lineage(of: modelClass).dropFirst().filter { $0 != ModelObject.self }
    }
}
