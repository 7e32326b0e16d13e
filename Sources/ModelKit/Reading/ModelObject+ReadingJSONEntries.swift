import Foundation

// The entries of an object being read, one by one: saved properties, with what happens when a
// value does not fit; `version` and `representedClassName` out of place; unknown keys.

/// What reading an entry that is not a property's first needs to know of the pass over its
/// object's entries.
struct OtherEntryReading {
    /// The metadata of the class of the object being read.
    let metadata: ModelMetadata
    let keyTable: KeyTable
    /// The class expected where the object stands, which a class name must fit.
    let expectedClass: ModelObject.Type
    /// Whether the object's class is settled, by the caller or by an earlier pass, so that a
    /// class name met late cannot change it.
    let isClassFixed: Bool
    let classNames: ClassNameUse
    /// Where the object begins, at its opening brace.
    let objectStart: JSONReader.Mark
}

extension ModelObject {
    /// Reads an entry that is not a property's first: `version` or `representedClassName`,
    /// a key the class does not declare, a property's key again, or a key of a flattened
    /// object's property.
    ///
    /// - Returns: `nil` to go on; otherwise how the pass ends.
    @inline(never)
    func readOtherEntry(
        _ key: JSONReader.StringToken,
        match: KeyTable.Match?,
        header: inout ObjectHeader,
        found: inout FoundProperties,
        from reader: inout JSONReader,
        in entries: OtherEntryReading,
        context: LoadContext
    ) throws -> Pass? {
        let metadata = entries.metadata
        switch match {
        case .property(let index)?:
            // A key of a property found before: kept as the dictionary form keeps it when a
            // key met earlier outranks it; otherwise the dictionary form decides, which keeps
            // the last value of a repeated key.
            guard isOutranked(key, ofProperty: index, from: &reader, in: entries) else { return .dictionary }
            // The undeclared keys after it are each read as their own entry where the load
            // rejects them.
            return try keepUnknownEntries(
                startingWith: key, from: &reader, keyTable: entries.keyTable,
                followingUndeclaredKeys: !context.rejectsUnknownKeys(of: metadata), context: context)
        case .container?:
            // The second value of a container: the dictionary form keeps the last one.
            return .dictionary
        case .version?, .className?:
            let headerKey: ObjectHeader.Key = match == .version ? .version : .className
            // Without a version yet, the pass began because a later one is current.
            guard
                try header.read(
                    headerKey, from: &reader, of: entries.expectedClass, classNames: entries.classNames,
                    context: context),
                header.isCurrent(for: metadata) || !header.hasVersion
            else { return .dictionary }
            if !entries.isClassFixed, let named = header.resolved?.modelClass, named != type(of: self) {
                return .again(named, mayReuse: false)
            }
            return nil
        case .flattened(let object, let index)?:
            return try readFlattenedEntry(
                object: object, property: index, found: &found, from: &reader, in: entries, context: context)
        case nil:
            // A key that is not ASCII and equals a saved key as a `String` is rare enough to
            // leave to the dictionary form, which finds it the same way; so is a key that the
            // load rejects, since the class that the data names decides. The key table has
            // been asked already.
            guard key.isASCII || MatchedEntries.matchByEquality(reader.makeString(key), metadata: metadata) == nil,
                !context.rejectsUnknownKeys(of: metadata)
            else { return .dictionary }
            return try keepUnknownEntries(
                startingWith: key, from: &reader, keyTable: entries.keyTable, followingUndeclaredKeys: true,
                context: context)
        }
    }

    /// Whether `key`, a key of the property at `index` that was found under a key before, is
    /// outranked by a key of the property that comes earlier in the object: an alternative
    /// after the property's own key, or after an alternative listed before it.
    ///
    /// Reads the object's entries before `key` again; the reader stays where it is. Rare: a
    /// payload seldom holds two keys of one property.
    @inline(never)
    private func isOutranked(
        _ key: JSONReader.StringToken, ofProperty index: Int, from reader: inout JSONReader,
        in entries: OtherEntryReading
    ) -> Bool {
        let keys = entries.metadata.layout.keysByProperty[index]
        guard keys.count > 1, let rank = keys.firstIndex(where: { reader.key(key, equals: $0) }) else { return false }
        let current = reader.mark
        let currentPosition = reader.position
        defer { reader.rewind(to: current) }
        reader.rewind(to: entries.objectStart)
        do {
            guard try reader.beginObject() else { return false }
            while reader.position < currentPosition {
                let earlier = try reader.scanKey()
                if let earlierRank = keys.firstIndex(where: { reader.key(earlier, equals: $0) }) {
                    return earlierRank < rank
                }
                try reader.skipValue()
                guard try reader.nextEntry() else { return false }
            }
        } catch {
            return false
        }
        return false
    }

