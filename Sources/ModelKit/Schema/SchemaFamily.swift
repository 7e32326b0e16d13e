import Foundation

/// The tagged family of a model class, as its schema describes it: the subclasses that its
/// ``ModelObject/knownSubclasses`` list, and those that theirs list, which a type tag in the
/// data resolves to wherever the class is expected.
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
        var current: AnyClass? = _getSuperclass(modelClass)
        while let ancestor = current as? ModelObject.Type, ancestor != ModelObject.self {
            if members(below: ancestor).contains(where: { $0 == modelClass }) { return true }
            current = _getSuperclass(ancestor)
        }
        return false
    }

    /// The names that the data gives objects of `modelClass` under the type key.
    static func names(of modelClass: ModelObject.Type) -> [SchemaJSON] {
        ([modelClass.modelName] + modelClass.legacyModelNames).map { .string($0) }
    }
}
