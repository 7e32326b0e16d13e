import Foundation

extension ModelObject {
    /// Loads the dictionary form into a new object of this class, for
    /// ``init(dictionary:options:)``.
    func loadNewObject(dictionary: [String: Any], options: LoadOptions) throws {
        try loadRootOfOwnClass(from: dictionary, context: LoadContext(options: options))
    }

    /// Creates an object of the class that the data names, which is this class or one of its
    /// subclasses.
    ///
    /// The data names a class by its ``modelName`` or one of its ``legacyModelNames``. A
    /// subclass answers to its name once it is registered (see ``register(_:)``); one declared
    /// at the top level of the module of this class, or of the object being loaded, also
    /// answers unregistered, by its Swift type name. A nested object whose class name resolves
    /// to no class loads as the declared class, and its class name and values are kept and
    /// written back unchanged.
    ///
    /// ```swift
    /// let shape = try Shape.make(dictionary: ["representedClassName": "Circle", "radius": 2])
    /// // shape is a Circle
    /// ```
    ///
    /// - Parameters:
    ///   - dictionary: The dictionary form, with its `representedClassName`.
    ///   - options: How to load; strict by default.
    /// The object is returned as `sending`: it keeps values of `dictionary` only as
    /// ``unknownValues`` and the values that a lenient load skipped, which are values of the
    /// dictionary form that it does not mutate, so the caller may pass it on to another
    /// isolation domain.
    ///
    /// - Returns: An object of this class or of a subclass; never of another class.
    /// - Throws: A ``ModelError`` for a class name that resolves to no class, to a class that
    ///   is not this class or a subclass, or to two such classes, and for the first value that
    ///   does not fit, unless the load is lenient: the object then loads as this class and
    ///   keeps the class name to write back.
    public class func make(dictionary: [String: Any], options: LoadOptions = []) throws -> sending Self {
        let context = LoadContext(options: options)
        let resolved = try resolveClass(in: dictionary, context: context, use: .root)
        let object = resolved.modelClass.init()
        try object.loadRoot(from: dictionary, context: context)
        object.keepClassName(of: resolved)
        guard let object = object as? Self else {
            throw ModelError(.unrelatedClass(resolved.modelClass.modelName, expected: modelName))
        }
        return disconnected(object)
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
        let scratch = deepCopy()
        try scratch.loadRootOfOwnClass(from: dictionary, context: LoadContext(options: options))
        // The nested objects are replaced too, which observers of `hasAnyChanges` follow even
        // when this object itself had no changes to forget.
        withMutationOfNestedObjects {
            withMutationOfSavedValues {
                scratch.moveValues(to: self)
            }
        }
    }

    /// The dictionary form: property-list and `JSONSerialization` compatible, with `version`,
    /// `representedClassName`, every saved value except `nil` optionals, and the preserved
    /// unknown values.
    ///
    /// Numbers are kept as they are, NaN and infinity included: property lists hold them, and
    /// the JSON writers throw for them with their key path. Dates become ISO 8601 strings, so
    /// a date that has no such string cannot be in the dictionary form.
    ///
    /// - Throws: A ``ModelError`` with the key path of the value at fault: for model objects
    ///   that contain themselves, or that are nested more than ``SaveContext/maximumDepth``
    ///   levels deep, and for a date that has no ISO 8601 string that reads back
    ///   (``ModelError/Reason/unencodableDate(_:)``).
    public var dictionary: [String: Any] {
        get throws {
            try dictionaryForm(context: SaveContext())
        }
    }

    // MARK: Loading

    /// Moves the values of this freshly loaded object into `target`.
    func moveValues(to target: ModelObject) {
        let metadata = ModelMetadata.of(type(of: self))
        for property in metadata.properties {
            property.setValue(property.value(of: self), of: target)
        }
        target.unknownValues = unknownValues
        target.skippedValues = skippedValues
        target.keptClassName = keptClassName
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
        result[ModelObject.classNameKey] = keptClassName ?? context.options.className(of: metadata)
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
