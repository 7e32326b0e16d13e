import Foundation

/// What an object's data says of itself: its version and, through its type key, its class;
/// read wherever they stand, as ModelKit's reader meets them.
struct ObjectHeader {
    /// A key of the header.
    enum Key {
        case version
        case className

        /// The key in the data of a class that `metadata` describes.
        func name(in metadata: ModelMetadata) -> String {
            (self == .version ? metadata.layout.versionKey : metadata.layout.typeKey) ?? ""
        }
    }

    /// The version of the data, when it has one.
    var version = 1
    var hasVersion = false
    var hasClassName = false
    /// What the class name resolves to, when the data has one.
    var resolved: ResolvedClass?

    /// Whether an object of the class that `metadata` describes can load the data's values as
    /// they are: data without a version counts as version 1, and older data is migrated.
    func isCurrent(for metadata: ModelMetadata) -> Bool {
        hasVersion ? version >= metadata.modelVersion : metadata.versionOfUnversionedData >= metadata.modelVersion
    }

    /// Whether the reader's pass over the object's entries reads them for the class that
    /// `metadata` describes.
    ///
    /// It does when the data is current for the class, by the version read so far or by one
    /// that a later entry holds: data as new as its class is read in one pass wherever its
    /// version stands, and only older data, which migrates, takes the dictionary way.
    ///
    /// Apart from the pass, whose frame loading recursion stacks up.
    @inline(never)
    func readsInOnePass(for metadata: ModelMetadata, hasEntry: Bool, reader: inout JSONReader) -> Bool {
        if isCurrent(for: metadata) { return true }
        return hasEntry && !hasVersion && hasCurrentVersionLater(in: &reader, metadata: metadata)
    }

    /// Whether a later entry of the object holds a version that is current for the class
    /// that `metadata` describes, as a plain integer.
    ///
    /// The reader, at the object's entries, stays where it is.
    private func hasCurrentVersionLater(in reader: inout JSONReader, metadata: ModelMetadata) -> Bool {
        guard let versionKey = metadata.layout.versionKey else { return false }
        let start = reader.mark
        defer { reader.rewind(to: start) }
        do {
            repeat {
                let key = try reader.scanKey()
                if reader.key(key, equals: versionKey) {
                    guard let version = try reader.readSingleDigit() ?? reader.readPlainInteger() else { return false }
                    return version >= metadata.modelVersion
                }
                try reader.skipValue()
            } while try reader.nextEntry()
        } catch {
            // Malformed: the dictionary way reports it where it stands.
            return false
        }
        return false
    }

    /// The version that the object's values are of: the data's, or what data without one
    /// counts as.
    func dataVersion(for metadata: ModelMetadata) -> Int {
        hasVersion ? version : metadata.versionOfUnversionedData
    }

    /// Reads the version and the class name where ModelKit writes them, first in an object,
    /// up to the first other key; `false` when the object repeats one of them, or has one
    /// again after a value that does not fit.
    ///
    /// - Parameter hasEntry: Whether an entry follows; updated as entries are read.
    @inline(never)
    mutating func readLeadingKeys(
        from reader: inout JSONReader,
        of expected: ModelObject.Type,
        classNames: ClassNameUse,
        context: LoadContext,
        hasEntry: inout Bool
    ) throws -> Bool {
        let metadata = context.metadata(of: expected)
        while hasEntry,
            let key = reader.readHeaderKey(version: metadata.quotedVersionKey, type: metadata.quotedTypeKey)
        {
            guard try read(key, from: &reader, of: expected, classNames: classNames, context: context) else {
                return false
            }
            hasEntry = try reader.nextEntry()
        }
        return true
    }

    /// Reads the value of `key`, whose key and colon the reader has read, for an object of
    /// `expected` or a subclass.
    ///
    /// - Returns: `false` when the object has the key twice (or has it again after a value
    ///   that does not fit), so that the dictionary way decides which one counts.
    mutating func read(
        _ key: Key,
        from reader: inout JSONReader,
        of expected: ModelObject.Type,
        classNames: ClassNameUse,
        context: LoadContext
    ) throws -> Bool {
        let reading = ValueReading(reader, context)
        let name = key.name(in: context.metadata(of: expected))
        do {
            switch key {
            case .version:
                guard !hasVersion else { return false }
                hasVersion = true
                version = try expected.readVersion(from: &reader, context: context)
            case .className:
                guard !hasClassName else { return false }
                hasClassName = true
                resolved = try expected.readClassName(from: &reader, use: classNames, context: context)
            }
            return true
        } catch let settled as any SettledError where !settled.isFatal {
            reader.rewind(to: reading.start)
            do {
                if try reader.hasLaterKey(matching: { reader, later in reader.key(later, equals: name) }) {
                    return false
                }
            } catch {
                throw KeyPathStep.prefixing(error, with: .key(name))
            }
            try reading.skip(after: settled, prefixing: .key(name), &reader, context)
            return true
        }
    }
}

extension ModelObject {
    /// Reads the value of the version key, as ``version(_:metadata:context:)`` reads it from
    /// the dictionary form; plain integers without the dictionary form.
    static func readVersion(from reader: inout JSONReader, context: LoadContext) throws -> Int {
        let metadata = context.metadata(of: self)
        if let version = try reader.readSingleDigit() ?? reader.readPlainInteger() { return version }
        let value = try readHeaderValue(of: .version, metadata: metadata, from: &reader)
        return try SettledModelError.settling { try version(value, metadata: metadata, context: context) }
    }

    /// Reads the value of the type key and what it resolves to, through
    /// ``resolveClass(named:metadata:context:use:)``, as for the dictionary form.
    static func readClassName(from reader: inout JSONReader, use: ClassNameUse, context: LoadContext) throws
        -> ResolvedClass
    {
        let metadata = context.metadata(of: self)
        // The class's own name, as ModelKit writes it, compared in place.
        if reader.readText(metadata.quotedModelName) { return ResolvedClass(modelClass: self) }
        let value: Any
        if reader.peekToken() == UInt8(ascii: "\"") {
            let token = try reader.scanString()
            if metadata.modelNameUTF8.withUnsafeBufferPointer({ reader.token(token, equals: $0) }) {
                return ResolvedClass(modelClass: self)
            }
            value = reader.makeString(token)
        } else {
            value = try readHeaderValue(of: .className, metadata: metadata, from: &reader)
        }
        return try SettledModelError.settling {
            try resolveClass(named: value, metadata: metadata, context: context, use: use)
        }
    }

    private static func readHeaderValue(
        of key: ObjectHeader.Key, metadata: ModelMetadata, from reader: inout JSONReader
    ) throws -> Any {
        do {
            return try reader.readFoundationValue()
        } catch {
            throw KeyPathStep.prefixing(error, with: .key(key.name(in: metadata)))
        }
    }
}

extension JSONReader {
    /// Reads an integer that fits in an `Int`, written without a fraction or an exponent;
    /// `nil`, with the reader where it was, for any other value.
    mutating func readPlainInteger() throws -> Int? {
        guard JSONReader.startsNumber(peekToken()) else { return nil }
        let start = mark
        switch try scanNumber().foundationInteger(in: self) {
        case .int(let value)?: if let integer = Int(exactly: value) { return integer }
        case .uint(let value)?: if let integer = Int(exactly: value) { return integer }
        default: break
        }
        rewind(to: start)
        return nil
    }
}
