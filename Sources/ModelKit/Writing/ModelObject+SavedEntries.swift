import Foundation

extension ModelObject {
    /// Writes what this object writes, each entry once, in `order`, through `writer`:
    /// the version (its newer version or the class's `modelVersion`) and the class name (a
    /// kept class name or the name that `options` give the class) under the class's header
    /// keys, unless it has none or `options` leave the header out; each saved property in
    /// declaration order, or the value that a lenient load kept in its place, with the
    /// properties inside one nested object written together as that object where the first
    /// of them stands, and the properties of a flattened object written one by one where the
    /// object stands; then the unknown values, and those of the flattened objects.
    ///
    /// A `ModelError` that `writer` throws for an entry is prefixed with the entry's key, here
    /// and nowhere else.
    ///
    /// - Parameters:
    ///   - writer: Writes each entry.
    ///   - output: What `writer` writes into.
    ///   - metadata: The metadata of the object's class.
    ///   - options: The options of the write, which choose the class name.
    ///   - order: The order of the entries.
    ///   - unknownValues: The unknown values to write; the object's own when `nil`. Those that
    ///     the JSON reader kept as text go to the writer as text, in the order they came.
    @inline(__always)
    func writeSavedEntries<Writer: SavedEntryWriter>(
        with writer: inout Writer,
        into output: inout Writer.Output,
        metadata: ModelMetadata,
        options: WriteOptions,
        order: SavedEntryOrder,
        unknownValues: UnknownValues? = nil
    ) throws {
        let unknownValues = unknownValues ?? unknowns
        guard order != .sortedKeys else {
            var entries = savedEntries(with: writer, metadata: metadata, options: options, unknownValues: unknownValues)
            entries.sort { JSONOutput.keyOrder($0.key, $1.key) }
            for entry in entries { try entry.write(with: &writer, into: &output) }
            return
        }
        let layout = metadata.layout
        let writesHeader = !options.contains(.withoutHeader)
        if writesHeader, let versionKey = layout.versionKey {
            try writer.writeVersion(newerVersion ?? metadata.modelVersion, key: versionKey, into: &output)
        }
        if writesHeader, let typeKey = layout.typeKey {
            if let keptClassName {
                try writer.writeClassName(keptClassName, key: typeKey, isKept: true, into: &output)
            } else {
                try writer.writeClassName(options.className(of: metadata), key: typeKey, isKept: false, into: &output)
            }
        }
        let hasStoredSkippedValues = self.hasStoredSkippedValues
        let hasLoadedNulls = loadedNulls != 0
        let isFlat = layout.containers.isEmpty && layout.flattened.isEmpty
        for (index, property) in metadata.properties.enumerated() {
            if !isFlat, let container = layout.firstContainer(ofProperty: index) {
                if let container {
                    try SavedEntry.container(container, kept: unknownValues.keptValue(forKey: container.key))
                        .write(with: &writer, into: &output)
                }
                continue
            }
            if !isFlat, let flattened = layout.flattenedObject(ofProperty: index) {
                for property in flattened.properties {
                    try SavedEntry.flattened(flattened, property).write(with: &writer, into: &output)
                }
                continue
            }
            // A kept value other than a null comes first, as in ``skippedValues``.
            if hasStoredSkippedValues, let skipped = storedSkippedValues[property.offset] {
                if let kept = keptValue(skipped, of: property) {
                    try SavedEntry.keptValue(property, kept).write(with: &writer, into: &output)
                    continue
                }
            } else if hasLoadedNulls, hasLoadedNull(at: index) {
                try SavedEntry.keptValue(property, SkippedValue.null).write(with: &writer, into: &output)
                continue
            }
            do {
                try writer.writeProperty(property, into: &output)
            } catch {
                throw KeyPathStep.prefixing(error, with: .key(property.key))
            }
        }
        if let members = unknownValues.members {
            try writer.writeKeptMembers(members, into: &output)
        }
        let values = unknownValues.values
        if order == .unordered {
            for (key, value) in values where isFlat || !layout.isContainer(key) {
                try SavedEntry.unknownValue(key: key, value).write(with: &writer, into: &output)
            }
        } else if !values.isEmpty {
            for (key, value) in values.sorted(by: { JSONOutput.keyOrder($0.key, $1.key) })
            where isFlat || !layout.isContainer(key) {
                try SavedEntry.unknownValue(key: key, value).write(with: &writer, into: &output)
            }
        }
        guard !layout.flattened.isEmpty else { return }
        let flattenedEntries = flattenedUnknownEntries(
            with: writer, layout: layout, besides: unknownValues, sorted: order != .unordered)
        for entry in flattenedEntries { try entry.write(with: &writer, into: &output) }
    }

