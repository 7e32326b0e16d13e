import Foundation

/// Builds the JSON Schema of a model class from its metadata: one pass over the class's saved
/// properties, each value type describing itself, and each model class that the data nests
/// described once, in `$defs`.
///
/// A value's schema comes from its type: ModelKit's own types are ``SchemaDescribing``; a
/// ``SavedUnion`` is `anyOf` its alternatives, a ``SavedRepresentable`` type is its
/// representation, a ``CodableSavedValue`` gives its own schema or any value, and a raw-value
/// enum its raw values. What a property says of its value (a date format, a fallback) is held
/// here while its value is described.
///
/// ```
/// final class Note: ModelObject {           {"type": "object", "properties": {
///     @Saved var title = ""                   "title": {"type": "string"},
///     @Saved var replies: [Note] = []          "replies": {"type": "array", "items": {"$ref": "#"}},
/// }                                            "version": {"type": "integer"}, ...}}
/// ```
///
/// The root class is described at the top of the document, so that references to it are `#`;
/// every other class goes to `$defs` under its Swift name, at its first use, where the name is
/// taken before its schema is built, so that recursive models end.
///
/// A type tag accepts no name that loading resolves to a class that cannot stand where the tag
/// is, and the names known include those of every class that the document describes; so the
/// document is built twice (see ``document(of:purpose:profile:)``), first to learn the classes.
/// The known names are listed once, in `$defs/class-names`.
final class SchemaBuilder {
    let purpose: SchemaPurpose
    let profile: SchemaProfile
    let root: ModelObject.Type
    /// The classes whose names loading resolves, which type tags keep out where their classes
    /// cannot stand (``SchemaFamily/knownClasses(around:)``).
    let knownClasses: [ModelObject.Type]
    /// The model classes described so far, each once, in the order described.
    private(set) var describedClasses: [ModelObject.Type] = []
    /// Whether a type tag refers to the list of known class names.
    private var refersToClassNames = false
    /// The definitions built so far, by name.
    private(set) var definitions: [String: SchemaJSON] = [:]
    private var names: [DefinitionKey: String] = [:]
    /// The date format of the property whose value is being described.
    private(set) var dateFormat = DateFormat.iso8601
    /// Whether the enum being described loads raw values it does not know (a property's
    /// fallback).
    private var rawValuesAreOpen = false

    /// What a definition describes: a class's own objects, or every object that a value of
    /// the class may be, its tagged family.
    private struct DefinitionKey: Hashable {
        let modelClass: ObjectIdentifier
        let isFamily: Bool
    }

    init(root: ModelObject.Type, purpose: SchemaPurpose, profile: SchemaProfile, knownClasses: [ModelObject.Type]) {
        self.root = root
        self.purpose = purpose
        self.profile = profile
        self.knownClasses = knownClasses
    }

    var isStrict: Bool { profile == .openAIStrict }

    /// Whether the schema accepts everything that a strict load reads: a reading schema of
    /// JSON Schema draft 2020-12, whereas ``SchemaProfile/openAIStrict`` may say less.
    var describesAllThatIsRead: Bool { purpose == .reading && !isStrict }

    /// The whole document that describes `root`'s data.
    ///
    /// The strict profile's tags are constants and need no names of other classes; the other
    /// documents are built once to learn the classes they describe, and again with the names
    /// those classes make known.
    static func document(
        of root: ModelObject.Type, purpose: SchemaPurpose, profile: SchemaProfile
    ) throws -> SchemaJSON {
        let first = SchemaBuilder(root: root, purpose: purpose, profile: profile, knownClasses: [])
        let document = try first.document()
        guard profile != .openAIStrict else { return document }
        let known = SchemaFamily.knownClasses(around: first.describedClasses)
        return try SchemaBuilder(root: root, purpose: purpose, profile: profile, knownClasses: known).document()
    }

