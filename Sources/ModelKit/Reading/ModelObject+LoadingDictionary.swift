import Foundation

extension ModelObject {
    /// Loads the dictionary form of a document into this new object, whose class the caller
    /// chose.
    func loadRoot(fromDictionary dictionary: [String: Any], context: LoadContext) throws {
        try context.enterObject()
        defer { context.leaveObject() }
        try loadValues(fromDictionary: dictionary, context: context)
        loadIssues = context.issues
    }

    /// Loads the nested object of a property whose type is this class, from its dictionary
    /// form, as ``_make(savedValue:context:)`` does.
    ///
    /// The object the property holds now is usually the default that the owner's initializer
    /// created a moment ago, which the loaded object replaces. When that object is untouched
    /// (``isPristine``), referenced from nowhere else, and of the class the data asks for, the
    /// data is loaded into it instead: the result is the same as loading into a new object,
    /// without creating one object (and its own nested defaults) and destroying another.
    ///
    /// - Parameter storage: The property's storage in its owner.
    static func loadNestedObject(
        fromSavedValue savedValue: Any,
        context: LoadContext,
        reusing storage: UnsafeMutablePointer<ModelObject>
    ) throws -> ModelObject {
        guard let dictionary = FastCast.dictionary(savedValue) else {
            throw ModelError.expectedObject(found: savedValue)
        }
        let reusable = isKnownUniquelyReferenced(&storage.pointee) && storage.pointee.isPristine ? storage.pointee : nil
        let object = try loadNestedObject(fromDictionary: dictionary, context: context, reusing: reusable)
        guard object is Self else {
            throw ModelError.unrelatedClass(type(of: object), expected: self)
        }
        return object
    }

    /// Creates and loads a nested object of this class, or of the subclass that the data
    /// names; or loads into `reusable`, an untouched object of this class that only the
    /// caller holds, when everything the data leaves out of it is still a default.
    static func loadNestedObject(
        fromDictionary dictionary: [String: Any],
        context: LoadContext,
        reusing reusable: ModelObject? = nil
    ) throws -> ModelObject {
        let metadata = context.metadata(of: self)
        guard let keyTable = metadata.flatKeyTable else {
            let resolved = try resolveClass(in: dictionary, context: context, use: .nested)
            let object = resolved.modelClass.init()
            try context.enterObject()
            defer { context.leaveObject() }
            try object.loadValues(fromDictionary: dictionary, context: context)
            object.keepClassName(of: resolved)
            return object
        }
        return try MatchedEntries.match(dictionary, keyTable: keyTable, metadata: metadata) { entries in
            // Values are read out of the dictionary where they are used: each copy of an `Any`
            // goes through its type's value witnesses.
            let resolved =
                try entries.classNamePosition.map {
                    try resolveClass(named: dictionary.values[$0], metadata: metadata, context: context, use: .nested)
                } ?? ResolvedClass(modelClass: self)
            let modelClass = resolved.modelClass
            let object: ModelObject
            if let reusable, modelClass == self, type(of: reusable) == self,
                reusable.keepsDefaults(whereAbsent: entries.hasValue(ofProperty:), metadata: metadata, context: context)
            {
                object = reusable
            } else {
                object = modelClass.init()
            }
            try context.enterObject()
            defer { context.leaveObject() }
            if modelClass == self {
                try object.loadValues(fromMatchedEntries: entries, metadata: metadata, context: context)
            } else {
                try object.loadValues(fromDictionary: dictionary, context: context)
            }
            object.keepClassName(of: resolved)
            return object
        }
    }

    /// Whether the properties that the data leaves out (those for whose index `hasValue` is
    /// `false`) hold what a new object's would: values without model objects, or untouched
    /// nested objects that only this object holds.
    func keepsDefaults(whereAbsent hasValue: (Int) -> Bool, metadata: ModelMetadata, context: LoadContext) -> Bool {
        let properties = metadata.properties
        for index in properties.indices where !hasValue(index) && properties[index].containsModelObjects {
            guard properties[index].holdsOnlyDefaults(in: self, context: context) else { return false }
        }
        return true
    }

