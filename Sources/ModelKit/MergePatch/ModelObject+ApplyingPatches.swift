import Foundation

extension ModelObject {
    /// Applies a JSON Merge Patch (RFC 7396), as a server sends back in answer to a `PATCH`
    /// request or as ``mergePatch()`` makes.
    ///
    /// ```swift
    /// try note.apply(mergePatch: ["text": "Shopping", "due": NSNull(), "label": ["red": 1]])
    /// ```
    ///
    /// Each key of the patch sets the value under that key:
    /// - a value replaces the property's value, read as loading reads it; `NSNull()` sets an
    ///   optional to `nil`, and is an error for any other property;
    /// - a dictionary given to a property that holds a model object of the class it names (or
    ///   that names none) merges into that object, key by key; for a property that holds no
    ///   object, or one of another class, it makes a new object as loading does;
    /// - a dictionary given to any other property whose dictionary form is a dictionary, such
    ///   as a `[String: Int]`, merges into that form: its keys replace entries and `NSNull()`
    ///   removes one;
    /// - keys the class does not declare merge into ``unknownValues``; `NSNull()` removes one.
    ///
    /// `version` is not read, since a patch carries values of this version; a
    /// `representedClassName` that names a class unrelated to this object's is an error.
    ///
    /// The values set count as changes, as if the user had set them: observers are notified,
    /// and ``changedKeys`` and ``mergePatch()`` report them. The patch applies all or nothing:
    /// when it throws, the object is unchanged. A lenient apply leaves a value that does not
    /// fit as it was and records the problem in ``loadIssues``.
    ///
    /// Every object that the patch merges into checks itself (``validate()``) as it would be
    /// after the patch, before anything is set: a strict apply that makes one invalid throws
    /// and changes nothing; a lenient one applies the patch and records the problem.
    ///
    /// - Parameters:
    ///   - patch: The patch, in the dictionary form.
    ///   - options: How to read the values; strict by default.
    /// - Throws: A ``ModelError`` naming the key path of the first value that does not fit,
    ///   unless `options` contains ``LoadOptions/lenient``.
    public func apply(mergePatch patch: [String: Any], options: LoadOptions = []) throws {
        let context = LoadContext(options: options)
        _ = try type(of: self).resolveClass(in: patch, context: context, use: .fixed)
        try context.enterObject()
        defer { context.leaveObject() }
        let plan = try makePlan(for: patch, context: context)
        try validate(plan, context: context)
        asOneUndoStep { commit(plan) }
        loadIssues = context.issues
    }

    /// Applies a JSON Merge Patch given as JSON; see ``apply(mergePatch:options:)``.
    ///
    /// - Parameters:
    ///   - json: UTF-8 JSON whose top level is an object: a patch that replaces the whole
    ///     document with another kind of value cannot apply to a model.
    ///   - options: How to read the values; strict by default. With
    ///     ``LoadOptions/foundationReader``, `JSONSerialization` reads the patch.
    /// - Throws: A ``ModelError`` for invalid JSON, a top level that is not an object, or a
    ///   value that does not fit; the object is then unchanged.
    public func apply(mergePatchJSON json: Data, options: LoadOptions = []) throws {
        let patch =
            options.contains(.foundationReader)
            ? try Self.readDictionaryWithFoundation(fromJSON: json) : try Self.readDictionary(fromJSON: json)
        try apply(mergePatch: patch, options: options)
    }

    /// Applies a JSON Merge Patch given as a JSON string; see ``apply(mergePatch:options:)``.
    ///
    /// - Parameters:
    ///   - json: JSON whose top level is an object.
    ///   - options: How to read the values; strict by default.
    /// - Throws: A ``ModelError`` for invalid JSON or a value that does not fit; the object is
    ///   then unchanged.
    public func apply(mergePatchJSON json: String, options: LoadOptions = []) throws {
        try apply(mergePatchJSON: Data(json.utf8), options: options)
    }

    // MARK: Reading the patch

