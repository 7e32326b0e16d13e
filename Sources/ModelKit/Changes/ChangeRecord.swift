/// The values that saved properties and unknown keys had before they changed.
struct ChangeRecord {
    /// Original values of saved properties, by field offset.
    var properties: [Int: Any] = [:]
    /// Original values of unknown keys, by key; `nil` for a key that was absent.
    var unknownKeys: [String: Any?] = [:]
    /// Values that a lenient load skipped and that setting their property replaced, by field
    /// offset, so that reverting puts them back; each has its entry in ``properties`` too.
    var skippedValues: [Int: SkippedValue] = [:]

    var isEmpty: Bool { properties.isEmpty && unknownKeys.isEmpty }

    /// The keys of the changed properties and unknown keys, for an object described by
    /// `metadata`.
    func keys(in metadata: ModelMetadata) -> Set<String> {
        var keys = Set(unknownKeys.keys)
        for offset in properties.keys {
            if let property = metadata.propertiesByOffset[offset] { keys.insert(property.displayKey) }
        }
        return keys
    }
}
