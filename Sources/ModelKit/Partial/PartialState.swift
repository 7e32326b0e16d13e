/// How much of a saved property's value a ``PartialLoader`` has read.
///
/// A property only moves forward: from absent to growing to complete, or from absent straight
/// to complete.
public enum PartialState: Sendable, Hashable {
    /// The property's key has not come yet: the property holds its default.
    case absent
    /// The property's value has begun and not ended: a string shows the part that has come
    /// (with ``PartialOptions/growingStrings``), an array the elements that have, and a model
    /// object the properties it has so far; other values keep their default until they end.
    case growing
    /// The property's whole value has come.
    case complete
}

/// How a ``PartialLoader`` shows values that have begun to arrive.
public struct PartialOptions: OptionSet, Sendable, Hashable {
    /// The options' bits.
    public let rawValue: Int

    /// Options from their bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Strings grow as their characters arrive, never showing part of an escape, a surrogate
    /// pair or a UTF-8 sequence: the default.
    public static let growingStrings = PartialOptions(rawValue: 1 << 0)

    /// Every value, strings too, appears only once it is whole.
    public static let completeValuesOnly: PartialOptions = []
}
