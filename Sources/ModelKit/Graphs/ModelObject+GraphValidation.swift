import Foundation

extension ModelObject {
    /// Lets every object of the graph check itself (``validate()``), as loading the graph's
    /// data would: each object after the objects it holds, in the order of its saved
    /// properties, so that the first error is the one a strict load would throw.
    ///
    /// The walk keeps its own stack, so a graph of any depth checks without recursion, and
    /// visits each object once, so shared objects and cycles end it too.
    ///
    /// - Throws: The ``ModelError`` of the first object that is not valid, at its key path.
    func validateGraph() throws {
        var visited: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
        var metadata = MetadataCache()
        // The stack holds the object being visited under all the objects that lead to it, so
        // its key path is their components in turn, put together only for an error.
        var stack = [ValidationFrame(object: self, components: [], metadata: &metadata)]
        while var frame = stack.popLast() {
            guard frame.next < frame.children.count else {
                do {
                    try frame.object.validate()
                } catch {
                    let components = (stack + [frame]).flatMap(\.components)
                    throw KeyPathStep.prefixing(ModelError.validation(error), with: components)
                }
                continue
            }
            let child = frame.children[frame.next]
            frame.next += 1
            stack.append(frame)
            if visited.insert(ObjectIdentifier(child.object)).inserted {
                stack.append(ValidationFrame(object: child.object, components: child.components, metadata: &metadata))
            }
        }
    }

    /// The model objects that this object's saved properties hold, each with the key path
    /// components that lead to it from this object.
    fileprivate func heldObjects(metadata: ModelMetadata) -> [(
        components: [ModelKeyPath.Component], object: ModelObject
    )] {
        var held: [(components: [ModelKeyPath.Component], object: ModelObject)] = []
        guard metadata.containsModelObjects else { return held }
        for property in metadata.properties where property.containsModelObjects {
            let key = ModelKeyPath.Component.key(property.key)
            if let object = property.modelObject(in: self) {
                // A flattened object's values are this object's own, at its level.
                held.append((property.isFlattened ? [] : [key], object))
                continue
            }
            let value = property.value(of: self)
            if let array = value as? [ModelObject] {
                held += array.enumerated().map { ([key, .index($0.offset)], $0.element) }
            } else if let dictionary = value as? [String: ModelObject] {
                held += dictionary.sorted { $0.key < $1.key }.map { ([key, .key($0.key)], $0.value) }
            } else {
                // Deeper collections, such as arrays of arrays: the property's key leads there.
                _ = property.visitModelObjects(of: self) { object in
                    held.append(([key], object))
                    return true
                }
            }
        }
        return held
    }
}

/// An object of the graph being checked, with the objects it holds still to check first.
private struct ValidationFrame {
    let object: ModelObject
    /// The key path components that lead to the object from the one below it on the stack.
    let components: [ModelKeyPath.Component]
    let children: [(components: [ModelKeyPath.Component], object: ModelObject)]
    var next = 0

    init(object: ModelObject, components: [ModelKeyPath.Component], metadata: inout MetadataCache) {
        self.object = object
        self.components = components
        children = object.heldObjects(metadata: metadata.of(type(of: object)))
    }
}

/// The metadata of the classes met in one walk, so that each object does not take the shared
/// cache's lock.
private struct MetadataCache {
    private var found: [ObjectIdentifier: ModelMetadata] = [:]

    mutating func of(_ modelClass: ModelObject.Type) -> ModelMetadata {
        let identifier = ObjectIdentifier(modelClass)
        if let metadata = found[identifier] { return metadata }
        let metadata = ModelMetadata.of(modelClass)
        found[identifier] = metadata
        return metadata
    }
}
