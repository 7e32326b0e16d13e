import Foundation

/// Maps the class names written in data to model classes.
///
/// A class is registered when its metadata is built, with the subclasses it lists in
/// ``ModelObject/knownSubclasses``, which every load that expects the class builds first.
/// A name resolves to the classes registered under it, and, when none of those fits, to the
/// class of that name declared in one of the modules that the load searches (see
/// ``candidates(named:fitting:inModules:budget:)``). Whether a class fits is the caller's
/// decision: data never chooses a class outside the expected class's subclasses.
final class ModelRegistry: Sendable {
    static let shared: ModelRegistry = {
        let registry = ModelRegistry()
        // The value classes answer to their DejalObject names even before first use, so that
        // `ModelObject.make(json:)` reads a `DejalColor` document as the first thing it does.
        for valueClass in valueClasses {
            registry.register(valueClass, names: [valueClass.modelName] + valueClass.legacyModelNames)
        }
        return registry
    }()

    /// The classes that answer to their names wherever any model class is expected, from the
    /// start of every process: the value classes, registered as ``shared`` is made.
    static let valueClasses: [ModelObject.Type] = [
        ColorValue.self, DateValue.self, IntervalValue.self, DataValue.self, TimeValue.self,
    ]

    /// The most qualified names remembered as naming no model class.
    ///
    /// A lookup that finds nothing searches every type the process knows, so repeated misses are worth
    /// remembering, but names come from data and must not grow the set without end.
    private static let maximumMisses = 4096

    private let classesByName = Locked<[String: [ModelObject.Type]]>([:])
    private let misses = Locked<Set<String>>([])

    func register(_ modelClass: ModelObject.Type, names: [String]) {
        classesByName.withLock { classesByName in
            for name in names where !(classesByName[name] ?? []).contains(where: { $0 == modelClass }) {
                classesByName[name, default: []].append(modelClass)
            }
        }
    }

    /// Registers the classes that `modelClass` lists in its ``ModelObject/knownSubclasses``,
    /// and those that they list in turn, under their names.
    ///
    /// Their metadata is left to their first use: building it creates a prototype, whose
    /// initializer may use the class that is being registered from. The names are read before
    /// the lock is taken, since they are the classes' own code.
    func registerKnownSubclasses(of modelClass: ModelObject.Type) {
        var family = modelClass.knownSubclasses
        guard !family.isEmpty else { return }
        var listed: Set<ObjectIdentifier> = [ObjectIdentifier(modelClass)]
        var names: [(modelClass: ModelObject.Type, names: [String])] = []
        var index = 0
        // A class inherits its superclass's list, and lists may name each other: each class once.
        while index < family.count {
            let member = family[index]
            index += 1
            guard listed.insert(ObjectIdentifier(member)).inserted else { continue }
            names.append((member, [member.modelName] + member.legacyModelNames))
            family += member.knownSubclasses
        }
        for (member, memberNames) in names {
            register(member, names: memberNames)
        }
    }

    /// Registers, by name only, the model classes above `modelClass`, so that a name of a
    /// superclass resolves to it from a class's first use on, whichever class of its family a
    /// process used first: the base class's tag in a subclass's place is then the same error
    /// in every process, not a kept class name until the base is used.
    func registerSuperclasses(of modelClass: ModelObject.Type) {
        for superclass in ClassHierarchy.declaredSuperclasses(of: modelClass) {
            register(superclass, names: [superclass.modelName] + superclass.legacyModelNames)
        }
    }

    /// Every class registered under `name`.
    func classes(named name: String) -> [ModelObject.Type] {
        classesByName.withLock { $0[name] ?? [] }
    }

    /// The classes that answer to `name`: those registered under it, and, when none of them
    /// fits, the class of that name in each of `modules`; a class found so that fits is
    /// registered.
    ///
    /// - Parameters:
    ///   - fits: Whether a class is one the caller may create.
    ///   - modules: The modules to search by name.
    ///   - budget: How many searches the caller still allows; each search of a module counts.
    func candidates(
        named name: String,
        fitting fits: (ModelObject.Type) -> Bool,
        inModules modules: [String],
        budget: inout Int
    ) -> [ModelObject.Type] {
        var candidates = classes(named: name)
        guard !candidates.contains(where: fits) else { return candidates }
        for module in modules where budget > 0 {
            guard let found = declaredClass(named: name, inModule: module, budget: &budget),
                !candidates.contains(where: { $0 == found })
            else { continue }
            candidates.append(found)
            if fits(found) {
                // Registering computes the class's metadata, which creates a prototype: only
                // for a class that the data may create anyway.
                ModelObject.register(found)
            }
        }
        return candidates
    }

    /// The model class declared at the top level of `module` under the Swift name `name`,
    /// when it answers to `name` in data.
    private func declaredClass(named name: String, inModule module: String, budget: inout Int) -> ModelObject.Type? {
        guard Self.isPlainIdentifier(name), Self.isPlainIdentifier(module) else { return nil }
        let qualifiedName = "\(module).\(name)"
        if misses.withLock({ $0.contains(qualifiedName) }) { return nil }
        budget -= 1
        guard let modelClass = _typeByName(qualifiedName) as? ModelObject.Type,
            modelClass.modelName == name || modelClass.legacyModelNames.contains(name)
        else {
            misses.withLock { misses in
                if misses.count < Self.maximumMisses { misses.insert(qualifiedName) }
            }
            return nil
        }
        return modelClass
    }

    /// Whether `name` is an ASCII Swift identifier of reasonable length: the only kind of name
    /// handed to the runtime's type lookup, which must never see arbitrary text from data.
    private static func isPlainIdentifier(_ name: String) -> Bool {
        let bytes = name.utf8
        guard let first = bytes.first, bytes.count <= 255, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                return true
            default:
                return false
            }
        }
    }
}