    /// Reads every value of `patch` for this object and the objects it merges into, setting
    /// nothing yet.
    func makePlan(for patch: [String: Any], context: LoadContext) throws -> MergePatchPlan {
        let metadata = context.metadata(of: type(of: self))
        let layout = metadata.layout
        // The values convert as this class's values convert when it loads.
        let enclosingClass = context.enclosingClass
        context.enclosingClass = type(of: self)
        defer { context.enclosingClass = enclosingClass }
        var plan = MergePatchPlan()
        // Keys of the patch left for the unknown values: those the class does not read, and
        // the alternatives that a better key present outranks.
        var unknownKeys: [String] = []
        var containerPatches: [Int: Any] = [:]
        var flattenedPatches: [Int: [String: Any]] = [:]
        for (key, value) in patch {
            switch layout.entry(forKey: key, in: patch) {
            case .property, .header: break
            case .container(let index): containerPatches[index] = value
            case .flattened(let object, _): flattenedPatches[object, default: [:]][key] = value
            case .undeclared, .outranked: unknownKeys.append(key)
            }
        }
        for (index, property) in metadata.properties.enumerated() {
            guard property.path.isEmpty, let key = layout.key(ofProperty: index, in: patch), let value = patch[key]
            else { continue }
            try reading([.key(key)], context: context) {
                try addValue(value, for: property, to: &plan, context: context)
            }
        }
        for (index, container) in layout.containers.enumerated() {
            guard let value = containerPatches[index] else { continue }
            try addValue(value, for: container, to: &plan, metadata: metadata, context: context)
        }
        if !flattenedPatches.isEmpty {
            try addPlans(ofFlattenedObjects: flattenedPatches, to: &plan, layout: layout, context: context)
        }
        let rejectsUnknownKeys = context.rejectsUnknownKeys(of: metadata)
        for key in unknownKeys.sorted() {
            guard let value = patch[key] else { continue }
            try reading([.key(key)], context: context) {
                if rejectsUnknownKeys, layout.matches[key] == nil { throw ModelError(.unknownKey(key)) }
                try addValue(value, forUnknownKey: key, to: &plan)
            }
        }
        return plan
    }

    /// Reads the patch of a nested object that properties live inside: `null` removes it
    /// (each property inside is then set to `nil`), an object patches the properties it
    /// names and merges its other keys into the unknown values kept under its key.
    private func addValue(
        _ value: Any,
        for container: PathContainer,
        to plan: inout MergePatchPlan,
        metadata: ModelMetadata,
        context: LoadContext
    ) throws {
        let isRemoval = JSONMergePatch.isNull(value)
        let level: PathWalk.Level
        if isRemoval {
            level = .null
        } else {
            guard let object = FastCast.dictionary(value) else {
                return try reading([.key(container.key)], context: context) {
                    throw ModelError.expectedObject(found: value)
                }
            }
            level = .object(object)
        }
        let rejectsUnknownKeys = !isRemoval && context.rejectsUnknownKeys(of: metadata)
        let walk = try container.walk(level, otherKeys: rejectsUnknownKeys ? .takeOut : .keep) { index, place in
            if let (keyPath, value) = place.blockingValue {
                return try reading(keyPath, context: context) { throw ModelError.expectedObject(found: value) }
            }
            // A `null` on the way sets the properties beneath it to `nil`.
            guard let found = place.isUnderNull ? NSNull() : place.take() else { return }
            let property = metadata.properties[index]
            try reading(property.keyPath, context: context) {
                try addValue(found, for: property, to: &plan, context: context)
            }
        }
        for error in walk.unknownKeys {
            try reading([], context: context) { throw error }
        }
        let rest = walk.value.object ?? [:]
        if isRemoval || !rest.isEmpty {
            try reading([.key(container.key)], context: context) {
                try addValue(isRemoval ? NSNull() : rest, forUnknownKey: container.key, to: &plan)
            }
        }
    }

    /// Runs `body`, which reads the value at `keyPath`, prefixing the problems it finds with
    /// the key path; in a lenient apply, a value that does not fit in whole or in part is left
    /// out.
    private func reading(_ keyPath: [ModelKeyPath.Component], context: LoadContext, _ body: () throws -> Void) throws {
        let marks = context.marks
        defer { context.takeBackDroppedValues(since: marks) }
        do {
            try KeyPathStep.at(keyPath, in: context, body)
        } catch let error as ModelError where context.isLenient {
            try context.report(error)
        }
    }

