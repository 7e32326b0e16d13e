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

    /// Keeps `rest`, the keys of a container's nested object that none of its properties'
    /// paths names, as the unknown value under the container's key; when the load rejects
    /// unknown keys, reports each of them and keeps only what the paths name: values that
    /// block the way to a property, which a lenient load writes back in its place, and the
    /// levels on the way, as they came or emptied.
    ///
    /// - Parameter tookValue: Whether a property took a value from the nested object; when
    ///   none did, the object is kept even when nothing is left in it, to be written back.
    func keepOtherKeys(
        _ rest: [String: Any], of container: PathContainer, tookValue: Bool, metadata: ModelMetadata,
        context: LoadContext
    ) throws {
        guard context.rejectsUnknownKeys(of: metadata) else {
            unknowns[container.key] = rest
            return
        }
        let paths = container.members.map { $0.path[...] }
        let kept = try Self.rejectingUnknownKeys(in: rest, at: [.key(container.key)], paths: paths) {
            try context.rejectUnknownKey($0)
        }
        if !kept.isEmpty || !tookValue { unknowns[container.key] = kept }
    }

    /// `dictionary` without the keys that none of `paths` leads through, each of which goes
    /// to `reject` with its key path, in key order, object by object.
    ///
    /// ```swift
    /// // paths ["profile", "login"]; dictionary {"profile": {"bio": "…"}, "site": "…"}
    /// // rejects profile.bio and site, and gives {}
    /// ```
    ///
    /// - Parameters:
    ///   - path: The key path of `dictionary` in the data.
    ///   - paths: The keys from `dictionary` to each value that properties hold, ending with
    ///     the value's own key.
    static func rejectingUnknownKeys(
        in dictionary: [String: Any],
        at path: [ModelKeyPath.Component],
        paths: [ArraySlice<String>],
        reject: (ModelError) throws -> Void
    ) throws -> [String: Any] {
        var kept: [String: Any] = [:]
        for key in dictionary.keys.sorted() {
            guard let value = dictionary[key] else { continue }
            let deeper = paths.filter { $0.count > 1 && $0.first == key }.map { $0.dropFirst() }
            if deeper.isEmpty {
                try reject(.unknownKey(key, inside: path))
            } else if let inner = FastCast.dictionary(value) {
                // Kept even when empty, as a level that came as `{}` is.
                kept[key] = try rejectingUnknownKeys(in: inner, at: path + [.key(key)], paths: deeper, reject: reject)
            } else {
                kept[key] = value
            }
        }
        return kept
    }
}
