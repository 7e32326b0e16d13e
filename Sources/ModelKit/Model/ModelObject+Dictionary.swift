import Foundation

extension ModelObject {
    /// Loads the dictionary form into a new object of this class, for
    /// ``init(dictionary:options:)``.
    func loadNewObject(dictionary: [String: Any], options: LoadOptions) throws {
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
    /// observers of its saved properties are notified; with
    /// ``LoadOptions/keepingLocalChanges``, the user's changes stay on top of the data.
    ///
    /// - Parameters:
    ///   - dictionary: The dictionary form.
    ///   - options: How to load; strict by default.
    /// - Throws: A ``ModelError`` naming the key path of the first value that does not fit,
    ///   unless `options` contains ``LoadOptions/lenient``.
    public func load(dictionary: [String: Any], options: LoadOptions = []) throws {
        if options.contains(.keepingLocalChanges) {
            let options = options.subtracting(.keepingLocalChanges)
            return try loadKeepingLocalChanges { try load(dictionary: dictionary, options: options) }
        }
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

    /// Rejects data that names a registered class unrelated to this one: neither this class,
    /// nor a superclass, nor a subclass; and a class name that is not a string, as
    /// ``resolveClass(in:context:isRoot:)`` does.
    static func checkClassName(in dictionary: [String: Any], context: LoadContext) throws {
        guard let value = dictionary[classNameKey] else { return }
        guard let name = value as? String else {
            let error = ModelError(.typeMismatch(expected: "a class name", found: FoundValue.describe(value)))
                .expecting(String.self)
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
        target.skippedValues = skippedValues
        target.newerVersion = newerVersion
        target.loadIssues = loadIssues
        target.mergeConflicts = []
        target.forgetChanges()
        target.isPristine = false
    }

    // MARK: Writing

    func dictionaryForm(context: SaveContext) throws -> [String: Any] {
        try context.enter(self)
        defer { context.leave() }
        if context.writesBaseline { return try baselineForm(context: context) }
        let metadata = ModelMetadata.of(type(of: self))
        var result: [String: Any] = unknownValues
        result.reserveCapacity(metadata.properties.count + unknownValues.count + 2)
        result[ModelObject.versionKey] = newerVersion ?? metadata.modelVersion
        result[ModelObject.classNameKey] = context.options.className(of: metadata)
        let hasSkippedValues = !skippedValues.isEmpty
        for property in metadata.properties {
            if hasSkippedValues, let skipped = skippedValue(of: property) {
                result[property.key] = skipped
                continue
            }
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
