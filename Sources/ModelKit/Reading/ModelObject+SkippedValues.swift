import Foundation

/// A value that a lenient load could not read into its property, kept so that writing puts it
/// back unchanged until the property is set.
struct SkippedValue {
    /// The value as the data holds it, in its dictionary form.
    let savedValue: Any

    /// For a value that loaded only in part into a property holding model objects, a copy of
    /// what the property received; `nil` when the property holds no model objects or kept
    /// nothing of the value.
    ///
    /// Changes inside nested objects do not set the property, so the kept value stands in for
    /// the property's only while the property still equals this copy.
    let loadedValue: Any?
}

extension ModelObject {
    /// Keeps `savedValue`, the dictionary form that the data holds for `property`, which a
    /// lenient load skipped in whole or in part; the problem itself is recorded by the caller.
    ///
    /// Every loading path calls this for each value it skips, so that ``dictionary``, both JSON
    /// writers, `Codable` and archiving write the value back until the property is set.
    ///
    /// - Parameters:
    ///   - savedValue: The value found in the data.
    ///   - property: The property the value belongs to.
    ///   - isPartlyLoaded: Whether the property received part of the value, such as an array
    ///     without the elements that did not fit; `false` when it received none of it, and is
    ///     then given its default, as it would have in a new object.
    func keepSkippedValue(_ savedValue: Any, of property: AnySavedProperty, isPartlyLoaded: Bool) {
        if !isPartlyLoaded { resetToDefault(property) }
        let loadedValue = isPartlyLoaded && property.containsModelObjects ? property.copiedValue(of: self) : nil
        skippedValues[property.offset] = SkippedValue(savedValue: savedValue, loadedValue: loadedValue)
    }

    /// Settles a property's value that loaded, from the dictionary form or from JSON: prefixes
    /// the problems found in it since `marks` with its key, keeps the whole value through
    /// `keepWholeValue` when part of it was dropped, and otherwise forgets a value kept from an
    /// earlier load, which the new one replaces.
    @inline(__always)
    func settleLoadedValue(
        of property: AnySavedProperty,
        since marks: LenientMarks,
        context: LoadContext,
        keepingWholeValue keepWholeValue: () -> Void
    ) {
        context.prefixIssues(since: marks, with: .key(property.key))
        if context.takeBackDroppedValues(since: marks) {
            keepWholeValue()
        } else if !skippedValues.isEmpty {
            skippedValues[property.offset] = nil
        }
    }

    /// Keeps the `null` that loaded into `property`, an optional now `nil`, so that writing
    /// puts it back until the property is set: a server may tell `null` from a missing key.
    func keepNull(of property: AnySavedProperty) {
        guard property.isNil(in: self) else { return }
        skippedValues[property.offset] = SkippedValue(savedValue: NSNull(), loadedValue: nil)
    }

    /// Gives `property` the value it has in a new object of this class, for a value that a
    /// lenient load could not read: loading into an object that held other values then ends
    /// as loading into a new one would, as ``LoadOptions/lenient`` promises.
    func resetToDefault(_ property: AnySavedProperty) {
        property.takeDefault(from: type(of: self).init(), into: self)
    }

    /// The value that writing puts in place of `property`'s own: the kept value of a lenient
    /// load, while the property has not been set since; else `nil`.
    func skippedValue(of property: AnySavedProperty) -> Any? {
        guard let skipped = skippedValues[property.offset] else { return nil }
        if let loadedValue = skipped.loadedValue, !property.isEqual(loadedValue, toValueOf: self) {
            return nil
        }
        return skipped.savedValue
    }

    /// Forgets the kept value of the property stored at `offset`, which is being set, and
    /// whether setting it is a change: replacing a kept value changes the data even when the
    /// property's own value stays equal.
    ///
    /// - Returns: `true` when a kept value was replaced and recorded as a change.
    @discardableResult
    func replaceSkippedValue<Value: SavedValue>(atOffset offset: Int, oldValue: Value) -> Bool {
        guard let skipped = skippedValues.removeValue(forKey: offset) else { return false }
        guard !isSuppressingChanges else { return false }
        recordReplacement(of: skipped, atOffset: offset, oldValue: oldValue)
        return true
    }

    /// Whether the values that writing puts back in place of properties' own are the same in
    /// both objects, which are of the same class.
    func hasEqualSkippedValues(to other: ModelObject, metadata: ModelMetadata) -> Bool {
        for property in metadata.properties
        where skippedValues[property.offset] != nil || other.skippedValues[property.offset] != nil {
            switch (skippedValue(of: property), other.skippedValue(of: property)) {
            case (nil, nil): continue
            case (let left?, let right?) where DictionaryFormEquality.isEqual(left, right): continue
            default: return false
            }
        }
        return true
    }
}
