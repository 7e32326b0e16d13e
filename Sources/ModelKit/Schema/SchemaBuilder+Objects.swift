import Foundation

extension SchemaBuilder {
    /// The schema of the objects of `modelClass` itself: its header, then each saved property
    /// where its data has it — under its key and, when reading, its alternatives; inside the
    /// nested objects of its path; or, for a flattened object, each of the object's properties
    /// at this level.
    func objectSchema(of modelClass: ModelObject.Type) throws -> SchemaJSON {
        let metadata = ModelMetadata.of(modelClass)
        var object = SchemaObject()
        addHeader(of: metadata, to: &object)
        let names = Self.propertyNames(of: modelClass, count: metadata.properties.count)
        for (index, property) in metadata.properties.enumerated() {
            if let flattened = metadata.layout.flattenedObject(ofProperty: index) {
                let flattenedNames = Self.propertyNames(
                    of: flattened.metadata.modelClass, count: flattened.properties.count)
                for (inner, innerProperty) in flattened.properties.enumerated() {
                    try add(innerProperty, named: flattenedNames[inner], of: flattened.metadata, to: &object)
                }
                continue
            }
            try add(property, named: names[index], of: metadata, to: &object)
        }
        var schema = object.schema(isClosed: isStrict || metadata.rejectsUnknownKeys)
        if let title = modelClass.schemaTitle { schema["title"] = .string(title) }
        return schema
    }

    /// The schema of a value of `base`, whose family has `members` below it: one of the
    /// objects of each, told apart by the type tag.
    ///
    /// Reading, a descendant's objects carry its tag, and the base's any other tag or none, as
    /// loading resolves them; writing, each class's objects carry its own name. In
    /// ``SchemaProfile/openAIStrict`` each class's objects require their tag.
    func familySchema(of base: ModelObject.Type, members: [ModelObject.Type]) throws -> SchemaJSON {
        var branches: [SchemaJSON] = []
        for member in [base] + members {
            var branch = try objectReference(to: member)
            if purpose == .reading && !isStrict, let typeKey = base.typeKey {
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
    private func addHeader(of metadata: ModelMetadata, to object: inout SchemaObject) {
        let modelClass = metadata.modelClass
        let writes = purpose == .writing
        if let versionKey = metadata.layout.versionKey, writes || !isStrict {
            let version = SchemaJSON(integer: metadata.modelVersion)
            // A newer version that an object loaded is written back, so writing gives at
            // least the class's own.
            let schema: SchemaJSON =
                isStrict
                ? ["type": "integer", "const": version]
                : writes ? ["type": "integer", "minimum": version] : ["type": "integer"]
            object.insert(schema, at: [versionKey], isRequired: writes)
        }
        if let typeKey = metadata.layout.typeKey {
            let isTagged = isStrict && SchemaFamily.isTagged(modelClass)
            guard writes || !isStrict || isTagged else { return }
            let schema: SchemaJSON =
                writes || isTagged ? ["type": "string", "const": .string(metadata.modelName)] : ["type": "string"]
            object.insert(schema, at: [typeKey], isRequired: writes || isTagged)
        }
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
    /// - Throws: A ``ModelError`` naming the property's key path when the profile cannot say
    ///   the value of a property that is not optional.
    private func valueSchema(of property: AnySavedProperty, at components: [ModelKeyPath.Component]) throws
        -> SchemaJSON?
    {
        try describing(
            at: components, dateFormat: property.dateCoding?.format ?? .iso8601,
            rawValuesAreOpen: property.fallback != nil
        ) {
            let schema = try schema(of: property.valueType)
            guard isStrict else { return schema }
            do {
                return try OpenAIStrictRules.conform(schema)
            } catch let error as OpenAIStrictRules.Unsupported {
                if canBeNil(property.valueType) { return nil }
                throw ModelError(
                    .custom("\(error.what) has no form in SchemaProfile.openAIStrict, \(error.why)"),
                    at: ModelKeyPath(keyPath))
            }
        }
    }

    /// The names of the saved properties of `modelClass`, in the order of its metadata.
    private static func propertyNames(of modelClass: ModelObject.Type, count: Int) -> [String] {
        let names = ModelMetadata.savedFields(of: modelClass).map(\.name)
        return names.count == count ? names : Array(repeating: "", count: count)
    }
}
