import Foundation

extension Optional where Wrapped: SavedValue {
    /// ModelKit's machinery: reads `null` as `nil`, and anything else as the wrapped type.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Wrapped? {
        if try reader.readNull() {
            context.nullEnd = reader.position
            return nil
        }
        return try Wrapped._read(from: &reader, context: context)
    }
}

extension Array where Element: SavedValue {
    /// ModelKit's machinery: reads an array, element by element.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> [Element] {
        // In a lenient load, elements that do not fit are left out and reported.
        guard reader.peekToken() == UInt8(ascii: "[") else { throw ValueMismatch() }
        if let modelClass = Element.self as? ModelObject.Type {
            return try readObjects(of: modelClass, from: &reader, context: context)
        }
        return try readValues(from: &reader, context: context)
    }

    /// Reads an array of values that are not model objects; apart from
    /// ``_read(from:context:)``, whose frame loading recursion stacks up for arrays of objects.
    private static func readValues(from reader: inout JSONReader, context: LoadContext) throws -> [Element] {
        var result: [Element] = []
        guard try reader.beginArray() else { return result }
        var index = 0
        repeat {
            let reading = ValueReading(reader, context)
            do {
                result.append(try Element._read(from: &reader, context: context))
                KeyPathStep.prefixIssues(in: context, since: reading.marks, withIndex: index)
            } catch {
                let element = try reading.recoverElement(
                    Element.self, after: error, at: .index(index), &reader, context)
                if let element { result.append(element) }
            }
            index += 1
        } while try reader.nextElement()
        return result
    }
}

extension Array where Element: SavedValue {
    /// Reads an array of model objects of `modelClass`, which is `Element`, without generic
    /// code on the way to each object: loading recursion passes through this frame.
    private static func readObjects(
        of modelClass: ModelObject.Type,
        from reader: inout JSONReader,
        context: LoadContext
    ) throws -> [Element] {
        var result: [Element] = []
        guard try reader.beginArray() else { return result }
        var index = 0
        repeat {
            let reading = ValueReading(reader, context)
            do {
                let object = try modelClass.readNestedObject(from: &reader, context: context, reusing: nil)
                // `Element` is `modelClass`, or a class it inherits from.
                if let element = FastCast.reference(object, as: Element.self) { result.append(element) }
                KeyPathStep.prefixIssues(in: context, since: reading.marks, withIndex: index)
            } catch {
                let element = try reading.recoverElement(
                    Element.self, after: error, at: .index(index), &reader, context)
                if let element { result.append(element) }
            }
            index += 1
        } while try reader.nextElement()
        return result
    }
}

extension Set where Element: SavedValue {
    /// ModelKit's machinery: reads an array into a set.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> Set<Element> {
        Set(try [Element]._read(from: &reader, context: context))
    }
}

extension Dictionary where Key == String, Value: SavedValue {
    /// ModelKit's machinery: reads a dictionary, value by value.
    public static func _read(from reader: inout JSONReader, context: LoadContext) throws -> [String: Value] {
        // In a lenient load, values that do not fit are left out and reported. An object that has a
        // key twice, where only the last value counts, is read as its dictionary form.
        guard reader.peekToken() == UInt8(ascii: "{") else { throw ValueMismatch() }
        let reading = ValueReading(reader, context)
        var result: [String: Value] = [:]
        guard try reader.beginObject() else { return result }
        repeat {
            let key = try reader.readKey()
            guard try readEntry(forKey: key, into: &result, from: &reader, context: context) else {
                return try reading.loadAgain(&reader, context, nil) { try _make(savedValue: $0, context: context) }
            }
        } while try reader.nextEntry()
        return result
    }

    /// Reads the value of one entry into `result`; `false` when the key came before or comes
    /// again after a value that does not fit.
    private static func readEntry(
        forKey key: String,
        into result: inout [String: Value],
        from reader: inout JSONReader,
        context: LoadContext
    ) throws -> Bool {
        let reading = ValueReading(reader, context)
        do {
            let value = try Value._read(from: &reader, context: context)
            guard result.updateValue(value, forKey: key) == nil else { return false }
            reading.prefixIssues(with: .key(key), context)
        } catch {
            return try recoverEntry(
                forKey: key, after: error, reading: reading, into: &result, from: &reader, context: context)
        }
        return true
    }

    /// Settles an entry whose value did not load, as ``readEntry(forKey:into:from:context:)``
    /// returns it.
    ///
    /// Apart from it, since loading recursion passes through that frame and not this one: a
    /// dictionary of model objects nested as deeply as the reader accepts then loads on a
    /// 512 KiB stack.
    @inline(never)
    private static func recoverEntry(
        forKey key: String,
        after error: any Error,
        reading: ValueReading,
        into result: inout [String: Value],
        from reader: inout JSONReader,
        context: LoadContext
    ) throws -> Bool {
        let isRepeated = try KeyPathStep.at(.key(key)) {
            if let settled = error as? any SettledError, settled.isFatal { throw settled }
            reader.rewind(to: reading.start)
            return try result[key] != nil || reader.hasLaterKey(matching: { $0.key($1, equals: key) })
        }
        if isRepeated { return false }
        let value = try reading.recoverElement(Value.self, after: error, at: .key(key), &reader, context)
        if let value { result[key] = value }
        return true
    }
}
