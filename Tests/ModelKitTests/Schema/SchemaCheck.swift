import Foundation
import ModelKit

/// Checks a JSON value against a schema that ModelKit wrote, for the tests that compare a
/// schema's answer with loading's.
///
/// It knows the keywords that ModelKit writes (`type`, `enum`, `const`, `not`, `anyOf`,
/// `oneOf`, `allOf`, `$ref` inside the document, `properties`, `required`,
/// `additionalProperties`, `items`, `uniqueItems`, `pattern`, `minLength`, `minimum`,
/// `maximum`), and asserts the formats `date-time` and `date` by RFC 3339's grammar and
/// `uuid` by RFC 4122's, as a validator that asserts formats does; any other format is an
/// annotation. `Scripts/check-schemas.sh` checks the corpus's schemas with Python's
/// `jsonschema`.
struct SchemaCheck {
    let document: [String: Any]

    init(_ schema: Data) throws {
        guard let document = try JSONSerialization.jsonObject(with: schema) as? [String: Any] else {
            throw ModelError(.custom("a schema that is not an object"))
        }
        self.document = document
    }

    /// Whether the document's root schema accepts `json`, a JSON text.
    func accepts(json: String) throws -> Bool {
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
        return accepts(value, schema: document)
    }

    /// Whether `schema`, a part of the document, accepts `value`.
    func accepts(_ value: Any, schema: Any) -> Bool {
        if let bool = schema as? Bool { return bool }
        guard let schema = schema as? [String: Any] else { return false }
        if let reference = schema["$ref"] as? String, !accepts(value, schema: resolve(reference)) { return false }
        if let types = schema["type"], !hasType(value, types) { return false }
        if let cases = schema["enum"] as? [Any], !cases.contains(where: { Self.equal($0, value) }) { return false }
        if let constant = schema["const"], !Self.equal(constant, value) { return false }
        if let not = schema["not"], accepts(value, schema: not) { return false }
        if let anyOf = schema["anyOf"] as? [Any], !anyOf.contains(where: { accepts(value, schema: $0) }) {
            return false
        }
        if let oneOf = schema["oneOf"] as? [Any], oneOf.filter({ accepts(value, schema: $0) }).count != 1 {
            return false
        }
        if let allOf = schema["allOf"] as? [Any], !allOf.allSatisfy({ accepts(value, schema: $0) }) { return false }
        return acceptsString(value, schema) && acceptsNumber(value, schema) && acceptsObject(value, schema)
            && acceptsArray(value, schema)
    }

    /// `value` with `null` under each key that the root schema, or the schema of a nested
    /// object, requires and `value` lacks.
    func fillingRequiredKeysWithNull(_ value: Any) -> Any {
        filling(value, schema: document)
    }

    private func filling(_ value: Any, schema: Any) -> Any {
        guard var schema = schema as? [String: Any], var object = value as? [String: Any] else { return value }
        if let reference = schema["$ref"] as? String, let resolved = resolve(reference) as? [String: Any] {
            schema = resolved
        }
        let properties = schema["properties"] as? [String: Any] ?? [:]
        for key in schema["required"] as? [String] ?? [] where object[key] == nil { object[key] = NSNull() }
        for (key, member) in object {
            if let property = properties[key] { object[key] = filling(member, schema: property) }
        }
        return object
    }

    /// The schema that a reference inside the document names: `#` or `#/$defs/Name`.
    func resolve(_ reference: String) -> Any {
        guard reference != "#" else { return document }
        let name = reference.replacingOccurrences(of: "#/$defs/", with: "")
        return (document["$defs"] as? [String: Any])?[name] ?? false
    }

    /// RFC 3339's `full-date`, `date-time` and RFC 4122's UUID, by their grammar.
    private static let formats: [String: String] = {
        let date = "[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])"
        let time = "([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])"
        return [
            "date": "^\(date)$", "date-time": "^\(date)[Tt]\(time)$",
            "uuid": "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$",
        ]
    }()

    private func acceptsString(_ value: Any, _ schema: [String: Any]) -> Bool {
        guard let string = value as? String else { return true }
        if let minimum = schema["minLength"] as? Int, string.unicodeScalars.count < minimum { return false }
        if let format = (schema["format"] as? String).flatMap({ Self.formats[$0] }),
            let regex = try? Regex(format), string.wholeMatch(of: regex) == nil
        {
            return false
        }
        guard let pattern = schema["pattern"] as? String else { return true }
        guard let regex = try? Regex(pattern) else { return false }
        return string.firstMatch(of: regex) != nil
    }

    private func acceptsNumber(_ value: Any, _ schema: [String: Any]) -> Bool {
        guard let number = Self.number(value) else { return true }
        if let minimum = schema["minimum"].flatMap(Self.number), number < minimum { return false }
        if let maximum = schema["maximum"].flatMap(Self.number), number > maximum { return false }
        return true
    }

    private func acceptsObject(_ value: Any, _ schema: [String: Any]) -> Bool {
        guard let object = value as? [String: Any] else { return true }
        let properties = schema["properties"] as? [String: Any] ?? [:]
        for key in schema["required"] as? [String] ?? [] where object[key] == nil { return false }
        for (key, member) in object {
            if let property = properties[key] {
                guard accepts(member, schema: property) else { return false }
            } else if let additional = schema["additionalProperties"], !accepts(member, schema: additional) {
                return false
            }
        }
        return true
    }

    private func acceptsArray(_ value: Any, _ schema: [String: Any]) -> Bool {
        guard let array = value as? [Any] else { return true }
        if let items = schema["items"], !array.allSatisfy({ accepts($0, schema: items) }) { return false }
        if schema["uniqueItems"] as? Bool == true {
            for index in array.indices where array[..<index].contains(where: { Self.equal($0, array[index]) }) {
                return false
            }
        }
        return true
    }

    private func hasType(_ value: Any, _ types: Any) -> Bool {
        let names = (types as? [String]) ?? [(types as? String) ?? ""]
        return names.contains { name in
            switch name {
            case "null": value is NSNull
            case "boolean": Self.isBool(value)
            case "string": value is String
            case "object": value is [String: Any]
            case "array": value is [Any]
            case "number": Self.number(value) != nil
            case "integer": Self.number(value).map { $0.rounded(.towardZero) == $0 } ?? false
            default: false
            }
        }
    }

    private static func isBool(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        #if canImport(Darwin)
            return CFGetTypeID(number) == CFBooleanGetTypeID()
        #else
            return ObjectIdentifier(type(of: number)) == ObjectIdentifier(type(of: NSNumber(value: true)))
        #endif
    }

    private static func number(_ value: Any) -> Double? {
        guard !isBool(value), let number = value as? NSNumber else { return nil }
        return number.doubleValue
    }

    /// JSON equality: numbers by value, booleans apart from numbers.
    static func equal(_ lhs: Any, _ rhs: Any) -> Bool {
        if isBool(lhs) || isBool(rhs) {
            return isBool(lhs) && isBool(rhs) && (lhs as? Bool) == (rhs as? Bool)
        }
        if let left = number(lhs), let right = number(rhs) { return left == right }
        if let left = lhs as? String, let right = rhs as? String { return left == right }
        if lhs is NSNull || rhs is NSNull { return lhs is NSNull && rhs is NSNull }
        if let left = lhs as? [Any], let right = rhs as? [Any] {
            return left.count == right.count && zip(left, right).allSatisfy { equal($0, $1) }
        }
        if let left = lhs as? [String: Any], let right = rhs as? [String: Any] {
            return left.count == right.count
                && left.allSatisfy { key, value in right[key].map { equal(value, $0) } ?? false }
        }
        return false
    }
}