    /// Keeps the value of `first`, which the object's class does not declare, and, when
    /// `followingUndeclaredKeys`, those of the undeclared ASCII keys right after it, as compact
    /// text among the object's undeclared members; the reader stops before the comma of the
    /// first entry that is not one, for the pass's loop.
    ///
    /// Real payloads hold runs of keys that an app does not declare: kept here, each costs
    /// no round through the loop, which would first compare the key with the one it expects.
    ///
    /// - Returns: `nil` to go on; otherwise how the pass ends.
    private func keepUnknownEntries(
        startingWith first: JSONReader.StringToken, from reader: inout JSONReader, keyTable: KeyTable,
        followingUndeclaredKeys: Bool, context: LoadContext
    ) throws -> Pass? {
        let members = context.keptMembers(of: self)
        var key = first
        while true {
            switch try keepUnknownEntry(key, in: members, from: &reader) {
            case .appended: break
            case .repeatedKey: return .dictionary
            case .needsFoundationValue:
                let text = reader.makeString(key)
                return try readUnknownValue(forKey: text, from: &reader, context: context) ? nil : .dictionary
            }
            guard followingUndeclaredKeys, let next = reader.nextUndeclaredKey(in: keyTable) else { return nil }
            key = next
        }
    }

    /// Keeps the value of `key`, which the object's class does not declare, in `members`;
    /// for a value that needs a Foundation value, the reader is back at the value's start.
    @inline(__always)
    private func keepUnknownEntry(
        _ key: JSONReader.StringToken, in members: Unmanaged<CompactMembersBuilder>, from reader: inout JSONReader
    ) throws -> CompactMembersBuilder.Appended {
        let start = reader.mark
        let appended: CompactMembersBuilder.Appended
        do {
            appended = try members._withUnsafeGuaranteedRef { try $0.append(key: key, from: &reader) }
        } catch {
            throw KeyPathStep.prefixing(error, with: .key(reader.makeString(key)))
        }
        if appended == .needsFoundationValue { reader.rewind(to: start) }
        return appended
    }

    /// Reads the nested object of the container at `index`: straight into the properties and
    /// the kept text of its other keys, at every level of it, when everything fits, else as
    /// its dictionary form, which the dictionary way loads, so that errors, issues and kept
    /// values are that way's.
    @inline(never)
    func readContainer(at index: Int, metadata: ModelMetadata, from reader: inout JSONReader, context: LoadContext)
        throws
    {
        // Borrowed where it lives, rather than copied with each of its arrays retained.
        try metadata.layout.containers.withUnsafeBufferPointer {
            try readContainer($0[index], metadata: metadata, from: &reader, context: context)
        }
    }

    @inline(__always)
    private func readContainer(
        _ container: PathContainer, metadata: ModelMetadata, from reader: inout JSONReader, context: LoadContext
    ) throws {
        if try reader.readNull() {
            // No nested object, kept to be written back when nothing is written into it.
            unknowns[container.key] = NSNull()
            return
        }
        let reading = ValueReading(reader, context)
        if container.isWalkable, reader.peekToken() == UInt8(ascii: "{"),
            let level = try readContainerLevel(0, of: container, metadata: metadata, from: &reader, context: context)
        {
            // A nested object that taking values emptied goes; one that held nothing to take
            // stays, as the dictionary way's `loadContainer` keeps it.
            if let kept = level.kept {
                unknowns.keepContainer(container.key, kept)
            } else if !level.tookValue {
                unknowns.keepContainer(container.key, CompactMembers(bytes: [], count: 0, depth: 0, hasSlash: false))
            }
            return
        }
        try reading.loadAgain(&reader, context, .key(container.key)) {
            try loadContainer(container, from: $0, metadata: metadata, context: context)
        }
    }

    /// What reading one level of a container's nested objects left: the kept text of its
    /// other keys, and whether a property at it or below took a value, as the dictionary way's
    /// walk (``PathContainer/walk(_:otherKeys:emptyLevels:visit:)``) decides whether to keep a
    /// nested object that it emptied.
    private struct ReadLevel {
        var kept: CompactMembers?
        var tookValue: Bool
    }

