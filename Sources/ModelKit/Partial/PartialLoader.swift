import Foundation
import Observation

/// Loads JSON into a model object while the text arrives, such as a language model's
/// structured output, so that an app shows the object filling in.
///
/// Hand the loader each piece of the text as it comes, then finish:
///
/// ```swift
/// let recipe = Recipe()
/// let loader = PartialLoader(into: recipe)
/// for try await delta in answer {
///     try loader.append(delta)          // recipe.title grows, recipe.steps gains each step
/// }
/// try loader.finish()                   // recipe now equals Recipe(json: wholeText)
/// ```
///
/// The loader scans each byte once as it arrives, whatever the pieces, keeping between pieces
/// only where it is in the grammar; each value is then read once, when it ends, by the reader
/// that loads whole documents, and ``finish()`` loads the whole text once more. So streaming
/// costs time in proportion to the length of the text, not to its length times its pieces.
/// The loader updates `object` in place through the saved properties' storage, so that
/// Observation notifies the observers of exactly the properties whose value changed.
///
/// What the object shows while the text arrives:
/// - A value appears once it can no longer change: a number once what ends it has come,
///   `true`, `false` and `null` whole, dates, enums and URLs once their string ends. Strings
///   grow as their characters arrive (with ``PartialOptions/growingStrings``, the default),
///   never showing part of an escape, a surrogate pair or a UTF-8 sequence.
/// - A model object appears when its first key arrives and fills in as its values do, and an
///   array of model objects gains each element so; an array of other values gains each
///   element when it ends, and a dictionary each entry. An object whose data may name its class (a class name, or the tag
///   of a class with ``ModelObject/knownSubclasses``) appears once the name comes, with the
///   entries before it, or, for a family whose tag has not come, when it ends. Sets, unions
///   and `Codable` values appear whole when they end, once their shape is known.
/// - Values that only the whole text settles wait for ``finish()``: keys the class does not
///   declare, values under a `path:` or an alternative key, flattened objects, and the values
///   of an object whose data is of another version or names another class.
/// - Each property only moves forward, from ``PartialState/absent`` through
///   ``PartialState/growing`` to ``PartialState/complete``; ``state(of:)`` tells which.
///
/// ``finish()`` loads the whole text as ``ModelObject/init(json:options:)-(Data,_)`` loads it,
/// with the same options and errors, and leaves the object equal to that load's result, changing
/// only the properties that differ. Streaming records no changes: ``ModelObject/hasChanges`` is
/// `false` afterwards.
///
/// A loader is used where its object lives, such as on the main actor; it is not `Sendable`.
public final class PartialLoader<Model: ModelObject> {
    /// The object being filled.
    public let object: Model

    /// The options of the load, which ``finish()`` loads the whole text with.
    public let options: LoadOptions

    /// How values that have begun are shown.
    public let partialOptions: PartialOptions

    /// The most bytes of text the loader takes.
    public let maxSize: Int

    /// Whether ``finish()`` has ended the load, successfully or not.
    @exclusivity(unchecked) public private(set) var isFinished = false

