import Foundation

/// The tagged family of a model class, as its schema describes it: the subclasses that its
/// ``ModelObject/knownSubclasses`` list, and those that theirs list, which a type tag in the
/// data resolves to wherever the class is expected; and the names of other classes, which a
/// type tag must not give where the class is expected.
///
/// Only the lists count, not what the registry learned in the process so far, so that a class
/// has the same schema in every process.
enum SchemaFamily {
    /// The strict subclasses of `modelClass` that its family lists, in the order found; empty
    /// for a class whose data has no type key, whose subclasses no data can name.
    static func members(below modelClass: ModelObject.Type) -> [ModelObject.Type] {
        guard modelClass.typeKey != nil else { return [] }
        var found: [ModelObject.Type] = []
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(modelClass)]
        var queue = modelClass.knownSubclasses
        var index = 0
        while index < queue.count {
            let member = queue[index]
            index += 1
            guard seen.insert(ObjectIdentifier(member)).inserted else { continue }
            queue += member.knownSubclasses
            if member.isSubclass(of: modelClass) { found.append(member) }
        }
        return found
    }

    /// Whether objects of `modelClass` are told apart from others of a family by their type
    /// tag: the class has a family, or is in the family of one of its superclasses.
    static func isTagged(_ modelClass: ModelObject.Type) -> Bool {
        guard modelClass.typeKey != nil else { return false }
        if !members(below: modelClass).isEmpty { return true }
        return ClassHierarchy.declaredSuperclasses(of: modelClass).contains { ancestor in
            members(below: ancestor).contains { $0 == modelClass }
        }
    }

    /// The names that the data gives objects of `modelClass` under the type key.
    static func names(of modelClass: ModelObject.Type) -> [SchemaJSON] {
        nameStrings(of: modelClass).map { .string($0) }
    }

    private static func nameStrings(of modelClass: ModelObject.Type) -> [String] {
        [modelClass.modelName] + modelClass.legacyModelNames
    }

    /// The classes whose names loading resolves where a document of the `described` classes
    /// is read: the value classes; each described class and the model classes above it, which
    /// their data's loads use or find by their Swift names; and every class their
    /// ``ModelObject/knownSubclasses`` list, which is registered with them.
    ///
    /// A class that the document does not describe may answer to its name too, once it is
    /// registered or when loading finds it by its Swift name in the module searched; no schema
    /// can list those.
    static func knownClasses(around described: [ModelObject.Type]) -> [ModelObject.Type] {
        var queue = ModelRegistry.valueClasses
        for modelClass in described {
            queue += ClassHierarchy.lineage(of: modelClass).filter { $0 != ModelObject.self }
        }
        var found: [ModelObject.Type] = []
        var seen: Set<ObjectIdentifier> = []
        var index = 0
        while index < queue.count {
            let member = queue[index]
            index += 1
            guard seen.insert(ObjectIdentifier(member)).inserted else { continue }
            found.append(member)
            queue += member.knownSubclasses
        }
        return found
    }

    /// The names of `modelClass` and of its subclasses among the `known` classes: those that
    /// a load expecting `modelClass` creates an object for; its own first.
    static func ownNames(of modelClass: ModelObject.Type, among known: [ModelObject.Type]) -> [SchemaJSON] {
        var names = nameStrings(of: modelClass)
        var below: Set<String> = []
        for candidate in known where candidate != modelClass && candidate.isSubclass(of: modelClass) {
            below.formUnion(nameStrings(of: candidate))
        }
        names += below.subtracting(names).sorted()
        return names.map { .string($0) }
    }

    /// Every name of the `known` classes, sorted: the names that loading resolves to a class.
    static func allNames(of known: [ModelObject.Type]) -> [SchemaJSON] {
        Set(known.flatMap(nameStrings(of:))).sorted().map { .string($0) }
    }
}
