import Foundation
import ModelKit

// The fuzz models for the rules that servers' JSON needs: a model that checks itself and one
// that accepts lossless conversions. `FuzzModel` holds one of each.

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
