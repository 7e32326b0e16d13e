import Foundation

/// What ModelKit knows of one model class, computed once and shared by every thread.
///
/// The saved properties are found in the runtime's reflection metadata: every stored field
/// whose type is `Saved<Value>`, superclass fields first, each in declaration order. Custom
/// keys are read from one prototype instance. After that, loading and writing reach each
/// property's storage through its field offset, without reflection per object.
final class ModelMetadata: @unchecked Sendable {
    // Immutable after creation: every stored property is a `let` of a Sendable or immutable type.
    let modelClass: ModelObject.Type
    let modelName: String
    /// The UTF-8 bytes of ``modelName``, to compare the names in data with.
    let modelNameUTF8: [UInt8]
    /// ``modelName`` in quotes, as JSON writes it when it needs no escape; else empty.
    let quotedModelName: [UInt8]
    let legacyModelNames: [String]
    let modelVersion: Int
    /// The module that declares the class, where loading looks for unregistered subclasses.
    let moduleName: String
    let properties: [AnySavedProperty]
    /// The properties again, for loops that the metadata outlives and that need not retain
    /// each property it visits.
    let unretainedProperties: [Unmanaged<AnySavedProperty>]
    let savedKeys: [String]
    let propertiesByKey: [String: AnySavedProperty]
    let propertiesByOffset: [Int: AnySavedProperty]
    let propertyIndexesByKey: [String: Int]
    /// Matches keys of the data to properties by their bytes; `nil` when a key is not ASCII
    /// or two properties share a key, and loading looks each property's key up instead.
    let keyTable: KeyTable?
    let containsModelObjects: Bool
    /// The class's ``ModelObject/acceptsLosslessConversions``.
    let acceptsLosslessConversions: Bool

    private static let cache = Locked<[ObjectIdentifier: ModelMetadata]>([:])

    /// The metadata of a model class, computed on first use.
    static func of(_ modelClass: ModelObject.Type) -> ModelMetadata {
        let identifier = ObjectIdentifier(modelClass)
        if let metadata = cache.withLock({ $0[identifier] }) {
            return metadata
        }
        // Built outside the lock: building creates a prototype, whose initializer may use
        // other model classes.
        let metadata = ModelMetadata(modelClass: modelClass)
        // Registered before it is cached, so that a thread that finds the metadata in the cache
        // also finds the class in the registry; registering a class twice changes nothing.
        ModelRegistry.shared.register(modelClass, names: [metadata.modelName] + metadata.legacyModelNames)
        return cache.withLock { cache in
            if let existing = cache[identifier] { return existing }
            cache[identifier] = metadata
            return metadata
        }
    }

