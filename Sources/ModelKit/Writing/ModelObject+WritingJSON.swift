extension JSONWriter {
    private static let quotedVersionKey = quotedKey(ModelObject.versionKey, escapingSlashes: true)
    private static let quotedClassNameKey = quotedKey(ModelObject.classNameKey, escapingSlashes: true)

    /// Writes a model object: `version`, `representedClassName`, the saved values in
    /// declaration order, then the unknown values in key order; or every key sorted.
    mutating func writeModelObject(_ object: ModelObject) throws {
        try SaveContext.enter(object, stack: &objectsBeingWritten)
        defer { objectsBeingWritten.removeLast() }
        try checkNesting()
        let metadata = ModelMetadata.of(type(of: object))
        if options.contains(.sortedKeys) {
            return try writeSorted(object, metadata: metadata)
        }
        beginObject()
        writeKey(quoted: Self.quotedVersionKey, isFirst: true)
        writeInteger(object.newerVersion ?? metadata.modelVersion)
        writeKey(quoted: Self.quotedClassNameKey, isFirst: false)
        writeClassName(of: object, metadata: metadata)
        let hasSkippedValues = !object.skippedValues.isEmpty
        for property in metadata.properties {
            if hasSkippedValues, let skipped = object.skippedValue(of: property) {
                try writeEntry(property.key, skipped, isFirst: false)
                hasWrittenKeptValues = true
                continue
            }
            do {
                _ = try property.writeJSON(of: object, to: &self, isFirst: false)
            } catch let error as ModelError {
                throw error.prefixed(with: .key(property.key))
            }
        }
        if !object.unknownValues.isEmpty {
            for (key, value) in object.unknownValues.sorted(by: { JSONWriter.keyOrder($0.key, $1.key) }) {
                try writeEntry(key, value, isFirst: false)
            }
        }
        endObject(isEmpty: false)
    }

    private mutating func writeSorted(_ object: ModelObject, metadata: ModelMetadata) throws {
        var entries: [(key: String, value: Any)] = object.unknownValues.map { ($0.key, $0.value) }
        entries.append((ModelObject.versionKey, object.newerVersion ?? metadata.modelVersion))
        entries.append((ModelObject.classNameKey, object.keptClassName ?? options.className(of: metadata)))
        hasWrittenKeptValues = hasWrittenKeptValues || object.keptClassName != nil
        var properties: [String: AnySavedProperty] = [:]
        for property in metadata.properties {
            if let skipped = object.skippedValue(of: property) {
                entries.append((property.key, skipped))
                hasWrittenKeptValues = true
            } else if !property.isNil(in: object) {
                properties[property.key] = property
                entries.append((property.key, ()))
            }
        }
        entries.sort { JSONWriter.keyOrder($0.key, $1.key) }
        beginObject()
        for (index, entry) in entries.enumerated() {
            if let property = properties[entry.key] {
                do {
                    _ = try property.writeJSON(of: object, to: &self, isFirst: index == 0)
                } catch let error as ModelError {
                    throw error.prefixed(with: .key(property.key))
                }
            } else {
                try writeEntry(entry.key, entry.value, isFirst: index == 0)
            }
        }
        endObject(isEmpty: entries.isEmpty)
    }

    private mutating func writeClassName(of object: ModelObject, metadata: ModelMetadata) {
        guard let keptClassName = object.keptClassName else { return writeString(options.className(of: metadata)) }
        writeString(keptClassName)
        hasWrittenKeptValues = true
    }
}
