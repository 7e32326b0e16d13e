/// Options that control how data is loaded into a model.
public struct LoadOptions: OptionSet, Sendable, Hashable {
    /// The bits of the options.
    public let rawValue: Int

    /// Creates options from their raw value.
    ///
    /// - Parameter rawValue: The bits of the options.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Keeps defaults for values that do not fit instead of throwing, and records each problem
    /// with its key path in ``ModelObject/loadIssues``.
    ///
    /// A property whose value does not fit at all gets its default even when the load goes
    /// into an object that held another value, so that the object ends as a new one loaded
    /// from the same data would.
    ///
    /// A value that does not fit is not lost: the object keeps it as the data has it and
    /// writes it back in place of the property's value, through the dictionary form, JSON,
    /// `Codable` and archiving, until the property is set. Setting the property, even to an
    /// equal value, replaces the kept value and counts as a change, which
    /// ``ModelObject/revertChanges()`` undoes. A collection that lost elements that did not fit
    /// keeps its whole value so; for a collection of model objects, only while it still equals
    /// what the load gave it, so that edits inside its objects are written. Objects that keep
    /// such values compare unequal to objects that do not, since they hold different data (a
    /// `null` kept for an optional that holds `nil` aside, which is how the `nil` is written);
    /// a strict load of what they write reports the same problems again.
    ///
    /// Invalid JSON and a top-level value that is not an object still throw: there is nothing
    /// sensible to load from them. A class name that does not resolve loads as the expected
    /// class and is kept to be written back.
    public static let lenient = LoadOptions(rawValue: 1 << 0)

    /// Reads JSON through Foundation's `JSONSerialization` and loads the dictionary it gives,
    /// instead of reading the bytes straight into the model with ModelKit's own reader; for
    /// ``ModelObject/apply(mergePatchJSON:options:)-(Data,_)``, reads the patch so.
    ///
    /// The result is the same, but for what `JSONSerialization` on Linux does differently:
    /// it accepts a trailing comma in arrays and objects (`[1,]`), which is not JSON; it
    /// drops a U+FEFF written unescaped at the start of a string or after an escape; it fails
    /// the whole document on a number beyond the range of `Double`, such as `1e400`, where a
    /// lenient load by ModelKit's reader reports that one value and loads the rest; and it
    /// reads `-0` as the integer 0, so that a `Double` property gets `0.0` and an unknown
    /// value the integer 0 where ModelKit's reader keeps `-0.0` (the two compare equal); it reads a decimal of more significant
    /// digits than a `Decimal` holds (38) into the `Decimal` of its first digits, so that one
    /// lying next to the point halfway between two `Double`s can round to the wrong one, and
    /// a `Float` property gets the nearest `Double` rounded again, which can differ from the
    /// `Float` nearest the text in the last place. ModelKit's reader rounds every number once,
    /// from its text, as `strtod` and `strtof` do. It is also slower and needs far more
    /// memory: it builds the whole document as Foundation objects first.
    public static let foundationReader = LoadOptions(rawValue: 1 << 1)

    /// Keeps the values the user changed when loading fresh data into an object that has
    /// changes, such as a newer copy from a server that arrives while the user edits.
    ///
    /// ```swift
    /// try note.load(json: refreshed, options: .keepingLocalChanges)
    /// for keyPath in note.mergeConflicts {
    ///     print("changed here and on the server: \(keyPath)")
    /// }
    /// ```
    ///
    /// Every value the user changed since the last load or ``ModelObject/clearChanges()``
    /// stays, and stays a change; every other value comes from the data, which becomes what
    /// ``ModelObject/revertChanges()`` puts back and what ``ModelObject/mergePatch()`` patches.
    /// Nested model objects merge the same way, key by key; an array, set or dictionary that
    /// holds model objects with changes stays whole. A value that the data changed too, to
    /// something other than both its earlier value and the user's, is a conflict: the user's
    /// value stays, and ``ModelObject/mergeConflicts`` lists its key path.
    ///
    /// The load is otherwise the same: all or nothing, strict unless ``lenient`` is given.
    /// When the object has no changes, the option changes nothing.
    public static let keepingLocalChanges = LoadOptions(rawValue: 1 << 2)

    /// Rejects, in every object of the load, the keys that its class does not declare, as
    /// ``ModelObject/rejectsUnknownKeys`` does for the objects of one class.
    ///
    /// ```swift
    /// let request = try NewIssue(json: body, options: .rejectingUnknownKeys)
    /// ```
    ///
    /// A key of an object that names nothing its class declares is an error that names its
    /// key path (`owner.extra: unknown key "extra"`); with ``lenient``, a problem recorded in
    /// ``ModelObject/loadIssues``, and the key is dropped. Classes whose
    /// ``ModelObject/rejectsUnknownKeys`` is `true` reject them in every load; this option
    /// makes every other class do so for this load, nested objects and value classes
    /// included. For ``ModelObject/apply(mergePatch:options:)``, the patch's keys are
    /// checked so.
    public static let rejectingUnknownKeys = LoadOptions(rawValue: 1 << 3)
}
