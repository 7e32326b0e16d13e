import Foundation

/// The keys of one JSON object being described, for a model class's data and for each nested
/// object that its `@Saved(path:)` properties live inside.
struct SchemaObject {
    private enum Member {
        case value(SchemaJSON)
        case object(SchemaObject)
    }

    private var members: [String: Member] = [:]
    private var required: Set<String> = []

    /// Adds the schema of a value at `path` (the keys of the nested objects that hold it,
    /// then its own key), creating the nested objects on the way; a nested object is required
    /// when a value inside it is.
    mutating func insert(_ schema: SchemaJSON, at path: ArraySlice<String>, isRequired: Bool) {
        guard let key = path.first else { return }
        if isRequired { required.insert(key) }
        guard path.count > 1 else {
            members[key] = .value(schema)
            return
        }
        var inner = SchemaObject()
        if case .object(let existing)? = members[key] { inner = existing }
        inner.insert(schema, at: path.dropFirst(), isRequired: isRequired)
        members[key] = .object(inner)
    }

    /// Which nested objects may be `null` instead of an object.
    enum NullLevels {
        /// Every one: loading reads a `null` where a nested object belongs, at any level, as
        /// one without keys.
        case all
        /// Those with no required key: writing writes a nested object that came as `null`
        /// back as `null` when nothing is written into it, which happens only when nothing
        /// inside it is always written.
        case withoutRequiredKeys
        /// None.
        case none
    }

    /// The schema of the object.
    ///
    /// - Parameters:
    ///   - isClosed: Whether the object, and each nested one, takes no other keys.
    ///   - nullLevels: Which of the nested objects, at any depth, may be `null` instead.
    func schema(isClosed: Bool, nullLevels: NullLevels = .none) -> SchemaJSON {
        var properties: [String: SchemaJSON] = [:]
        for (key, member) in members {
            switch member {
            case .value(let schema):
                properties[key] = schema
            case .object(let inner):
                var nested = inner.schema(isClosed: isClosed, nullLevels: nullLevels)
                switch nullLevels {
                case .all: nested["type"] = ["object", "null"]
                case .withoutRequiredKeys where inner.required.isEmpty: nested["type"] = ["object", "null"]
                case .withoutRequiredKeys, .none: break
                }
                properties[key] = nested
            }
        }
        var schema: SchemaJSON = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { schema["required"] = .array(required.sorted().map { .string($0) }) }
        if isClosed { schema["additionalProperties"] = false }
        return schema
    }
}
