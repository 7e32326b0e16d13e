import Foundation

/// A writer of what a model object writes, one entry at a time, as
/// ``ModelObject/writeSavedEntries(with:into:metadata:options:order:)`` lists the entries:
/// every writer, of dictionaries, of JSON, of baselines and through an `Encoder`, writes these
/// entries and no others.
///
/// Each writer is specialized, so that writing a property calls straight into it.
protocol SavedEntryWriter {
    /// What the writer writes into, such as a dictionary or a `JSONWriter`.
    associatedtype Output

    /// Writes the version under `key`: the newer version that the object was loaded with, or
    /// its class's.
    mutating func writeVersion(_ version: Int, key: String, into output: inout Output) throws

    /// Writes the class name under `key`; `isKept` when it is a name kept from loaded data
    /// that named no class this program has.
    mutating func writeClassName(_ name: String, key: String, isKept: Bool, into output: inout Output) throws

    /// Writes the nested object that the properties of `container` live inside, built on
    /// `kept`, the unknown value under its key (see ``ModelObject/containerValue(_:kept:valueOf:)``).
    mutating func writeContainer(_ container: PathContainer, kept: Any?, into output: inout Output) throws

    /// Writes a saved property from its storage; a `nil` optional writes nothing.
    mutating func writeProperty(_ property: AnySavedProperty, into output: inout Output) throws

    /// Writes `property`, a saved property of the flattened object that `flattened`
    /// describes, under its own key, as the object itself writes it: from its storage, or the
    /// value a lenient load kept in its place.
    mutating func writeFlattenedProperty(
        _ property: AnySavedProperty, of flattened: FlattenedObject, into output: inout Output) throws

    /// Writes the dictionary-form value that a lenient load kept in place of `property`'s own.
    mutating func writeKeptValue(_ value: Any, of property: AnySavedProperty, into output: inout Output) throws

    /// Writes a value kept under a key that the class does not declare: a Foundation value
    /// or compact text (see ``UnknownValues``).
    mutating func writeUnknownValue(_ value: Any, forKey key: String, into output: inout Output) throws

    /// Writes the undeclared members that the JSON reader kept, in the order they came.
    mutating func writeKeptMembers(_ members: CompactMembers, into output: inout Output) throws

    /// The unknown values of the flattened object that `flattened` describes in `object`,
    /// which `object` writes at its own level; `nil` when it holds none.
    func unknownValues(ofFlattened flattened: FlattenedObject, in object: ModelObject) -> UnknownValues?
}

extension SavedEntryWriter {
    /// The unknown values that the flattened object holds now.
    func unknownValues(ofFlattened flattened: FlattenedObject, in object: ModelObject) -> UnknownValues? {
        flattened.object(in: object)?.unknowns
    }
}

/// A writer of the dictionary form, whose entries are values under keys.
protocol DictionaryFormEntryWriter: SavedEntryWriter {
    /// The object being written.
    var object: ModelObject { get }

    /// The state of the write.
    var context: SaveContext { get }

    /// Writes one entry's dictionary-form value; `nil` for a `nil` optional.
    mutating func write(_ value: consuming Any?, forKey key: String, into output: inout Output)
}

extension DictionaryFormEntryWriter {
    @inline(__always)
    mutating func writeVersion(_ version: Int, key: String, into output: inout Output) {
        write(version, forKey: key, into: &output)
    }

    @inline(__always)
    mutating func writeClassName(_ name: String, key: String, isKept: Bool, into output: inout Output) {
        write(name, forKey: key, into: &output)
    }

    mutating func writeContainer(_ container: PathContainer, kept: Any?, into output: inout Output) throws {
        let value = try object.containerValue(container, kept: kept.map(UnknownValues.foundationValue(of:))) {
            [context, object] property in
            try object.writtenValue(of: property, context: context)
        }
        write(value, forKey: container.key, into: &output)
    }

    @inline(__always)
    mutating func writeProperty(_ property: AnySavedProperty, into output: inout Output) throws {
        write(try object.writtenValue(ofProperty: property, context: context), forKey: property.key, into: &output)
    }

    @inline(__always)
    mutating func writeKeptValue(_ value: Any, of property: AnySavedProperty, into output: inout Output) {
        write(value, forKey: property.key, into: &output)
    }

    mutating func writeFlattenedProperty(
        _ property: AnySavedProperty, of flattened: FlattenedObject, into output: inout Output
    ) throws {
        guard let nested = flattened.object(in: object) else { return }
        write(try nested.writtenValue(of: property, context: context), forKey: property.key, into: &output)
    }

    @inline(__always)
    mutating func writeUnknownValue(_ value: Any, forKey key: String, into output: inout Output) {
        write(UnknownValues.foundationValue(of: value), forKey: key, into: &output)
    }

    mutating func writeKeptMembers(_ members: CompactMembers, into output: inout Output) {
        members.bytes.withUnsafeBufferPointer { buffer in
            let text = CompactText(buffer)
            members.forEachMember { key, range in
                write(text.foundationValue(at: range.lowerBound), forKey: key, into: &output)
            }
        }
    }
}

/// Writes the dictionary form into a dictionary.
struct DictionaryEntryWriter: DictionaryFormEntryWriter {
    typealias Output = [String: Any]

    let object: ModelObject
    let context: SaveContext

    @inline(__always)
    func writeProperty(_ property: AnySavedProperty, into output: inout [String: Any]) throws {
        output[property.key] = try object.writtenValue(ofProperty: property, context: context)
    }

    @inline(__always)
    func write(_ value: consuming Any?, forKey key: String, into output: inout [String: Any]) {
        output[key] = value
    }
}

/// The order in which ``ModelObject/writeSavedEntries(with:into:metadata:options:order:)``
/// lists an object's entries.
enum SavedEntryOrder {
    /// The order of the JSON form: `version`, `representedClassName`, the saved properties in
    /// declaration order, then the unknown values in key order.
    case jsonForm
    /// Every key in key order, for ``WriteOptions/sortedKeys``.
    case sortedKeys
    /// As ``jsonForm``, but the unknown values in no particular order, for writers that build
    /// a dictionary.
    case unordered
}
