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
    /// under that key.
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
        guard var rest = FastCast.dictionary(value) else {
            let error = ModelError.expectedObject(found: value)
            guard context.isLenient else { throw error.prefixed(with: .key(container.key)) }
            context.recordKeptValueIssue(error.prefixed(with: .key(container.key)))
            unknowns[container.key] = value
            return
        }
        var tookValue = false
        for member in container.members {
            let property = metadata.properties[member.property]
            let found: Any?
            do {
                found = try PathContainer.take(member.path[...], from: &rest)
            } catch {
                let problem = ModelError.expectedObject(found: error.value)
                    .prefixed(with: container.blockedKeyPath(of: member, at: error))
                guard context.isLenient else { throw problem }
                context.recordKeptValueIssue(problem)
                continue
            }
            guard let found else { continue }
            tookValue = true
            try context.within(Array(property.keyPath.dropLast())) {
                try load(found, into: property, context: context)
            }
        }
        if !rest.isEmpty || !tookValue {
            try keepOtherKeys(rest, of: container, tookValue: tookValue, metadata: metadata, context: context)
        }
    }
}
