import Foundation

extension ModelObject {
    /// The raw value that an open enum property loaded its fallback for, and writes back
    /// until it is set; `nil` when the property holds a case of its own.
    ///
    /// ```swift
    /// // {"visibility": "internal"}
    /// @Saved(fallback: .unknown) var visibility = Visibility.public
    ///
    /// repository.visibility                            // .unknown
    /// repository.unknownRawValue(forKey: "visibility")  // "internal"
    /// ```
    ///
    /// - Parameter key: The property's key, as ``savedKeys`` lists it.
    /// - Returns: The raw value as the data had it, in the dictionary form.
    public func unknownRawValue(forKey key: String) -> Any? {
        accessSavedValues()
        let metadata = ModelMetadata.of(type(of: self))
        if case .flattened(let object, _)? = metadata.layout.matches[key] {
            return metadata.layout.flattened[object].object(in: self)?.unknownRawValue(forKey: key)
        }
        guard hasSkippedValues,
            let property = metadata.properties.first(where: { $0.displayKey == key }), property.fallback != nil
        else { return nil }
        return skippedValue(of: property)
    }

    /// Loads the fallback of an open enum in place of `rawValue`, a raw value that names no
    /// case, and keeps the raw value to write back until the property is set.
    @inline(never)
    func takeFallback(
        _ fallback: SavedFallback,
        for property: AnySavedProperty,
        keeping rawValue: Any,
        since marks: LenientMarks,
        context: LoadContext
    ) {
        context.forgetProblems(since: marks)
        keepSkippedValue(rawValue, of: property, isPartlyLoaded: false)
        property.setValue(fallback.value, of: self)
    }
}
