// The invariant of a saved property's value kind, checked in debug builds when a class's
// metadata is created: each kind's code written for its type gives what the type's own
// `SavedValue` implementation gives — the same dictionary form as `_savedValue(context:)`, and
// the same JSON bytes as `_writeJSON(to:)`. The `.model` and `.other` kinds run that generic
// code themselves, so only the scalar kinds are compared. The check runs on the prototype's
// default values, with the default options and with every option that changes the bytes.

/// The checks that debug builds make of a saved property, without knowing its value type.
protocol SavedPropertyChecks {
    /// Where the property's value kind disagrees with its type's saved form for the value it
    /// holds in `object`, written with `options`, in words; empty when they agree.
    func kindViolations(in object: ModelObject, options: WriteOptions) -> [String]
}

extension SavedProperty: SavedPropertyChecks {
    func kindViolations(in object: ModelObject, options: WriteOptions) -> [String] {
        switch kind {
        case .model, .other: return []
        default: break
        }
        let value = value(in: object, as: Value.self).pointee
        var violations: [String] = []
        let fast = Result { try savedValue(of: object, context: SaveContext(options: options)) }
        // The type's own code, given the date format as the property hands it on.
        let genericContext = SaveContext(options: options)
        genericContext.dateCoding = dateCoding
        let generic = Result {
            value._isNilSavedValue ? nil : try value._savedValue(context: genericContext)
        }
        if !Self.dictionaryFormsAgree(fast, generic) {
            violations.append("\(key): the dictionary form of kind \(kind) differs from that of \(Value.self)")
        }
        let fastJSON = Result { try Self.json(options) { _ = try writeJSON(of: object, to: &$0, isFirst: true) } }
        let genericJSON = Result {
            try Self.json(options) { writer in
                guard !value._isNilSavedValue else { return }
                writer.output.writeKey(
                    quoted: writer.output.escapesSlashes ? quotedKey : quotedKeyUnescapedSlashes, isFirst: true)
                writer.dateCoding = dateCoding
                try value._writeJSON(to: &writer)
            }
        }
        if !Self.jsonAgrees(fastJSON, genericJSON) {
            violations.append("\(key): the JSON of kind \(kind) differs from that of \(Value.self)")
        }
        return violations
    }

    private static func json(_ options: WriteOptions, _ write: (inout JSONWriter) throws -> Void) throws -> [UInt8] {
        var writer = JSONWriter(options: options)
        try write(&writer)
        return writer.output.buffer.array
    }
}

extension AnySavedProperty {
    /// The write options whose checks cover every way that options change a value's form.
    static let optionsChecked: [WriteOptions] = [[], [.compact, .withoutEscapingSlashes, .dejalObjectFormat]]

    /// Whether two dictionary forms of one value, or the errors of writing it, are the same:
    /// values of the same type that read the same, or errors that read the same.
    ///
    /// The forms compared are scalars and arrays of strings, whose descriptions are exact, and
    /// which `==` would call different for NaN.
    static func dictionaryFormsAgree(_ lhs: Result<Any?, any Error>, _ rhs: Result<Any?, any Error>) -> Bool {
        switch (lhs, rhs) {
        case (.success(nil), .success(nil)): return true
        case (.success(let lhs?), .success(let rhs?)):
            return type(of: lhs) == type(of: rhs) && String(reflecting: lhs) == String(reflecting: rhs)
        case (.failure(let lhs), .failure(let rhs)): return "\(lhs)" == "\(rhs)"
        default: return false
        }
    }

    /// Whether two JSON forms of one value, or the errors of writing it, are the same.
    static func jsonAgrees(_ lhs: Result<[UInt8], any Error>, _ rhs: Result<[UInt8], any Error>) -> Bool {
        switch (lhs, rhs) {
        case (.success(let lhs), .success(let rhs)): return lhs == rhs
        case (.failure(let lhs), .failure(let rhs)): return "\(lhs)" == "\(rhs)"
        default: return false
        }
    }
}

extension ModelMetadata {
    /// Stops a debug build when a property's value kind disagrees with its type's saved form
    /// for its default value in `prototype`; does nothing in a release build.
    @inline(__always)
    static func checkValueKinds(of properties: [AnySavedProperty], in prototype: ModelObject) {
        #if DEBUG
            for case let property as any SavedPropertyChecks in properties {
                for options in AnySavedProperty.optionsChecked {
                    let violations = property.kindViolations(in: prototype, options: options)
                    assert(violations.isEmpty, "\(type(of: prototype)): \(violations.joined(separator: "; "))")
                }
            }
        #endif
    }
}
