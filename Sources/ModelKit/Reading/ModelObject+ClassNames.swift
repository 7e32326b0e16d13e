import Foundation

/// What loading makes of the `representedClassName` in data: the class to create, and the
/// name to write back when the object cannot stand for the class the data names.
struct ResolvedClass {
    var modelClass: ModelObject.Type
    var keptName: String?

    init(modelClass: ModelObject.Type, keptName: String? = nil) {
        self.modelClass = modelClass
        self.keptName = keptName
    }
}

/// How a load uses the class name in data.
enum ClassNameUse {
    /// `make(dictionary:)` and its kin: the data chooses among this class and its
    /// subclasses, and a name that resolves to none of them is an error.
    case root
    /// A nested object: the data chooses among the declared class and its subclasses, and a
    /// name that resolves to no class loads as the declared class.
    case nested
    /// `init(dictionary:)`, `load(dictionary:)`, `init(from:)` and unarchiving: the object is
    /// of this class whatever the data names, which need only not be an unrelated class.
    case fixed
}

extension ModelObject {
    /// The class to create for `dictionary`; see ``resolveClass(named:metadata:context:use:)``.
    static func resolveClass(in dictionary: [String: Any], context: LoadContext, use: ClassNameUse) throws
        -> ResolvedClass
    {
        let metadata = context.metadata(of: self)
        guard let typeKey = metadata.layout.typeKey, let value = dictionary[typeKey] else {
            return ResolvedClass(modelClass: self)
        }
        return try resolveClass(named: value, metadata: metadata, context: context, use: use)
    }

    /// The class to create for data whose `representedClassName` is `value`, where this class
    /// is expected: every loading path resolves class names here.
    ///
    /// The name resolves to this class, or to a subclass registered under it or declared in
    /// the module of this class or of the object being loaded. It never resolves to a class
    /// outside this class's subclasses. A name that resolves to no class, or to more than one,
    /// loads as this class and is kept to be written back; problems are thrown in a strict
    /// load and recorded in a lenient one.
    static func resolveClass(
        named value: Any,
        metadata: ModelMetadata,
        context: LoadContext,
        use: ClassNameUse
    ) throws -> ResolvedClass {
        guard let name = FastCast.string(value) else {
            let error = ModelError(.typeMismatch(expected: "a class name", found: FoundValue.describe(value)))
                .expecting(String.self)
            try context.report(KeyPathStep.prefixing(error, with: .key(metadata.layout.typeKey ?? "")))
            return ResolvedClass(modelClass: self)
        }
        if name == metadata.modelName || metadata.legacyModelNames.contains(name) {
            return ResolvedClass(modelClass: self)
        }
        var modules = [metadata.moduleName]
        if let enclosingClass = context.enclosingClass {
            let module = context.metadata(of: enclosingClass).moduleName
            if module != metadata.moduleName { modules.append(module) }
        }
        let candidates = ModelRegistry.shared.candidates(
            named: name, fitting: { $0.isSubclass(of: self) }, inModules: modules, budget: &context.classSearchBudget)
        let fitting = candidates.filter { $0.isSubclass(of: self) }
        if use == .fixed && !fitting.isEmpty {
            // The data names a subclass that this object cannot stand for: write its name back.
            return ResolvedClass(modelClass: self, keptName: name)
        }
        let problem: ModelError.Reason
        switch fitting.count {
        case 1:
            return ResolvedClass(modelClass: fitting[0])
        case 0 where candidates.isEmpty:
            problem = .unknownClass(name)
        case 0 where use == .fixed && candidates.contains(where: { self.isSubclass(of: $0) }):
            // A superclass: this object is one of its kind, and writes its own name.
            return ResolvedClass(modelClass: self)
        case 0:
            problem = .unrelatedClass(name, expected: metadata.modelName)
        default:
            problem = .ambiguousClass(name, candidates: fitting.map { String(reflecting: $0) })
        }
        let error = ModelError(problem, at: ModelKeyPath([.key(metadata.layout.typeKey ?? "")]))
        if context.isLenient {
            context.recordKeptValueIssue(error)
        } else if use == .root || problem != .unknownClass(name) {
            // Below the top level, an unknown name is no error: the declared class stands in.
            throw error
        }
        return ResolvedClass(modelClass: self, keptName: name)
    }

    /// Keeps the class name that `resolved` says this object cannot stand for, to be written
    /// back in place of ``modelName``; forgets a kept name when the data names a class that
    /// this object stands for.
    func keepClassName(of resolved: ResolvedClass) {
        if keptClassName != resolved.keptName {
            keptClassName = resolved.keptName
        }
    }

    /// Loads the dictionary form of a document into this object, which stays of its class
    /// whatever the data names, for `init(dictionary:)`, `load(dictionary:)`, `init(from:)` and
    /// unarchiving.
    func loadRootOfFixedClass(fromDictionary dictionary: [String: Any], context: LoadContext) throws {
        let resolved = try type(of: self).resolveClass(in: dictionary, context: context, use: .fixed)
        try loadRoot(fromDictionary: dictionary, context: context)
        keepClassName(of: resolved)
    }
}
