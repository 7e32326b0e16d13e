import Foundation

/// Where a class's values live in its data: what each key at the top level of an object
/// names, and which keys hold nested objects that properties live inside.
///
/// Built once per class from its saved properties and its header keys; both ways of reading
/// and every writer follow it.
struct DataLayout: Sendable {
    /// The key of the data's version, or `nil` when the class's data has none.
    let versionKey: String?
    /// The key of the class's name, or `nil` when the class's data has none.
    let typeKey: String?
    /// The nested objects that properties live inside, in the order their first property is
    /// declared.
    let containers: [PathContainer]
    /// The nested objects whose properties live at the top level, in declaration order.
    let flattened: [FlattenedObject]
    /// What each key at the top level names: a property's own key or one of its
    /// alternatives, a header key, a container, or a property of a flattened object.
    let matches: [String: KeyTable.Match]
    /// For each property, its own key followed by its alternatives, in order of preference;
    /// empty for a property inside a container and for a flattened object.
    let keysByProperty: [[String]]
    /// Whether a property has alternative keys.
    let hasAlternatives: Bool
    /// The index of each property's container, or `nil` for a property of the top level.
    let containerIndexes: [Int?]
    /// The index in ``flattened`` of each property that holds a flattened object; `nil` for
    /// the others.
    let flattenedIndexes: [Int?]
    /// How many keys a pass over an object's entries tells apart: the properties, the
    /// containers, then the properties of each flattened object.
    let foundSlotCount: Int

    /// Whether `key` is one that the class itself writes at the top level.
    ///
    /// Those are the header keys and the properties' own keys. Unknown values may be kept under any other key, including the
    /// alternatives, whose values loading keeps when a better key is present, and the
    /// containers, whose other keys they hold.
    func ownsKey(_ key: String) -> Bool {
        switch matches[key] {
        case .version?, .className?: true
        case .property(let index)?: keysByProperty[index].first == key
        case .flattened(let object, let index)?: flattened[object].keys(ofProperty: index).first == key
        case .container?, nil: false
        }
    }

    /// For a property inside a container, the container when the property is its first
    /// (where the container is written) and `.some(nil)` for the others; `nil` for a
    /// property of the top level.
    @inline(__always)
    func firstContainer(ofProperty index: Int) -> PathContainer?? {
        guard let containerIndex = containerIndexes[index] else { return nil }
        let container = containers[containerIndex]
        return .some(container.members.first?.property == index ? container : nil)
    }

    /// What a key of a dictionary form feeds.
    enum Entry: Equatable {
        /// The value of the top-level property at this index.
        case property(Int)
        /// The nested object of the container at this index.
        case container(Int)
        /// The property at `property` of the flattened object at `object` in ``flattened``.
        case flattened(object: Int, property: Int)
        /// The version or the class name.
        case header
        /// A key the class does not declare: an unknown value, unless the load rejects it.
        case undeclared
        /// An alternative key that a key of the same property present outranks: an unknown
        /// value, kept so that nothing is lost.
        case outranked
    }

    /// What the entry under `key` of `data` feeds: the one rule for loading a dictionary form
    /// and for applying a merge patch, which decides between a property's keys (its own
    /// first, then its alternatives in order) and keeps the others.
    func entry(forKey key: String, in data: [String: Any]) -> Entry {
        switch matches[key] {
        case .property(let index)?: key == self.key(ofProperty: index, in: data) ? .property(index) : .outranked
        case .container(let index)?: .container(index)
        case .flattened(let object, let index)?:
            flattened[object].keys(ofProperty: index).first { data[$0] != nil } == key
                ? .flattened(object: object, property: index) : .outranked
        case .version?, .className?: .header
        case nil: .undeclared
        }
    }

    /// The key of `data` whose value the top-level property at `index` takes: the first of
    /// its keys that `data` has, its own first; `nil` when it has none.
    func key(ofProperty index: Int, in data: [String: Any]) -> String? {
        keysByProperty[index].first { data[$0] != nil }
    }

    /// Whether `key` is that of a container.
    func isContainer(_ key: String) -> Bool {
        if case .container? = matches[key] { return true }
        return false
    }

    /// The flattened object that the property at `index` holds, or `nil` for a property that
    /// holds none.
    @inline(__always)
    func flattenedObject(ofProperty index: Int) -> FlattenedObject? {
        flattenedIndexes[index].map { flattened[$0] }
    }

    /// Whether every property is found under one key of the top level.
    var isFlat: Bool { containers.isEmpty && flattened.isEmpty && !hasAlternatives }

