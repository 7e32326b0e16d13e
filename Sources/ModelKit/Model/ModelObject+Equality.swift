import Foundation

extension ModelObject {
    private static let descriptionDepth = ThreadDepth()

    /// Whether the saved values are equal, for `isEqual(_:)`: the rule of
    /// ``GraphComparison``, which compares graphs of any depth, cycles included.
    func hasEqualValues(to other: ModelObject) -> Bool {
        if self === other { return true }
        guard type(of: self) == type(of: other) else { return false }
        return GraphComparison.isEqual(self, other)
    }

    /// Whether the values of this object itself equal `other`'s; nested model objects compare
    /// through `==`, which ``GraphComparison`` answers.
    ///
    /// Values kept from the data to be written back count as saved values: preserved unknown
    /// values, and the values that a lenient load skipped, so that objects that write
    /// different data are never equal.
    func hasEqualOwnValues(to other: ModelObject, metadata: ModelMetadata) -> Bool {
        guard keptClassName == other.keptClassName else { return false }
        for property in metadata.properties where !property.isEqual(self, other) {
            return false
        }
        if !skippedValues.isEmpty || !other.skippedValues.isEmpty {
            guard hasEqualSkippedValues(to: other, metadata: metadata) else { return false }
        }
        guard !unknownValues.isEmpty || !other.unknownValues.isEmpty else { return true }
        return DictionaryFormEquality.isEqual(unknownValues, other.unknownValues)
    }

    /// The hash of the class and the saved values that are not model objects.
    var savedValuesHash: Int {
        var hasher = Hasher()
        hasher.combine(ObjectIdentifier(type(of: self)))
        for property in ModelMetadata.of(type(of: self)).properties {
            property.hash(of: self, into: &hasher)
        }
        return hasher.finalize()
    }

    /// A deep copy of the same class, with no changes.
    ///
    /// Nested model objects are copied too; an object that appears twice in the graph is
    /// copied once, so shared objects stay shared and cycles stay cycles.
    ///
    /// ```swift
    /// let copy = demo.copy()
    /// assert(copy == demo && copy !== demo)
    /// ```
    ///
    /// The copy shares no model object with the original, so it is returned as `sending`:
    /// the caller may pass it on to another isolation domain while keeping the original. What
    /// the two share are the values kept to be written back, ``unknownValues`` and the values
    /// that a lenient load skipped, which are values of the dictionary form that neither
    /// object mutates.
    ///
    /// - Returns: The copy.
    public func copy() -> sending Self {
        disconnected(deepCopy())
    }

    func deepCopy() -> Self {
        CopyContext.copy(of: self)
    }

    func copyValues(to copy: ModelObject, metadata: ModelMetadata, context: CopyContext) {
        for property in metadata.properties {
            property.copyValue(from: self, to: copy, context: context)
        }
        copy.unknownValues = unknownValues
        copy.skippedValues = skippedValues
        copy.keptClassName = keptClassName
        copy.newerVersion = newerVersion
        copy.changeRecord = ChangeRecord()
        copy.isPristine = false
    }

    /// `Demo*(text: "Foo", number: 12345)`: the class, a star when the object has changes,
    /// and the saved values.
    func describe() -> String {
        let metadata = ModelMetadata.of(type(of: self))
        let marker = hasChanges ? "*" : ""
        return Self.descriptionDepth.descend(limit: 32, fallback: "\(metadata.modelName)\(marker)(…)") {
            let values = metadata.properties.map { "\($0.key): \(Self.describe($0.value(of: self)))" }
            let unknown = unknownValues.isEmpty ? [] : ["unknownValues: \(unknownValues.count)"]
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
