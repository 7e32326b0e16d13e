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

extension SavedProperty {
    /// Reads a value of a kind that holds no model objects, into the property's storage in
    /// `object`, for ``read(from:into:context:)``.
    ///
    /// Apart from it, since loading recursion passes through that frame and not this one.
    @inline(never)
    func readScalar(from reader: inout JSONReader, into object: ModelObject, context: LoadContext) throws {
        switch kind {
        case .string: value(in: object, as: String.self).pointee = try reader.readStringValue()
        case .int: value(in: object, as: Int.self).pointee = try reader.readIntegerValue(Int.self)
        case .double: value(in: object, as: Double.self).pointee = try reader.readDoubleValue()
        case .bool: value(in: object, as: Bool.self).pointee = try reader.readBoolValue()
        case .date: value(in: object, as: Date.self).pointee = try reader.readDateValue()
        case .optionalString:
            value(in: object, as: String?.self).pointee = try reader.readNull() ? nil : reader.readStringValue()
        case .stringArray:
            value(in: object, as: [String].self).pointee = try [String]._read(from: &reader, context: context)
        case .model, .other:
            value(in: object, as: Value.self).pointee = try Value._read(from: &reader, context: context)
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
