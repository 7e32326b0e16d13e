import Foundation

extension ModelObject {
    /// Creates an object of this class from its dictionary form.
    ///
    /// Missing keys keep their defaults; keys this class does not declare are kept in
    /// ``unknownValues``. Data of an older ``modelVersion`` is migrated and upgraded first.
    ///
    /// - Parameters:
    ///   - dictionary: The dictionary form, as ``dictionary`` or `JSONSerialization` gives it.
    ///   - options: How to load; strict by default.
    /// - Throws: A ``ModelError`` naming the key path of the first value that does not fit,
    ///   unless `options` contains ``LoadOptions/lenient``.
    public convenience init(dictionary: [String: Any], options: LoadOptions = []) throws {
        self.init()
        let context = LoadContext(options: options)
        try type(of: self).checkClassName(in: dictionary, context: context)
        try loadRoot(from: dictionary, context: context)
    }

    /// Creates an object of the class that the data names, which is this class or one of its
    /// registered subclasses.
    ///
    /// ```swift
    /// let shape = try Shape.make(dictionary: ["representedClassName": "Circle", "radius": 2])
    /// // shape is a Circle
    /// ```
    ///
    /// - Parameters:
    ///   - dictionary: The dictionary form, with its `representedClassName`.
    ///   - options: How to load; strict by default.
    /// - Returns: An object of this class or of a registered subclass; never of another class.
    /// - Throws: A ``ModelError`` for a class name that is not registered or not a subclass,
    ///   and for the first value that does not fit unless the load is lenient.
    public class func make(dictionary: [String: Any], options: LoadOptions = []) throws -> Self {
        let context = LoadContext(options: options)
        let modelClass = try resolveClass(in: dictionary, context: context, isRoot: true)
        let object = modelClass.init()
        try object.loadRoot(from: dictionary, context: context)
        guard let object = object as? Self else {
            throw ModelError(.unrelatedClass(modelClass.modelName, expected: modelName))
        }
        return object
    }

    /// Loads the dictionary form into this object, as DejalObject's `setDictionary:` did.
    ///
    /// Keys missing from `dictionary` keep their current values. The load is all or nothing:
    /// when it throws, the object is unchanged. Afterwards the object has no changes, and
    /// observers of its saved properties are notified.
    ///
    /// - Parameters:
    ///   - dictionary: The dictionary form.
    ///   - options: How to load; strict by default.
    /// - Throws: A ``ModelError`` naming the key path of the first value that does not fit,
    ///   unless `options` contains ``LoadOptions/lenient``.
    public func load(dictionary: [String: Any], options: LoadOptions = []) throws {
        let context = LoadContext(options: options)
        try type(of: self).checkClassName(in: dictionary, context: context)
        let scratch = deepCopy()
        try scratch.loadRoot(from: dictionary, context: context)
        withMutationOfSavedValues {
            scratch.moveValues(to: self)
        }
    }

    /// The dictionary form: property-list and `JSONSerialization` compatible, with `version`,
    /// `representedClassName`, every saved value except `nil` optionals, and the preserved
    /// unknown values.
    ///
    /// - Throws: A ``ModelError`` for model objects that contain themselves, or that are nested
    ///   more than ``SaveContext/maximumDepth`` levels deep.
    public var dictionary: [String: Any] {
        get throws {
            try dictionaryForm(context: SaveContext())
        }
    }

    // MARK: Loading

    func loadRoot(from dictionary: [String: Any], context: LoadContext) throws {
        try context.enterObject()
        defer { context.leaveObject() }
        try loadValues(from: dictionary, context: context)
        loadIssues = context.issues
    }

    /// Loads values into a new object: migration, values, unknown keys, upgrade.
    func loadValues(from dictionary: [String: Any], context: LoadContext) throws {
        let metadata = ModelMetadata.of(type(of: self))
        let version = try Self.version(in: dictionary, context: context)
        var data = dictionary
        if version < metadata.modelVersion {
            try runHook("migration from version \(version)") { try type(of: self).migrate(&data, from: version) }
        }
        var foundCount = 0
        for property in metadata.properties {
            guard let value = data[property.key] else { continue }
            foundCount += 1
            try load(value, into: property, context: context)
        }
        if foundCount < data.count {
            collectUnknownValues(of: data, metadata: metadata)
        }
        newerVersion = version > metadata.modelVersion ? version : nil
        if version < metadata.modelVersion {
            isSuppressingChanges = true
            defer { isSuppressingChanges = false }
            try runHook("upgrade from version \(version)") { try upgrade(from: version, dictionary: data) }
        }
        changeRecord = ChangeRecord()
    }

