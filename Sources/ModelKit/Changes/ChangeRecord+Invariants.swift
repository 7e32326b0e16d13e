// The invariants of an object's change record, checked in debug builds after each change to it.
//
// The record holds, for each saved property that changed, the value it had before (by field
// offset); for each unknown key that changed, the value it had (`nil` when it was absent); and,
// for each property whose setting replaced a value that a lenient load skipped, that value, so
// that reverting puts it back. So for a record to make sense:
//
// - every offset names a saved property of the object's class, and its original is a value of
//   that property's type;
// - every replaced skipped value has its property's original recorded too, which is what makes
//   it a change;
// - no unknown key is a saved key or one of the keys that belong to the class (`version`,
//   `representedClassName`);
// - so `changedKeys` names each entry of the record once.
//
// And where a property is set: its recorded original differs from its new value, unless the
// setting replaced a skipped value (setting the original back is then still a change). Values
// that can hold model objects are left out of that check: they compare deeply, and objects
// nested in them change without their property being set.

extension ModelObject {
    /// Stops a debug build when the change record breaks its invariants; does nothing in a
    /// release build.
    ///
    /// Called after each mutation of the record, by ``withMutationOfChangeRecord(_:)``.
    @inline(__always)
    func checkChangeRecordInvariants() {
        #if DEBUG
            let violations = changeRecord.violations(in: ModelMetadata.of(type(of: self)))
            assert(violations.isEmpty, "change record of \(type(of: self)): \(violations.joined(separator: "; "))")
        #endif
    }

    /// Stops a debug build when the record for the property at `offset`, about to be set to
    /// `newValue`, keeps an original equal to it; does nothing in a release build.
    @inline(__always)
    func checkRecordedChange<Value: SavedValue>(atOffset offset: Int, settingTo newValue: Value) {
        #if DEBUG
            let violation = changeRecord.violation(atOffset: offset, settingTo: newValue)
            assert(violation == nil, "change record of \(type(of: self)): \(violation ?? "")")
        #endif
    }
}

extension ChangeRecord {
    /// The invariants of the whole record that it breaks for an object described by
    /// `metadata`, in words; empty when it holds them all.
    func violations(in metadata: ModelMetadata) -> [String] {
        var violations: [String] = []
        for (offset, original) in properties {
            guard let property = metadata.propertiesByOffset[offset] else {
                violations.append("offset \(offset) is no saved property's")
                continue
            }
            if !property.canHold(original) {
                violations.append("the original of \(property.key) is a \(type(of: original))")
            }
        }
        for offset in skippedValues.keys where properties[offset] == nil {
            violations.append("the skipped value at offset \(offset) has no original")
        }
        for key in unknownKeys.keys
        where metadata.layout.ownsKey(key) {
            violations.append("unknown key \(key) belongs to the class")
        }
        if keys(in: metadata).count != properties.count + unknownKeys.count {
            violations.append("changedKeys does not name each change once")
        }
        return violations
    }

    /// The invariant that the record for the property at `offset` breaks when the property is
    /// set to `newValue`, in words; `nil` when it holds.
    func violation<Value: SavedValue>(atOffset offset: Int, settingTo newValue: Value) -> String? {
        guard !Value._containsModelObjects, skippedValues[offset] == nil, let original = properties[offset] else {
            return nil
        }
        guard let original = original as? Value else {
            return "the original at offset \(offset) is not a \(Value.self)"
        }
        return original == newValue ? "the original at offset \(offset) equals the value it is set to" : nil
    }
}
