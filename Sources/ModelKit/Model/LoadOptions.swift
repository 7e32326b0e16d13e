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
    /// Invalid JSON, a top-level value that is not an object and a class name outside the
    /// registry at the top level still throw: there is nothing sensible to load from them.
    public static let lenient = LoadOptions(rawValue: 1 << 0)
}
