import Foundation

// What the JSON writer writes of saved values: dates, arrays and dictionaries, through the
// JSON output of `JSON/`.

extension JSONWriter {
    /// Writes a date as its ISO 8601 string, which needs no escaping.
    ///
    /// - Throws: A ``ModelError`` for a date that has no text that reads back.
    mutating func writeDate(_ date: Date) throws {
        try ISO8601.withText(of: options.writtenDate(date)) { text in
            output.buffer.append(0x22)
            output.buffer.append(text)
            output.buffer.append(0x22)
        }
    }

    /// Writes an array of saved values.
    ///
    /// - Parameter array: The elements.
    /// - Throws: The first error an element throws, located at its index.
    mutating func writeArray<Element: SavedValue>(_ array: [Element]) throws {
        try checkNesting()
        guard !array.isEmpty else { return output.writeEmpty(open: "[", close: "]") }
        output.append("[")
        output.level += 1
        let start = output.buffer.count
        for index in array.indices {
            if index > 0 { output.append(",") }
            output.newLine()
            do {
                try array[index]._writeJSON(to: &self)
            } catch {
                throw KeyPathStep.prefixing(error, with: .index(index))
            }
            if index == 0, array.count >= Self.estimatedArrayLength {
                reserveRoom(forElements: array.count, from: start)
            }
        }
        output.level -= 1
        output.newLine()
        output.append("]")
    }

    /// The length from which an array's first element tells how much room the rest will take.
    private static var estimatedArrayLength: Int { 16 }

    /// Makes room for the elements of an array of `count` elements after its first, written
    /// from `start`, as long as the first: the buffer then grows once rather than doubling
    /// and copying many times over, up to 32 MiB more at once.
    private mutating func reserveRoom(forElements count: Int, from start: Int) {
        let first = output.buffer.count - start
        let (room, overflow) = first.multipliedReportingOverflow(by: count - 1)
        output.buffer.reserveCapacity(output.buffer.count + (overflow ? 32 << 20 : min(room + room / 8, 32 << 20)))
    }

    /// Writes a dictionary of saved values, with its keys sorted.
    ///
    /// - Parameter dictionary: The entries.
    /// - Throws: The first error a value throws, located at its key.
    mutating func writeDictionary<Value: SavedValue>(_ dictionary: [String: Value]) throws {
        try checkNesting()
        guard !dictionary.isEmpty else { return output.writeEmpty(open: "{", close: "}") }
        output.append("{")
        output.level += 1
        for (index, key) in dictionary.keys.sorted(by: JSONOutput.keyOrder).enumerated() {
            guard let value = dictionary[key] else { continue }
            output.writeKey(key, isFirst: index == 0)
            do {
                try value._writeJSON(to: &self)
            } catch {
                throw KeyPathStep.prefixing(error, with: .key(key))
            }
        }
        output.level -= 1
        output.newLine()
        output.append("}")
    }

    /// The quoted, escaped form of a key, computed once per property.
    static func quotedKey(_ key: String, escapingSlashes: Bool) -> [UInt8] {
        var output = JSONOutput(isPretty: false, sortsKeys: false, escapesSlashes: escapingSlashes)
        output.writeString(key)
        return output.buffer.array
    }

    /// The elements ordered by their compact JSON forms, for collections without an order;
    /// dates in the format `dateCoding` gives, as they are written.
    static func sortedByJSON<Element: SavedValue>(_ elements: [Element], dateCoding: DateCoding?) -> [Element] {
        let keyed = elements.map { element -> ([UInt8], Element) in
            var writer = JSONWriter(options: [.compact, .sortedKeys])
            writer.dateCoding = dateCoding
            try? element._writeJSON(to: &writer)
            return (writer.output.buffer.array, element)
        }
        return keyed.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map(\.1)
    }
}