    /// The whole text so far, in UTF-8, without a byte-order mark.
    @exclusivity(unchecked) var text: [UInt8] = []
    /// The first bytes, until they show whether the text is UTF-8 with or without a byte-order
    /// mark, or in another encoding that only ``finish()`` reads.
    @exclusivity(unchecked) var lead: [UInt8] = []
    @exclusivity(unchecked) var encoding = TextEncoding.undecided
    @exclusivity(unchecked) var scanner = JSONPieceScanner()
    /// For each open array and object, what its values go into.
    @exclusivity(unchecked) var frames: [PartialFrame] = []
    /// The string value being shown as it grows, if any.
    @exclusivity(unchecked) var growingString: GrowingString?
    /// The error that ended the load, which each later call throws again.
    @exclusivity(unchecked) var failure: (any Error)?
    /// The state of each property of each object filled, by object.
    @exclusivity(unchecked) var states: [ObjectIdentifier: ObjectStates] = [:]
    /// What the getters of the objects filled tell the loader.
    let accessLog = PartialAccessLog()
    /// The options that each value is read with.
    let readingOptions: LoadOptions
    /// The registrar of the observers of ``state(of:)`` and ``state(forKey:)``.
    let registrar = ObservationRegistrar()
    /// A stand-in key path for the states of the properties.
    var statesToken: Int { 0 }
    /// ``statesToken``'s key path, made once: the key paths of a generic class are made each
    /// time they are written.
    let statesKeyPath: KeyPath<PartialLoader, Int> = \.statesToken
    /// Whether what streaming showed is what the whole load gives, so that ``finish()`` need
    /// not load the text again: every key named a property shown as it came, every value read
    /// without a problem, and nothing came that the whole load keeps beside the values.
    @exclusivity(unchecked) var isSettled = true
    /// The frames of the objects filled, in the order they ended, which the whole load finishes
    /// them in.
    @exclusivity(unchecked) var closedObjects: [PartialObjectFrame] = []
    /// The states changed last, which most changes are to.
    @exclusivity(unchecked) var lastStates: ObjectStates?
    /// The classes of the objects whose getters log their accesses.
    @exclusivity(unchecked) var loggingClasses: Set<ObjectIdentifier> = []
    /// The objects filled whose getters do not yet log their accesses.
    @exclusivity(unchecked) var quietObjects: [ModelObject] = []
    /// Whether anyone has read a state, and so may observe the states.
    @exclusivity(unchecked) var statesAreObserved = false
    /// The context that values are read with, replaced after one that found problems.
    @exclusivity(unchecked) var context: LoadContext
    /// An object of each class whose values are read, to read them into before they are moved
    /// into the object filled.
    @exclusivity(unchecked) var scratchObjects: [ObjectIdentifier: ModelObject] = [:]

    /// How the text is encoded.
    enum TextEncoding {
        case undecided, utf8
        /// UTF-16 or UTF-32, which only ``finish()`` reads.
        case other
    }

    /// Creates a loader that fills `object` with JSON as it arrives.
    ///
    /// - Parameters:
    ///   - object: The object to fill; its properties keep their values until the text sets
    ///     them.
    ///   - options: How to load, as for ``ModelObject/init(json:options:)-(Data,_)``; strict by
    ///     default.
    ///   - partialOptions: How values that have begun are shown; strings grow by default.
    ///   - maxSize: The most bytes of text to take, 16 MiB by default.
    public init(
        into object: Model, options: LoadOptions = [], partialOptions: PartialOptions = .growingStrings,
        maxSize: Int = 16 << 20
    ) {
        self.object = object
        self.options = options
        self.partialOptions = partialOptions
        self.maxSize = maxSize
        readingOptions = options.subtracting(.keepingLocalChanges)
        context = LoadContext(options: readingOptions)
        attach(to: object)
    }

    deinit {
        detachFromObjects()
    }

    /// Takes the next piece of the text, in UTF-8, and shows what it completes.
    ///
    /// - Throws: A ``ModelError`` when the text so far is not the beginning of a JSON value,
    ///   naming the key path, line and column of the fault, or when it exceeds ``maxSize``;
    ///   after an error, every later call throws it again.
    public func append(_ bytes: some Sequence<UInt8>) throws {
        try checkOpen()
        if let result = bytes.withContiguousStorageIfAvailable({ take($0) }) {
            return try result.get()
        }
        try Array(bytes).withUnsafeBufferPointer { try take($0).get() }
    }

    /// Takes the next piece of the text and shows what it completes; see ``append(_:)-(Sequence<UInt8>)``.
    public func append(_ text: String) throws {
        var text = text
        try checkOpen()
        try text.withUTF8 { try take($0).get() }
    }

