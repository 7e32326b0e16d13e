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

    /// The schema of the object.
    ///
    /// - Parameters:
    ///   - isClosed: Whether the object, and each nested one, takes no other keys.
    ///   - nestedObjectsMayBeNull: Whether each object nested directly in this one may be
    ///     `null` instead, which loading reads as an object without keys; deeper ones may not.
    func schema(isClosed: Bool, nestedObjectsMayBeNull: Bool = false) -> SchemaJSON {
        var properties: [String: SchemaJSON] = [:]
        for (key, member) in members {
            switch member {
            case .value(let schema):
                properties[key] = schema
            case .object(let inner):
                var nested = inner.schema(isClosed: isClosed)
                if nestedObjectsMayBeNull { nested["type"] = ["object", "null"] }
                properties[key] = nested
            }
        }
        var schema: SchemaJSON = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { schema["required"] = .array(required.sorted().map { .string($0) }) }
        if isClosed { schema["additionalProperties"] = false }
        return schema
    }
}
