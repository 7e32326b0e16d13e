import Foundation

/// An object that writes itself as a JSON object where it is found among dictionary-form
/// values, which the writer otherwise knows by their types.
protocol JSONObjectWritable: AnyObject {
    /// Writes the object, keys and values, as one JSON object.
    ///
    /// - Throws: A ``ModelError`` for a value that JSON cannot hold.
    func writeJSON(to writer: inout JSONWriter) throws
}

extension JSONWriter {
    /// Writes a value of a dictionary form: preserved unknown values and dictionaries that
    /// go through the dictionary API.
    ///
    /// Object keys are sorted, so the same value always gives the same bytes. An object that
    /// is ``JSONObjectWritable`` writes itself.
    mutating func writeAny(_ value: Any) throws {
        if let string = value as? String {
            output.writeString(string)
        } else if let decimal = value as? NSDecimalNumber {
            try decimal.decimalValue._writeJSON(to: &self)
        } else if let number = SavedNumber(value) {
            try writeNumber(number)
        } else if let array = value as? [Any] {
            try writeAnyArray(array)
        } else if let dictionary = value as? [String: Any] {
            try writeAnyDictionary(dictionary)
        } else if value is NSNull {
            output.writeNull()
        } else if let date = value as? Date {
            try date._writeJSON(to: &self)
        } else if let data = value as? Data {
            try data._writeJSON(to: &self)
        } else if let object = value as? any JSONObjectWritable {
            try object.writeJSON(to: &self)
        } else if let compact = value as? CompactJSON {
            try writeCompact(compact)
        } else if let members = value as? CompactMembers {
            try writeCompactObject(members)
        } else {
            throw ModelError(.typeMismatch(expected: "a JSON value", found: FoundValue.describe(value)))
        }
    }

    /// Writes one entry of an object: its key and a dictionary-form value, whose errors name
    /// the key.
    mutating func writeEntry(_ key: String, _ value: Any, isFirst: Bool) throws {
        output.writeKey(key, isFirst: isFirst)
        try KeyPathStep.at(.key(key)) {
            try writeAny(value)
        }
    }

    private mutating func writeNumber(_ number: SavedNumber) throws {
        switch number {
        case .bool(let bool): output.writeBool(bool)
        case .int(let int): output.writeInteger(int)
        case .uint(let uint): output.writeInteger(uint)
        case .double(let double): try writeUnknownDouble(double)
        case .decimal(let decimal): try decimal._writeJSON(to: &self)
        }
    }

    /// Writes a `Double` of a dictionary form so that reading it back, as `JSONSerialization`
    /// does, gives a number that writes the same bytes again.
    ///
    /// `JSONSerialization` reads a number whose text before any `e` is longer than 17
    /// characters as an `NSDecimalNumber`, which writes its digits its own way:
    /// `-4000000000000000.0` reads back as the decimal `-4000000000000000`. Such a double is
    /// written as that decimal from the start; the value is the same.
    private mutating func writeUnknownDouble(_ value: Double) throws {
        // Whole numbers below 1e15 are written as integers, and NaN and infinity throw.
        guard value.isFinite, value.rounded(.towardZero) != value || abs(value) >= 1e15 else {
            return try writeDouble(value)
        }
        let text = value.description
        if let decimal = JSONReader.foundationDecimal(text: text) {
            try decimal._writeJSON(to: &self)
        } else {
            output.writeRawASCII(text)
        }
    }

    private mutating func writeAnyArray(_ array: [Any]) throws {
        guard !array.isEmpty else { return try writeArray([Int]()) }
        var values: [AnyJSONValue] = []
        values.reserveCapacity(array.count)
        for element in array { values.append(AnyJSONValue(value: element)) }
        try writeArray(values)
    }

    private mutating func writeAnyDictionary(_ dictionary: [String: Any]) throws {
        try writeDictionary(dictionary.mapValues(AnyJSONValue.init(value:)))
    }
}

/// A dictionary-form value of unknown type, so that the generic container writers serve it.
private struct AnyJSONValue: SavedValue {
    let value: Any

    static func _make(savedValue: Any, context: LoadContext) throws -> AnyJSONValue {
        AnyJSONValue(value: savedValue)
    }

    func _savedValue(context: SaveContext) throws -> Any { value }

    func _writeJSON(to writer: inout JSONWriter) throws {
        try writer.writeAny(value)
    }

    static func == (lhs: AnyJSONValue, rhs: AnyJSONValue) -> Bool { false }
}