    /// The unknown values of the flattened objects, which they write at this object's level
    /// after its own, each object's in turn, in the order of the JSON form (or sorted by key);
    /// those under a key that this object writes itself, a header key, a property's or one of
    /// `unknownValues`, or that an earlier flattened object writes, are left out.
    ///
    /// Loading keeps the values among this object's unknown values, since their keys are of
    /// neither class: their data survives a round trip, not their place.
    private func flattenedUnknownEntries<Writer: SavedEntryWriter>(
        with writer: Writer, layout: DataLayout, besides unknownValues: UnknownValues, sorted: Bool
    ) -> [SavedEntry] {
        var entries: [SavedEntry] = []
        var written: Set<String>?
        for flattened in layout.flattened {
            guard let values = writer.unknownValues(ofFlattened: flattened, in: self), !values.isEmpty else {
                continue
            }
            var objectEntries: [(key: String, value: Any)] = []
            if let members = values.members {
                members.forEachMember { key, range in objectEntries.append((key, members.value(in: range))) }
            }
            var others = values.values.map { (key: $0.key, value: $0.value) }
            if sorted { others.sort { JSONOutput.keyOrder($0.key, $1.key) } }
            objectEntries += others
            if written == nil { written = Set(unknownValues.keys) }
            for (key, value) in objectEntries
            where !layout.ownsKey(key) && !layout.isContainer(key) && written?.insert(key).inserted == true {
                entries.append(.unknownValue(key: key, value))
            }
        }
        return entries
    }

    /// The entry that writes `property`: the value that a lenient load kept in its place,
    /// while the property has not been set since, or the property's own.
    func savedEntry(for property: AnySavedProperty) -> SavedEntry {
        if hasSkippedValues, let skipped = skippedValue(of: property) {
            return .keptValue(property, skipped)
        }
        return .property(property)
    }

    /// The entry that writes `property`, at `index` of the class's metadata, as
    /// ``savedEntry(for:)`` gives it, without building ``skippedValues`` from
    /// ``loadedNulls``.
    private func savedEntry(for property: AnySavedProperty, at index: Int) -> SavedEntry {
        skippedValue(of: property, at: index).map { .keptValue(property, $0) } ?? .property(property)
    }

    /// Every entry, in the order of the JSON form.
    private func savedEntries<Writer: SavedEntryWriter>(
        with writer: Writer,
        metadata: ModelMetadata,
        options: WriteOptions,
        unknownValues: UnknownValues
    ) -> [SavedEntry] {
        var entries: [SavedEntry] = []
        entries.reserveCapacity(metadata.properties.count + unknownValues.count + 2)
        let layout = metadata.layout
        if !options.contains(.withoutHeader) {
            if let versionKey = layout.versionKey {
                entries.append(.version(newerVersion ?? metadata.modelVersion, key: versionKey))
            }
            if let typeKey = layout.typeKey {
                entries.append(className(key: typeKey, options: options, metadata: metadata))
            }
        }
        for (index, property) in metadata.properties.enumerated() {
            if let flattened = layout.flattenedObject(ofProperty: index) {
                entries += flattened.properties.map { .flattened(flattened, $0) }
                continue
            }
            switch layout.firstContainer(ofProperty: index) {
            case nil:
                entries.append(savedEntry(for: property, at: index))
            case let container??:
                entries.append(.container(container, kept: unknownValues.keptValue(forKey: container.key)))
            case .some(nil): break
            }
        }
        if let members = unknownValues.members {
            members.forEachMember { key, range in entries.append(.unknownValue(key: key, members.value(in: range))) }
        }
        for (key, value) in unknownValues.values where !layout.isContainer(key) {
            entries.append(.unknownValue(key: key, value))
        }
        if !layout.flattened.isEmpty {
            entries += flattenedUnknownEntries(with: writer, layout: layout, besides: unknownValues, sorted: false)
        }
        return entries
    }

    private func className(key: String, options: WriteOptions, metadata: ModelMetadata) -> SavedEntry {
        guard let keptClassName else { return .className(options.className(of: metadata), key: key, isKept: false) }
        return .className(keptClassName, key: key, isKept: true)
    }
}

/// One entry of what a model object writes, for the writers that handle entries one by one.
enum SavedEntry {
    case version(Int, key: String)
    case className(String, key: String, isKept: Bool)
    case property(AnySavedProperty)
    case keptValue(AnySavedProperty, Any)
    /// A nested object that properties live inside, with the unknown value kept under its
    /// key: the nested object's other keys.
    case container(PathContainer, kept: Any?)
    /// A saved property of a flattened object, which the object holds.
    case flattened(FlattenedObject, AnySavedProperty)
    case unknownValue(key: String, Any)

    /// The key that the entry is written under.
    var key: String {
        switch self {
        case .version(_, let key), .className(_, let key, _): key
        case .property(let property), .keptValue(let property, _), .flattened(_, let property): property.key
        case .container(let container, _): container.key
        case .unknownValue(let key, _): key
        }
    }

    /// Writes the entry through `writer`, prefixing the errors it throws with the entry's key.
    func write<Writer: SavedEntryWriter>(with writer: inout Writer, into output: inout Writer.Output) throws {
        do {
            switch self {
            case .version(let version, let key): try writer.writeVersion(version, key: key, into: &output)
            case .className(let name, let key, let isKept):
                try writer.writeClassName(name, key: key, isKept: isKept, into: &output)
            case .container(let container, let kept): try writer.writeContainer(container, kept: kept, into: &output)
            case .flattened(let flattened, let property):
                try writer.writeFlattenedProperty(property, of: flattened, into: &output)
            case .property(let property): try writer.writeProperty(property, into: &output)
            case .keptValue(let property, let value): try writer.writeKeptValue(value, of: property, into: &output)
            case .unknownValue(let key, let value): try writer.writeUnknownValue(value, forKey: key, into: &output)
            }
        } catch {
            throw KeyPathStep.prefixing(error, with: .key(key))
        }
    }
}
