// The invariants of a class's key table, checked in debug builds right after the table is
// built.
//
// The reader of an object's entries trusts the table with every key of the data: a key it
// finds names what the table says, and a key it does not find is kept as an unknown value. So
// for the table to give what a `String` lookup in the layout's matches would give:
//
// - the slots are a power of two, at least 8 and at least twice as many as the keys, and the
//   mask is one less: a probe stays within them and always meets an empty slot;
// - the keys lie one after the other within the bytes, each ASCII, no two equal, each with
//   what it names;
// - each slot is empty or holds one key, and each key is in exactly one slot, which a probe
//   from its home slot (its hash under the mask) reaches before any empty slot, and there
//   `match(bytes:)` finds what the key names;
// - each property is named by index below the count of properties;
// - each property's predicted key is its key in quotes, as JSON writes it, within the quoted
//   keys, one after the other, and names that very property in the table: the reader takes
//   a predicted key's property without asking the table.
//
// And against what the table was built from: its keys and what they name are exactly the
// layout's, a property's key is predicted whenever it needs no escape, and every container
// and flattened object that a key names is one of the layout's.

extension KeyTable {
    /// The invariants of its own storage that the table breaks, in words; empty when it
    /// holds them all.
    func violations() -> [String] {
        var violations = slotCountViolations()
        guard keysLieEndToEnd else { return violations + ["the keys do not lie one after the other within the bytes"] }
        violations += keyViolations() + slotViolations()
        // A lookup in a table whose slots are broken may run past its storage, or forever.
        if canProbe { violations += probeViolations() }
        return violations + predictionViolations(lookingUp: canProbe)
    }

    /// The invariants that the table breaks, in words, as a table of `matches` that predicts
    /// `propertyKeys`; empty when it holds them all.
    func violations(builtFrom matches: [String: Match], propertyKeys: [String?]) -> [String] {
        var violations = violations()
        if keyMatches.count != matches.count {
            violations.append("the table has \(keyMatches.count) keys, not \(matches.count)")
        }
        if canProbe {
            for (key, match) in matches.sorted(by: { $0.key < $1.key }) where self.match(key) != match {
                violations.append("key \(key) does not name \(match)")
            }
        }
        if propertyCount != propertyKeys.count {
            violations.append("the table predicts \(propertyCount) properties, not \(propertyKeys.count)")
        }
        for (index, key) in zip(propertyKeys.indices, propertyKeys) where index < propertyCount {
            let expected = key.flatMap { Self.needsEscape($0) ? nil : $0 }
            if predictedKey(ofProperty: index) != expected {
                violations.append("property \(index) is predicted under another key than \(expected ?? "none")")
            }
        }
        return violations
    }

    /// The invariants that the table breaks, in words, as the table of `layout` that predicts
    /// `propertyKeys`; empty when it holds them all.
    func violations(builtFrom layout: DataLayout, propertyKeys: [String?]) -> [String] {
        violations(builtFrom: layout.matches, propertyKeys: propertyKeys) + indexViolations(in: layout)
    }

    /// Stops a debug build when the table breaks its invariants as a table of `matches` that
    /// predicts `propertyKeys`; does nothing in a release build.
    @inline(__always)
    func checkInvariants(builtFrom matches: [String: Match], propertyKeys: [String?]) {
        #if DEBUG
            let violations = violations(builtFrom: matches, propertyKeys: propertyKeys)
            assert(violations.isEmpty, "key table: \(violations.joined(separator: "; "))")
        #endif
    }

    /// Stops a debug build when the table names a container or a flattened object that
    /// `layout` does not have; does nothing in a release build.
    @inline(__always)
    func checkInvariants(in layout: DataLayout) {
        #if DEBUG
            let violations = indexViolations(in: layout)
            assert(violations.isEmpty, "key table: \(violations.joined(separator: "; "))")
        #endif
    }

    // MARK: The parts

    /// The slots' count and the mask.
    private func slotCountViolations() -> [String] {
        let count = slots.count
        var violations: [String] = []
        if count < 8 || count & (count - 1) != 0 {
            violations.append("\(count) slots are not a power of two from 8")
        }
        if count < 2 * keyMatches.count {
            violations.append("\(count) slots are fewer than twice the \(keyMatches.count) keys")
        }
        if mask != count - 1 { violations.append("the mask \(mask) is not the slot count less one") }
        return violations
    }

    /// Whether each key's bytes lie within ``keyBytes``, one key after the other.
    private var keysLieEndToEnd: Bool {
        keyStarts.count == keyMatches.count + 1 && keyStarts.first == 0 && keyStarts.last == keyBytes.count
            && zip(keyStarts, keyStarts.dropFirst()).allSatisfy { $0 <= $1 }
    }

    /// Whether a lookup stays within the storage and ends: each probe of the slots under the
    /// mask meets an empty slot or a key of the table.
    private var canProbe: Bool {
        slots.count > 0 && slots.count & (slots.count - 1) == 0 && mask == slots.count - 1 && slots.contains(0)
            && slots.allSatisfy { $0 >= 0 && Int($0) <= keyMatches.count } && keysLieEndToEnd
    }

