import Foundation

// Reading an object's entries from the bytes straight into a new object: one pass when the
// data is as ModelKit writes it, a second (another class, or the dictionary way) when the pass
// learns that it must. For a class of three properties, whose `KeyTable` predicts their keys
// in declaration order and finds any key by its bytes (see `KeyTable.swift`):
//
//     final class Note: ModelObject {
//         @Saved var title = ""             // property 0, predicted as the bytes "title"
//         @Saved var count = 0              // property 1, "count"
//         @Saved var tags: [String] = []    // property 2, "tags"
//     }
//
// Keys in declaration order, `{"version":1,"title":"Hi","count":2}`: no key is hashed.
//
//     at  bytes          step                                                  expected after
//      1  "version":1    readLeadingKeys: the quoted version key, then one digit             0
//     13  "title":"Hi"   readKey(ofProperty: 0): the 7 bytes are equal, so property 0;
//                        readProperty(at: 0) reads "Hi" from 21                              1
//     26  "count":2      readKey(ofProperty: 1): property 1; its value at 34                 2
//     35  }              nextEntry() ends the loop; finishReading ends the load
//
// Out of order, with a key the class does not declare, `{"count":2,"id":7,"title":"Hi"}`,
// where ≠ marks a key that is not the one expected next:
//
//      1  "count":2      ≠ "title"; scanKey() gives bytes 2..<7, which the table finds in
//                        slot 13: property 1                                                 2
//     11  "id":7         ≠ "tags"; the table probes slots 9 and 10 to the empty 11: no
//                        match, so readOtherEntry keeps `"id":7` as compact text             2
//     18  "title":"Hi"   ≠ "tags"; slot 1: property 0, not found before                      1
//
// A value that does not fit, `{"title":"Hi","count":"2"}`: at 22, `Int` meets a quote where a
// number starts and throws. recoverProperty rewinds to 22, looks past the value for another
// key of property 1 (`hasLaterKey`: none), reads `"2"` again as its dictionary form, and
// loads that the dictionary way: `count: expected a number, found "2"`; or, in a lenient load,
// that issue, `count` left at 0 and `"2"` kept to write back in its place. Had `"count":3`
// followed, the pass would stop and rewind to the brace at 0, and the object would be read
// as its dictionary form, whose last value counts: 3. A repeated key and old data end the
// pass so too; a late class name of another class, with a pass into that class.

extension ModelObject {
    /// How reading an object's entries ended.
    enum ReadResult {
        case loaded(ModelObject)
        /// The object is to be loaded the dictionary way, from this dictionary form.
        case dictionary([String: Any])
    }

    /// How one pass over an object's entries ended.
    enum Pass {
        case loaded(ModelObject)
        /// Read the entries again into an object of this class, or of the class the data
        /// names, reusing the property's object or not.
        case again(ModelObject.Type?, mayReuse: Bool)
        case dictionary
    }

    /// Reads a nested object of this class or a subclass, as `_read(from:context:)` does,
    /// for a property of this class or of an optional of it.
    static func readNestedObject(
        from reader: inout JSONReader,
        context: LoadContext,
        reusing storage: UnsafeMutablePointer<ModelObject>?
    ) throws -> ModelObject {
        let object = try readAnyNestedObject(from: &reader, context: context, reusing: storage)
        guard type(of: object) == self || type(of: object).isSubclass(of: self) else { throw unrelated(object) }
        return object
    }

    /// The error for an object loaded for a property of this class that is of another class.
    @inline(never)
    static func unrelated(_ object: ModelObject) -> SettledModelError {
        SettledModelError(ModelError.unrelatedClass(type(of: object), expected: self))
    }

    /// Reads a nested object of this class, or of the subclass that the data names, as
    /// ``loadNestedObject(fromDictionary:context:reusing:)`` loads it from its dictionary form;
    /// the caller checks the class of the object.
    ///
    /// - Parameter storage: The property's storage when the property's type is this class,
    ///   so that an untouched default object it holds can be loaded into, not replaced.
    static func readAnyNestedObject(
        from reader: inout JSONReader,
        context: LoadContext,
        reusing storage: UnsafeMutablePointer<ModelObject>?
    ) throws -> ModelObject {
        guard reader.peekToken() == UInt8(ascii: "{") else { throw ValueMismatch() }
        let pass = try readEntriesOnce(
            from: &reader, into: nil, ofClass: nil, reusing: storage, classNames: .nested,
            context: context)
        if case .loaded(let object) = pass { return object }
        return try readNestedObject(afterFirstPass: pass, from: &reader, context: context, reusing: storage)
    }

