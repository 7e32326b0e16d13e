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
        var stack = [ValidationFrame(object: self, keyPath: ModelKeyPath())]
        while var frame = stack.popLast() {
            guard frame.next < frame.children.count else {
                do {
                    try frame.object.validate()
                } catch {
                    var modelError = ModelError.validation(error)
                    modelError.keyPath = ModelKeyPath(frame.keyPath.components + modelError.keyPath.components)
                    throw modelError
                }
                continue
            }
            let child = frame.children[frame.next]
            frame.next += 1
            stack.append(frame)
            if visited.insert(ObjectIdentifier(child.object)).inserted {
                let keyPath = ModelKeyPath(frame.keyPath.components + child.components)
                stack.append(ValidationFrame(object: child.object, keyPath: keyPath))
            }
        }
    }

    /// The model objects that this object's saved properties hold, each with the key path
    /// components that lead to it from this object.
    fileprivate var heldObjects: [(components: [ModelKeyPath.Component], object: ModelObject)] {
        var held: [(components: [ModelKeyPath.Component], object: ModelObject)] = []
        for property in ModelMetadata.of(type(of: self)).properties where property.containsModelObjects {
            let key = ModelKeyPath.Component.key(property.key)
            if let object = property.modelObject(in: self) {
                held.append(([key], object))
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
    let keyPath: ModelKeyPath
    let children: [(components: [ModelKeyPath.Component], object: ModelObject)]
    var next = 0

    init(object: ModelObject, keyPath: ModelKeyPath) {
        self.object = object
        self.keyPath = keyPath
        children = object.heldObjects
    }
}
