import Foundation
import ModelKit

// The fuzz models for the rules that servers' JSON needs: a model that checks itself, one that
// accepts lossless conversions, a record shaped as web APIs send them, a record that rejects
// keys it does not declare, a stamp flattened into the objects that carry it, unions and a
// tagged family. `FuzzModel` holds each, and carries the stamp at its own level.

/// A model that checks itself: `low` may not exceed `high`, in itself and in its items.
public final class FuzzChecked: ModelObject {
    /// The lower bound.
    @Saved public var low = 0
    /// The upper bound.
    @Saved public var high = 0
    /// Nested objects that check themselves too, empty at first.
    @Saved public var items: [FuzzChecked] = []

    /// Throws when `low` exceeds `high`.
    public override func validate() throws {
        guard low <= high else { throw ValidationError("low must not exceed high", key: "low") }
    }
}

/// A model that accepts lossless conversions, with every kind of value they reach.
public final class FuzzLossless: ModelObject {
    public override class var acceptsLosslessConversions: Bool { true }

    /// A `String`.
    @Saved public var text = ""
    /// A `Bool`.
    @Saved public var flag = false
    /// An `Int`.
    @Saved public var int = 0
    /// An `Int8`.
    @Saved public var int8: Int8 = 0
    /// A `UInt64`.
    @Saved public var uint64: UInt64 = 0
    /// A `Double`.
    @Saved public var double = 0.0
    /// A `Float`.
    @Saved public var float: Float = 0
    /// A `Decimal`.
    @Saved public var decimal: Decimal = 0
    /// An optional `String`, `nil` at first.
    @Saved public var optionalText: String? = nil
    /// An optional `Int`, `nil` at first.
    @Saved public var optionalInt: Int? = nil
    /// An `[Int]`, empty at first.
    @Saved public var ints: [Int] = []
    /// A `[String]`, empty at first.
    @Saved public var texts: [String] = []
    /// A `[String: Bool]`, empty at first.
    @Saved public var flags: [String: Bool] = [:]
    /// A `FuzzPriority`, whose raw value is an `Int`.
    @Saved public var priority = FuzzPriority.normal
}

/// The visibility of a `FuzzServerRecord`, an open enum.
public enum FuzzVisibility: String, SavedValue {
    case `public`, `private`, unknown
}

/// A record shaped as web APIs send them: snake_case keys, no header, other spellings of a
/// key, values inside nested objects, an open enum and keys that DejalObject reserves.
public final class FuzzServerRecord: ModelObject {
    public override class var keyStyle: KeyStyle { .snakeCase }
    public override class var versionKey: String? { nil }
    public override class var typeKey: String? { nil }

    /// An `Int` under `id`, also read from `ID` and `record_id`.
    @Saved("id", alternatives: ["ID", "record_id"]) public var identifier = 0
    /// A `String` under `display_name`.
    @Saved public var displayName = ""
    /// An `Int` inside `stats`.
    @Saved(path: "stats", "stars") public var stars = 0
    /// An optional `Double` inside `stats`, `nil` at first.
    @Saved(path: "stats", "score") public var score: Double? = nil
    /// A `String` two objects down.
    @Saved(path: "owner", "profile", "login") public var ownerLogin = ""
    /// An open enum.
    @Saved(fallback: .unknown) public var visibility = FuzzVisibility.public
    /// A `String` under `version`, an ordinary key here.
    @Saved public var version = ""
}

/// Who changed a record, and when: a model flattened into the objects that carry it, whose
/// keys are theirs.
public final class FuzzStamp: ModelObject {
    /// A `String`.
    @Saved public var createdBy = ""
    /// An `Int` under `revision`, also read from `rev`; never negative.
    @Saved("revision", alternatives: ["rev"]) public var revision = 0
    /// An optional `Date`, `nil` at first.
    @Saved public var updatedAt: Date? = nil
    /// A `[String]`, empty at first.
    @Saved public var labels: [String] = []

    /// Throws when `revision` is negative.
    public override func validate() throws {
        guard revision >= 0 else { throw ValidationError("revision must not be negative", key: "revision") }
    }
}

/// A record of a server that rejects the keys it does not declare, with a stamp at its own
/// level, a value inside a nested object, and records of its kind inside.
public final class FuzzStrictRecord: ModelObject {
    public override class var rejectsUnknownKeys: Bool { true }

    /// A `String`.
    @Saved public var name = ""
    /// An `Int` under `id`, also read from `ID`.
    @Saved("id", alternatives: ["ID"]) public var identifier = 0
    /// An `Int` inside `meta`.
    @Saved(path: "meta", "rank") public var rank = 0
    /// A `FuzzStamp`, flattened.
    @Saved(flattened: true) public var stamp = FuzzStamp()
    /// A `[FuzzStrictRecord]`, empty at first.
    @Saved public var records: [FuzzStrictRecord] = []
}

/// An expandable field, as Stripe sends them: the id of a record, or the record itself.
public enum FuzzExpandable: SavedUnion {
    case id(String)
    case record(FuzzServerRecord)

    /// An id, or a record.
    public static var alternatives: [SavedAlternative<FuzzExpandable>] { [.init(Self.id), .init(Self.record)] }
}

/// A value of one of several kinds; its `Int` and `Double` alternatives both read numbers.
public enum FuzzLoose: SavedUnion, Hashable {
    case count(Int)
    case ratio(Double)
    case text(String)
    case flag(Bool)
    case list([Int8])
    case flavor(FuzzFlavor?)

    /// Each case, the `Int` before the `Double`.
    public static var alternatives: [SavedAlternative<FuzzLoose>] {
        [
            .init(Self.count), .init(Self.ratio), .init(Self.text), .init(Self.flag), .init(Self.list),
            .init(Self.flavor),
        ]
    }

    /// The value of the case, given without `Mirror`.
    public var associatedValue: any SavedValue {
        switch self {
        case .count(let count): count
        case .ratio(let ratio): ratio
        case .text(let text): text
        case .flag(let flag): flag
        case .list(let list): list
        case .flavor(let flavor): flavor
        }
    }
}

/// The base of a tagged family under `kind`, whose subclasses only its list makes known: their
/// tags are not their type names, and nothing registers them.
public class FuzzTagged: ModelObject {
    public override class var versionKey: String? { nil }
    public override class var typeKey: String? { "kind" }
    public override class var modelName: String { "tagged" }
    public override class var knownSubclasses: [ModelObject.Type] { [FuzzTaggedNote.self, FuzzTaggedLink.self] }

    /// A `String`.
    @Saved public var title = ""
}

/// A tagged object of kind `note`.
public final class FuzzTaggedNote: FuzzTagged {
    public override class var modelName: String { "note" }

    /// A `String`.
    @Saved public var body = ""
    /// A `[FuzzTagged]`, empty at first.
    @Saved public var replies: [FuzzTagged] = []
}

/// A tagged object of kind `link`.
public final class FuzzTaggedLink: FuzzTagged {
    public override class var modelName: String { "link" }

    /// A `URL`, `nil` at first.
    @Saved public var url: URL? = nil
    /// An expandable owner.
    @Saved public var owner: FuzzExpandable? = nil
}
