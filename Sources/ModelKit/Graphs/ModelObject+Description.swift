import Foundation

extension ModelObject {
    private static let descriptionDepth = ThreadDepth()

    /// `Demo*(text: "Foo", number: 12345)`: the class, a star when the object has changes,
    /// and the saved values.
    func describe() -> String {
        let metadata = ModelMetadata.of(type(of: self))
        let marker = hasChanges ? "*" : ""
        return Self.descriptionDepth.descend(limit: 32, fallback: "\(metadata.modelName)\(marker)(…)") {
            let values = metadata.properties.map { "\($0.displayKey): \(Self.describe($0.value(of: self)))" }
            let unknown = unknowns.isEmpty ? [] : ["unknownValues: \(unknowns.count)"]
            return "\(metadata.modelName)\(marker)(\((values + unknown).joined(separator: ", ")))"
        }
    }

    private static func describe(_ value: Any) -> String {
        if let optional = value as? any OptionalValue {
            guard let wrapped = optional.wrappedValue else { return "nil" }
            return describe(wrapped)
        }
        if let string = value as? String { return String(reflecting: string) }
        return String(describing: value)
    }
}

/// An `Optional` whose wrapped value can be read without knowing its type.
private protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrappedValue: Any? { self.map { $0 } }
}
