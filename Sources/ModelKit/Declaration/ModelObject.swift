import Foundation
import Observation

/// A model object that serializes itself: declare its saved properties once with `@Saved`, and
/// it gets defaults, a dictionary form, a JSON form, versioned upgrades, change tracking,
/// observation, equality and copying.
///
/// ```swift
/// final class Note: ModelObject {
///     @Saved var text = "Untitled"
///     @Saved var tags: [String] = []
///     @Saved("created_at") var createdAt = Date()
///     @Saved var children: [Note] = []
///
///     override class var modelVersion: Int { 2 }
/// }
///
/// let note = try Note(json: data)
/// note.text = "Shopping"
/// print(note.changedKeys)          // ["text"]
/// let json = try note.jsonString()
/// ```
///
/// Subclasses add convenience initializers, since `init()` is the designated initializer that
/// loading calls. Values set in ``loadDefaultValues()`` are defaults, not changes; a convenience
/// initializer that sets saved properties calls ``clearChanges()`` at its end when the values
/// it sets should count as the object's starting point. A subclass that declares a designated
/// initializer of its own must also implement `required init()`; it then inherits the other
/// required initializers, ``init(from:)`` and ``init(coder:)``, which are convenience
/// initializers built on `init()`.
///
/// Every model is already `Observable`, `Codable` and `NSSecureCoding`; do not mark a model
/// class `@Observable`, whose macro would take over the `@Saved` properties. SwiftUI views and
/// `withObservationTracking` track its saved properties, `JSONEncoder` and
/// `PropertyListEncoder` write it with the keys of its dictionary form, and
/// `NSKeyedArchiver` archives it.
///
/// A model object is a mutable reference, not `Sendable`: use one object from one thread or
/// task at a time. Loading and writing different objects from many threads at once is safe.
/// To hand a model to another actor or task, send a new object, such as a ``copy()->Self``,
/// or a ``ModelSnapshot``; see <doc:ModelsAndSwiftConcurrency>.
open class ModelObject: NSObject, Observable, Codable, NSSecureCoding {
    /// Values found in loaded data under keys that this class does not declare, kept so that
    /// saving writes them back unchanged.
    ///
    /// Values read by ModelKit's JSON reader are kept as the JSON they came as, and become
    /// the Foundation values that `JSONSerialization` would give only when read here.
    ///
    /// Under the key of a nested object that properties live inside
    /// (`@Saved(path: "stats", "stars")`) is that object's other keys. A nested object on the
    /// way to properties that came as `null` or `{}`, and holds nothing else, is not a value:
    /// it is kept to be written back as it came while its properties write nothing into it.
    public var unknownValues: [String: Any] {
        let containers = ModelMetadata.of(type(of: self)).layout.containers
        return containers.isEmpty ? unknowns.dictionary : unknowns.heldDictionary(containers)
    }

    /// What the object holds beyond its saved properties, when it holds any of it; see
    /// ``ObjectExtras``.
    ///
    /// Read on every load and write, so exempt from runtime exclusivity checks, like
    /// ``isPristine``.
    @exclusivity(unchecked) var extras: ObjectExtras?

    /// The object's extras, made the first time something is kept in them.
    @inline(__always)
    var madeExtras: ObjectExtras {
        if let extras { return extras }
        let made = ObjectExtras()
        extras = made
        return made
    }

    /// The values kept under keys that this class does not declare; see ``unknownValues``.
    var unknowns: UnknownValues {
        _read {
            if let extras { yield extras.unknowns } else { yield UnknownValues() }
        }
        set {
            isPristine = false
            guard extras != nil || !newValue.isEmpty else { return }
            madeExtras.unknowns = newValue
        }
        _modify {
            defer { isPristine = false }
            yield &madeExtras.unknowns
        }
    }

    /// The problems that the last lenient load, or lenient ``apply(mergePatch:options:)``,
    /// found and skipped, each with its key path.
    ///
    /// Empty after a strict load, which throws at the first problem instead.
    public internal(set) var loadIssues: [ModelError] {
        get { extras?.loadIssues ?? [] }
        set {
            guard extras != nil || !newValue.isEmpty else { return }
            madeExtras.loadIssues = newValue
        }
    }

