import Foundation

/// ModelKit's JSON writer, which builds JSON bytes straight from saved values.
///
/// The writer is ModelKit's machinery: it is public only because the underscored requirements
/// of the saved-value protocol name it, and it has no public members. A type of your own is saved through
/// ``SavedRepresentable``, ``CodableSavedValue`` or its raw value, and never touches the writer.
///
/// Its output parses with `JSONSerialization` into the values' dictionary forms, and its pretty
/// layout matches `JSONSerialization`'s `prettyPrinted` output.
public struct JSONWriter {
    /// The JSON text written so far, which knows bytes, numbers and strings: every value is
    /// written through it.
    var output: JSONOutput
    /// The options that the writer writes with; of them, the output follows only the layout.
    let options: WriteOptions
    /// The model objects being written, outermost first, to find cycles and bound the depth.
    var objectsBeingWritten: [ObjectIdentifier] = []
    /// Whether the JSON holds values kept from loaded data that a strict load may reject:
    /// values that a lenient load skipped, and class names that did not resolve.
    var hasWrittenKeptValues = false
    /// The format of the dates being written, when a property hands one on for its value;
    /// `nil` for ISO 8601.
    var dateCoding: DateCoding?

    /// A writer for `options`.
    init(options: WriteOptions) {
        output = JSONOutput(
            isPretty: !options.contains(.compact), sortsKeys: options.contains(.sortedKeys),
            escapesSlashes: !options.contains(.withoutEscapingSlashes))
        self.options = options
    }

    /// Runs `body`, which writes a property's value, with the property's date format.
    @inline(__always)
    mutating func writing(datesAs coding: DateCoding, _ body: (inout JSONWriter) throws -> Void) rethrows {
        let outer = dateCoding
        dateCoding = coding
        defer { dateCoding = outer }
        try body(&self)
    }

    // MARK: What JSON cannot hold

    /// Writes the shortest decimal that reads back as the same `Double`.
    ///
    /// - Throws: A ``ModelError`` for NaN and infinity, which JSON cannot hold.
    mutating func writeDouble(_ value: Double) throws {
        guard output.writeDouble(value) else { throw ModelError(.unencodableNumber("\(value)")) }
    }

    /// Writes the shortest decimal that reads back as the same `Float`.
    ///
    /// - Throws: A ``ModelError`` for NaN and infinity, which JSON cannot hold.
    mutating func writeFloat(_ value: Float) throws {
        guard output.writeFloat(value) else { throw ModelError(.unencodableNumber("\(value)")) }
    }

    /// Throws when one more array or object would nest deeper than the output nests, or than
    /// the thread's stack has room for.
    func checkNesting() throws {
        do {
            try output.checkNesting()
        } catch {
            throw ModelError(error)
        }
    }

    /// Writes a value kept as compact text.
    ///
    /// - Throws: A ``ModelError`` when the value would nest more deeply than the writer writes.
    mutating func writeCompact(_ value: CompactJSON) throws {
        do {
            try output.writeCompact(value)
        } catch let error as JSONNestingError {
            throw ModelError(error)
        }
    }

    /// Writes a JSON object of the kept members.
    mutating func writeCompactObject(_ members: CompactMembers) throws {
        do {
            try output.writeCompactObject(members)
        } catch let error as JSONNestingError {
            throw ModelError(error)
        }
    }

    /// Writes kept members as the next entries of the object being written.
    mutating func writeCompactMembers(_ members: CompactMembers, isFirst: Bool) throws {
        do {
            try output.writeCompactMembers(members, isFirst: isFirst)
        } catch let error as JSONNestingError {
            throw ModelError(error)
        }
    }

    /// Writes the members of `slice` but those whose text is at `skipped` as the next entries
    /// of the object being written; whether it wrote one.
    mutating func writeCompactMembers(_ slice: CompactMembersSlice, isFirst: Bool, skipping skipped: [Range<Int>])
        throws -> Bool
    {
        do {
            return try output.writeCompactMembers(slice, isFirst: isFirst, skipping: skipped)
        } catch let error as JSONNestingError {
            throw ModelError(error)
        }
    }
}
