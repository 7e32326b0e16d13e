import Foundation

/// Maps the class names written in data to model classes.
///
/// Data never chooses a class outside the registry: a name resolves only to a registered
/// class, and only when that class is the expected class or one of its subclasses.
final class ModelRegistry: Sendable {
    static let shared: ModelRegistry = {
        let registry = ModelRegistry()
        // The value classes answer to their DejalObject names even before first use, so that
        // `ModelObject.make(json:)` reads a `DejalColor` document as the first thing it does.
        let valueClasses: [ModelObject.Type] = [
            ColorValue.self, DateValue.self, IntervalValue.self, DataValue.self, TimeValue.self,
        ]
        for valueClass in valueClasses {
            registry.register(valueClass, names: [valueClass.modelName] + valueClass.legacyModelNames)
        }
        return registry
    }()

    enum Lookup {
        case found(ModelObject.Type)
        case unrelated
        case unknown
    }

    private let classesByName = Locked<[String: [ModelObject.Type]]>([:])

    func register(_ modelClass: ModelObject.Type, names: [String]) {
        classesByName.withLock { classesByName in
            for name in names where !(classesByName[name] ?? []).contains(where: { $0 == modelClass }) {
                classesByName[name, default: []].append(modelClass)
            }
        }
    }

    /// Every class registered under `name`.
    func classes(named name: String) -> [ModelObject.Type] {
        classesByName.withLock { $0[name] ?? [] }
    }

    /// The registered class for `name` that is `expected` or a subclass of it.
    func lookup(_ name: String, kindOf expected: ModelObject.Type) -> Lookup {
        let candidates = classes(named: name)
        if candidates.isEmpty { return .unknown }
        if let match = candidates.first(where: { $0.isSubclass(of: expected) }) {
            return .found(match)
        }
        return .unrelated
    }
}
