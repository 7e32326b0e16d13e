import Foundation

extension SchemaBuilder {
    /// The schema of the objects of `modelClass` itself: its header, then each saved property
    /// where its data has it — under its key and, when reading, its alternatives; inside the
    /// nested objects of its path; or, for a flattened object, each of the object's properties
    /// at this level.
    func objectSchema(of modelClass: ModelObject.Type) throws -> SchemaJSON {
        let metadata = ModelMetadata.of(modelClass)
        noteDescribed(modelClass)
        var object = SchemaObject()
        addHeader(of: metadata, to: &object)
        let names = Self.propertyNames(of: modelClass, count: metadata.properties.count)
        for (index, property) in metadata.properties.enumerated() {
            if let flattened = metadata.layout.flattenedObject(ofProperty: index) {
                noteDescribed(flattened.metadata.modelClass)
                let flattenedNames = Self.propertyNames(
                    of: flattened.metadata.modelClass, count: flattened.properties.count)
                for (inner, innerProperty) in flattened.properties.enumerated() {
                    try add(innerProperty, named: flattenedNames[inner], of: flattened.metadata, to: &object)
                }
                continue
            }
            try add(property, named: names[index], of: metadata, to: &object)
        }
        let isClosed = isStrict || metadata.rejectsUnknownKeys
        let nullLevels: SchemaObject.NullLevels =
            describesAllThatIsRead ? .all : isStrict ? .none : .withoutRequiredKeys
        var schema = object.schema(isClosed: isClosed, nullLevels: nullLevels)
        if let title = modelClass.schemaTitle { schema["title"] = .string(title) }
        return schema
    }

    /// The schema of a value of `base`, whose family has `members` below it: one of the
    /// objects of each, told apart by the type tag.
    ///
    /// A descendant's objects carry its tag, and the base's any other tag that its objects
    /// may carry (none, or one that names no class, when reading), as loading resolves them.
    /// In ``SchemaProfile/openAIStrict`` each class's objects require their own tag.
    func familySchema(of base: ModelObject.Type, members: [ModelObject.Type]) throws -> SchemaJSON {
        var branches: [SchemaJSON] = []
        for member in [base] + members {
            var branch = try objectReference(to: member)
            if !isStrict, let typeKey = base.typeKey {
                if member == base {
                    let names = members.flatMap(SchemaFamily.names(of:))
                    branch["properties"] = [typeKey: ["not": ["enum": .array(names)]]]
                } else {
                    branch["properties"] = [typeKey: ["enum": .array(SchemaFamily.names(of: member))]]
                    branch["required"] = [.string(typeKey)]
                }
            }
            branches.append(branch)
        }
        return [isStrict ? "anyOf" : "oneOf": .array(branches)]
    }

    /// Adds the keys of the header that the class's data has.
    ///
    /// Reading, any version that fits an `Int` is accepted; writing, the class writes at least
    /// its own version (a newer version that an object loaded is written back). Reading, the
    /// class name is one of the names of the class and of its subclasses, or a name that
    /// loading resolves to no class, which it keeps; any other name resolves to a class that
    /// cannot stand for this one, and stops the load. Writing, it is the class's own name, or
    /// a name kept so. ``SchemaProfile/openAIStrict`` has the header only where it is written,
    /// and a type tag where it tells the classes of a family apart, each a constant.
    private func addHeader(of metadata: ModelMetadata, to object: inout SchemaObject) {
        let writes = purpose == .writing
        let version = SchemaJSON(integer: metadata.modelVersion)
        let name = SchemaJSON.string(metadata.modelName)
        if let versionKey = metadata.layout.versionKey, writes || !isStrict {
            var schema = SchemaJSON.integer(boundsOf: Int.self)
            if isStrict {
                schema = ["type": "integer", "enum": [version]]
            } else if writes {
                schema["minimum"] = version
            }
            object.insert(schema, at: [versionKey], isRequired: writes)
        }
        guard let typeKey = metadata.layout.typeKey else { return }
        if isStrict {
            guard writes || SchemaFamily.isTagged(metadata.modelClass) else { return }
            object.insert(["type": "string", "enum": [name]], at: [typeKey], isRequired: true)
            return
        }
        let ownNames = SchemaFamily.ownNames(of: metadata.modelClass, among: knownClasses)
        let own: SchemaJSON = writes ? ["const": name] : ["enum": .array(ownNames)]
        object.insert(["type": "string", "anyOf": [own, unknownClassName()]], at: [typeKey], isRequired: writes)
    }

    /// Adds a saved property of the class that `metadata` describes under its key, or at its
    /// path; with its alternatives when reading.
    private func add(
        _ property: AnySavedProperty, named name: String, of metadata: ModelMetadata, to object: inout SchemaObject
    ) throws {
        let path = property.path.isEmpty ? [property.key] : property.path
        let components = path.map(ModelKeyPath.Component.key)
        guard var schema = try valueSchema(of: property, at: components) else { return }
        let description =
            metadata.modelClass.schemaDescriptions[name]
            ?? metadata.modelClass.schemaDescriptions[property.displayKey]
        if let description, !(isStrict && schema["$ref"] != nil) {
            schema["description"] = .string(description)
        }
        let canBeNil = canBeNil(property.valueType)
        let isRequired = isStrict || (purpose == .writing && (!canBeNil || metadata.writesNilAsNull))
        object.insert(schema, at: path[...], isRequired: isRequired)
        guard purpose == .reading && !isStrict else { return }
        for alternative in property.alternatives {
            object.insert(schema, at: [alternative], isRequired: false)
        }
    }

    /// The schema of a property's value; `nil` when the profile cannot say it and the
    /// property is optional, so that it is left out and loads as `nil`.
    ///
    /// - Throws: A ``ModelError`` whose key path starts at the property, for a value that the
    ///   profile cannot say of a property that is not optional, or a schema that a
    ///   ``CodableSavedValue`` gives with a value that is not JSON.
    private func valueSchema(of property: AnySavedProperty, at components: [ModelKeyPath.Component]) throws
        -> SchemaJSON?
    {
        try KeyPathStep.at(components) {
            try describing(
                dateFormat: property.dateCoding?.format ?? .iso8601, rawValuesAreOpen: property.fallback != nil
            ) {
                let schema = try schema(of: property.valueType)
                guard isStrict else { return schema }
                do {
                    return try OpenAIStrictRules.conform(schema)
                } catch let error as OpenAIStrictRules.Unsupported {
                    if canBeNil(property.valueType) { return nil }
                    throw ModelError(.custom("\(error.what) has no form in SchemaProfile.openAIStrict, \(error.why)"))
                }
            }
        }
    }

    /// The names of the saved properties of `modelClass`, in the order of its metadata.
    private static func propertyNames(of modelClass: ModelObject.Type, count: Int) -> [String] {
        let names = ModelMetadata.savedFields(of: modelClass).map(\.name)
        return names.count == count ? names : Array(repeating: "", count: count)
    }
}
