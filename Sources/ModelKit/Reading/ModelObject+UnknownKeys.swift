import Foundation

// Keys that an object's class does not declare, kept to be written back or, in a load that
// rejects them (`rejectsUnknownKeys`, `LoadOptions.rejectingUnknownKeys`), reported.
//
// The dictionary way decides: ModelKit's reader goes that way for an object, or a container,
// as soon as it meets such a key in a load that rejects it, so both readers report the same
// problems. The keys are reported in key order, so that a strict load with several throws
// for the same one whichever way the dictionary came.

extension LoadContext {
    /// Whether this load rejects the keys that the class `metadata` describes does not
    /// declare.
    @inline(__always)
    func rejectsUnknownKeys(of metadata: ModelMetadata) -> Bool {
        metadata.rejectsUnknownKeys || options.contains(.rejectingUnknownKeys)
    }

    /// Reports a key that its object's class does not declare: throws `error` in a strict
    /// load, records it in a lenient one, which drops the key.
    ///
    /// Nothing of the key's value is kept, by design: unlike a value that does not fit, it does
    /// not make the property that holds the object keep its whole value to write back.
    func rejectUnknownKey(_ error: ModelError) throws {
        guard isLenient else { throw error }
        issues.append(error)
    }
}

extension ModelObject {
    /// Keeps the values of `entries`, whose keys the class does not declare, or reports the
    /// keys when the load rejects them.
    func keepUnknownValues(_ entries: [(key: String, value: Any)], metadata: ModelMetadata, context: LoadContext)
        throws
    {
        guard context.rejectsUnknownKeys(of: metadata) else {
            for (key, value) in entries { unknowns[key] = value }
            return
        }
        for key in entries.map(\.key).sorted() {
            try context.rejectUnknownKey(.unknownKey(key))
        }
    }
}