    @inline(__always)
    private func load(_ value: Any, into property: AnySavedProperty, context: LoadContext) throws {
        let mark = context.issues.count
        do {
            try property.load(value, into: self, context: context)
        } catch let error as ModelError {
            context.prefixIssues(from: mark, with: .key(property.key))
            try context.report(error.prefixed(with: .key(property.key)))
            return
        } catch {
            let path = ModelKeyPath([.key(property.key)])
            try context.report(ModelError(.custom("\(error)"), at: path, underlyingError: error))
            return
        }
        context.prefixIssues(from: mark, with: .key(property.key))
    }

    private func collectUnknownValues(of data: [String: Any], metadata: ModelMetadata) {
        for (key, value) in data where metadata.propertiesByKey[key] == nil {
            if key != ModelObject.versionKey && key != ModelObject.classNameKey {
                unknownValues[key] = value
            }
        }
    }

    private func runHook(_ name: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as ModelError {
            throw error
        } catch {
            throw ModelError(.custom("\(name) failed: \(error)"), underlyingError: error)
        }
    }

    private static func version(in dictionary: [String: Any], context: LoadContext) throws -> Int {
        guard let value = dictionary[versionKey] else { return 1 }
        do {
            return try context.within(.key(versionKey)) { try Int.make(savedValue: value, context: context) }
        } catch let error as ModelError {
            try context.report(error)
            return 1
        }
    }

    /// The class to create for `dictionary`: this class, or the registered subclass it names.
    static func resolveClass(in dictionary: [String: Any], context: LoadContext, isRoot: Bool) throws
        -> ModelObject.Type
    {
        guard let value = dictionary[classNameKey] else { return self }
        guard let name = value as? String else {
            let error = ModelError(.typeMismatch(expected: "a class name", found: FoundValue.describe(value)))
            try context.report(error.prefixed(with: .key(classNameKey)))
            return self
        }
        let metadata = ModelMetadata.of(self)
        if name == metadata.modelName || metadata.legacyModelNames.contains(name) { return self }
        switch ModelRegistry.shared.lookup(name, kindOf: self) {
        case .found(let modelClass):
            return modelClass
        case .unrelated:
            let error = ModelError(.unrelatedClass(name, expected: metadata.modelName))
            try context.report(error.prefixed(with: .key(classNameKey)))
        case .unknown where isRoot:
            try context.report(ModelError(.unknownClass(name)).prefixed(with: .key(classNameKey)))
        case .unknown:
            break
        }
        return self
    }

    /// Rejects data that names a registered class unrelated to this one: neither this class,
    /// nor a superclass, nor a subclass; and a class name that is not a string, as
    /// ``resolveClass(in:context:isRoot:)`` does.
    static func checkClassName(in dictionary: [String: Any], context: LoadContext) throws {
        guard let value = dictionary[classNameKey] else { return }
        guard let name = value as? String else {
            let error = ModelError(.typeMismatch(expected: "a class name", found: FoundValue.describe(value)))
            return try context.report(error.prefixed(with: .key(classNameKey)))
        }
        let metadata = ModelMetadata.of(self)
        if name == metadata.modelName || metadata.legacyModelNames.contains(name) { return }
        let named = ModelRegistry.shared.classes(named: name)
        guard !named.isEmpty, !named.contains(where: { $0.isSubclass(of: self) || self.isSubclass(of: $0) }) else {
            return
        }
        let error = ModelError(.unrelatedClass(name, expected: metadata.modelName))
        try context.report(error.prefixed(with: .key(classNameKey)))
    }

    /// Moves the values of this freshly loaded object into `target`.
    private func moveValues(to target: ModelObject) {
        let metadata = ModelMetadata.of(type(of: self))
        for property in metadata.properties {
            property.setValue(property.value(of: self), of: target)
        }
        target.unknownValues = unknownValues
        target.newerVersion = newerVersion
        target.loadIssues = loadIssues
        target.forgetChanges()
    }

    // MARK: Writing

    func dictionaryForm(context: SaveContext) throws -> [String: Any] {
        try context.enter(self)
        defer { context.leave() }
        let metadata = ModelMetadata.of(type(of: self))
        var result: [String: Any] = unknownValues
        result.reserveCapacity(metadata.properties.count + unknownValues.count + 2)
        result[ModelObject.versionKey] = newerVersion ?? metadata.modelVersion
        result[ModelObject.classNameKey] = metadata.modelName
        for property in metadata.properties {
            do {
                result[property.key] = try property.savedValue(of: self, context: context)
            } catch let error as ModelError {
                throw error.prefixed(with: .key(property.key))
            }
        }
        return result
    }

    static let versionKey = "version"
    static let classNameKey = "representedClassName"
}
