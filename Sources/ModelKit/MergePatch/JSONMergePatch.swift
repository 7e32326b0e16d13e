import Foundation

/// JSON Merge Patch (RFC 7396) over values of the dictionary form: making the patch between two
/// values, and applying a patch to a value.
///
/// In a merge patch an object merges into the object it patches, key by key, `null` removes a
/// key, and every other value replaces the one it patches whole. A `null` that a value holds
/// under a key cannot be told from a removal, as RFC 7396 says of itself.
enum JSONMergePatch {
    /// Values nested more deeply than this are replaced whole rather than compared key by key,
    /// so that no walk overflows the stack.
    static let maximumDepth = 512

    /// The patch that turns `old` into `new`, where `nil` stands for no value; `nil` when there
    /// is nothing to patch.
    ///
    /// Objects give the patch of their keys: the keys whose values differ, with their patches,
    /// and `null` for the keys that `new` lacks. Every other value that differs is given whole.
    static func difference(from old: Any?, to new: Any?, depth: Int = 0) -> Any? {
        guard let new, !isNull(new) else {
            return isAbsent(old) ? nil : NSNull()
        }
        if let newString = FastCast.exactString(new), let old, let oldString = FastCast.exactString(old) {
            return newString == oldString ? nil : new
        }
        if depth < maximumDepth, let newObject = FastCast.object(new), let oldObject = old.flatMap(FastCast.object) {
            var patch: [String: Any] = [:]
            for (key, value) in newObject {
                if let change = difference(from: oldObject[key], to: value, depth: depth + 1) {
                    patch[key] = change
                }
            }
            for key in oldObject.keys where newObject[key] == nil {
                patch[key] = NSNull()
            }
            return patch.isEmpty ? nil : patch
        }
        if let old, DictionaryFormEquality.isEqual(old, new) { return nil }
        return new
    }

    /// `new` as a patch that replaces `old` whole: every key of `new`, and `null` for each key
    /// of `old` that `new` lacks, in nested objects too.
    static func replacement(of old: Any?, with new: Any, depth: Int = 0) -> Any {
        guard depth < maximumDepth, let newObject = FastCast.object(new), let oldObject = old.flatMap(FastCast.object)
        else {
            return new
        }
        var patch = newObject
        for (key, value) in newObject where FastCast.object(value) != nil {
            patch[key] = replacement(of: oldObject[key], with: value, depth: depth + 1)
        }
        for key in oldObject.keys where newObject[key] == nil {
            patch[key] = NSNull()
        }
        return patch
    }

    /// The result of applying `patch` to `target`, where `nil` stands for no value: RFC 7396's
    /// `MergePatch(Target, Patch)`.
    ///
    /// - Throws: A ``ModelError`` for a patch nested more than ``maximumDepth`` levels deep.
    static func merged(_ patch: Any, into target: Any?, depth: Int = 0) throws -> Any {
        guard let patchObject = FastCast.object(patch) else { return patch }
        guard depth < maximumDepth else { throw ModelError(.nestingTooDeep(limit: maximumDepth)) }
        var result = target.flatMap(FastCast.object) ?? [:]
        for (key, value) in patchObject {
            if isNull(value) {
                result[key] = nil
            } else {
                try KeyPathStep.at(.key(key)) {
                    result[key] = try merged(value, into: result[key], depth: depth + 1)
                }
            }
        }
        return result
    }

    static func isNull(_ value: Any) -> Bool {
        FastCast.isNull(value)
    }

    private static func isAbsent(_ value: Any?) -> Bool {
        guard let value else { return true }
        return isNull(value)
    }
}