    private init(modelClass: ModelObject.Type) {
        self.modelClass = modelClass
        modelName = modelClass.modelName
        modelNameUTF8 = Array(modelName.utf8)
        let needsEscape = modelNameUTF8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        quotedModelName = needsEscape ? [] : [UInt8(ascii: "\"")] + modelNameUTF8 + [UInt8(ascii: "\"")]
        legacyModelNames = modelClass.legacyModelNames
        modelVersion = modelClass.modelVersion
        moduleName = String(String(reflecting: modelClass).prefix { $0 != "." })
        let properties = Self.findProperties(of: modelClass)
        self.properties = properties
        unretainedProperties = properties.map { Unmanaged.passUnretained($0) }
        savedKeys = properties.map(\.key)
        Self.checkKeys(savedKeys, of: modelClass)
        propertiesByKey = Dictionary(properties.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        propertiesByOffset = Dictionary(uniqueKeysWithValues: properties.map { ($0.offset, $0) })
        propertyIndexesByKey = Dictionary(
            properties.indices.map { (properties[$0].key, $0) }, uniquingKeysWith: { first, _ in first })
        keyTable = KeyTable(propertyKeys: savedKeys)
        containsModelObjects = properties.contains { $0.containsModelObjects }
        acceptsLosslessConversions = modelClass.acceptsLosslessConversions
    }

    /// Stops at a declaration error: a saved key that is reserved or declared twice.
    ///
    /// A saved key that is reserved for the data format or that two properties share would
    /// make data ambiguous. This depends only on the class's declarations, never on data, so
    /// it shows on the class's first use during development.
    private static func checkKeys(_ keys: [String], of modelClass: ModelObject.Type) {
        for key in [ModelObject.versionKey, ModelObject.classNameKey] {
            precondition(
                !keys.contains(key), "\(modelClass) declares a saved key \"\(key)\", which the data format reserves")
        }
        precondition(Set(keys).count == keys.count, "\(modelClass) declares the same saved key twice: \(keys)")
    }

    /// A stored field of type `Saved<Value>`, named after its property.
    struct SavedFieldEntry {
        let name: String
        let offset: Int
        let type: any SavedField.Type
    }

    /// The saved fields of `modelClass` and its superclasses, in the order reflection lists them.
    static func savedFields(of modelClass: ModelObject.Type) -> [SavedFieldEntry] {
        guard let allFields = FieldReflection.fields(of: modelClass) else {
            preconditionFailure(
                "The Swift runtime did not list the stored fields of \(modelClass), so its saved properties cannot be found"
            )
        }
        return allFields.compactMap { field in
            guard let savedType = field.type as? any SavedField.Type else { return nil }
            let name = field.name.hasPrefix("_") ? String(field.name.dropFirst()) : field.name
            return SavedFieldEntry(name: name, offset: field.offset, type: savedType)
        }
    }

    /// The saved properties of `modelClass`, with the custom keys and defaults of a prototype.
    ///
    /// The prototype is created under a ``SavedCensus``, which stops at a class whose saved
    /// properties the runtime does not list: without it, such a class would save nothing.
    private static func findProperties(of modelClass: ModelObject.Type) -> [AnySavedProperty] {
        let fields = savedFields(of: modelClass)
        let (census, prototype) = SavedCensus.taking { modelClass.init() }
        precondition(
            census.isComplete,
            """
            \(modelClass) (or a model class its initializer creates) initializes \(census.initializedValues) \
            @Saved values, but the Swift runtime lists \(census.listedFields) saved fields, so ModelKit cannot \
            find its saved properties. Either its module was built without reflection metadata: in Xcode, set \
            "Reflection Metadata Level" (SWIFT_REFLECTION_METADATA_LEVEL) to "All"; with swiftc, leave out \
            -disable-reflection-metadata and -reflection-metadata-for-debugger-only. Or an initializer assigns \
            a property's storage (`_name = Saved(...)`): set the property itself instead.
            """)
        // A complete census has had every object claim one key for each of its fields, the
        // prototype included, so the keys are there; this stops only a broken census.
        guard let keys = census.keys(of: prototype, levels: declaredFieldCounts(of: modelClass)) else {
            preconditionFailure("The keys of the saved properties of \(modelClass) were not recorded")
        }
        return withExtendedLifetime(prototype) {
            let properties = zip(fields, keys).map { field, key in
                field.type.makeProperty(key: key ?? field.name, offset: field.offset, in: prototype)
            }
            checkValueKinds(of: properties, in: prototype)
            return properties
        }
    }

    /// The number of saved fields that each class declares itself, from the topmost model
    /// class down to `modelClass`.
    private static func declaredFieldCounts(of modelClass: ModelObject.Type) -> [Int] {
        var totals: [Int] = []
        var current: AnyClass? = modelClass
        while let modelClass = current as? ModelObject.Type {
            totals.append(savedFields(of: modelClass).count)
            current = _getSuperclass(modelClass)
        }
        // Totals from the class up, each including its superclasses'; differences, top down.
        let reversed = Array(totals.reversed())
        return reversed.indices.map { index in index == 0 ? reversed[0] : reversed[index] - reversed[index - 1] }
    }
}