    /// The key paths of the values that both the user and the data changed, each to a
    /// different value, found by the last load with ``LoadOptions/keepingLocalChanges``.
    ///
    /// The object keeps the user's value at each of them. Empty after a load that found none,
    /// and after a load without that option.
    public internal(set) var mergeConflicts: [ModelKeyPath] {
        get { extras?.mergeConflicts ?? [] }
        set {
            guard extras != nil || !newValue.isEmpty else { return }
            madeExtras.mergeConflicts = newValue
        }
    }

    /// The version of loaded data that is newer than ``modelVersion``, kept to be written back.
    var newerVersion: Int? {
        get { extras?.newerVersion }
        set {
            guard extras != nil || newValue != nil else { return }
            madeExtras.newerVersion = newValue
        }
    }

    /// The class name in loaded data that this object could not stand for, kept to be written
    /// back in place of ``modelName``: a name that resolved to no class, to more than one, or
    /// to a subclass that a load into this class could not create.
    var keptClassName: String? {
        get { extras?.keptClassName }
        set {
            isPristine = false
            guard extras != nil || newValue != nil else { return }
            madeExtras.keptClassName = newValue
        }
    }

    /// The values that a lenient load skipped, and the nulls that loaded into optionals, by
    /// the field offset of their property, kept to be written back until the property is set.
    ///
    /// The nulls that ModelKit's JSON reader found wait in ``loadedNulls`` until something
    /// changes them here. Reading never moves them: what a load leaves for writing is
    /// complete when the load returns, so that every write of an object gives the same data.
    var skippedValues: [Int: SkippedValue] {
        get {
            guard loadedNulls != 0 else { return storedSkippedValues }
            return storedSkippedValuesWithLoadedNulls()
        }
        set {
            loadedNulls = 0
            storedSkippedValues = newValue
        }
        _modify {
            if loadedNulls != 0 { keepLoadedNulls() }
            yield &storedSkippedValues
        }
    }

    /// Whether ``skippedValues`` holds anything, without building it.
    @inline(__always)
    var hasSkippedValues: Bool {
        loadedNulls != 0 || !storedSkippedValues.isEmpty
    }

    /// The skipped values without the waiting nulls of ``loadedNulls``.
    var storedSkippedValues: [Int: SkippedValue] {
        _read {
            if let extras {
                yield extras.storedSkippedValues
            } else {
                let none: [Int: SkippedValue] = [:]
                yield none
            }
        }
        set {
            isPristine = false
            guard extras != nil || !newValue.isEmpty else { return }
            madeExtras.storedSkippedValues = newValue
        }
        _modify {
            defer { isPristine = false }
            yield &madeExtras.storedSkippedValues
        }
    }

    /// Whether ``storedSkippedValues`` holds any: for the paths that every property's load and
    /// write takes, a check of the extras without the accessor's coroutine and its empty
    /// dictionary.
    @inline(__always)
    var hasStoredSkippedValues: Bool {
        guard let extras else { return false }
        return !extras.storedSkippedValues.isEmpty
    }

    /// Whether ``changeRecord`` holds any change or skipped value, checked as
    /// ``hasStoredSkippedValues`` is.
    @inline(__always)
    var hasChangeRecord: Bool {
        guard let extras else { return false }
        return !extras.changeRecord.isEmpty || !extras.changeRecord.skippedValues.isEmpty
    }

    /// The properties, by their index in the class's metadata, among the first 64, whose
    /// `null` ModelKit's JSON reader loaded as `nil` and that have not been set since: kept
    /// nulls, as bits, so that a payload's nulls cost no dictionary until something other
    /// than a write needs them as ``skippedValues``.
    @exclusivity(unchecked) var loadedNulls: UInt64 = 0

    /// The values that properties had before they were changed, by field offset, and the
    /// values that unknown keys had, by key.
    ///
    /// Change it inside ``withMutationOfChangeRecord(_:)`` on objects that may be observed.
    var changeRecord: ChangeRecord {
        _read {
            if let extras { yield extras.changeRecord } else { yield ChangeRecord() }
        }
        set {
            guard extras != nil || !newValue.isEmpty else { return }
            madeExtras.changeRecord = newValue
        }
        _modify {
            yield &madeExtras.changeRecord
        }
    }

