import Foundation

// The keys of the dictionary form other than the properties' own keys: alternatives, the
// nested objects that properties live inside, and the keys the class does not read.

extension ModelObject {
    /// Keeps the values of the keys that the class does not read: those it does not declare,
    /// unless the load rejects them, and the alternatives that a better key present outranks.
    func collectUnknownValues(of data: [String: Any], metadata: ModelMetadata, context: LoadContext) throws {
        let layout = metadata.layout
        var undeclared: [(key: String, value: Any)] = []
        for (key, value) in data {
            switch layout.entry(forKey: key, in: data) {
            case .undeclared: undeclared.append((key, value))
            case .outranked: unknowns[key] = value
            case .property, .container, .flattened, .header: break
            }
        }
        if !undeclared.isEmpty { try keepUnknownValues(undeclared, metadata: metadata, context: context) }
    }

    /// Loads the properties that live inside the nested object `value`, which the data has
    /// under `container`'s key, and keeps the nested object's other keys as the unknown value
    /// under that key; when the load rejects unknown keys, reports each of them instead, and
    /// keeps only what the paths name: values that block the way to a property, and the levels
    /// on the way.
    ///
    /// A `null` where a nested object belongs, at any level, counts as no nested object, and
    /// so does `{}`; either is kept, to be written back as it came when the properties beneath
    /// it write nothing (see ``containerValue(_:kept:valueOf:)``). A level that taking the
    /// properties' values emptied is not kept: the values write it again.
    ///
    /// A value on the way that is not an object is an error at its key path; a lenient load
    /// records it and keeps the value, which is then written back in place of the properties
    /// beneath it.
    func loadContainer(
        _ container: PathContainer, from value: Any, metadata: ModelMetadata, context: LoadContext
    ) throws {
        if value is NSNull {
            unknowns[container.key] = value
            return
        }
        guard let object = FastCast.dictionary(value) else {
            let error = KeyPathStep.prefixing(ModelError.expectedObject(found: value), with: .key(container.key))
            guard context.isLenient else { throw error }
            context.recordKeptValueIssue(error)
            unknowns[container.key] = value
            return
        }
        let rejectsUnknownKeys = context.rejectsUnknownKeys(of: metadata)
        let walk = try container.walk(.object(object), otherKeys: rejectsUnknownKeys ? .takeOut : .keep) {
            index, place in
            if let (keyPath, value) = place.blockingValue {
                let problem = KeyPathStep.prefixing(ModelError.expectedObject(found: value), with: keyPath)
                guard context.isLenient else { throw problem }
                context.recordKeptValueIssue(problem)
                return
            }
            guard let found = place.take() else { return }
            let property = metadata.properties[index]
            try KeyPathStep.at(Array(property.keyPath.dropLast()), in: context) {
                try load(found, into: property, context: context)
            }
        }
        for error in walk.unknownKeys {
            try context.rejectUnknownKey(error)
        }
        let rest = walk.value.object ?? [:]
        // A nested object that held nothing to take stays, even when nothing is left in it.
        if !rest.isEmpty || !walk.isChanged { unknowns[container.key] = rest }
    }
}