    /// Whether this object is untouched, and so is every model object it holds.
    fileprivate func isUntouchedThroughout(context: LoadContext) -> Bool {
        guard isPristine else { return false }
        let metadata = context.metadata(of: type(of: self))
        guard metadata.containsModelObjects else { return true }
        return metadata.properties.allSatisfy {
            !$0.containsModelObjects || $0.holdsOnlyDefaults(in: self, context: context)
        }
    }

    /// Loads values into a new object: migration, values, unknown keys, upgrade.
    func loadValues(fromDictionary dictionary: [String: Any], context: LoadContext) throws {
        let metadata = context.metadata(of: type(of: self))
        guard let keyTable = metadata.flatKeyTable else {
            let version = try Self.version(in: dictionary, metadata: metadata, context: context)
            return try loadValuesKeyByKey(
                fromDictionary: dictionary, version: version, metadata: metadata, context: context)
        }
        try MatchedEntries.match(dictionary, keyTable: keyTable, metadata: metadata) { entries in
            try loadValues(fromMatchedEntries: entries, metadata: metadata, context: context)
        }
    }

    /// Loads the entries found in one walk of the data, in declaration order, as the lookups
    /// of ``loadValuesKeyByKey(fromDictionary:version:metadata:context:)`` would.
    private func loadValues(
        fromMatchedEntries entries: MatchedEntries,
        metadata: ModelMetadata,
        context: LoadContext
    ) throws {
        let enclosingClass = context.enclosingClass
        context.enclosingClass = type(of: self)
        defer { context.enclosingClass = enclosingClass }
        let version =
            try entries.versionPosition.map {
                try Self.version(entries.dictionary.values[$0], metadata: metadata, context: context)
            } ?? metadata.versionOfUnversionedData
        guard version >= metadata.modelVersion else {
            // Migration rewrites the raw dictionary before it is read: load it the long way.
            return try loadValuesKeyByKey(
                fromDictionary: entries.dictionary, version: version, metadata: metadata, context: context)
        }
        let properties = metadata.unretainedProperties
        for index in properties.indices where entries.hasValue(ofProperty: index) {
            try properties[index]._withUnsafeGuaranteedRef { property in
                try load(entries.value(ofProperty: index), into: property, context: context)
            }
        }
        try keepUnknownValues(entries.unknownEntries, metadata: metadata, context: context)
        try finishLoading(version: version, metadata: metadata, context: context)
    }

    /// Loads values by looking each saved key up in the data.
    private func loadValuesKeyByKey(
        fromDictionary dictionary: [String: Any],
        version: Int,
        metadata: ModelMetadata,
        context: LoadContext
    ) throws {
        let enclosingClass = context.enclosingClass
        context.enclosingClass = type(of: self)
        defer { context.enclosingClass = enclosingClass }
        var data = dictionary
        if version < metadata.modelVersion {
            try runHook("migration from version \(version)") { try type(of: self).migrate(&data, from: version) }
        }
        let layout = metadata.layout
        var foundCount = layout.versionKey.flatMap { data[$0] } == nil ? 0 : 1
        for (index, property) in metadata.properties.enumerated() where property.path.isEmpty && !property.isFlattened {
            guard
                let value = layout.hasAlternatives
                    ? layout.key(ofProperty: index, in: data).flatMap({ data[$0] }) : data[property.key]
            else { continue }
            foundCount += 1
            try load(value, into: property, context: context)
        }
        for container in layout.containers {
            guard let value = data[container.key] else { continue }
            foundCount += 1
            try loadContainer(container, from: value, metadata: metadata, context: context)
        }
        if !layout.flattened.isEmpty {
            foundCount += try loadFlattenedObjects(from: data, metadata: metadata, context: context)
        }
        // Most data holds only saved keys and the header: look for unknown keys only when the
        // counts say there are some.
        if foundCount < data.count, layout.typeKey.flatMap({ data[$0] }) != nil {
            foundCount += 1
        }
        if foundCount < data.count {
            try collectUnknownValues(of: data, metadata: metadata, context: context)
        }
        try finishLoading(version: version, metadata: metadata, context: context, upgrading: data)
    }

