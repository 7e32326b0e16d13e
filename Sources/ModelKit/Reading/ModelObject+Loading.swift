import Foundation

extension ModelObject {
    // MARK: Dictionary form

    /// Loads the dictionary form into a new object of this class, for
    /// ``init(dictionary:options:)``.
    func loadNewObject(fromDictionary dictionary: [String: Any], options: LoadOptions) throws {
        try loadRootOfFixedClass(fromDictionary: dictionary, context: LoadContext(options: options))
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
        try object.loadRoot(fromDictionary: dictionary, context: context)
        object.keepClassName(of: resolved)
        guard let object = object as? Self else {
            throw ModelError.unrelatedClass(resolved.modelClass, expected: self)
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
        try scratch.loadRootOfFixedClass(fromDictionary: dictionary, context: LoadContext(options: options))
        // The nested objects are replaced too, which observers of `hasAnyChanges` follow even
        // when this object itself had no changes to forget.
        withMutationOfNestedObjects {
            withMutationOfSavedValues {
                scratch.moveValues(to: self)
            }
        }
    }

    /// Moves the values of this freshly loaded object into `target`.
    func moveValues(to target: ModelObject) {
        let metadata = ModelMetadata.of(type(of: self))
        for property in metadata.properties {
            property.setValue(property.value(of: self), of: target)
        }
        moveKeptState(to: target)
    }

    /// Moves what this freshly loaded object keeps beyond its saved properties into `target`,
    /// which then records no changes.
    func moveKeptState(to target: ModelObject) {
        target.unknowns = unknowns
        target.skippedValues = skippedValues
        target.keptClassName = keptClassName
        target.newerVersion = newerVersion
        target.loadIssues = loadIssues
        target.mergeConflicts = []
        target.forgetChanges()
        target.isPristine = false
    }

    // MARK: JSON

    /// Reads JSON into a new object of this class, for ``init(json:options:)``.
    func readNewObject(fromJSON json: Data, options: LoadOptions) throws {
        if options.contains(.foundationReader) {
            return try loadNewObject(
                fromDictionary: Self.readDictionaryWithFoundation(fromJSON: json), options: options)
        }
        try readRoot(fromJSON: json, context: LoadContext(options: options))
    }

    /// Creates an object of the class that the JSON names: this class or a subclass, as
    /// ``make(dictionary:options:)`` does.
    ///
    /// - Parameters:
    ///   - json: UTF-8 JSON whose top level is an object.
    ///   - options: How to load; strict by default.
    /// - Returns: An object of this class or of a subclass.
    /// - Throws: A ``ModelError`` for invalid JSON, a class name that resolves to no class,
    ///   to a class that is not a subclass or to two classes, or a value that does not fit.
    public class func make(json: Data, options: LoadOptions = []) throws -> sending Self {
        if options.contains(.foundationReader) {
            return try make(dictionary: readDictionaryWithFoundation(fromJSON: json), options: options)
        }
        let context = LoadContext(options: options)
        let object = try JSONReader.withDocument(json) { reader -> ModelObject in
            switch try readTopLevel(from: &reader, into: nil, context: context) {
            case .loaded(let object):
                object.loadIssues = context.issues
                return object
            case .dictionary(let dictionary):
                let resolved = try resolveClass(in: dictionary, context: context, use: .root)
                let object = resolved.modelClass.init()
                try object.loadRoot(fromDictionary: dictionary, context: context)
                object.keepClassName(of: resolved)
                return object
            }
        }
        guard let typed = object as? Self else {
            throw ModelError.unrelatedClass(type(of: object), expected: self)
        }
        return typed
    }

    /// Creates an object of the class that the JSON string names.
    ///
    /// - Parameters:
    ///   - json: JSON whose top level is an object.
    ///   - options: How to load; strict by default.
    /// - Returns: An object of this class or of a subclass.
    /// - Throws: A ``ModelError`` for invalid JSON, a class name that does not resolve to
    ///   one subclass, or a value that does not fit.
    public class func make(json: String, options: LoadOptions = []) throws -> sending Self {
        try make(json: Data(json.utf8), options: options)
    }

    /// Loads JSON into this object; see ``load(dictionary:options:)``.
    ///
    /// - Parameters:
    ///   - json: UTF-8 JSON whose top level is an object.
    ///   - options: How to load; strict by default.
    /// - Throws: A ``ModelError`` for invalid JSON or a value that does not fit; the object is
    ///   then unchanged.
    public func load(json: Data, options: LoadOptions = []) throws {
        if options.contains(.keepingLocalChanges) {
            let options = options.subtracting(.keepingLocalChanges)
            return try loadKeepingLocalChanges { try load(json: json, options: options) }
        }
        if options.contains(.foundationReader) {
            return try load(dictionary: Self.readDictionaryWithFoundation(fromJSON: json), options: options)
        }
        let context = LoadContext(options: options)
        let scratch = try JSONReader.withDocument(json) { reader -> ModelObject in
            let scratch = deepCopy()
            switch try Self.readTopLevel(from: &reader, into: scratch, context: context) {
            case .loaded:
                scratch.loadIssues = context.issues
                return scratch
            case .dictionary(let dictionary):
                let fresh = deepCopy()
                try fresh.loadRootOfFixedClass(fromDictionary: dictionary, context: context)
                return fresh
            }
        }
        // The nested objects are replaced too, which observers of `hasAnyChanges` follow even
        // when this object itself had no changes to forget.
        withMutationOfNestedObjects {
            withMutationOfSavedValues {
                scratch.moveValues(to: self)
            }
        }
    }

    /// Loads a JSON string into this object; see ``load(dictionary:options:)``.
    ///
    /// - Parameters:
    ///   - json: JSON whose top level is an object.
    ///   - options: How to load; strict by default.
    /// - Throws: A ``ModelError`` for invalid JSON or a value that does not fit; the object is
    ///   then unchanged.
    public func load(json: String, options: LoadOptions = []) throws {
        try load(json: Data(json.utf8), options: options)
    }

    /// Reads JSON into this new object, whose class is fixed: `representedClassName` is only
    /// checked, as ``init(dictionary:options:)`` checks it.
    func readRoot(fromJSON json: Data, context: LoadContext) throws {
        try JSONReader.withDocument(json) { reader in
            switch try Self.readTopLevel(from: &reader, into: self, context: context) {
            case .loaded:
                loadIssues = context.issues
            case .dictionary(let dictionary):
                // The pass that found the dictionary way was needed changed this object: start
                // again from new values.
                type(of: self).init().moveValues(to: self)
                try loadRootOfFixedClass(fromDictionary: dictionary, context: context)
            }
        }
    }

    /// Reads the top-level value of a document, which must be an object, into `fixedObject` or
    /// into an object of the class that it names; then checks that nothing follows.
    static func readTopLevel(from reader: inout JSONReader, into fixedObject: ModelObject?, context: LoadContext)
        throws -> ReadResult
    {
        try reader.readDocument { reader in
            guard reader.peekToken() == UInt8(ascii: "{") else {
                let value = try reader.readFoundationValue()
                try reader.finish()
                throw ModelError.notAnObject(found: value)
            }
            let use: ClassNameUse = fixedObject == nil ? .root : .fixed
            let result = try readEntries(
                from: &reader, into: fixedObject, reusing: nil, classNames: use, context: context)
            try reader.finish()
            return result
        }
    }

    /// The dictionary form of a document whose top level is an object, read by ModelKit's
    /// reader into the values that ``readDictionaryWithFoundation(fromJSON:)`` gives, under the
    /// reader's rules: strict JSON, and syntax errors with their line, column and key path.
    static func readDictionary(fromJSON json: Data) throws -> [String: Any] {
        try JSONReader.withDocument(json) { reader in
            try reader.readDocument { reader in
                let value = try reader.readFoundationValue()
                try reader.finish()
                guard let dictionary = value as? [String: Any] else {
                    throw ModelError.notAnObject(found: value)
                }
                return dictionary
            }
        }
    }

    /// The dictionary form of a document whose top level is an object, read by
    /// `JSONSerialization`, for ``LoadOptions/foundationReader``.
    static func readDictionaryWithFoundation(fromJSON json: Data) throws -> [String: Any] {
        let object = try readTopLevelWithFoundation(fromJSON: json)
        guard let dictionary = object as? [String: Any] else {
            throw ModelError.notAnObject(found: object)
        }
        return dictionary
    }

    /// The top-level value of a document, read by `JSONSerialization`, for
    /// ``LoadOptions/foundationReader``.
    static func readTopLevelWithFoundation(fromJSON json: Data) throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw ModelError(.invalidJSON(detail), underlyingError: error)
        }
    }
}