    private func keyViolations() -> [String] {
        var violations: [String] = []
        if keyBytes.contains(where: { $0 >= 0x80 }) { violations.append("a key is not ASCII") }
        var seen = Set<ArraySlice<UInt8>>()
        for index in keyMatches.indices where !seen.insert(keyBytes[keyStarts[index]..<keyStarts[index + 1]]).inserted {
            violations.append("key \(key(at: index)) is in the table twice")
        }
        for case .property(let index) in keyMatches where !(0..<propertyCount).contains(index) {
            violations.append("property \(index) is not among the \(propertyCount) properties")
        }
        return violations
    }

    /// The keys' slots: each slot empty or holding a key of the table, each key in one slot.
    private func slotViolations() -> [String] {
        var violations: [String] = []
        var slotCount = [Int](repeating: 0, count: keyMatches.count)
        for (slot, entry) in slots.enumerated() where entry != 0 {
            let index = Int(entry) - 1
            guard slotCount.indices.contains(index) else {
                violations.append("slot \(slot) holds key \(index) of \(keyMatches.count)")
                continue
            }
            slotCount[index] += 1
        }
        for (index, count) in slotCount.enumerated() where count != 1 {
            violations.append("key \(key(at: index)) is in \(count == 0 ? "no slot" : "\(count) slots")")
        }
        return violations
    }

    /// Each key reached from its home slot, and found there as what it names.
    private func probeViolations() -> [String] {
        var violations: [String] = []
        for (slot, entry) in slots.enumerated() where entry != 0 {
            let index = Int(entry) - 1
            let bytes = Array(keyBytes[keyStarts[index]..<keyStarts[index + 1]])
            var probe = bytes.withUnsafeBufferPointer { Self.hash($0) } & mask
            while probe != slot && slots[probe] != 0 { probe = (probe + 1) & mask }
            if probe != slot {
                violations.append("key \(key(at: index)) in slot \(slot) is past an empty slot \(probe)")
            } else if bytes.withUnsafeBufferPointer({ match(bytes: $0) }) != keyMatches[index] {
                violations.append("key \(key(at: index)) is not found as \(keyMatches[index])")
            }
        }
        return violations
    }

    /// The predicted keys, in quotes, one after the other, each naming its property when
    /// `lookingUp`.
    private func predictionViolations(lookingUp: Bool) -> [String] {
        guard quotedStarts.count == propertyCount else {
            return ["\(quotedStarts.count) predicted keys start for \(propertyCount) properties"]
        }
        var violations: [String] = []
        var end = 0
        for index in 0..<propertyCount where quotedLengths[index] != 0 {
            let (start, length) = (quotedStarts[index], quotedLengths[index])
            guard start == end, length >= 2, start + length <= quotedKeys.count else {
                violations.append("the predicted key of property \(index) is out of place")
                continue
            }
            end = start + length
            let quoted = quotedKeys[start..<end]
            let contents = quoted.dropFirst().dropLast()
            guard quoted.first == UInt8(ascii: "\""), quoted.last == UInt8(ascii: "\""),
                !Self.needsEscape(String(decoding: contents, as: UTF8.self))
            else {
                violations.append("the predicted key of property \(index) is not a key in quotes")
                continue
            }
            if lookingUp, Array(contents).withUnsafeBufferPointer({ match(bytes: $0) }) != .property(index) {
                violations.append("the predicted key of property \(index) names something else")
            }
        }
        if end != quotedKeys.count { violations.append("the quoted keys hold bytes no property predicts") }
        return violations
    }

    /// The containers and flattened objects named, each the layout's.
    private func indexViolations(in layout: DataLayout) -> [String] {
        keyMatches.compactMap { match -> String? in
            switch match {
            case .container(let index) where !layout.containers.indices.contains(index):
                "container \(index) is not among the layout's \(layout.containers.count)"
            case .flattened(let object, let index)
            where !layout.flattened.indices.contains(object)
                || !layout.flattened[object].metadata.properties.indices.contains(index):
                "flattened property \(object).\(index) is not the layout's"
            default: nil
            }
        }
    }

    // MARK: Reading the storage

    /// The key at `index`, for the messages.
    private func key(at index: Int) -> String {
        String(decoding: keyBytes[keyStarts[index]..<keyStarts[index + 1]], as: UTF8.self)
    }

    /// The key that the table predicts for the property at `index`, without its quotes; `nil`
    /// when it predicts none.
    private func predictedKey(ofProperty index: Int) -> String? {
        guard quotedStarts.indices.contains(index) else { return nil }
        let (start, length) = (quotedStarts[index], quotedLengths[index])
        guard length >= 2, start >= 0, start + length <= quotedKeys.count else { return nil }
        return String(decoding: quotedKeys[(start + 1)..<(start + length - 1)], as: UTF8.self)
    }
}