    /// The end of every load of an object's values, from the dictionary form or from JSON:
    /// the loads of its flattened objects end first, values that repeat others are brought up
    /// to date (``didLoadValues()``), the newer version to write back is noted, data of an
    /// older version is upgraded, the object checks itself (``validate()``), and it has no
    /// changes.
    ///
    /// The assignments are skipped when they would change nothing, as they mostly would.
    ///
    /// - Parameter data: The dictionary form that the values came from, migrated, for the
    ///   upgrade of data older than the class; `nil` when the data is of the class's version
    ///   or newer, as it always is when read from JSON.
    func finishLoading(
        version: Int, metadata: ModelMetadata, context: LoadContext, upgrading data: [String: Any]? = nil
    ) throws {
        if !metadata.layout.flattened.isEmpty {
            try finishLoadingFlattenedObjects(metadata: metadata, context: context)
        }
        didLoadValues()
        let newer = version > metadata.modelVersion ? version : nil
        if newerVersion != newer { newerVersion = newer }
        if version < metadata.modelVersion, let data {
            isSuppressingChanges = true
            defer { isSuppressingChanges = false }
            try runHook("upgrade from version \(version)") { try upgrade(from: version, dictionary: data) }
        }
        try validateLoadedValues(context: context)
        // Loading records no changes; an object loaded into may have had some before.
        forgetChangesQuietly()
    }

    /// Loads one property's value; in a lenient load, a value that does not fit, in whole or
    /// in part, is kept to be written back (see ``keepSkippedValue(_:of:isPartlyLoaded:)``).
    @inline(__always)
    func load(_ value: Any, into property: AnySavedProperty, context: LoadContext) throws {
        let marks = context.marks
        do {
            try property.load(value, into: self, context: context)
        } catch {
            if let fallback = property.fallback, fallback.isUnknownRawValue(value, context) {
                return takeFallback(fallback, for: property, keeping: value, since: marks, context: context)
            }
            KeyPathStep.prefixIssues(in: context, since: marks, with: .key(property.key))
            let modelError =
                (error as? ModelError).map { KeyPathStep.prefixing($0, with: .key(property.key)) }
                ?? ModelError(.custom("\(error)"), at: ModelKeyPath([.key(property.key)]), underlyingError: error)
            guard context.isLenient else { throw modelError }
            context.recordKeptValueIssue(modelError)
            context.takeBackDroppedValues(since: marks)
            keepSkippedValue(value, of: property, isPartlyLoaded: false)
            return
        }
        settleLoadedValue(of: property, since: marks, context: context) {
            keepSkippedValue(value, of: property, isPartlyLoaded: true)
        }
        if property.isNil(in: self), value is NSNull { keepNull(of: property) }
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

    /// The version of `dictionary`, the dictionary form of an object of the class that
    /// `metadata` describes.
    static func version(in dictionary: [String: Any], metadata: ModelMetadata, context: LoadContext) throws -> Int {
        guard let versionKey = metadata.layout.versionKey, let value = dictionary[versionKey] else {
            return metadata.versionOfUnversionedData
        }
        return try version(value, metadata: metadata, context: context)
    }

    /// The version that the dictionary form's version key holds; problems are reported, and
    /// leave version 1.
    static func version(_ value: Any, metadata: ModelMetadata, context: LoadContext) throws -> Int {
        // The common case, a plain integer, without the bookkeeping of error paths.
        if case .int(let number)? = SavedNumber(value), let version = Int(exactly: number) {
            return version
        }
        do {
            // Never converted from a string: the header is ModelKit's own, whatever the class accepts.
            return try KeyPathStep.at(.key(metadata.layout.versionKey ?? ""), in: context) {
                try Int.integer(from: value, context: nil)
            }
        } catch let error as ModelError {
            try context.report(error)
            return 1
        }
    }
}

extension AnySavedProperty {
    /// Whether the property's value in `object` is one a new object would hold too: no model
    /// objects, or a nested object that is untouched throughout and held only here.
    fileprivate func holdsOnlyDefaults(in object: ModelObject, context: LoadContext) -> Bool {
        guard let storage = modelStorage(in: object) else {
            return visitModelObjects(of: object) { _ in false }
        }
        return isKnownUniquelyReferenced(&storage.pointee) && storage.pointee.isUntouchedThroughout(context: context)
    }
}
