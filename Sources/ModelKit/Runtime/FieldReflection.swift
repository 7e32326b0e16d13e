/// The stored fields of a model class, as the runtime's reflection metadata lists them.
///
/// This is the one place that asks the runtime for a class's fields. It calls the three entry
/// points of the Swift runtime that `Mirror` and the standard library's own field walk are
/// built on, declared here by their exported symbol names: every platform's runtime exports
/// them (since Swift 5.2, so on every OS that ModelKit supports), and no interface file has to
/// make them visible, so the same code compiles against the SDKs that Xcode builds with and
/// against the toolchain on Linux. They report every stored field of a class — superclass
/// fields first, each class's in declaration order — with its name, its offset from the start
/// of the instance and its type. A property wrapper's storage is the field named after the
/// property with a leading underscore.
///
/// - Warning: The runtime lists only the fields of classes compiled with reflection metadata,
///   which is the default. A module built without it (Xcode's "Reflection Metadata Level: None",
///   `-disable-reflection-metadata`) lists none; ``ModelMetadata`` notices, because the
///   prototype it creates initializes more `Saved` values than the fields it was told of, and
///   stops with a message that names the class and the setting to change.
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

    /// The stored fields of `modelClass` and its superclasses, or `nil` when the runtime
    /// cannot name one of them.
    static func fields(of modelClass: AnyClass) -> [Field]? {
        let count = runtimeFieldCount(modelClass)
        guard count >= 0 else { return nil }
        var fields: [Field] = []
        fields.reserveCapacity(count)
        for index in 0..<count {
            var metadata = RuntimeFieldMetadata()
            let type = runtimeFieldType(modelClass, index: index, metadata: &metadata)
            defer { metadata.freeName?(metadata.name) }
            guard let name = metadata.name else { return nil }
            let offset = runtimeFieldOffset(modelClass, index: index)
            fields.append(Field(name: String(cString: name), offset: offset, type: type))
        }
        return fields
    }
}

/// What the runtime reports of a field's name, laid out as its C struct
/// `_FieldReflectionMetadata`: the name, the function that frees it (when the runtime made the
/// name for the call), and whether the field is a strong reference and a `var`.
private struct RuntimeFieldMetadata {
    var name: UnsafePointer<CChar>? = nil
    var freeName: (@convention(c) (UnsafePointer<CChar>?) -> Void)? = nil
    var isStrong = false
    var isVar = false
}

/// The number of stored fields of a type, its superclasses' included.
@_silgen_name("swift_reflectionMirror_recursiveCount")
private func runtimeFieldCount(_ type: Any.Type) -> Int

/// The type of the field at `index`, filling in its name.
@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func runtimeFieldType(
    _ type: Any.Type, index: Int, metadata: UnsafeMutablePointer<RuntimeFieldMetadata>
) -> Any.Type

/// The offset in bytes of the field at `index` from the start of an instance.
@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func runtimeFieldOffset(_ type: Any.Type, index: Int) -> Int
