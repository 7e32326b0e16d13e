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

    /// The one `NSNull` that kept nulls share: it is never changed, and an object apiece
    /// would be one more allocation for every `null` loaded.
    static let null = NSNull()

    /// Whether the kept value is a `null`, which writing puts back as it puts back the nulls
    /// of ``ModelObject/loadedNulls``.
    var isNull: Bool { savedValue is NSNull }
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
    ///
    /// `index`, the property's index in the class's metadata, lets a null kept as a bit of
    /// ``loadedNulls`` be forgotten without building ``skippedValues``.
    @inline(__always)
    func settleLoadedValue(
        of property: AnySavedProperty,
        at index: Int? = nil,
        since marks: LenientMarks,
        context: LoadContext,
        keepingWholeValue keepWholeValue: () -> Void
    ) {
        KeyPathStep.prefixIssues(in: context, since: marks, with: .key(property.key))
        if context.takeBackDroppedValues(since: marks) {
            keepWholeValue()
        } else if let index {
            forgetSkippedValue(of: property, at: index)
        } else if hasSkippedValues {
            skippedValues[property.offset] = nil
        }
    }

    /// Whether a value is kept in place of the property at `index` of the class's metadata,
    /// or in place of another beyond the first 64, without building ``skippedValues``.
    @inline(__always)
    func hasKeptValue(at index: Int) -> Bool {
        hasStoredSkippedValues || hasLoadedNull(at: index)
    }

    /// Forgets what an earlier load kept for `property`, at `index` of the class's metadata,
    /// whose value a load has just replaced.
    @inline(__always)
    func forgetSkippedValue(of property: AnySavedProperty, at index: Int) {
        if hasLoadedNull(at: index) { loadedNulls &= ~(1 << UInt64(index)) }
        if hasStoredSkippedValues { storedSkippedValues[property.offset] = nil }
    }

    /// Keeps the `null` that loaded into `property`, an optional now `nil`, so that writing
    /// puts it back until the property is set: a server may tell `null` from a missing key.
    func keepNull(of property: AnySavedProperty) {
        guard property.isNil(in: self) else { return }
        // Beside the waiting nulls, which stay bits: the two are one set of kept values.
        storedSkippedValues[property.offset] = SkippedValue(savedValue: SkippedValue.null, loadedValue: nil)
    }

    /// Keeps the `null` that loaded into the property at `index` of the class's metadata, as
    /// ``keepNull(of:)`` does, as a bit of ``loadedNulls`` when the index has one.
    @inline(__always)
    func keepLoadedNull(of property: AnySavedProperty, at index: Int) {
        guard index < 64 else { return keepNull(of: property) }
        // An optional whose value was `null` holds `nil`; another type may have read a `null`
        // inside it last, and holds `nil` only by its own account, asked of it (a generic
        // call, which copies the value).
        guard property.isOptional || property.isNil(in: self) else { return }
        loadedNulls |= 1 << UInt64(index)
        isPristine = false
    }

    /// Whether the property at `index` of the class's metadata holds a null kept as a bit of
    /// ``loadedNulls``, which writing puts back without building ``skippedValues``.
    @inline(__always)
    func hasLoadedNull(at index: Int) -> Bool {
        index < 64 && loadedNulls & (1 << UInt64(index)) != 0
    }

    /// Moves the nulls of ``loadedNulls`` into ``skippedValues``, for everything that changes
    /// them there.
    @inline(never)
    func keepLoadedNulls() {
        let values = storedSkippedValuesWithLoadedNulls()
        loadedNulls = 0
        storedSkippedValues = values
    }

    /// The skipped values with the nulls of ``loadedNulls`` among them, a kept value other
    /// than a null first, without moving the nulls.
    func storedSkippedValuesWithLoadedNulls() -> [Int: SkippedValue] {
        let properties = ModelMetadata.of(type(of: self)).properties
        var values = storedSkippedValues
        var bits = loadedNulls
        values.reserveCapacity(values.count + bits.nonzeroBitCount)
        while bits != 0 {
            let index = bits.trailingZeroBitCount
            bits &= bits - 1
            guard index < properties.count else { continue }
            let offset = properties[index].offset
            if values[offset] == nil {
                values[offset] = SkippedValue(savedValue: SkippedValue.null, loadedValue: nil)
            }
        }
        return values
    }

    /// The value kept in place of the property stored at `offset`, a waiting null of
    /// ``loadedNulls`` or one of ``storedSkippedValues``, without building ``skippedValues``.
    func keptSkippedValue(atOffset offset: Int) -> SkippedValue? {
        if hasStoredSkippedValues, let stored = storedSkippedValues[offset] { return stored }
        guard loadedNulls != 0 else { return nil }
        let properties = ModelMetadata.of(type(of: self)).properties
        var bits = loadedNulls
        while bits != 0 {
            let index = bits.trailingZeroBitCount
            bits &= bits - 1
            if index < properties.count, properties[index].offset == offset {
                return SkippedValue(savedValue: SkippedValue.null, loadedValue: nil)
            }
        }
        return nil
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
        keptValue(keptSkippedValue(atOffset: property.offset), of: property)
    }

    /// The value that writing puts in place of `property`'s own, as ``skippedValue(of:)``
    /// gives it, for the property at `index` of the class's metadata, without building
    /// ``skippedValues`` from ``loadedNulls``.
    func skippedValue(of property: AnySavedProperty, at index: Int) -> Any? {
        if hasStoredSkippedValues, let stored = storedSkippedValues[property.offset] {
            return keptValue(stored, of: property)
        }
        return hasLoadedNull(at: index) ? SkippedValue.null : nil
    }

    /// The value that writing puts in place of `property`'s own when `skipped` is what was
    /// kept for it.
    func keptValue(_ skipped: SkippedValue?, of property: AnySavedProperty) -> Any? {
        guard let skipped else { return nil }
        if let loadedValue = skipped.loadedValue, !property.isEqual(loadedValue, toValueOf: self) {
            return nil
        }
        return skipped.savedValue
    }

    /// Forgets the kept value of the property stored at `offset`, which is being set.
    ///
    /// Replacing a kept value is a change, since it changes the data even when the property's
    /// own value stays equal. A kept `null` stays when the property holds `nil` and is set to
    /// `nil` again: the object holds what it held, and writes what it wrote.
    ///
    /// - Returns: `true` when a kept value was replaced and recorded as a change.
    @discardableResult
    func replaceSkippedValue<Value: SavedValue>(atOffset offset: Int, oldValue: Value, newValue: Value) -> Bool {
        if oldValue._isNilSavedValue, newValue._isNilSavedValue, keptSkippedValue(atOffset: offset)?.isNull == true {
            return false
        }
        guard let skipped = skippedValues.removeValue(forKey: offset) else { return false }
        guard !isSuppressingChanges else { return false }
        recordReplacement(of: skipped, atOffset: offset, oldValue: oldValue)
        return true
    }

    /// Whether a value is kept in place of the property stored at `offset`, for an undo
    /// history, which puts it back when it undoes the set that replaces it.
    func hasSkippedValue(atOffset offset: Int) -> Bool {
        hasSkippedValues && keptSkippedValue(atOffset: offset) != nil
    }

    /// Puts back the kept value that a set of the property stored at `offset` replaced.
    ///
    /// Only when the property holds its value of the last load or clear again: undoing that
    /// set leaves the object as the load left it, with no change. A value set since the last
    /// clear has no kept value to put back, and stays a change.
    func restoreSkippedValue(atOffset offset: Int, of property: AnySavedProperty) {
        guard let skipped = changeRecord.skippedValues[offset], let original = changeRecord.properties[offset],
            property.isEqual(original, toValueOf: self)
        else { return }
        skippedValues[offset] = skipped
        withMutationOfChangeRecord {
            changeRecord.skippedValues[offset] = nil
            changeRecord.properties[offset] = nil
        }
    }

    /// Whether the values that writing puts back in place of properties' own are the same in
    /// both objects, which are of the same class.
    ///
    /// A kept `null` in place of a `nil` does not count: whether a `nil` came as `null`, came
    /// absent or was set in code is how it is written, not what the object holds. Compares the
    /// nulls of ``loadedNulls`` as they wait, so that comparing leaves both objects as they were.
    func hasEqualSkippedValues(to other: ModelObject, metadata: ModelMetadata) -> Bool {
        for (index, property) in metadata.properties.enumerated() {
            switch (heldSkippedValue(of: property, at: index), other.heldSkippedValue(of: property, at: index)) {
            case (nil, nil): continue
            case (let left?, let right?) where DictionaryFormEquality.isEqual(left, right): continue
            default: return false
            }
        }
        return true
    }

    /// The value kept in place of `property`, at `index` of the class's metadata, that counts
    /// as held: any but a kept `null` of a property that holds `nil`.
    private func heldSkippedValue(of property: AnySavedProperty, at index: Int) -> Any? {
        guard let kept = skippedValue(of: property, at: index) else { return nil }
        if kept is NSNull, property.isNil(in: self) { return nil }
        return kept
    }
}
