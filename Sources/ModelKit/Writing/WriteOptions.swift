/// Options that control how a model is written as JSON.
///
/// The default, `[]`, writes pretty-printed JSON in the layout of Foundation's
/// `JSONSerialization` (`"key" : value`, two-space indent) with keys in a fixed order:
/// the header (`version`, `representedClassName`; see ``ModelObject/versionKey`` and
/// ``ModelObject/typeKey``), the saved keys in declaration order, then the preserved unknown
/// keys.
public struct WriteOptions: OptionSet, Sendable, Hashable {
    /// The bits of the options.
    public let rawValue: Int

    /// Creates options from their raw value.
    ///
    /// - Parameter rawValue: The bits of the options.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Writes JSON without white space.
    public static let compact = WriteOptions(rawValue: 1 << 0)
    /// Sorts the keys of every object by their UTF-8 bytes.
    public static let sortedKeys = WriteOptions(rawValue: 1 << 1)
    /// Writes `/` as it is instead of `\/`.
    public static let withoutEscapingSlashes = WriteOptions(rawValue: 1 << 2)
    /// Writes through Foundation's `JSONSerialization` instead of ModelKit's own writer.
    ///
    /// Keys come sorted as `JSONSerialization` sorts them, with or without ``sortedKeys``, so
    /// that every write of an object gives the same bytes: unsorted, `JSONSerialization` writes
    /// the keys of a dictionary in the order of its storage, which differs between two
    /// dictionaries of the same keys. The sorting costs about as much again as the write.
    ///
    /// The output parses to the same dictionary; ModelKit's writer is several times faster.
    /// It is also exact where `JSONSerialization` is not: `JSONSerialization` writes negative
    /// zero as `-0`, which reads back as zero, and writes a `Decimal` as its plain digits,
    /// which on Linux read back as a `Double` when there are exactly 16 of them, changing the
    /// last digit of some fractions. ModelKit's writer writes `-0.0` and pads such fractions
    /// with a zero.
    ///
    /// ModelKit checks the dictionary form before `JSONSerialization` sees it, since Apple's
    /// `JSONSerialization` stops the process for a value it cannot write: a value kept under
    /// an unknown key that is not a string, number, boolean, `NSNull`, array or dictionary
    /// with string keys, such as a `Date` or `Data` that ModelKit's writer writes as text,
    /// throws a ``ModelError`` with its key path instead.
    public static let foundationWriter = WriteOptions(rawValue: 1 << 3)
    /// Writes what DejalObject reads back: the value classes under the names of their
    /// DejalObject classes (`DejalColor`, `DejalDate`, `DejalInterval`, `DejalData`,
    /// `DejalTime`), and dates as `yyyy-MM-dd'T'HH:mm:ss'Z'`, without fractional seconds.
    ///
    /// Nothing else changes: other class names, keys, unknown values and the layout are
    /// written as without it. Fractional seconds are dropped, not rounded, as DejalDate's
    /// formatter drops them; ``DateValue/distantPast`` is written as DejalObject wrote it.
    /// <doc:MovingFromDejalObject> lists what survives a trip through DejalObject.
    public static let dejalObjectFormat = WriteOptions(rawValue: 1 << 4)
    /// Leaves the header out of every model object written: its version and its class name
    /// (``ModelObject/versionKey`` and ``ModelObject/typeKey``), type tags included.
    ///
    /// For request bodies to servers that reject keys they do not know. Data written so
    /// reads back as data without a version, version 1, and as the class it is read into;
    /// migration then runs for a class whose ``ModelObject/modelVersion`` is higher. A class
    /// whose data never has a header says so with `nil` keys instead.
    public static let withoutHeader = WriteOptions(rawValue: 1 << 5)
}