    /// The whole document: the root class's schema, with the definitions it refers to.
    func document() throws -> SchemaJSON {
        let family = SchemaFamily.members(below: root)
        if isStrict && !family.isEmpty {
            throw ModelError(
                .custom(
                    "\(root) has a tagged family, whose schema is a choice of objects; SchemaProfile.openAIStrict "
                        + "needs one object at the root: describe a model that holds a \(root) property instead"))
        }
        var document = family.isEmpty ? try objectSchema(of: root) : try familySchema(of: root, members: family)
        if !isStrict { document["$schema"] = "https://json-schema.org/draft/2020-12/schema" }
        if refersToClassNames {
            definitions[Self.classNamesDefinition] = [
                "description": "The class names that loading resolves to a class; it keeps any other name.",
                "enum": .array(SchemaFamily.allNames(of: knownClasses)),
            ]
        }
        if !definitions.isEmpty { document["$defs"] = .object(definitions) }
        return document
    }

    // MARK: Values

    /// The schema of a value of `type`.
    func schema(of type: Any.Type) throws -> SchemaJSON {
        if let described = type as? any SchemaDescribing.Type { return try described.schema(in: self) }
        if let union = type as? any SavedUnion.Type { return try schema(ofUnion: union) }
        if let representable = type as? any SavedRepresentable.Type {
            return try schema(ofRepresentationOf: representable)
        }
        if let codable = type as? any CodableSavedValue.Type { return try schema(ofCodable: codable) }
        if let raw = type as? any RawRepresentable.Type { return try schema(ofRawValuesOf: raw) }
        return .anyValue
    }

    /// Whether a value of `type` may be `nil`, so that its key is left out of the data.
    func canBeNil(_ type: Any.Type) -> Bool {
        (type as? any SchemaDescribing.Type)?.canBeNil ?? false
    }

    /// `schema`, accepting `null` too.
    func nullable(_ schema: SchemaJSON) -> SchemaJSON {
        var keywords = schema.keywords
        if keywords.isEmpty { return schema }
        if let anyOf = keywords["anyOf"], case .array(let branches) = anyOf, keywords.count == 1 {
            return ["anyOf": .array(branches.contains(["type": "null"]) ? branches : branches + [["type": "null"]])]
        }
        // Branches that only say what a string is, as a written date's, take `null` as they are.
        if case .array(let branches)? = keywords["anyOf"], branches.allSatisfy(Self.saysOnlyWhatAStringIs) {
            keywords["anyOf"] = nil
            var nullable = nullable(.object(keywords))
            nullable["anyOf"] = .array(branches)
            return nullable
        }
        let plain = ["$ref", "anyOf", "oneOf", "const", "not"].allSatisfy { keywords[$0] == nil }
        switch keywords["type"] {
        case .string(let type)? where plain:
            keywords["type"] = [.string(type), "null"]
        case .array(let types)? where plain:
            keywords["type"] = .array(types.contains("null") ? types : types + ["null"])
        default:
            return ["anyOf": [schema, ["type": "null"]]]
        }
        if case .array(let cases)? = keywords["enum"], !cases.contains(.null) {
            keywords["enum"] = .array(cases + [.null])
        }
        return .object(keywords)
    }

    /// Whether `schema` has only keywords that constrain strings, and so accepts every other
    /// value.
    private static func saysOnlyWhatAStringIs(_ schema: SchemaJSON) -> Bool {
        let stringKeywords: Set = ["format", "pattern", "minLength", "maxLength", "description"]
        return !schema.keywords.isEmpty && schema.keywords.keys.allSatisfy(stringKeywords.contains)
    }

    /// Describes a property's value with what the property says of it.
    func describing<Result>(
        dateFormat: DateFormat, rawValuesAreOpen: Bool, _ describe: () throws -> Result
    ) rethrows -> Result {
        let saved = (self.dateFormat, self.rawValuesAreOpen)
        self.dateFormat = dateFormat
        self.rawValuesAreOpen = rawValuesAreOpen
        defer { (self.dateFormat, self.rawValuesAreOpen) = saved }
        return try describe()
    }

    private func schema<T: SavedRepresentable>(ofRepresentationOf type: T.Type) throws -> SchemaJSON {
        try schema(of: T.SavedRepresentation.self)
    }

    private func schema<T: CodableSavedValue>(ofCodable type: T.Type) throws -> SchemaJSON {
        guard let schema = T.jsonSchema else { return .anyValue }
        return try SchemaJSON(dictionaryForm: schema)
    }

