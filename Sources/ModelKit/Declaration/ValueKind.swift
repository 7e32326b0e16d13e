import Foundation

/// The value types that loading and writing handle with code written for them, instead of
/// the generic code of `SavedProperty<Value>`, which reaches every operation through witness
/// tables and instantiates generic metadata on the way.
enum ValueKind {
    case string
    case int
    case double
    case bool
    case date
    case optionalString
    case stringArray
    case model(ModelObject.Type)
    case other

    init(_ type: Any.Type) {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(String.self): self = .string
        case ObjectIdentifier(Int.self): self = .int
        case ObjectIdentifier(Double.self): self = .double
        case ObjectIdentifier(Bool.self): self = .bool
        case ObjectIdentifier(Date.self): self = .date
        case ObjectIdentifier(String?.self): self = .optionalString
        case ObjectIdentifier([String].self): self = .stringArray
        default:
            if let modelClass = type as? ModelObject.Type {
                self = .model(modelClass)
            } else {
                self = .other
            }
        }
    }
}

/// An optional model class, whose wrapped class is found without knowing it statically.
protocol OptionalModel {
    static var wrappedModelClass: ModelObject.Type { get }
}

extension Optional: OptionalModel where Wrapped: ModelObject {
    static var wrappedModelClass: ModelObject.Type { Wrapped.self }
}
