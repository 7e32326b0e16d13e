import Foundation

/// Model objects write themselves where the JSON writer meets one among dictionary-form
/// values, such as a value kept under an unknown key.
extension ModelObject: JSONObjectWritable {
    /// Writes this object as a JSON object: its entries in the order of the JSON form, or
    /// every key sorted under ``WriteOptions/sortedKeys``.
    ///
    /// The saved properties write straight from their storage.
    ///
    /// - Throws: A ``ModelError`` with the key path of the value at fault, for values that
    ///   JSON cannot hold, for model objects that contain themselves, or that are nested too
    ///   deeply.
    @inline(__always)
    func writeJSON(to writer: inout JSONWriter) throws {
        try SaveContext.enter(self, stack: &writer.objectsBeingWritten)
        defer { writer.objectsBeingWritten.removeLast() }
        try writer.checkNesting()
        let metadata = ModelMetadata.of(type(of: self))
        let order: SavedEntryOrder = writer.options.contains(.sortedKeys) ? .sortedKeys : .jsonForm
        writer.output.beginObject()
        var entryWriter = JSONEntryWriter(object: self, metadata: metadata)
        try writeSavedEntries(
            with: &entryWriter, into: &writer, metadata: metadata, options: writer.options, order: order)
        writer.output.endObject(isEmpty: entryWriter.isFirst)
    }
}

/// Writes an object's entries as the members of a JSON object, the saved properties straight
/// from their storage.
private struct JSONEntryWriter: SavedEntryWriter {
    let object: ModelObject
    let metadata: ModelMetadata
    /// Whether no member is written yet, so that the next one needs no comma.
    private(set) var isFirst = true

    init(object: ModelObject, metadata: ModelMetadata) {
        self.object = object
        self.metadata = metadata
    }

    @inline(__always)
    mutating func writeVersion(_ version: Int, key: String, into writer: inout JSONWriter) {
        writeHeaderKey(key, quoted: metadata.quotedVersionKey, into: &writer)
        writer.output.writeInteger(version)
        isFirst = false
    }

    @inline(__always)
    mutating func writeClassName(_ name: String, key: String, isKept: Bool, into writer: inout JSONWriter) {
        writeHeaderKey(key, quoted: metadata.quotedTypeKey, into: &writer)
        writer.output.writeString(name)
        if isKept { writer.hasWrittenKeptValues = true }
        isFirst = false
    }

    /// Writes a header key, from its quoted form when it has one that every writer writes
    /// alike: without escapes or slashes.
    @inline(__always)
    private func writeHeaderKey(_ key: String, quoted: [UInt8], into writer: inout JSONWriter) {
        if !quoted.isEmpty && !quoted.contains(UInt8(ascii: "/")) {
            writer.output.writeKey(quoted: quoted, isFirst: isFirst)
        } else {
            writer.output.writeKey(key, isFirst: isFirst)
        }
    }

    mutating func writeContainer(_ container: PathContainer, kept: Any?, into writer: inout JSONWriter) throws {
        // Cast once: a cast from `Any` tries bridging first, which costs more than the write
        // of a small container.
        let keptMembers = kept as? CompactMembers
        let isKeptNull = keptMembers == nil && kept is NSNull
        if !writer.options.contains(.sortedKeys), kept == nil || keptMembers != nil || isKeptNull,
            !object.hasStoredSkippedValues(inside: container, metadata: metadata)
        {
            return try writeContainerDirectly(container, kept: keptMembers, isKeptNull: isKeptNull, into: &writer)
        }
        let context = SaveContext(options: writer.options, inside: writer.objectsBeingWritten)
        let kept = kept.map(container.writableValue(of:))
        let value = try object.containerValue(container, kept: kept) { [object] property in
            guard case .property = object.savedEntry(for: property), !property.isNil(in: object) else {
                return try object.writtenValue(of: property, context: context)
            }
            return WrittenPropertyValue(property, of: object)
        }
        guard let value else { return }
        try writeUnknownValue(value, forKey: container.key, into: &writer)
    }

    /// Writes a container straight from its properties' storage, level by level, each
    /// level's properties and the levels below it in declaration order, followed by its other
    /// keys as they were kept; as ``ModelObject/containerValue(_:kept:valueOf:)`` builds it.
    ///
    /// - Parameter isKeptNull: Whether the container came as `null`, written back when its
    ///   properties write nothing.
    private mutating func writeContainerDirectly(
        _ container: PathContainer, kept: CompactMembers?, isKeptNull: Bool, into writer: inout JSONWriter
    ) throws {
        guard kept != nil || isKeptNull || writesValue(in: 0, of: container) else { return }
        writer.output.writeKey(container.key, isFirst: isFirst)
        isFirst = false
        if isKeptNull, !writesValue(in: 0, of: container) { return writer.output.writeNull() }
        try writer.checkNesting()
        writer.output.beginObject()
        var isFirstInside = true
        try writeLevel(
            0, of: container, kept: kept.map(CompactMembersSlice.init), into: &writer, isFirst: &isFirstInside)
        writer.output.endObject(isEmpty: isFirstInside)
    }

