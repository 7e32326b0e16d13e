import Foundation

extension ModelObject {
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
    /// values, and the values that a lenient load skipped. A `null` kept in place of a `nil`
    /// does not: it is how the `nil` is written, not a value the object holds; nor does a
    /// nested object on a `path:` that came as `null` or `{}` and holds nothing else.
    func hasEqualOwnValues(to other: ModelObject, metadata: ModelMetadata) -> Bool {
        guard keptClassName == other.keptClassName else { return false }
        for property in metadata.properties where !property.isEqual(self, other) {
            return false
        }
        if hasSkippedValues || other.hasSkippedValues {
            guard hasEqualSkippedValues(to: other, metadata: metadata) else { return false }
        }
        return unknowns.isEqual(to: other.unknowns, containers: metadata.layout.containers)
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
}