    /// Whether setting a saved property skips change tracking, while defaults load.
    var isSuppressingChanges = false

    /// Whether the object still holds exactly the values its initializer gave it: nothing has set a saved
    /// property, loaded data or changed an unknown value since.
    ///
    /// Loading reuses such an object when it is a nested default that a freshly created object would only
    /// replace (see ``ModelObject/loadNestedObject(fromSavedValue:context:reusing:)``).
    ///
    /// Written on every load of a property, so it is exempt from runtime exclusivity checks;
    /// like the rest of a model object, it belongs to one thread at a time.
    @exclusivity(unchecked) var isPristine = false

    /// The registrar of the object's observers, created when the first observer needs it; use
    /// ``observationRegistrar``.
    var lazyObservationRegistrar: ObservationRegistrar? {
        get { extras?.observationRegistrar }
        set {
            guard extras != nil || newValue != nil else { return }
            madeExtras.observationRegistrar = newValue
        }
    }

    /// The recorder of the last ``UndoHistory`` that tracked this object's graph, which may
    /// have stopped recording since; use ``undoRecorder``.
    var attachedUndoRecorder: UndoRecorder? {
        get { extras?.undoRecorder }
        set {
            guard extras != nil || newValue != nil else { return }
            madeExtras.undoRecorder = newValue
        }
    }

    /// What records this object's changes for an ``UndoHistory`` that tracks its graph; `nil`
    /// when none does, and then recording a change costs no more than this check.
    var undoRecorder: UndoRecorder? {
        guard let recorder = attachedUndoRecorder, !recorder.isDetached else { return nil }
        return recorder
    }

    /// Creates an object with default values and no changes.
    public required override init() {
        super.init()
        isSuppressingChanges = true
        loadDefaultValues()
        isSuppressingChanges = false
        isPristine = true
        SavedCensus.countListedFields(of: self)
    }

    /// Creates an object of this class from its dictionary form.
    ///
    /// Missing keys keep their defaults; keys this class does not declare are kept in
    /// ``unknownValues``. Data of an older ``modelVersion`` is migrated and upgraded first.
    /// The initializer is `required`, so generic code can call it on any model class:
    ///
    /// ```swift
    /// func open<T: ModelObject>(_ type: T.Type, _ dictionary: [String: Any]) throws -> T {
    ///     try T(dictionary: dictionary)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - dictionary: The dictionary form, as ``dictionary`` or `JSONSerialization` gives it.
    ///   - options: How to load; strict by default.
    /// - Throws: A ``ModelError`` naming the key path of the first value that does not fit,
    ///   unless `options` contains ``LoadOptions/lenient``.
    public required convenience init(dictionary: [String: Any], options: LoadOptions = []) throws {
        self.init()
        try loadNewObject(fromDictionary: dictionary, options: options)
    }

    /// Creates an object of this class from JSON.
    ///
    /// ```swift
    /// let demo = try Demo(json: #"{"version":1,"representedClassName":"Demo","text":"Foo"}"#)
    /// ```
    ///
    /// - Parameters:
    ///   - json: UTF-8 JSON whose top level is an object.
    ///   - options: How to load; strict by default.
    /// - Throws: A ``ModelError`` for invalid JSON, a top level that is not an object, or a
    ///   value that does not fit, naming its key path.
    public required convenience init(json: Data, options: LoadOptions = []) throws {
        self.init()
        try readNewObject(fromJSON: json, options: options)
    }

    /// Creates an object of this class from a JSON string.
    ///
    /// - Parameters:
    ///   - json: JSON whose top level is an object.
    ///   - options: How to load; strict by default.
    /// - Throws: A ``ModelError`` for invalid JSON or a value that does not fit.
    public required convenience init(json: String, options: LoadOptions = []) throws {
        try self.init(json: Data(json.utf8), options: options)
    }

    /// Creates an object of this class from a JSON file.
    ///
    /// - Parameters:
    ///   - url: The file to read.
    ///   - options: How to load; strict by default.
    /// - Throws: A ``ModelError`` when the file cannot be read or its JSON does not fit.
    public required convenience init(contentsOf url: URL, options: LoadOptions = []) throws {
        try self.init(json: Self.readFile(at: url), options: options)
    }

