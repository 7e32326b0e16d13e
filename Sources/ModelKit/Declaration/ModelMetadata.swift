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
    /// The keys of ``ModelObject/savedKeys``: each property's, or a flattened object's keys in
    /// its place.
    let savedKeys: [String]
    /// The properties of the top level by their own keys, flattened objects left out.
    let propertiesByKey: [String: AnySavedProperty]
    let propertiesByOffset: [Int: AnySavedProperty]
    /// Where the values live in the data, and what each key of the top level names.
    let layout: DataLayout
    /// Matches keys of the data to what they name by their bytes; `nil` when a key is not
    /// ASCII, and loading looks each property's key up instead.
    let keyTable: KeyTable?
    /// ``keyTable`` when every property is found under one key of the top level, for walks
    /// of a dictionary that match each of its keys once; else `nil`.
    let flatKeyTable: KeyTable?
    /// The version that data without a version counts as: 1, as for DejalObject, or the
    /// class's own when its data never has one.
    var versionOfUnversionedData: Int { layout.versionKey == nil ? modelVersion : 1 }
    /// The version key and the type key in quotes, as JSON writes a key that needs no
    /// escape; empty when the class has no such key or it needs an escape.
    let quotedVersionKey: [UInt8]
    let quotedTypeKey: [UInt8]
    let containsModelObjects: Bool
    /// The class's ``ModelObject/acceptsLosslessConversions``.
    let acceptsLosslessConversions: Bool
    /// The class's ``ModelObject/writesNilAsNull``.
    let writesNilAsNull: Bool
    /// The class's ``ModelObject/rejectsUnknownKeys``.
    let rejectsUnknownKeys: Bool

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
        // Registered before it is cached, with the subclasses it lists, so that a thread that
        // finds the metadata in the cache also finds them in the registry; registering a class
        // twice changes nothing.
        ModelRegistry.shared.register(modelClass, names: [metadata.modelName] + metadata.legacyModelNames)
        ModelRegistry.shared.registerKnownSubclasses(of: modelClass)
        ModelRegistry.shared.registerSuperclasses(of: modelClass)
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
        let (versionKey, typeKey) = Self.headerKeys(of: modelClass)
        // Stops at a key declared twice, or at a property's key that the header takes.
        let layout = DataLayout(properties: properties, versionKey: versionKey, typeKey: typeKey, of: modelClass)
        self.layout = layout
        savedKeys = properties.indices.flatMap { index in
            layout.flattenedObject(ofProperty: index)?.metadata.savedKeys ?? [properties[index].displayKey]
        }
        let ownKeyProperties = properties.filter { $0.path.isEmpty && !$0.isFlattened }
        propertiesByKey = Dictionary(ownKeyProperties.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        propertiesByOffset = Dictionary(uniqueKeysWithValues: properties.map { ($0.offset, $0) })
        keyTable = KeyTable(
            layout: layout, propertyKeys: properties.map { $0.path.isEmpty && !$0.isFlattened ? $0.key : nil })
        flatKeyTable = layout.isFlat ? keyTable : nil
        quotedVersionKey = versionKey.map(Self.quoted) ?? []
        quotedTypeKey = typeKey.map(Self.quoted) ?? []
        containsModelObjects = properties.contains { $0.containsModelObjects }
        acceptsLosslessConversions = modelClass.acceptsLosslessConversions
        writesNilAsNull = modelClass.writesNilAsNull
        rejectsUnknownKeys = modelClass.rejectsUnknownKeys
    }

    /// `key` in quotes when it needs no escape in JSON; else empty.
    private static func quoted(_ key: String) -> [UInt8] {
        let bytes = Array(key.utf8)
        let needsEscape = bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        return needsEscape ? [] : [UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")]
    }

    /// The class's ``ModelObject/versionKey`` and ``ModelObject/typeKey``.
    ///
    /// The version key must be the superclass's, and so must a type key that the superclass
    /// has: an object of a subclass stands in for one of its superclass, and its data must say
    /// the same things in the same places. A subclass of a class without a type key may name
    /// one, to start a family of tagged classes of its own.
    private static func headerKeys(of modelClass: ModelObject.Type) -> (version: String?, type: String?) {
        let keys = (modelClass.versionKey, modelClass.typeKey)
        if let superclass = ClassHierarchy.declaredSuperclasses(of: modelClass).first {
            precondition(
                superclass.versionKey == keys.0,
                "\(modelClass) changes the versionKey of its superclass \(superclass), whose objects it stands in for")
            precondition(
                superclass.typeKey == nil || superclass.typeKey == keys.1,
                "\(modelClass) changes the typeKey of its superclass \(superclass), whose objects it stands in for")
        }
        return keys
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
        let levels = declaringClasses(of: modelClass)
        guard let declarations = census.declarations(of: prototype, levels: levels.map(\.fieldCount)) else {
            preconditionFailure("The keys of the saved properties of \(modelClass) were not recorded")
        }
        // The class that declares each field, whose style and date format its property takes.
        let declaringClass = levels.flatMap { Array(repeating: $0.modelClass, count: $0.fieldCount) }
        return withExtendedLifetime(prototype) {
            let properties = fields.indices.map { index in
                let field = fields[index]
                let declaration = declarations[index]
                let owner = declaringClass[index]
                let key = declaration.path.last ?? declaration.key ?? owner.keyStyle.key(forPropertyNamed: field.name)
                return field.type.makeProperty(
                    key: key, declaration: declaration, dateFormat: declaration.dateFormat ?? owner.dateFormat,
                    offset: field.offset, in: prototype)
            }
            checkValueKinds(of: properties, in: prototype)
            return properties
        }
    }

    /// Each model class from the topmost down to `modelClass`, with the number of saved
    /// fields it declares itself.
    private static func declaringClasses(of modelClass: ModelObject.Type) -> [(
        modelClass: ModelObject.Type, fieldCount: Int
    )] {
        let totals = ClassHierarchy.lineage(of: modelClass).map { ($0, savedFields(of: $0).count) }
        // Totals from the class up, each including its superclasses'; differences, top down.
        let reversed = Array(totals.reversed())
        return reversed.indices.map { index in
            (reversed[index].0, index == 0 ? reversed[0].1 : reversed[index].1 - reversed[index - 1].1)
        }
    }
}
