import Foundation

// Loading the saved properties of flattened objects (`@Saved(flattened: true)`), which live at
// their enclosing object's own level: each key's value loads into the object that the
// enclosing object holds, as its class loads it, and the object's load ends with the
// enclosing object's, before it.
//
// ```
// {"number": "F-1", "createdBy": "ana"}     Invoice: number ← "F-1"
//                                           Invoice.audit (Audit): createdBy ← "ana"
// ```

extension ModelObject {
    /// Loads the values that `data`, this object's dictionary form, has for the properties
    /// of its flattened objects, each under the first of its keys present.
    ///
    /// - Returns: How many keys of `data` the values came from.
    func loadFlattenedObjects(from data: [String: Any], metadata: ModelMetadata, context: LoadContext) throws -> Int {
        var count = 0
        for flattened in metadata.layout.flattened {
            guard let object = flattened.object(in: self) else { continue }
            isPristine = false
            count += try object.loadFlattenedValues(from: data, of: flattened, context: context)
        }
        return count
    }

    /// Loads the values of this flattened object's properties from `data`, its enclosing
    /// object's dictionary form, with the rules of this object's class.
    private func loadFlattenedValues(from data: [String: Any], of flattened: FlattenedObject, context: LoadContext)
        throws -> Int
    {
        let enclosingClass = context.enclosingClass
        context.enclosingClass = flattened.metadata.modelClass
        defer { context.enclosingClass = enclosingClass }
        var count = 0
        for (index, property) in flattened.properties.enumerated() {
            guard let value = flattened.value(ofProperty: index, in: data) else { continue }
            count += 1
            try load(value, into: property, context: context)
        }
        return count
    }

    /// Ends the load of each flattened object, as every load of an object ends, at the end of
    /// this object's: the data has no version of its own for it, so it loads at its class's
    /// version.
    func finishLoadingFlattenedObjects(metadata: ModelMetadata, context: LoadContext) throws {
        for flattened in metadata.layout.flattened {
            guard let object = flattened.object(in: self) else { continue }
            let inner = flattened.metadata
            try object.finishLoading(version: inner.modelVersion, metadata: inner, context: context)
        }
    }

    /// Reads the value of a key of a flattened object's property, found by ModelKit's reader
    /// among this object's entries, into that object, as the property's own class reads it.
    ///
    /// - Parameters:
    ///   - object: The flattened object, by index in the layout's ``DataLayout/flattened``.
    ///   - index: The property, by index in the object's class.
    ///   - found: The keys the pass has found so far.
    /// - Returns: `nil` to go on; `.dictionary` when the property's value came before, under
    ///   this key or another of its keys, or when a later entry has the same key and the value
    ///   does not fit, so that the dictionary way decides which counts.
    @inline(never)
    func readFlattenedEntry(
        object: Int,
        property index: Int,
        found: inout FoundProperties,
        from reader: inout JSONReader,
        in entries: OtherEntryReading,
        context: LoadContext
    ) throws -> Pass? {
        let flattened = entries.metadata.layout.flattened[object]
        guard found.insert(flattened.firstFoundSlot + index), let object = flattened.object(in: self),
            let keyTable = flattened.metadata.keyTable
        else { return .dictionary }
        // Found, for the check that a reused object keeps its defaults where the data has
        // nothing: the object is loaded into.
        _ = found.insert(flattened.index)
        isPristine = false
        let enclosingClass = context.enclosingClass
        context.enclosingClass = flattened.metadata.modelClass
        defer { context.enclosingClass = enclosingClass }
        let isRead = try object.readProperty(
            at: index, metadata: flattened.metadata, keyTable: keyTable, from: &reader, context: context)
        return isRead ? nil : .dictionary
    }
}