    private func addValue(
        _ value: Any,
        for property: AnySavedProperty,
        to plan: inout MergePatchPlan,
        context: LoadContext
    ) throws {
        let object = property.modelObject(in: self)
        let objectPatch = FastCast.dictionary(value)
        if let object, let objectPatch, object.acceptsMergePatch(objectPatch) {
            try context.enterObject()
            defer { context.leaveObject() }
            plan.nestedPlans.append((property, object, try object.makePlan(for: objectPatch, context: context)))
            return
        }
        var source = value
        if objectPatch != nil {
            // Keys the patch leaves out keep their values; an object of another class, or
            // one where there was none, starts from nothing.
            let target = object == nil ? try writtenValue(of: property, context: SaveContext()) : nil
            source = try JSONMergePatch.merged(value, into: target)
        }
        let marks = context.marks
        let newValue: Any
        do {
            newValue = try property.makeValue(from: source, context: context)
        } catch {
            guard let fallback = property.fallback, fallback.isUnknownRawValue(source, context) else { throw error }
            context.forgetProblems(since: marks)
            plan.values.append((property, fallback.value))
            plan.keptRawValues.append((property, source))
            return
        }
        if !context.hasDroppedValues(since: marks) {
            plan.values.append((property, newValue))
        }
    }

    private func addValue(_ value: Any, forUnknownKey key: String, to plan: inout MergePatchPlan) throws {
        let current = unknowns[key]
        if JSONMergePatch.isNull(value) {
            if current != nil { plan.unknownValues.append((key, nil)) }
            return
        }
        let newValue = try JSONMergePatch.merged(value, into: current)
        if let current, DictionaryFormEquality.isEqual(current, newValue) { return }
        plan.unknownValues.append((key, newValue))
    }

    /// Whether a patch of this object's values merges into it: it names this object's class,
    /// the class name the object keeps, or none.
    private func acceptsMergePatch(_ patch: [String: Any]) -> Bool {
        let metadata = ModelMetadata.of(type(of: self))
        guard let typeKey = metadata.layout.typeKey, let name = patch[typeKey] else { return true }
        guard let name = FastCast.string(name) else { return false }
        return name == keptClassName || name == metadata.modelName || metadata.legacyModelNames.contains(name)
    }

    // MARK: Setting the values

    private func commit(_ plan: MergePatchPlan) {
        if !plan.values.isEmpty || !plan.unknownValues.isEmpty {
            withMutationOfSavedValues {
                for (property, value) in plan.values {
                    property.assign(value, to: self)
                }
                for (property, rawValue) in plan.keptRawValues {
                    skippedValues[property.offset] = SkippedValue(savedValue: rawValue, loadedValue: nil)
                }
                for (key, value) in plan.unknownValues {
                    replaceUnknownValue(forKey: key, with: value)
                }
                if !plan.values.isEmpty { updateRepeatedValues() }
            }
        }
        for (_, object, nestedPlan) in plan.nestedPlans {
            object.commit(nestedPlan)
        }
    }

    /// Brings saved values that repeat what other saved values hold up to date, as loading
    /// does (``DataValue`` recomputes its `length`), recording what that changes.
    private func updateRepeatedValues() {
        let properties = ModelMetadata.of(type(of: self)).properties
        let before = properties.map { $0.value(of: self) }
        didLoadValues()
        for (property, old) in zip(properties, before) where !property.isEqual(old, toValueOf: self) {
            recordChange(of: property, from: old)
        }
    }
}

/// What a merge patch sets in one model object and in the objects it merges into, read and
/// checked before anything is set, so that a patch that does not fit changes nothing.
struct MergePatchPlan {
    var values: [(property: AnySavedProperty, value: Any)] = []
    /// The raw values that open enums took their fallback for, kept to write back.
    var keptRawValues: [(property: AnySavedProperty, rawValue: Any)] = []
    var unknownValues: [(key: String, value: Any?)] = []
    /// The objects that the patch merges into, each held by `property` of this object.
    var nestedPlans: [(property: AnySavedProperty, object: ModelObject, plan: MergePatchPlan)] = []
}
