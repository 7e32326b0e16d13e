import Foundation

extension ModelObject {
    /// Whether a property inside `container` has a value that a load kept in its place,
    /// other than a null (see ``hasKeptNull(at:metadata:)``).
    func hasStoredSkippedValues(inside container: PathContainer, metadata: ModelMetadata) -> Bool {
        hasStoredSkippedValues
            && container.members.contains {
                storedSkippedValues[metadata.properties[$0.property].offset].map { !$0.isNull } ?? false
            }
    }

    /// Whether the property at `index` of `metadata`, the metadata of the object's class,
    /// holds a kept null: as a bit of ``loadedNulls``, or among the skipped values once
    /// something asked for those.
    @inline(__always)
    func hasKeptNull(at index: Int, metadata: ModelMetadata) -> Bool {
        if hasStoredSkippedValues, let stored = storedSkippedValues[metadata.properties[index].offset] {
            return stored.isNull
        }
        return hasLoadedNull(at: index)
    }

    /// The nested object that the properties of `container` live inside, as written: `kept`,
    /// the unknown value under the container's key that holds the nested object's other keys,
    /// with each property's value put at its path; `nil` when there is nothing to write.
    ///
    /// A nested object, at any level, that came as `null` or `{}` and gets nothing is written
    /// as it came; one that gets a value is written as an object. A kept value that is not an
    /// object, which a lenient load found where an object belongs, is written back as it was,
    /// in place of the properties beneath it; so is one that blocks the way to a property
    /// deeper inside.
    ///
    /// - Parameter valueOf: The dictionary form of a property's value; `nil` for `nil`.
    func containerValue(
        _ container: PathContainer,
        kept: Any?,
        valueOf: (AnySavedProperty) throws -> Any?
    ) throws -> Any? {
        var level = PathWalk.Level.absent
        if let kept, !(kept is NSNull) {
            guard let object = FastCast.dictionary(kept) else { return kept }
            level = .object(object)
        }
        let properties = ModelMetadata.of(type(of: self)).properties
        let walk = try container.walk(level) { index, place in
            let property = properties[index]
            let value = try KeyPathStep.at(Array(property.keyPath.dropFirst())) { try valueOf(property) }
            guard let value else { return }
            place.put(value)
        }
        guard let result = walk.value.object, !result.isEmpty else { return kept }
        return result
    }
}

extension PathContainer {
    /// The unknown value kept under the container's key, `kept`, as a dictionary that
    /// ``ModelObject/containerValue(_:kept:valueOf:)`` puts the properties' values into, for
    /// JSON writers that do not write the container level by level: the kept text of each
    /// other key stays text, written as it came, and each nested object on the way to
    /// properties becomes a dictionary of its own, or `NSNull` where it came as `null`.
    func writableValue(of kept: Any) -> Any {
        guard let members = kept as? CompactMembers else { return UnknownValues.foundationValue(of: kept) }
        return writableValue(of: members, atLevel: 0)
    }

    private func writableValue(of members: CompactMembers, atLevel level: Int) -> [String: Any] {
        var result: [String: Any] = [:]
        members.forEachMember { key, range in result[key] = members.value(in: range) }
        for (key, slot) in zip(levels[level].keys, levels[level].slots) {
            guard case .level(let inner) = slot else { continue }
            switch members.nestedMember(forKey: key) {
            case .object(let nested): result[key] = writableValue(of: nested, atLevel: inner)
            case .null: result[key] = NSNull()
            case .absent, .other: break
            }
        }
        return result
    }
}
