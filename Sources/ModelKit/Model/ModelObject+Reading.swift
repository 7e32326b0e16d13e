import Foundation

extension ModelObject {
    /// What `representedClassName` does in an object being read.
    enum ClassNameRule {
        /// The name chooses the class: this class or the subclass it names.
        case resolves(isRoot: Bool)
        /// The class is fixed; a name of an unrelated registered class is a problem.
        case isChecked
    }

    /// How reading an object's entries ended.
    enum ReadResult {
        case loaded(ModelObject)
        /// The object is to be loaded the dictionary way, from this dictionary form.
        case dictionary([String: Any])
    }

    /// How one pass over an object's entries ended.
    private enum Pass {
        case loaded(ModelObject)
        /// Read the entries again into an object of this class, or of the class the data
        /// names, reusing the property's object or not.
        case again(ModelObject.Type?, mayReuse: Bool)
        case dictionary
    }

    /// Reads a nested object of this class, or of the subclass that the data names, as
    /// ``makeObject(from:context:reusing:)`` loads it from its dictionary form.
    ///
    /// - Parameter storage: The property's storage when the property's type is this class,
    ///   so that an untouched default object it holds can be loaded into, not replaced.
    static func readObject(
        from reader: inout JSONReader,
        context: LoadContext,
        reusing storage: UnsafeMutablePointer<ModelObject>?
    ) throws -> ModelObject {
        guard reader.peekToken() == UInt8(ascii: "{") else { throw ValueMismatch() }
        let result = try readEntries(
            from: &reader, into: nil, reusing: storage, classNames: .resolves(isRoot: false), context: context)
        switch result {
        case .loaded(let object):
            return object
        case .dictionary(let dictionary):
            let reusable = storage.flatMap {
                isKnownUniquelyReferenced(&$0.pointee) && $0.pointee.isPristine ? $0.pointee : nil
            }
            return try JSONReader.settled { try makeObject(from: dictionary, context: context, reusing: reusable) }
        }
    }

    /// Reads the entries of the object at the reader into `fixedObject`, or into a new object
    /// of this class or of the subclass that the data names.
    ///
    /// Data as ModelKit writes it, with `version` and `representedClassName` first and each key
    /// once, is read in one pass. Otherwise the object is read again once the data says how:
    /// into another class when the class name comes late, or the dictionary way when the data
    /// needs migration, repeats a key the class reads, or the class has no key table.
    static func readEntries(
        from reader: inout JSONReader,
        into fixedObject: ModelObject?,
        reusing storage: UnsafeMutablePointer<ModelObject>?,
        classNames: ClassNameRule,
        context: LoadContext
    ) throws -> ReadResult {
        let start = reader.mark
        let issueMark = context.issues.count
        var chosenClass: ModelObject.Type?
        var mayReuse = storage != nil
        while true {
            let pass = try readEntriesOnce(
                from: &reader, into: fixedObject, ofClass: chosenClass, reusing: mayReuse ? storage : nil,
                classNames: classNames, context: context)
            if case .loaded(let object) = pass { return .loaded(object) }
            // The pass reads again what it read so far, and reports its problems again.
            context.issues.removeSubrange(issueMark...)
            reader.rewind(to: start)
            guard case .again(let modelClass, let reuse) = pass else {
                return .dictionary(try reader.readFoundationObject())
            }
            (chosenClass, mayReuse) = (modelClass, reuse)
        }
    }