    /// Writes the members of one level of a container.
    ///
    /// Its properties and the levels below it that hold something to write come first, then
    /// its kept other keys. A kept value that is not an object where a level leads further
    /// down is written as it was kept, in place of the properties beneath it.
    ///
    /// - Parameter kept: The level's kept members, a slice of the container's kept text; the
    ///   nested objects below are found in it by the marks the reader made (see
    ///   ``CompactMemberMarks``), so that each level's text is copied rather than scanned.
    private func writeLevel(
        _ levelIndex: Int, of container: PathContainer, kept: CompactMembersSlice?, into writer: inout JSONWriter,
        isFirst: inout Bool
    ) throws {
        let level = container.levels[levelIndex]
        let properties = metadata.properties
        // The kept members written in place, as the levels below, rather than with the others.
        var written: [Range<Int>] = []
        for (slotIndex, slot) in level.slots.enumerated() {
            switch slot {
            case .property(let index):
                let property = properties[index]
                if object.hasKeptNull(at: index, metadata: metadata) {
                    writer.output.writeKey(property.key, isFirst: isFirst)
                    writer.output.writeNull()
                    isFirst = false
                    continue
                }
                do {
                    try write(property, into: &writer, isFirst: &isFirst)
                } catch {
                    throw KeyPathStep.prefixing(error, with: Array(property.keyPath.dropFirst()))
                }
            case .level(let inner):
                let key = level.keys[slotIndex]
                let innerKept: CompactMembersSlice?
                let member =
                    kept?.nestedMember(
                        forKey: key, keyBytes: level.keyBytes[slotIndex], tag: inner, owner: container.marksOwner)
                switch member ?? .absent {
                case .absent:
                    innerKept = nil
                    guard writesValue(in: inner, of: container) else { continue }
                case .object(let span, let members):
                    written.append(span.whole)
                    innerKept = members
                case .null(let span):
                    // Written with the other keys as it came, unless something is written
                    // into it.
                    guard writesValue(in: inner, of: container) else { continue }
                    written.append(span.whole)
                    innerKept = nil
                case .other:
                    // Written with the other keys, in place of the properties beneath it.
                    continue
                }
                writer.output.writeKey(key, isFirst: isFirst)
                isFirst = false
                try writer.checkNesting()
                writer.output.beginObject()
                var isFirstInside = true
                try writeLevel(inner, of: container, kept: innerKept, into: &writer, isFirst: &isFirstInside)
                writer.output.endObject(isEmpty: isFirstInside)
            }
        }
        if let kept, try writer.writeCompactMembers(kept, isFirst: isFirst, skipping: written) {
            isFirst = false
        }
    }

    /// Whether a property at `level` or below writes something: a kept null, a value, or
    /// `null` for `nil` when the class writes `nil` so.
    private func writesValue(in level: Int, of container: PathContainer) -> Bool {
        if metadata.writesNilAsNull { return true }
        let properties = metadata.properties
        return container.levels[level].slots.contains { slot in
            switch slot {
            case .property(let index):
                object.hasKeptNull(at: index, metadata: metadata) || !properties[index].isNil(in: object)
            case .level(let inner): writesValue(in: inner, of: container)
            }
        }
    }

    mutating func writeKeptMembers(_ members: CompactMembers, into writer: inout JSONWriter) throws {
        try writer.writeCompactMembers(members, isFirst: isFirst)
        isFirst = false
    }

    @inline(__always)
    mutating func writeProperty(_ property: AnySavedProperty, into writer: inout JSONWriter) throws {
        try write(property, into: &writer, isFirst: &isFirst)
    }

    /// Writes a property from its storage, or `null` for `nil` when the class writes `nil` as
    /// `null`, as the next member of the object being written.
    @inline(__always)
    private func write(_ property: AnySavedProperty, into writer: inout JSONWriter, isFirst: inout Bool) throws {
        if try property.writeJSON(of: object, to: &writer, isFirst: isFirst) {
            isFirst = false
        } else if metadata.writesNilAsNull {
            writer.output.writeKey(property.key, isFirst: isFirst)
            writer.output.writeNull()
            isFirst = false
        }
    }

    mutating func writeFlattenedProperty(
        _ property: AnySavedProperty, of flattened: FlattenedObject, into writer: inout JSONWriter
    ) throws {
        guard let nested = flattened.object(in: object) else { return }
        if nested.hasSkippedValues, let kept = nested.skippedValue(of: property) {
            return try writeKeptValue(kept, of: property, into: &writer)
        }
        if try property.writeJSON(of: nested, to: &writer, isFirst: isFirst) {
            isFirst = false
        } else if flattened.metadata.writesNilAsNull {
            writer.output.writeKey(property.key, isFirst: isFirst)
            writer.output.writeNull()
            isFirst = false
        }
    }

    @inline(__always)
    mutating func writeKeptValue(_ value: Any, of property: AnySavedProperty, into writer: inout JSONWriter) throws {
        if value is NSNull {
            // A null that loaded into an optional, which any strict load takes back.
            writer.output.writeKey(
                quoted: writer.output.escapesSlashes ? property.quotedKey : property.quotedKeyUnescapedSlashes,
                isFirst: isFirst)
            writer.output.writeNull()
            isFirst = false
            return
        }
        try writeUnknownValue(value, forKey: property.key, into: &writer)
        writer.hasWrittenKeptValues = true
    }

    @inline(__always)
    mutating func writeUnknownValue(_ value: Any, forKey key: String, into writer: inout JSONWriter) throws {
        writer.output.writeKey(key, isFirst: isFirst)
        isFirst = false
        try writer.writeAny(value)
    }
}

/// A property's value among the values of a container that the JSON writer writes as a
/// dictionary (with sorted keys, or beside a kept value): written as the property writes it,
/// so that what the value holds, such as the text kept for a nested object's other keys, is
/// written as it came rather than as Foundation values.
private final class WrittenPropertyValue: JSONObjectWritable {
    let property: AnySavedProperty
    let object: ModelObject

    init(_ property: AnySavedProperty, of object: ModelObject) {
        self.property = property
        self.object = object
    }

    func writeJSON(to writer: inout JSONWriter) throws {
        try property.writeJSONValue(of: object, to: &writer)
    }
}