    /// Creates an object from the keys of its dictionary form, read through a decoder.
    ///
    /// The object is of this class, as with ``init(dictionary:options:)``; use
    /// ``make(from:)`` to create the subclass that the data names. The load is strict. Through
    /// `JSONDecoder`, a number of more digits than a `Double` holds keeps every digit, unless
    /// its nearest `Double` is a whole number below 2^53, which `JSONDecoder` reads it as.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: A `DecodingError` whose coding path leads to the value that does not fit:
    ///   `typeMismatch` for a value of the wrong type, `valueNotFound` for `null` where a value
    ///   is required, `dataCorrupted` for a value that does not parse or fit, as `JSONDecoder`
    ///   reports them; its underlying error is the ``ModelError``.
    public required convenience init(from decoder: any Decoder) throws {
        self.init()
        try loadDecodedValues(from: decoder)
    }

    /// Writes the keys of the dictionary form through an encoder.
    ///
    /// The keys are those of ``dictionary``: the header (``versionKey``, ``typeKey``), the
    /// saved keys and the preserved unknown keys; nested model objects write theirs. Booleans stay
    /// booleans, and numbers are written so that they decode to the same value, `-0.0` with its
    /// sign: a decimal of more digits than a `Double` holds is a number with every digit through
    /// `JSONEncoder`, and a string of its digits through `PropertyListEncoder` and the other
    /// encoders that would write a `Decimal` as its internal fields.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: An `EncodingError` for a model object that contains itself, or one nested
    ///   too deeply, or any error of the encoder.
    public final func encode(to encoder: any Encoder) throws {
        try encodeValues(to: encoder)
    }

    /// Creates an object from a keyed archive that ``encode(with:)`` wrote.
    ///
    /// - Parameter coder: The unarchiver.
    /// - Returns: The object, or `nil` when the archive does not hold a valid object of this
    ///   class; the unarchiver then reports the error.
    public required convenience init?(coder: NSCoder) {
        self.init()
        guard loadArchivedValues(from: coder) else { return nil }
    }

    /// Writes the object to a keyed archive, as its compact JSON form.
    ///
    /// Nested model objects travel inside that JSON, so an archive of a model holds one
    /// object of one class. `NSCoder` offers no way to fail while encoding; a model that JSON
    /// cannot hold (NaN, infinity, a cycle) is archived as the error, which unarchiving
    /// reports.
    ///
    /// Foundation on Linux names archived classes with `NSStringFromClass`, which accepts
    /// only top-level classes: archive models whose classes are neither private nor nested in
    /// other types.
    ///
    /// - Parameter coder: The archiver.
    public final func encode(with coder: NSCoder) {
        archiveValues(to: coder)
    }

    // Releases what the object holds without recursing when the stack runs low, so that
    // letting go of a graph of any depth never overflows it; see `ReleaseQueue`.
    deinit {
        ReleaseQueue.deallocating(self)
    }

    /// Model objects support secure coding: unarchiving one reads only its JSON form.
    ///
    /// Subclasses inherit ``init(coder:)`` and ``encode(with:)`` and need nothing of their own.
    public static var supportsSecureCoding: Bool { true }

    // MARK: Hooks for subclasses

    /// Sets defaults that need code, after the properties have their initial values.
    ///
    /// Values set here are not changes. The default implementation does nothing.
    open func loadDefaultValues() {}

    /// The version of this class's data, written with every object.
    ///
    /// The default is 1. Raise it when old data needs ``migrate(_:from:)`` or
    /// ``upgrade(from:dictionary:)`` to load.
    open class var modelVersion: Int { 1 }

    /// The name of this class in data, written as `representedClassName`.
    ///
    /// The default is the bare Swift type name.
    open class var modelName: String { String(describing: self) }

    /// Earlier names of this class in data, such as `"DejalColor"` for `ColorValue`, so that
    /// data written under them loads into this class.
    open class var legacyModelNames: [String] { [] }