    /// Appends each element of `chunks`, which are bytes (`UInt8`) or pieces of text (`Data`,
    /// `[UInt8]`, `String` or any sequence of bytes), then finishes.
    ///
    /// The sequence is iterated on the caller's actor, through `next(isolation:)`, which needs
    /// the systems of 2024; on earlier ones, call ``append(_:)-(Sequence<UInt8>)`` for each
    /// piece and then ``finish()``.
    ///
    /// - Throws: What ``append(_:)-(Sequence<UInt8>)`` and ``finish()`` throw, what `chunks`
    ///   throws, or `CancellationError` when the task is cancelled.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    public func load<Chunks: AsyncSequence>(
        from chunks: Chunks, isolation: isolated (any Actor)? = #isolation
    ) async throws {
        var iterator = chunks.makeAsyncIterator()
        while let chunk = try await iterator.next(isolation: isolation) {
            try Task.checkCancellation()
            switch chunk {
            case let byte as UInt8: try append(CollectionOfOne(byte))
            case let text as String: try append(text)
            case let text as Substring: try append(String(text))
            case let data as Data: try append(data)
            case let bytes as any Sequence<UInt8>: try append(bytes)
            default:
                throw fail(ModelError(.invalidValue(expected: "bytes or text", found: "\(type(of: chunk))")))
            }
        }
        try Task.checkCancellation()
        try finish()
    }

    /// Ends the text: loads it whole, as ``ModelObject/init(json:options:)-(Data,_)`` does, and
    /// leaves the object equal to that load's result.
    ///
    /// Only the properties whose value differs from what streaming showed change, and their
    /// observers alone are notified. Afterwards the object records no changes.
    ///
    /// - Throws: What the load of the whole text throws: a ``ModelError`` for text that is not
    ///   one whole JSON value or a value that does not fit. The object then keeps what
    ///   streaming showed.
    public func finish() throws {
        try checkOpen()
        isFinished = true
        if encoding == .utf8 {
            do {
                // A value that ends only with the text, a number, is the whole document: no
                // object was shown, so the whole load settles it (and refuses it).
                try scanner.finish { _ in isSettled = false }
            } catch let fault as JSONPieceScanner.Fault {
                throw fail(syntaxError(at: fault.offset))
            }
        }
        if encoding == .utf8, isSettled, finishShownObjects() {
            return completeStates()
        }
        let whole = Data(encoding == .utf8 ? text : lead + text)
        let loaded = type(of: object as ModelObject).init()
        do {
            try loaded.readNewObject(fromJSON: whole, options: options.subtracting(.keepingLocalChanges))
        } catch {
            throw fail(error)
        }
        object.reconcile(with: loaded, log: accessLog)
        completeStates()
    }

    /// Ends the load of the objects that streaming filled, when it showed all the text holds,
    /// as the whole load ends each object: the properties whose keys did not come back to
    /// their defaults, nothing kept beside the values, and ``ModelObject/finishLoading(version:metadata:context:upgrading:)``
    /// in the order the objects ended; `false` when that throws or finds a problem, for the
    /// whole load to settle.
    private func finishShownObjects() -> Bool {
        let context = LoadContext(options: readingOptions)
        var freshObjects: [ObjectIdentifier: ModelObject] = [:]
        do {
            for frame in closedObjects {
                let (object, metadata) = (frame.object, frame.metadata)
                let modelClass = type(of: object)
                let fresh = freshObjects[ObjectIdentifier(modelClass)] ?? modelClass.init()
                freshObjects[ObjectIdentifier(modelClass)] = fresh
                for (index, property) in metadata.properties.enumerated() where !frame.found.contains(index) {
                    guard property.isEqual(object, fresh) else {
                        accessLog.withMutation(
                            of: object, offset: property.offset, holdsObjects: property.containsModelObjects
                        ) { property.copyValue(from: fresh, to: object, context: CopyContext()) }
                        continue
                    }
                }
                fresh.moveKeptState(to: object)
                try object.finishLoading(version: metadata.modelVersion, metadata: metadata, context: context)
            }
        } catch {
            return false
        }
        return context.issues.isEmpty
    }

    /// How much of the value of the property at `keyPath` has come: a saved property of the
    /// object, or of a model object nested in it, such as `\.author.name` or `\.steps[0].text`.
    ///
    /// Reading the state registers with Observation as reading the property does.
    public func state<Value>(of keyPath: KeyPath<Model, Value>) -> PartialState {
        accessLog.forgetLastAccess()
        attachAll()
        _ = object[keyPath: keyPath]
        guard let (owner, offset) = accessLog.lastAccess else { return .absent }
        return state(ofPropertyAt: offset, in: owner)
    }

    /// How much of the value under `key` has come: the key of a saved property of the object,
    /// or a key path through nested objects and arrays of them, such as `author.name`,
    /// `steps[0]` or `steps[0].text`.
    public func state(forKey key: String) -> PartialState {
        var owner: ModelObject = object
        var components = Self.components(of: key)[...]
        while case .key(let name)? = components.first {
            components = components.dropFirst()
            guard let property = ModelMetadata.of(type(of: owner)).propertiesByKey[name] else { return .absent }
            if components.isEmpty { return state(ofPropertyAt: property.offset, in: owner) }
            var next = property.modelObject(in: owner)
            if case .index(let index)? = components.first {
                components = components.dropFirst()
                guard let elements = property.value(of: owner) as? [ModelObject], elements.indices.contains(index)
                else { return .absent }
                if components.isEmpty { return state(of: elements[index]) }
                next = elements[index]
            }
            guard let next else { return .absent }
            owner = next
        }
        return .absent
    }

    // MARK: Pieces

    @inline(__always)
    private func checkOpen() throws {
        if isFinished { try throwClosed() }
    }

    /// The error of a call after the load ended: the one that ended it, if any.
    @inline(never)
    private func throwClosed() throws {
        if let failure { throw failure }
        if isFinished { throw ModelError(.invalidJSON("the text was finished; a loader takes no more")) }
    }

    /// Records `error` as the one that ends the load, and returns it.
    func fail(_ error: any Error) -> any Error {
        failure = error
        isFinished = true
        detachFromObjects()
        return error
    }

    /// Takes a piece of UTF-8 text.
    private func take(_ piece: UnsafeBufferPointer<UInt8>) -> Result<Void, any Error> {
        Result {
            guard text.count + lead.count + piece.count <= maxSize else {
                let reason = "the text is longer than \(maxSize) bytes, the most this loader takes"
                throw fail(ModelError(.invalidJSON(reason)))
            }
            var piece = piece
            var joined: [UInt8] = []
            if encoding == .undecided {
                lead += piece
                guard let decided = decideEncoding() else { return }
                encoding = decided
                if decided == .other { return }
                joined = lead
                lead = []
                if joined.starts(with: [0xEF, 0xBB, 0xBF]) { joined.removeFirst(3) }
            } else if encoding == .other {
                text += piece
                return
            }
            try joined.withUnsafeBufferPointer { joinedPiece in
                if !joined.isEmpty { piece = joinedPiece }
                try scan(piece)
            }
        }
    }

    /// The encoding that the first bytes show, as `JSONSerialization` finds it, or `nil` while
    /// too few have come to tell.
    ///
    /// Every sign of UTF-16 or UTF-32 is a zero in the first two bytes or a first byte of a
    /// byte-order mark, so two bytes without them are UTF-8 (three when the first may begin
    /// UTF-8's own mark).
    private func decideEncoding() -> TextEncoding? {
        if lead.count >= 2, lead[0] != 0, lead[0] != 0xFE, lead[0] != 0xFF, lead[1] != 0 {
            return lead[0] == 0xEF && lead.count < 3 ? nil : .utf8
        }
        return lead.count >= 4 ? .other : nil
    }

    /// Scans a piece of UTF-8 text, appended to ``text``, and shows what it completes.
    private func scan(_ piece: UnsafeBufferPointer<UInt8>) throws {
        let start = text.count
        text.append(contentsOf: piece)
        try text.withUnsafeBufferPointer { whole in
            do {
                try scanner.scan(UnsafeBufferPointer(rebasing: whole[start...])) { event in
                    handle(event, in: whole)
                }
            } catch let fault as JSONPieceScanner.Fault {
                throw fail(syntaxError(at: fault.offset))
            }
            showGrowingString(in: whole)
        }
    }

    /// The error of the fault at `offset`, as a load of the text up to it reports it.
    private func syntaxError(at offset: Int) -> ModelError {
        text.withUnsafeBufferPointer { whole in
            guard let base = whole.baseAddress else {
                return ModelError(
                    JSONReadError(.malformed("expected a value, found the end of the data"), at: 0), in: nil)
            }
            var reader = JSONReader(base: base, count: min(whole.count, offset + 1))
            if let error = reader.syntaxError() { return error }
            let fault = JSONReadError(.malformed("unexpected \(reader.describeToken(at: offset))"), at: offset)
            return ModelError(fault, in: reader)
        }
    }

    /// The components of a key path written as `author.name` or `steps[0].text`.
    static func components(of key: String) -> [ModelKeyPath.Component] {
        var components: [ModelKeyPath.Component] = []
        for part in key.split(separator: ".", omittingEmptySubsequences: false) {
            var name = Substring(part)
            var indices: [Int] = []
            while name.hasSuffix("]"), let open = name.lastIndex(of: "["),
                let index = Int(name[name.index(after: open)..<name.index(before: name.endIndex)])
            {
                indices.insert(index, at: 0)
                name = name[..<open]
            }
            if !name.isEmpty { components.append(.key(String(name))) }
            components += indices.map { .index($0) }
        }
        return components
    }
}

extension PartialLoader: Observable {}
