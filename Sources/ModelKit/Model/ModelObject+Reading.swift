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

    /// Reads a nested object of this class or a subclass, as ``_read(from:context:)`` does,
    /// for a property of this class or of an optional of it.
    static func readNestedObject(
        from reader: inout JSONReader,
        context: LoadContext,
        reusing storage: UnsafeMutablePointer<ModelObject>?
    ) throws -> ModelObject {
        let object = try readObject(from: &reader, context: context, reusing: storage)
        guard type(of: object).isSubclass(of: self) else { throw unrelated(object) }
        return object
    }

    /// The error for an object loaded for a property of this class that is of another class.
    @inline(never)
    static func unrelated(_ object: ModelObject) -> SettledError {
        let error = ModelError(.unrelatedClass(type(of: object).modelName, expected: modelName))
        return SettledError(error: error, isFatal: false)
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
        let pass = try readEntriesOnce(
            from: &reader, into: nil, ofClass: nil, reusing: storage, classNames: .resolves(isRoot: false),
            context: context)
        if case .loaded(let object) = pass { return object }
        return try readObjectAgain(after: pass, from: &reader, context: context, reusing: storage)
    }

    /// Reads an object again, after a first pass that stopped, as ``readEntries(from:into:reusing:classNames:context:)``
    /// does; kept apart so that the first pass, which recursion goes through, needs little stack.
    @inline(never)
    private static func readObjectAgain(
        after pass: Pass,
        from reader: inout JSONReader,
        context: LoadContext,
        reusing storage: UnsafeMutablePointer<ModelObject>?
    ) throws -> ModelObject {
        // The first pass began at the object's brace, which the reader came back to.
        guard case .again(let modelClass, let mayReuse) = pass else {
            let dictionary = try reader.readFoundationObject()
            let reusable = storage.flatMap {
                isKnownUniquelyReferenced(&$0.pointee) && $0.pointee.isPristine ? $0.pointee : nil
            }
            return try JSONReader.settled { try makeObject(from: dictionary, context: context, reusing: reusable) }
        }
        let result = try readEntries(
            from: &reader, into: nil, reusing: mayReuse ? storage : nil, classNames: .resolves(isRoot: false),
            context: context, firstClass: modelClass)
        switch result {
        case .loaded(let object):
            return object
        case .dictionary(let dictionary):
            return try JSONReader.settled { try makeObject(from: dictionary, context: context, reusing: nil) }
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
        context: LoadContext,
        firstClass: ModelObject.Type? = nil
    ) throws -> ReadResult {
        let start = reader.mark
        let issueMark = context.issues.count
        var chosenClass = firstClass
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

    /// One pass over an object's entries; on any way out but `.loaded`, the reader and the
    /// load's issues are back where they were at the object's brace.
    ///
    /// Loading recursion goes through this function, so what it does rarely is in functions
    /// of their own, which keeps its frame small.
    private static func readEntriesOnce(
        from reader: inout JSONReader,
        into fixedObject: ModelObject?,
        ofClass chosenClass: ModelObject.Type?,
        reusing storage: UnsafeMutablePointer<ModelObject>?,
        classNames: ClassNameRule,
        context: LoadContext
    ) throws -> Pass {
        let start = reader.mark
        let issueMark = context.issues.count
        var header = ObjectHeader()
        var hasEntry = try reader.beginObject()
        if hasEntry,
            !(try header.readLeadingKeys(
                from: &reader, of: self, classNames: classNames, context: context, hasEntry: &hasEntry))
        {
            return stop(.dictionary, reader: &reader, at: start, issuesFrom: issueMark, context: context)
        }
        let modelClass = fixedObject.map { type(of: $0) } ?? chosenClass ?? header.modelClass ?? self
        let metadata = context.metadata(of: modelClass)
        guard let keyTable = metadata.keyTable, header.isCurrent(for: metadata) else {
            return stop(.dictionary, reader: &reader, at: start, issuesFrom: issueMark, context: context)
        }
        let reusable = modelClass == self ? storage.flatMap(reusableObject(in:)) : nil
        let object = fixedObject ?? reusable ?? modelClass.init()
        // Nested objects' class names are looked up in this class's module too.
        let enclosingClass = context.enclosingClass
        context.enclosingClass = modelClass
        defer { context.enclosingClass = enclosingClass }
        var found = FoundProperties(count: metadata.properties.count)
        while hasEntry {
            let key = try reader.scanKey()
            let match = reader.match(key, in: keyTable)
            if case .property(let index)? = match, found.insert(index) {
                guard
                    try object.readProperty(
                        at: index, metadata: metadata, keyTable: keyTable, from: &reader, context: context)
                else { return stop(.dictionary, reader: &reader, at: start, issuesFrom: issueMark, context: context) }
            } else {
                let pass = try object.readOtherEntry(
                    key, match: match, header: &header, from: &reader, metadata: metadata, keyTable: keyTable,
                    expected: self, isClassFixed: fixedObject != nil || chosenClass != nil, classNames: classNames,
                    context: context)
                if let pass { return stop(pass, reader: &reader, at: start, issuesFrom: issueMark, context: context) }
            }
            hasEntry = try reader.nextEntry()
        }
        if reusable != nil, !object.keepsDefaults(whereAbsent: found.contains, metadata: metadata, context: context) {
            return stop(
                .again(chosenClass, mayReuse: false), reader: &reader, at: start, issuesFrom: issueMark,
                context: context)
        }
        object.finishLoading(version: header.version, keptClassName: header.keptClassName, metadata: metadata)
        return .loaded(object)
    }

    /// Ends a pass that did not load the object: back to the object's brace, without the
    /// problems the pass reported, which reading again reports again.
    @inline(never)
    private static func stop(
        _ pass: Pass, reader: inout JSONReader, at start: JSONReader.Mark, issuesFrom mark: Int, context: LoadContext
    ) -> Pass {
        context.issues.removeSubrange(mark...)
        reader.rewind(to: start)
        return pass
    }

    /// What a loaded object's entries leave to do: the values that repeat others, the version
    /// to write back, no changes.
    private func finishLoading(version: Int, keptClassName: String?, metadata: ModelMetadata) {
        keepClassName(of: ResolvedClass(modelClass: type(of: self), keptName: keptClassName))
        didLoadValues()
        newerVersion = version > metadata.modelVersion ? version : nil
        changeRecord = ChangeRecord()
    }

    /// Reads an entry that is not a property's first: `version` or `representedClassName`,
    /// a key the class does not declare, or a property's key again.
    ///
    /// - Returns: `nil` to go on; otherwise how the pass ends.
    @inline(never)
    private func readOtherEntry(
        _ key: JSONReader.StringToken,
        match: KeyTable.Match?,
        header: inout ObjectHeader,
        from reader: inout JSONReader,
        metadata: ModelMetadata,
        keyTable: KeyTable,
        expected: ModelObject.Type,
        isClassFixed: Bool,
        classNames: ClassNameRule,
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
            if !isClassFixed, let named = header.modelClass, named != type(of: self) {
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

    /// The object that `storage` holds when loading may load into it instead of replacing it:
    /// untouched, of this very class, and held nowhere else.
    private static func reusableObject(in storage: UnsafeMutablePointer<ModelObject>) -> ModelObject? {
        guard type(of: storage.pointee) == self, isKnownUniquelyReferenced(&storage.pointee), storage.pointee.isPristine
        else { return nil }
        return storage.pointee
    }

    /// Reads the value of the property at `index`; `false` when it does not fit and a later
    /// entry has the same key, so that the dictionary way decides which counts.
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
            try reader.skip(
                after: settled.prefixed(with: .key(key)), at: start, issuesFrom: context.issues.count,
                component: .key(key), context: context)
        }
        return true
    }
}