    /// How the names of the saved properties this class declares become the keys of its
    /// data, when a property gives no key of its own.
    ///
    /// The default is ``KeyStyle/propertyName``. Subclasses inherit the style; the
    /// properties of a superclass keep the keys that their own class's style gives them.
    open class var keyStyle: KeyStyle { .propertyName }

    /// The key of the data's version, which ``migrate(_:from:)`` and
    /// ``upgrade(from:dictionary:)`` depend on; `nil` for data that has none.
    ///
    /// The default is `"version"`, as DejalObject writes it. With `nil`, nothing is written
    /// for the version, `version` is an ordinary key that a property may declare, and data
    /// always counts as of the current ``modelVersion``, so migration never runs. A subclass
    /// keeps its superclass's key.
    open class var versionKey: String? { "version" }

    /// The key of the name that picks the class of an object in the data: its
    /// ``modelName``, or a subclass's; `nil` for data that has none.
    ///
    /// The default is `"representedClassName"`, as DejalObject writes it. A class whose
    /// data tells its kinds apart with a tag, such as `{"type": "circle", "radius": 2}`,
    /// names the tag's key and gives each subclass its tag as its ``modelName``:
    ///
    /// ```swift
    /// class Shape: ModelObject {
    ///     override class var typeKey: String? { "type" }
    ///     override class var modelName: String { "shape" }
    /// }
    /// final class Circle: Shape {
    ///     override class var modelName: String { "circle" }
    ///     @Saved var radius = 1.0
    /// }
    /// ```
    ///
    /// The tag then picks the subclass by the registry's rules (see ``make(json:options:)-(Data,_)``):
    /// a tag that names no class loads as the declared class and is kept to be written back,
    /// and a tag of a class outside the declared class's subclasses is an error. With `nil`,
    /// nothing is written for the class, and the key is an ordinary key that a property may
    /// declare. A subclass keeps its superclass's key, unless the superclass has none: a
    /// subclass of a base class for plain JSON may start a tagged family of its own.
    open class var typeKey: String? { "representedClassName" }

    /// The subclasses whose names this class's data may give, so that a type tag or a class
    /// name resolves on the first load of a process, whatever the app did before.
    ///
    /// The default is empty. A base class lists its subclasses, and they are registered (see
    /// ``register(_:)``) the first time the base class is used: when its metadata is built,
    /// which every load that expects it does first. The subclasses that a listed class lists
    /// in turn are registered with it. This is how to declare a tagged family:
    ///
    /// ```swift
    /// class PaymentSource: ModelObject {
    ///     override class var typeKey: String? { "object" }
    ///     override class var modelName: String { "payment_source" }
    ///     override class var knownSubclasses: [ModelObject.Type] { [Card.self, BankAccount.self] }
    /// }
    /// final class Card: PaymentSource {
    ///     override class var modelName: String { "card" }
    ///     @Saved var last4 = ""
    /// }
    /// final class BankAccount: PaymentSource {
    ///     override class var modelName: String { "bank_account" }
    ///     @Saved var bankName = ""
    /// }
    ///
    /// let source = try PaymentSource.make(json: #"{"object": "card", "last4": "4242"}"#)  // a Card
    /// ```
    ///
    /// Without it, a name that is not a Swift type name, such as a ``modelName`` override or a
    /// tag, resolves only after its class was registered or used. Listing a class lets data
    /// name it wherever one of its superclasses is expected, and nowhere else: data never
    /// chooses a class outside the expected class's subclasses. ModelKit reads this once per
    /// class.
    open class var knownSubclasses: [ModelObject.Type] { [] }

    /// How the saved dates of this class's own properties are written and read, when a
    /// property declares no format of its own (`@Saved("at", date: .secondsSince1970)`).
    ///
    /// The default is ``DateFormat/iso8601``. Subclasses inherit it; the properties of a
    /// superclass keep the format that their own class gives them.
    open class var dateFormat: DateFormat { .iso8601 }

    /// Rewrites the raw data of an older version before it is read: renames keys, changes
    /// value types.
    ///
    /// Called when data has a `version` lower than ``modelVersion``; data without a version
    /// counts as version 1. The default implementation does nothing.
    ///
    /// - Parameters:
    ///   - dictionary: The data, to rewrite in place.
    ///   - version: The version the data was written with.
    /// - Throws: Any error, to stop the load; it reaches the caller as a ``ModelError``.
    open class func migrate(_ dictionary: inout [String: Any], from version: Int) throws {}

