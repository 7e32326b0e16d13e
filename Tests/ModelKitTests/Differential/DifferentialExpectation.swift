import Foundation

/// What a writer must write for an object loaded from a document, derived from the document and
/// the model's shape alone.
///
/// - Each property is written under its own key: the value of the first of its keys that the
///   document has (`null` included), or its default when it has none; a `nil` is left out,
///   unless its class writes `nil` as `null`, and a `null` that was loaded is written as `null`.
/// - The values under a property's other keys present, and every undeclared key, at every level,
///   come back as they came.
/// - A container that properties live in is written when they write something into it, with
///   its undeclared keys; one that was `null` and gets nothing is written back as `null`.
/// - The header writes the class's name, or the name the document gave when it names no class,
///   and the class's version, or the document's when it is newer.
///
/// For
///
///     @Saved("id", alternatives: ["ID"]) var identifier = 0
///     @Saved(path: "stats", "stars") var stars: Int? = nil
///
/// and the document `{"ID": 7, "stats": {"stars": null, "forks": 2}, "extra": [1.0]}`, every
/// writer writes `{"id": 7, "stats": {"stars": null, "forks": 2}, "extra": [1.0]}`, in some
/// order of keys.
indirect enum DifferentialExpectation {
    /// An undeclared value, written back as it came; in its very text when `isText`, unless the
    /// writer builds the containers of paths from Foundation values and it is inside one.
    case kept(DifferentialJSON, isText: Bool, isInContainer: Bool = false)
    /// A property's value of a kind, as the document had it.
    case value(DifferentialKind, DifferentialJSON)
    case null
    case array([DifferentialExpectation])
    case object([(String, DifferentialExpectation)])

    /// What is written for an object of `shape` loaded from `document`.
    ///
    /// - Parameter includesHeader: Whether the writer writes headers (not `.withoutHeader`).
    static func of(_ document: DifferentialJSON, shape: DifferentialShape, includesHeader: Bool = true)
        -> DifferentialExpectation
    {
        Builder(includesHeader: includesHeader, isDictionaryWay: false).object(shape, document.members ?? [])
    }

    /// Whether a `null` is written anywhere: a property list cannot hold it.
    var containsNull: Bool {
        switch self {
        case .null: true
        case .kept(let json, _, _): json.containsNull
        case .value: false
        case .array(let elements): elements.contains { $0.containsNull }
        case .object(let members): members.contains { $0.1.containsNull }
        }
    }

    private struct Builder {
        let includesHeader: Bool
        /// Whether the object is read the dictionary way, so that its undeclared values are
        /// Foundation values, which write their numbers in their own text.
        var isDictionaryWay: Bool
        /// Whether the values are inside a container that properties live in.
        var isInContainer = false

        /// Whether ModelKit's reader reads an object the dictionary way, as ARCHITECTURE.md says
        /// it does for data older than its class (so that `migrate(_:from:)` sees it), for a
        /// class name to resolve the slow way and for a property found under two of its keys,
        /// and as `KeyTable` says it does for a class with a key of its top level that is not
        /// ASCII.
        private static func isReadTheDictionaryWay(_ shape: DifferentialShape, _ input: [DifferentialJSON.Member])
            -> Bool
        {
            if shape.declaredKeys.contains(where: { !$0.allSatisfy(\.isASCII) }) { return true }
            if case .keys(let versionKey, let typeKey, let name, let modelVersion) = shape.header {
                let version = input.last { $0.key == versionKey }.flatMap { number($0.value) } ?? 1
                if version < Decimal(modelVersion) { return true }
                if let given = input.last(where: { $0.key == typeKey }), given.value.plain != .string(name) {
                    return true
                }
            }
            return hasPropertyUnderTwoKeys(shape.slots, input)
        }

        private static func hasPropertyUnderTwoKeys(_ slots: [DifferentialSlot], _ input: [DifferentialJSON.Member])
            -> Bool
        {
            slots.contains { slot in
                switch slot {
                case .value(let property):
                    return property.keys.filter { key in input.contains { $0.key == key } }.count > 1
                case .container(let key, let inner):
                    let nested = input.last { $0.key == key }?.value.members ?? []
                    return hasPropertyUnderTwoKeys(inner, nested)
                }
            }
        }

        func object(_ shape: DifferentialShape, _ input: [DifferentialJSON.Member]) -> DifferentialExpectation {
            var builder = self
            builder.isDictionaryWay = isDictionaryWay || Self.isReadTheDictionaryWay(shape, input)
            builder.isInContainer = false
            return builder.objectMembers(shape, input)
        }

        private func objectMembers(_ shape: DifferentialShape, _ input: [DifferentialJSON.Member])
            -> DifferentialExpectation
        {
            var members: [(String, DifferentialExpectation)] = []
            if includesHeader, case .keys(let versionKey, let typeKey, let name, let modelVersion) = shape.header {
                let given = input.last { $0.key == versionKey }.flatMap { Self.number($0.value) }
                let version = max(Decimal(modelVersion), given ?? 0)
                members.append((versionKey, .value(.integer(.int), .number("\(version)"))))
                let givenName = input.last { $0.key == typeKey }.flatMap { member -> String? in
                    if case .string(let text) = member.value.plain { return text }
                    return nil
                }
                let isUnknownName = givenName.map { $0 != name } ?? false
                members.append((typeKey, .kept(.string(isUnknownName ? givenName ?? name : name), isText: false)))
            }
            return .object(members + level(shape.slots, input, declared: shape.declaredKeys))
        }

        private static func number(_ json: DifferentialJSON) -> Decimal? {
            guard case .number(let text) = json.plain else { return nil }
            return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        }

        func level(_ slots: [DifferentialSlot], _ input: [DifferentialJSON.Member], declared: Set<String>)
            -> [(String, DifferentialExpectation)]
        {
            var members: [(String, DifferentialExpectation)] = []
            for slot in slots {
                switch slot {
                case .value(let property):
                    members += self.property(property, input)
                case .container(let key, let inner):
                    let value = input.last { $0.key == key }?.value
                    if let nested = value?.members {
                        var builder = self
                        builder.isInContainer = true
                        let declared = Set(DifferentialSlot.keys(of: inner))
                        members.append((key, .object(builder.level(inner, nested, declared: declared))))
                        continue
                    }
                    let written = level(inner, [], declared: [])
                    if !written.isEmpty {
                        members.append((key, .object(written)))
                    } else if value?.plain == .null {
                        members.append((key, .null))
                    }
                }
            }
            for member in input where !declared.contains(member.key) {
                members.append(
                    (member.key, .kept(member.value, isText: !isDictionaryWay, isInContainer: isInContainer)))
            }
            return members
        }

        private func property(_ property: DifferentialProperty, _ input: [DifferentialJSON.Member])
            -> [(String, DifferentialExpectation)]
        {
            let present = property.keys.filter { key in input.contains { $0.key == key } }
            guard let winner = present.first, let value = input.last(where: { $0.key == winner })?.value else {
                guard let written = defaultValue(of: property) else { return [] }
                return [(property.key, written)]
            }
            var members = [(property.key, value.plain == .null ? .null : self.value(property.kind, value))]
            for other in present.dropFirst() {
                if let kept = input.last(where: { $0.key == other }) {
                    members.append((other, .kept(kept.value, isText: !isDictionaryWay)))
                }
            }
            return members
        }

        private func defaultValue(of property: DifferentialProperty) -> DifferentialExpectation? {
            if let text = property.defaultJSON, let json = try? DifferentialJSON.parse(Data(text.utf8)) {
                return value(property.kind, json)
            }
            if case .model(let shape) = property.kind, !property.isOptional { return object(shape, []) }
            return property.writesNilAsNull ? .null : nil
        }

        func value(_ kind: DifferentialKind, _ json: DifferentialJSON) -> DifferentialExpectation {
            switch (kind, json.plain) {
            case (.model(let shape), .object(let members)): object(shape, members)
            case (.array(let element), .array(let elements)): .array(elements.map { value(element, $0) })
            default: .value(kind, json)
            }
        }
    }
}