    /// Reads a nested object again, after a first pass that stopped, as
    /// ``readEntries(from:into:reusing:classNames:context:firstClass:)`` does; kept apart so
    /// that the first pass, which recursion goes through, needs little stack.
    @inline(never)
    private static func readNestedObject(
        afterFirstPass pass: Pass,
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
            return try SettledModelError.settling {
                try loadNestedObject(fromDictionary: dictionary, context: context, reusing: reusable)
            }
        }
        let result = try readEntries(
            from: &reader, into: nil, reusing: mayReuse ? storage : nil, classNames: .nested,
            context: context, firstClass: modelClass)
        switch result {
        case .loaded(let object):
            return object
        case .dictionary(let dictionary):
            return try SettledModelError.settling {
                try loadNestedObject(fromDictionary: dictionary, context: context, reusing: nil)
            }
        }
    }

    /// Reads the entries of the object at the reader into `fixedObject`, or into a new object
    /// of this class or of the subclass that the data names.
    ///
    /// Data as ModelKit writes it, with the version and the class name first and each key
    /// once, is read in one pass. Otherwise the object is read again once the data says how:
    /// into another class when the class name comes late, or the dictionary way when the data
    /// needs migration, repeats a key the class reads, or the class has no key table.
    static func readEntries(
        from reader: inout JSONReader,
        into fixedObject: ModelObject?,
        reusing storage: UnsafeMutablePointer<ModelObject>?,
        classNames: ClassNameUse,
        context: LoadContext,
        firstClass: ModelObject.Type? = nil
    ) throws -> ReadResult {
        let reading = ValueReading(reader, context)
        var chosenClass = firstClass
        var mayReuse = storage != nil
        while true {
            let pass = try readEntriesOnce(
                from: &reader, into: fixedObject, ofClass: chosenClass, reusing: mayReuse ? storage : nil,
                classNames: classNames, context: context)
            if case .loaded(let object) = pass { return .loaded(object) }
            // The pass ended back at the object's brace, without what it recorded.
            guard case .again(let modelClass, let reuse) = pass else {
                return .dictionary(FastCast.dictionary(try reading.dictionaryForm(&reader, context, nil)) ?? [:])
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
        classNames: ClassNameUse,
        context: LoadContext
    ) throws -> Pass {
        let reading = ValueReading(reader, context)
        var header = ObjectHeader()
        var hasEntry = try reader.beginObject()
        if hasEntry,
            !(try header.readLeadingKeys(
                from: &reader, of: self, classNames: classNames, context: context, hasEntry: &hasEntry))
        {
            return stop(.dictionary, reader: &reader, reading: reading, context: context)
        }
        let modelClass = fixedObject.map { type(of: $0) } ?? chosenClass ?? header.resolved?.modelClass ?? self
        let metadata = context.metadata(of: modelClass)
        guard let keyTable = metadata.keyTable,
            header.readsInOnePass(for: metadata, hasEntry: hasEntry, reader: &reader)
        else {
            return stop(.dictionary, reader: &reader, reading: reading, context: context)
        }
        let reusable = modelClass == self ? storage.flatMap(reusableObject(in:)) : nil
        let object = fixedObject ?? reusable ?? modelClass.init()
        // Class names in the values resolve in this object's module too, as when loading the
        // dictionary form; this object's own late class name resolves as its first would have.
        let enclosingClass = context.enclosingClass
        context.enclosingClass = modelClass
        defer { context.enclosingClass = enclosingClass }
        // The properties found, by index, then the containers and the flattened objects' properties.
        var found = FoundProperties(count: metadata.layout.foundSlotCount)
        var expected = 0
        // Made once, not for each of the many keys that most payloads hold beyond the
        // declared ones, which would retain its references every time.
        let entries = OtherEntryReading(
            metadata: metadata, keyTable: keyTable, expectedClass: self,
            isClassFixed: fixedObject != nil || chosenClass != nil, classNames: classNames,
            objectStart: reading.start)
        while hasEntry {
            let key: JSONReader.StringToken
            let match: KeyTable.Match?
            if let predicted = try reader.readKey(ofProperty: expected, in: keyTable) {
                (key, match) = (predicted, .property(expected))
            } else {
                key = try reader.scanKey()
                match = reader.match(key, in: keyTable)
            }
            if case .property(let index)? = match, found.insert(index) {
                guard
                    try object.readProperty(
                        at: index, metadata: metadata, keyTable: keyTable, from: &reader, context: context)
                else { return stop(.dictionary, reader: &reader, reading: reading, context: context) }
                expected = index + 1
            } else if case .container(let index)? = match, found.insert(metadata.properties.count + index) {
                try object.readContainer(at: index, metadata: metadata, from: &reader, context: context)
            } else {
                context.enclosingClass = enclosingClass
                let pass = try object.readOtherEntry(
                    key, match: match, header: &header, found: &found, from: &reader, in: entries, context: context)
                context.enclosingClass = modelClass
                if let pass { return stop(pass, reader: &reader, reading: reading, context: context) }
            }
            hasEntry = try reader.nextEntry()
        }
        if reusable != nil, !object.keepsDefaults(whereAbsent: found.contains, metadata: metadata, context: context) {
            return stop(.again(chosenClass, mayReuse: false), reader: &reader, reading: reading, context: context)
        }
        try object.finishReading(version: header.dataVersion(for: metadata), metadata: metadata, context: context)
        object.keepClassName(of: header.resolved ?? ResolvedClass(modelClass: modelClass))
        return .loaded(object)
    }

    /// Ends a pass that did not load the object: back to the object's brace, without the
    /// problems the pass reported, which reading again reports again.
    @inline(never)
    private static func stop(_ pass: Pass, reader: inout JSONReader, reading: ValueReading, context: LoadContext)
        -> Pass
    {
        reading.rewind(&reader, context)
        return pass
    }

    /// Ends the load of an object read in one pass, as ``finishLoading(version:metadata:context:upgrading:)``
    /// ends every load.
    ///
    /// Only ``validate()`` throws here, since older data goes the dictionary way: its error is
    /// already the dictionary way's, which reading the object again would only repeat. Apart
    /// from the pass, whose frame loading recursion stacks up.
    @inline(never)
    private func finishReading(version: Int, metadata: ModelMetadata, context: LoadContext) throws {
        if let kept = context.takeKeptMembers(of: self) {
            unknowns.add(kept) { metadata.layout.isContainer($0) }
        }
        try SettledModelError.settling { try finishLoading(version: version, metadata: metadata, context: context) }
    }

    /// The object that `storage` holds when loading may load into it instead of replacing it:
    /// untouched, of this very class, and held nowhere else.
    private static func reusableObject(in storage: UnsafeMutablePointer<ModelObject>) -> ModelObject? {
        guard type(of: storage.pointee) == self, isKnownUniquelyReferenced(&storage.pointee), storage.pointee.isPristine
        else { return nil }
        return storage.pointee
    }
}

/// The saved properties whose keys an object's data has had so far, by index: in the bits of
/// one word for classes of up to 64 properties, which is nearly all of them.
struct FoundProperties {
    private var bits: UInt64 = 0
    private var more: [Bool]

    init(count: Int) {
        more = count > 64 ? Array(repeating: false, count: count) : []
    }

    /// Records the property at `index`; `false` when it was found before.
    @inline(__always)
    mutating func insert(_ index: Int) -> Bool {
        if index < 64 {
            let bit: UInt64 = 1 << UInt64(index)
            defer { bits |= bit }
            return bits & bit == 0
        }
        defer { more[index] = true }
        return !more[index]
    }

    /// Whether the property at `index` was found.
    @inline(__always)
    func contains(_ index: Int) -> Bool {
        index < 64 ? bits & (1 << UInt64(index)) != 0 : more[index]
    }
}