    /// Reads the entries of one of a container's nested objects straight into its properties,
    /// and those of the nested objects below it that lead to properties.
    ///
    /// - Returns: What the level left; `nil` when a value does not fit or loads with problems,
    ///   a key repeats, matches a property only as a string, or has a value other than an
    ///   object where a nested object leads further down, for the dictionary way to settle.
    private func readContainerLevel(
        _ levelIndex: Int, of container: PathContainer, metadata: ModelMetadata, from reader: inout JSONReader,
        context: LoadContext
    ) throws -> ReadLevel? {
        let level = container.levels[levelIndex]
        guard try reader.beginObject() else { return ReadLevel(kept: nil, tookValue: false) }
        var found: UInt64 = 0
        var tookValue = false
        // Held at +1 until the end, and lent to each member's append without another retain.
        var kept: Unmanaged<CompactMembersBuilder>?
        defer { if let kept { context.recycle(kept.takeRetainedValue()) } }
        repeat {
            let key = try reader.scanKey()
            // Looked at in place: a loop over arrays of arrays would retain each it visits,
            // for every key of the object.
            var slot = level.keyBytes.withUnsafeBufferPointer { keys in
                keys.firstIndex { bytes in bytes.withUnsafeBufferPointer { reader.token(key, equals: $0) } }
            }
            if slot == nil, key.hasEscapes || !key.isASCII {
                // Compared as a `String`, as the dictionary way looks keys up: an escape, or
                // another form of the same characters, spells the same key.
                slot = level.keys.firstIndex(of: reader.makeString(key))
            }
            if let slot {
                let bit: UInt64 = 1 << UInt64(slot)
                guard found & bit == 0 else { return nil }
                found |= bit
                switch level.slots[slot] {
                case .property(let index):
                    let isRead = try metadata.unretainedProperties[index]._withUnsafeGuaranteedRef {
                        try readContainerMember($0, at: index, from: &reader, context: context)
                    }
                    guard isRead else { return nil }
                    tookValue = true
                case .level(let inner):
                    if reader.peekToken() == UInt8(ascii: "n") {
                        // No nested object, kept to be written back when nothing is written
                        // into it.
                        let builder = kept ?? Unmanaged.passRetained(context.makeMembersBuilder())
                        kept = builder
                        let appended = try builder._withUnsafeGuaranteedRef { try $0.append(key: key, from: &reader) }
                        guard appended == .appended else { return nil }
                        builder._withUnsafeGuaranteedRef { $0.markLastMember(tag: inner) }
                        continue
                    }
                    guard reader.peekToken() == UInt8(ascii: "{"),
                        let read = try readContainerLevel(
                            inner, of: container, metadata: metadata, from: &reader, context: context)
                    else { return nil }
                    tookValue = tookValue || read.tookValue
                    // A nested object that taking values emptied goes, as the dictionary way's
                    // walk leaves it out; one that held nothing to take stays.
                    guard read.kept != nil || !read.tookValue else { continue }
                    let builder = kept ?? Unmanaged.passRetained(context.makeMembersBuilder())
                    kept = builder
                    let members = read.kept ?? CompactMembers(bytes: [], count: 0, depth: 0, hasSlash: false)
                    builder._withUnsafeGuaranteedRef { $0.append(key: level.keys[slot], object: members, tag: inner) }
                }
            } else {
                guard !context.rejectsUnknownKeys(of: metadata) else { return nil }
                let builder = kept ?? Unmanaged.passRetained(context.makeMembersBuilder())
                kept = builder
                let appended = try builder._withUnsafeGuaranteedRef { try $0.append(key: key, from: &reader) }
                guard appended == .appended else { return nil }
            }
        } while try reader.nextEntry()
        return ReadLevel(
            kept: kept?._withUnsafeGuaranteedRef { $0.finish(marksOwner: container.marksOwner) }, tookValue: tookValue)
    }

    /// Reads the value of a container's member, `property` at `index` of the class's
    /// properties; `false` when it does not fit or loads with problems.
    @inline(__always)
    private func readContainerMember(
        _ property: AnySavedProperty, at index: Int, from reader: inout JSONReader, context: LoadContext
    ) throws -> Bool {
        let reading = ValueReading(reader, context)
        do {
            try property.read(from: &reader, into: self, context: context)
        } catch is any SettledError {
            return false
        } catch {
            guard loadContainerMemberAgain(property, reading: reading, from: &reader, context: context) else {
                return false
            }
        }
        guard !reading.hasProblems(context) else { return false }
        forgetSkippedValue(of: property, at: index)
        if context.nullEnd == reader.position { keepLoadedNull(of: property, at: index) }
        return true
    }