    /// Adjusts the object after data of an older version has loaded.
    ///
    /// Called after the values have loaded, with the data as it was after ``migrate(_:from:)``.
    /// Values set here are not changes. The default implementation does nothing.
    ///
    /// - Parameters:
    ///   - version: The version the data was written with.
    ///   - dictionary: The data that was loaded.
    /// - Throws: Any error, to stop the load; it reaches the caller as a ``ModelError``.
    open func upgrade(from version: Int, dictionary: [String: Any]) throws {}

    /// Checks the object's values after they have loaded, throwing when they do not make a
    /// valid object.
    ///
    /// Called after every load, on every object that the data holds: JSON through either
    /// reader, the dictionary form, files, `Codable` decoding, unarchiving,
    /// ``ModelSnapshot/makeModel()``; after ``apply(mergePatch:options:)`` on every object
    /// the patch merges into; and before ``save(to:options:)`` writes a file, on every object
    /// of the graph, so that a file that would not load is never written. An object checks
    /// itself once its values have loaded, those of the objects it holds included, which have
    /// checked themselves before. The default implementation does nothing.
    ///
    /// A strict load that meets an error fails as a whole, with a ``ModelError`` at the key
    /// path of the object, ``ValidationError/key`` appended, whose `localizedDescription` is
    /// the error's message; a lenient load keeps the values and records the error in
    /// ``loadIssues``.
    ///
    /// ```swift
    /// override func validate() throws {
    ///     guard age >= 0 else { throw ValidationError("must not be negative", key: "age") }
    /// }
    /// ```
    ///
    /// Only check here; change nothing. ModelKit may check an object it then discards, such
    /// as a copy that a load into an existing object goes through.
    ///
    /// - Throws: A ``ValidationError``, or any error, whose description becomes the message.
    open func validate() throws {}

    /// Whether loading converts values of the wrong JSON type that convert without loss:
    /// numbers from strings, strings from numbers, booleans from strings.
    ///
    /// With `true`, the saved properties of this class read:
    /// - integers and floating-point numbers from a string that holds exactly a JSON number,
    ///   with the rules of that number: `"3"` loads into an `Int` as 3 and `"2.5"` into a
    ///   `Double` as 2.5, while `"3.5"` for an `Int`, `"300"` for an `Int8`, `" 3"` and
    ///   `"1e400"` are still errors;
    /// - strings from numbers, in the shortest form that reads back as the same number:
    ///   `5` as `"5"`, `2.5` as `"2.5"`;
    /// - booleans from the strings `"true"`, `"false"`, `"1"` and `"0"` (and, as always, from
    ///   the numbers 1 and 0).
    ///
    /// The conversions apply to the property's value directly, as an optional, and within
    /// arrays and dictionaries, and to the values a raw-value enum or a custom saved value
    /// reads, but never to the `version` of the data. Values are written back in the
    /// property's own type. Each class decides for the values of its own properties: a
    /// nested object converts as its class says. ModelKit reads this once per class. The
    /// default is `false`, which leaves every value of the wrong type an error.
    open class var acceptsLosslessConversions: Bool { false }

    /// Whether a saved optional that is `nil` is written as `null` rather than left out.
    ///
    /// The default is `false`: like `JSONEncoder`, writing leaves out a `nil` that code set.
    /// A `null` that loaded data held is written back as `null` either way, and a key the data
    /// did not have stays absent, so that a server that tells them apart gets the data back as
    /// it sent it; setting the property replaces what was loaded. Each class decides for its
    /// own properties; ModelKit reads this once per class.
    open class var writesNilAsNull: Bool { false }