    private func schema<T: SavedUnion>(ofUnion type: T.Type) throws -> SchemaJSON {
        // Dates inside a union are ISO 8601, and no fallback reaches its alternatives.
        var branches: [SchemaJSON] = []
        for alternative in UnionCache.alternatives(of: T.self).alternatives {
            let branch = try describing(dateFormat: .iso8601, rawValuesAreOpen: false) {
                try schema(of: alternative.valueType)
            }
            if !branches.contains(branch) { branches.append(branch) }
        }
        return branches.count == 1 ? branches[0] : ["anyOf": .array(branches)]
    }

    private func schema<T: RawRepresentable>(ofRawValuesOf type: T.Type) throws -> SchemaJSON {
        let isOpen = rawValuesAreOpen
        rawValuesAreOpen = false
        defer { rawValuesAreOpen = isOpen }
        let schema = try schema(of: T.RawValue.self)
        // An open enum loads any value of its raw type; the cases are known only of a
        // `CaseIterable` enum, and name the values the raw type's other keywords allow.
        guard !isOpen, let iterable = T.self as? any CaseIterable.Type,
            let cases = try? Self.rawValues(of: iterable), !cases.isEmpty
        else { return schema }
        guard let type = schema["type"] else { return ["enum": .array(cases)] }
        return ["type": type, "enum": .array(cases)]
    }

    private static func rawValues<T: CaseIterable>(of type: T.Type) throws -> [SchemaJSON] {
        try T.allCases.compactMap { value in
            guard let raw = (value as? any RawRepresentable)?.rawValue else { return nil }
            return try SchemaJSON(dictionaryForm: raw)
        }
    }

    // MARK: Definitions

    /// A reference to the schema of a value of `modelClass`: its own objects, or its tagged
    /// family's.
    func reference(to modelClass: ModelObject.Type) throws -> SchemaJSON {
        let family = SchemaFamily.members(below: modelClass)
        if modelClass == root { return ["$ref": "#"] }
        guard !family.isEmpty else { return try objectReference(to: modelClass) }
        return try definition(DefinitionKey(modelClass: ObjectIdentifier(modelClass), isFamily: true), modelClass) {
            try familySchema(of: modelClass, members: family)
        }
    }

    /// A reference to the schema of the objects of `modelClass` itself.
    func objectReference(to modelClass: ModelObject.Type) throws -> SchemaJSON {
        let hasFamily = !SchemaFamily.members(below: modelClass).isEmpty
        if modelClass == root && !hasFamily { return ["$ref": "#"] }
        let key = DefinitionKey(modelClass: ObjectIdentifier(modelClass), isFamily: false)
        return try definition(key, modelClass, suffix: hasFamily ? "Object" : "") { try objectSchema(of: modelClass) }
    }

    /// The schema of a class name that loading resolves to no class: any name but those of
    /// the known classes, which the document lists once, in `$defs`.
    func unknownClassName() -> SchemaJSON {
        refersToClassNames = true
        return ["not": ["$ref": .string("#/$defs/\(Self.classNamesDefinition)")]]
    }

    /// The name in `$defs` of the list of known class names: not a Swift type name, so no
    /// class's definition takes it.
    static let classNamesDefinition = "class-names"

    /// Records that the document describes `modelClass`.
    func noteDescribed(_ modelClass: ModelObject.Type) {
        if !describedClasses.contains(where: { $0 == modelClass }) { describedClasses.append(modelClass) }
    }

    private func definition(
        _ key: DefinitionKey, _ modelClass: ModelObject.Type, suffix: String = "", build: () throws -> SchemaJSON
    ) throws -> SchemaJSON {
        if let name = names[key] { return ["$ref": .string("#/$defs/\(name)")] }
        let base = String(describing: modelClass) + suffix
        var name = base
        var number = 2
        while definitions[name] != nil {
            name = "\(base)\(number)"
            number += 1
        }
        names[key] = name
        // Taken before the schema is built, for the classes that nest themselves.
        definitions[name] = .null
        definitions[name] = try build()
        return ["$ref": .string("#/$defs/\(name)")]
    }
}