    /// Loads the value of a container's member that its reader did not take from its
    /// Foundation value, as the dictionary way would, such as a `Bool` from `1`, so that the
    /// container's other keys stay kept as text; `false` when that fails too, with the
    /// problems it found left for the caller, which reads the container the dictionary way.
    @inline(never)
    private func loadContainerMemberAgain(
        _ property: AnySavedProperty, reading: ValueReading, from reader: inout JSONReader, context: LoadContext
    ) -> Bool {
        context.takeBackDroppedValues(since: reading.marks)
        reader.rewind(to: reading.start)
        do {
            let value = try reader.readFoundationValue()
            try load(value, into: property, context: context)
            return true
        } catch {
            return false
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
        let value = ValueReading(reader, context)
        do {
            try metadata.unretainedProperties[index]._withUnsafeGuaranteedRef {
                try $0.read(from: &reader, into: self, context: context)
            }
        } catch {
            // The reading is made apart, so that this frame, which loading recursion stacks
            // up, does not hold it.
            return try recoverProperty(
                at: index, metadata: metadata, keyTable: keyTable, value: value, after: error, reader: &reader,
                context: context)
        }
        if value.hasProblems(context) || hasKeptValue(at: index) {
            settleIssues(at: index, metadata: metadata, value: value, reader: &reader, context: context)
        } else if context.nullEnd == reader.position {
            keepLoadedNull(at: index, metadata: metadata)
        }
        return true
    }

    /// Keeps the `null` that loaded into the property at `index`, when nothing else is left
    /// to settle, as ``settleIssues(of:reader:context:)`` would, without retaining anything.
    ///
    /// Apart from ``readProperty(at:metadata:keyTable:from:context:)``, whose frame loading
    /// recursion stacks up.
    @inline(never)
    private func keepLoadedNull(at index: Int, metadata: ModelMetadata) {
        metadata.unretainedProperties[index]._withUnsafeGuaranteedRef { keepLoadedNull(of: $0, at: index) }
    }

    /// After a property's value loaded, as the dictionary form's `load` does: prefixes the
    /// problems found in it with its key, keeps the whole value when part of it was dropped,
    /// and forgets a value kept from an earlier load.
    @inline(never)
    private func settleIssues(
        at index: Int, metadata: ModelMetadata, value: ValueReading, reader: inout JSONReader, context: LoadContext
    ) {
        let property = metadata.properties[index]
        settleLoadedValue(of: property, at: index, since: value.marks, context: context) {
            keepPartlyLoadedValue(of: property, at: value.start, reader: &reader)
        }
        if context.nullEnd == reader.position { keepLoadedNull(of: property, at: index) }
    }

    /// Settles a property's value that did not load: `false` when a later entry has the same
    /// key, else as ``recoverProperty(_:after:reading:reader:context:)`` does.
    @inline(never)
    private func recoverProperty(
        at index: Int, metadata: ModelMetadata, keyTable: KeyTable, value: ValueReading, after error: any Error,
        reader: inout JSONReader, context: LoadContext
    ) throws -> Bool {
        // The value is read again, or kept whole: what the first reading dropped does not count.
        context.takeBackDroppedValues(since: value.marks)
        let property = metadata.properties[index]
        let isRepeated = try KeyPathStep.at(.key(property.key)) {
            if let settled = error as? any SettledError, settled.isFatal { throw settled }
            reader.rewind(to: value.start)
            let isSameProperty = { (reader: JSONReader, key: JSONReader.StringToken) in
                reader.match(key, in: metadata, keyTable: keyTable) == .property(index)
            }
            return try reader.hasLaterKey(matching: isSameProperty)
        }
        if isRepeated { return false }
        try recoverProperty(property, after: error, reading: value, reader: &reader, context: context)
        return true
    }

    /// Reads the value of a key that the class does not declare that has no compact text:
    /// `false` when it reads as a Foundation value after all, or a later entry has the same
    /// key, so that the dictionary way decides.
    ///
    /// Such a value holds an object with a repeated key, whose last value counts, or a number
    /// that no Foundation value holds, which is an error or, in a lenient load, an issue.
    @inline(never)
    private func readUnknownValue(forKey key: String, from reader: inout JSONReader, context: LoadContext) throws
        -> Bool
    {
        let reading = ValueReading(reader, context)
        do {
            _ = try reader.readFoundationValue()
            return false
        } catch let settled as any SettledError {
            let isRepeated = try KeyPathStep.at(.key(key)) {
                if settled.isFatal { throw settled }
                reader.rewind(to: reading.start)
                return try reader.hasLaterKey(matching: { reader, later in reader.key(later, equals: key) })
            }
            if isRepeated { return false }
            try reading.skip(
                after: KeyPathStep.prefixing(settled, with: .key(key)), prefixing: .key(key), &reader, context)
        }
        return true
    }
}