    /// The layout of `properties` under the header keys given; stops at a declaration error,
    /// which depends only on the class's declarations, so it shows on the class's first use.
    init(properties: [AnySavedProperty], versionKey: String?, typeKey: String?, of modelClass: ModelObject.Type) {
        self.versionKey = versionKey
        self.typeKey = typeKey
        var matches: [String: KeyTable.Match] = [:]
        // The names of the properties of flattened objects, by key, for the messages below.
        var flattenedNames: [String: String] = [:]
        // The keys come from the class's declarations and header keys, never from data, so the
        // checks below stop a declaration error at the class's first use and no load can
        // reach them.
        func claim(_ key: String, _ match: KeyTable.Match, by name: String) {
            if let existing = matches[key] {
                guard existing != match else { return }
                if existing == .version || existing == .className {
                    let hook = existing == .version ? "versionKey" : "typeKey"
                    preconditionFailure(
                        "\(modelClass) declares a saved key \"\(key)\" for \(name), which its data's header uses; to "
                            + "store a property under it, override \(hook) with another key, or nil for data without one"
                    )
                }
                let other = flattenedNames[key] ?? Self.name(of: existing, properties)
                preconditionFailure("\(modelClass) declares the key \"\(key)\" twice: for \(name) and for \(other)")
            }
            matches[key] = match
            if case .flattened = match { flattenedNames[key] = name }
        }
        if let versionKey { claim(versionKey, .version, by: "the version (versionKey)") }
        if let typeKey { claim(typeKey, .className, by: "the class name (typeKey)") }
        var containers: [PathContainer] = []
        var containerIndexes: [Int?] = []
        var keysByProperty: [[String]] = []
        var flattened: [(property: Int, metadata: ModelMetadata)] = []
        var flattenedIndexes: [Int?] = []
        for (index, property) in properties.enumerated() {
            let name = "the property stored as \"\(property.displayKey)\""
            flattenedIndexes.append(property.isFlattened ? flattened.count : nil)
            if let flattenedClass = property.flattenedClass {
                let objectName = "the flattened object \"\(property.key)\" (\(flattenedClass))"
                let metadata = FlattenedObject.metadata(of: flattenedClass, in: modelClass, name: objectName)
                for (inner, innerProperty) in metadata.properties.enumerated() {
                    let innerName = "the property stored as \"\(innerProperty.key)\" in \(objectName)"
                    for key in metadata.layout.keysByProperty[inner] {
                        claim(key, .flattened(flattened.count, inner), by: innerName)
                    }
                }
                flattened.append((index, metadata))
                keysByProperty.append([])
                containerIndexes.append(nil)
                continue
            }
            guard let outer = property.path.first else {
                claim(property.key, .property(index), by: name)
                for alternative in property.alternatives {
                    claim(alternative, .property(index), by: name)
                }
                keysByProperty.append([property.key] + property.alternatives)
                containerIndexes.append(nil)
                continue
            }
            precondition(
                property.alternatives.isEmpty,
                "\(modelClass) declares alternative keys for \(name), which lives inside nested objects")
            keysByProperty.append([])
            if let existing = containers.firstIndex(where: { $0.key == outer }) {
                containers[existing].add(property: index, path: property.path, of: modelClass)
                containerIndexes.append(existing)
            } else {
                claim(outer, .container(containers.count), by: name)
                var container = PathContainer(key: outer)
                container.add(property: index, path: property.path, of: modelClass)
                containerIndexes.append(containers.count)
                containers.append(container)
            }
        }
        self.containers = containers
        self.matches = matches
        self.keysByProperty = keysByProperty
        self.containerIndexes = containerIndexes
        var slot = properties.count + containers.count
        self.flattened = flattened.map { object in
            defer { slot += object.metadata.properties.count }
            return FlattenedObject(
                index: object.property, property: properties[object.property], metadata: object.metadata,
                firstFoundSlot: slot)
        }
        self.flattenedIndexes = flattenedIndexes
        foundSlotCount = slot
        hasAlternatives = properties.contains { !$0.alternatives.isEmpty }
    }

    private static func name(of match: KeyTable.Match, _ properties: [AnySavedProperty]) -> String {
        switch match {
        case .property(let index): "the property stored as \"\(properties[index].displayKey)\""
        case .version: "the version (versionKey)"
        case .className: "the class name (typeKey)"
        case .container: "the nested object that properties live inside"
        case .flattened: "a property of a flattened object"  // Named by the claim instead.
        }
    }
}