    private static func readEntriesOnce(
        from reader: inout JSONReader,
        into fixedObject: ModelObject?,
        ofClass chosenClass: ModelObject.Type?,
        reusing storage: UnsafeMutablePointer<ModelObject>?,
        classNames: ClassNameRule,
        context: LoadContext
    ) throws -> Pass {
        var header = ObjectHeader()
        var hasEntry = try reader.beginObject()
        while hasEntry, let key = reader.readHeaderKey() {
            guard try header.read(key, from: &reader, of: self, classNames: classNames, context: context) else {
                return .dictionary
            }
            hasEntry = try reader.nextEntry()
        }
        let modelClass = fixedObject.map { type(of: $0) } ?? chosenClass ?? header.modelClass ?? self
        let metadata = context.metadata(of: modelClass)
        guard let keyTable = metadata.keyTable,
            header.hasVersion ? header.version >= metadata.modelVersion : metadata.modelVersion <= 1
        else { return .dictionary }
        let reusable = modelClass == self ? storage.flatMap(reusableObject(in:)) : nil
        let object = fixedObject ?? reusable ?? modelClass.init()
        var found = FoundProperties(count: metadata.properties.count)
        while hasEntry {
            let (match, key) = reader.match(try reader.scanKey(), in: metadata, keyTable: keyTable)
            switch match {
            case .property(let index)?:
                guard found.insert(index),
                    try object.readProperty(
                        at: index, metadata: metadata, keyTable: keyTable, from: &reader, context: context)
                else { return .dictionary }
            case .version?, .className?:
                let headerKey: ObjectHeader.Key = match == .version ? .version : .className
                guard try header.read(headerKey, from: &reader, of: self, classNames: classNames, context: context)
                else { return .dictionary }
                if header.hasVersion, header.version < metadata.modelVersion { return .dictionary }
                if fixedObject == nil, chosenClass == nil, let named = header.modelClass, named != modelClass {
                    return .again(named, mayReuse: false)
                }
            case nil:
                guard try object.readUnknownValue(forKey: key ?? "", from: &reader, context: context) else {
                    return .dictionary
                }
            }
            hasEntry = try reader.nextEntry()
        }
        if reusable != nil, !object.keepsDefaults(whereAbsent: found.contains, metadata: metadata, context: context) {
            return .again(chosenClass, mayReuse: false)
        }
        object.didLoadValues()
        object.newerVersion = header.version > metadata.modelVersion ? header.version : nil
        object.changeRecord = ChangeRecord()
        return .loaded(object)
    }

    /// The object that `storage` holds when loading may load into it instead of replacing it:
    /// untouched, of this very class, and held nowhere else.
    private static func reusableObject(in storage: UnsafeMutablePointer<ModelObject>) -> ModelObject? {
        guard type(of: storage.pointee) == self, isKnownUniquelyReferenced(&storage.pointee), storage.pointee.isPristine
        else { return nil }
        return storage.pointee
    }

    /// Reads the value of the property at `index`; `false` when it does not fit and a later
    /// entry has the same key, so that the dictionary way decides which counts.
    @inline(__always)
    private func readProperty(
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
            context.prefixIssues(from: mark, with: .key(metadata.savedKeys[index]))
            if context.droppedValueCount != droppedMark {
                context.droppedValueCount = droppedMark
                keepPartlyLoadedValue(of: metadata.properties[index], at: start, reader: &reader)
            } else if !skippedValues.isEmpty {
                skippedValues[metadata.properties[index].offset] = nil
            }
            return true
        } catch {
            // The value is read again, or kept whole: what the first reading dropped does not count.
            context.droppedValueCount = droppedMark
            let property = metadata.properties[index]
            let isSameProperty = { (reader: JSONReader, key: JSONReader.StringToken) in
                reader.match(key, in: metadata, keyTable: keyTable).0 == .property(index)
            }
            do {
                if let settled = error as? SettledError, settled.isFatal { throw settled }
                reader.rewind(to: start)
                if try reader.hasLaterKey(matching: isSameProperty) { return false }
            } catch let settled as SettledError {
                throw settled.prefixed(with: .key(property.key))
            }
            try recoverProperty(property, after: error, at: start, issuesFrom: mark, reader: &reader, context: context)
            return true
        }
    }

    /// Reads the value of a key that the class does not declare into ``unknownValues``;
    /// `false` when it is unusable and a later entry has the same key.
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
            try reader.skip(
                after: settled.prefixed(with: .key(key)), at: start, issuesFrom: context.issues.count,
                component: .key(key), context: context)
        }
        return true
    }
}
