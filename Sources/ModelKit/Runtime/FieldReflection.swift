@_spi(Reflection) import Swift

/// The stored fields of a model class, as the runtime's reflection metadata lists them.
///
/// This is the one place that asks the runtime for a class's fields. It relies on the
/// standard library's `_forEachField(of:options:body:)`, which reports every stored field of a
/// class — superclass fields first, each class's in declaration order — with its name, its
/// offset from the start of the instance and its type. A property wrapper's storage is the
/// field named after the property with a leading underscore.
enum FieldReflection {
    /// One stored field of a class.
    struct Field {
        /// The field's name, such as `_text` for the storage of `@Saved var text`.
        let name: String
        /// The field's offset in bytes from the start of an instance.
        let offset: Int
        /// The field's type.
        let type: Any.Type
    }

    // `_EachFieldOptions.classType`, spelled by value: the named constant is a global that
    // strict concurrency checking will not let Swift 6 code read.
    private static let classFieldsOption = _EachFieldOptions(rawValue: 1 << 0)

    /// The stored fields of `modelClass` and its superclasses, or `nil` when the runtime
    /// refuses to list them.
    static func fields(of modelClass: AnyClass) -> [Field]? {
        var fields: [Field] = []
        let isListed = _forEachField(of: modelClass, options: classFieldsOption) { name, offset, type, _ in
            fields.append(Field(name: String(cString: name), offset: offset, type: type))
            return true
        }
        return isListed ? fields : nil
    }
}
