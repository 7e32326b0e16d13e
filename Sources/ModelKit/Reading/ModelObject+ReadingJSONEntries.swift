import Foundation

// The entries of an object being read, one by one: saved properties, with what happens when a
// value does not fit; `version` and `representedClassName` out of place; unknown keys.

extension ModelObject {
    /// Reads an entry that is not a property's first: `version` or `representedClassName`,
    /// a key the class does not declare, or a property's key again.
    ///
    /// - Returns: `nil` to go on; otherwise how the pass ends.
    @inline(never)
    func readOtherEntry(
        _ key: JSONReader.StringToken,
        match: KeyTable.Match?,
        header: inout ObjectHeader,
        from reader: inout JSONReader,
        metadata: ModelMetadata,
        keyTable: KeyTable,
        expected: ModelObject.Type,
        isClassFixed: Bool,
        classNames: ClassNameUse,
        context: LoadContext
    ) throws -> Pass? {
        switch match {
        case .property?:
            // The second value of a property: the dictionary form keeps the last one.
            return .dictionary
        case .version?, .className?:
            let headerKey: ObjectHeader.Key = match == .version ? .version : .className
            guard try header.read(headerKey, from: &reader, of: expected, classNames: classNames, context: context),
                header.isCurrent(for: metadata)
            else { return .dictionary }
            if !isClassFixed, let named = header.resolved?.modelClass, named != type(of: self) {
                return .again(named, mayReuse: false)
            }
            return nil
        case nil:
            // A key that is not ASCII and equals a saved key as a `String` is rare enough to
            // leave to the dictionary form, which finds it the same way.
            guard reader.match(key, in: metadata, keyTable: keyTable) == nil else { return .dictionary }
            let text = reader.makeString(key)
            return try readUnknownValue(forKey: text, from: &reader, context: context) ? nil : .dictionary
        }
    }

    /// Reads the value of the property at `index`; `false` when it does not fit and a later
    /// entry has the same key, so that the dictionary way decides which counts.
    func readProperty(
        at index: Int,
        metadata: ModelMetadata,
        keyTable: KeyTable,
        from reader: inout JSONReader,
        context: LoadContext
    ) throws -> Bool {
        let start = reader.mark
        let mark = context.issues.count
        let droppedMark = context.droppedValueCount
        do {
            try metadata.unretainedProperties[index]._withUnsafeGuaranteedRef {
                try $0.read(from: &reader, into: self, context: context)
            }
        } catch {
            return try recoverProperty(
                at: index, after: error, at: start, issuesFrom: mark, droppedMark: droppedMark, metadata: metadata,
                keyTable: keyTable, reader: &reader, context: context)
        }
        if context.issues.count != mark || context.droppedValueCount != droppedMark || !skippedValues.isEmpty {
            settleIssues(
                ofProperty: index, at: start, issuesFrom: mark, droppedMark: droppedMark, metadata: metadata,
                reader: &reader, context: context)
        }
        return true
    }

    /// After a property's value loaded, as the dictionary form's `load` does: prefixes the
    /// problems found in it with its key, keeps the whole value when part of it was dropped,
    /// and forgets a value kept from an earlier load.
    @inline(never)
    private func settleIssues(
        ofProperty index: Int,
        at start: JSONReader.Mark,
        issuesFrom mark: Int,
        droppedMark: Int,
        metadata: ModelMetadata,
        reader: inout JSONReader,
        context: LoadContext
    ) {
        let property = metadata.properties[index]
        context.prefixIssues(from: mark, with: .key(property.key))
        if context.droppedValueCount != droppedMark {
            context.droppedValueCount = droppedMark
            keepPartlyLoadedValue(of: property, at: start, reader: &reader)
        } else if !skippedValues.isEmpty {
            skippedValues[property.offset] = nil
        }
    }

    /// Settles a property's value that did not load: `false` when a later entry has the same
    /// key, else as ``recoverProperty(_:after:at:issuesFrom:reader:context:)`` does.
    @inline(never)
    private func recoverProperty(
        at index: Int,
        after error: any Error,
        at start: JSONReader.Mark,
        issuesFrom mark: Int,
        droppedMark: Int,
        metadata: ModelMetadata,
        keyTable: KeyTable,
        reader: inout JSONReader,
        context: LoadContext
    ) throws -> Bool {
        // The value is read again, or kept whole: what the first reading dropped does not count.
        context.droppedValueCount = droppedMark
        let property = metadata.properties[index]
        do {
            if let settled = error as? SettledError, settled.isFatal { throw settled }
            reader.rewind(to: start)
            let isSameProperty = { (reader: JSONReader, key: JSONReader.StringToken) in
                reader.match(key, in: metadata, keyTable: keyTable) == .property(index)
            }
            if try reader.hasLaterKey(matching: isSameProperty) { return false }
        } catch let settled as SettledError {
            throw settled.prefixed(with: .key(property.key))
        }
        try recoverProperty(property, after: error, at: start, issuesFrom: mark, reader: &reader, context: context)
        return true
    }

    /// Reads the value of a key that the class does not declare into ``unknownValues``;
    /// `false` when it is unusable and a later entry has the same key.
    @inline(never)
    private func readUnknownValue(forKey key: String, from reader: inout JSONReader, context: LoadContext) throws
        -> Bool
    {
        let start = reader.mark
        do {
            unknownValues[key] = try reader.readFoundationValue()
        } catch let settled as SettledError {
            do {
                if settled.isFatal { throw settled }
                reader.rewind(to: start)
                if try reader.hasLaterKey(matching: { reader, later in reader.key(later, equals: key) }) {
                    return false
                }
            } catch let settled as SettledError {
                throw settled.prefixed(with: .key(key))
            }
            try ValueRecovery.skip(
                after: settled.prefixed(with: .key(key)), at: start, issuesFrom: context.issues.count,
                component: .key(key), reader: &reader, context: context)
        }
        return true
    }
}