    /// Whether loading rejects the keys that this class does not declare, as a server that
    /// validates what its clients send does.
    ///
    /// ```swift
    /// final class NewIssue: ModelObject {
    ///     override class var rejectsUnknownKeys: Bool { true }
    ///     @Saved var title = ""
    /// }
    /// try NewIssue(json: #"{"title": "Crash", "labels": []}"#)
    /// // labels: unknown key "labels"
    /// ```
    ///
    /// With `true`, a key of this class's objects that names nothing the class declares —
    /// not a saved property's own key or one of its alternatives, not a header key
    /// (``versionKey``, ``typeKey``), not the key of a nested object that properties live
    /// inside (`@Saved(path:)`), not a key of a flattened object (`@Saved(flattened: true)`) —
    /// is an error that names its key path: `[2].owner.extra: unknown key "extra"`. So is a
    /// key inside such a nested object that none of its properties' paths names: the class
    /// declares what that object holds, too. A lenient load records the problem in
    /// ``loadIssues`` and drops the key: nothing is kept or written back. When a load has
    /// several unknown keys, a strict load reports one of them.
    ///
    /// Each class decides for its own objects: a nested object, or one of a subclass the data
    /// names, by its own class; a flattened object's keys are its enclosing object's, so the
    /// enclosing class decides for them. ``LoadOptions/rejectingUnknownKeys`` rejects unknown
    /// keys in every object of one load, and merge patches are checked the same way. The
    /// default is `false`: unknown keys are kept in ``unknownValues`` and written back.
    /// ModelKit reads this once per class.
    open class var rejectsUnknownKeys: Bool { false }

    /// Descriptions of the saved properties, by property name, for the `description` of each
    /// property in the class's JSON Schema (``jsonSchema(for:profile:)``).
    ///
    /// ```swift
    /// override class var schemaDescriptions: [String: String] {
    ///     ["title": "The recipe's name, as printed on the card.", "minutes": "Time to cook, in minutes."]
    /// }
    /// ```
    ///
    /// A key of the data (such as `"created_at"`) names a property too. Language models read
    /// these words to fill each value, and OpenAPI documents show them. A subclass that
    /// overrides this lists its superclass's descriptions too, when it wants to keep them
    /// (`super.schemaDescriptions.merging(...)`). The default is none.
    open class var schemaDescriptions: [String: String] { [:] }

    /// The `title` of the class's JSON Schema (``jsonSchema(for:profile:)``); `nil`, the
    /// default, for none.
    open class var schemaTitle: String? { nil }

    // MARK: NSObject

    /// Whether `object` is a model of the same class with equal saved values.
    ///
    /// Nested model objects compare by the same rule, at any depth. In a graph with cycles, a
    /// pair of objects already under comparison counts as equal while the rest is compared,
    /// so two graphs are equal unless some pair of objects reached in step differs in a value
    /// of its own; a graph equals its ``copy()->Self``, cycles included. What an object keeps from
    /// loaded data to write back counts as saved values too: its ``unknownValues``, the values
    /// that a lenient load skipped, and a class name that did not resolve. A `null` kept for an
    /// optional that holds `nil` does not: whether a `nil` came as `null`, came absent or was
    /// set in code is how it is written, not what the object holds, so an object loaded from
    /// `{"note": null}` equals one loaded from `{}`, and each writes what it read.
    ///
    /// - Parameter object: The object to compare with.
    /// - Returns: `true` when the classes match and every saved value is equal.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? ModelObject else { return false }
        return hasEqualValues(to: other)
    }

    /// A hash of the class and saved values that agrees with ``isEqual(_:)``.
    ///
    /// Nested model objects are left out, so hashing never walks the graph.
    public override var hash: Int {
        savedValuesHash
    }

    /// The class and saved values, with the changed objects marked.
    ///
    /// Model objects nested more than 32 levels deep, as in a cycle, print as `Name(…)`.
    public override var description: String {
        describe()
    }

    /// A deep copy of the same class, with no changes.
    ///
    /// Nested model objects are copied too, at any depth; an object that appears twice in the
    /// graph is copied once, so shared objects stay shared and cycles stay cycles.
    ///
    /// - Returns: The copy, typed as `Any` for Foundation; ``copy()`` returns it as `Self`.
    @_disfavoredOverload
    public override func copy() -> Any {
        deepCopy()
    }

    // MARK: Internal

    /// Brings saved values that repeat what other saved values hold up to date after the data
    /// has loaded and before the changes are cleared, as ``DataValue`` recomputes its `length`.
    ///
    /// The default implementation does nothing.
    func didLoadValues() {}
}
