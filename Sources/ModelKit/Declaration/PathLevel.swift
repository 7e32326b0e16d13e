/// One nested object of a container's data, at any depth: the keys in it that lead to a
/// property or to a nested object further down, in declaration order.
///
/// For `@Saved(path: "card", "brand") var brand` and
/// `@Saved(path: "card", "checks", "cvc") var cvc`, the container `card` has two levels: the
/// first, its own object, with `brand`, a property, and `checks`, which leads to the second,
/// whose one key `cvc` is a property. Reading and writing walk the levels over the bytes,
/// keeping each level's other keys as compact text, so that a value three keys down costs
/// what a value one key down does.
///
/// A container holds its levels in one array (``PathContainer/levels``), the first its own
/// object's, and a key leads to a level by its index there: no value refers to another
/// through a box of its own.
struct PathLevel: Sendable {
    /// What a key of a level leads to.
    enum Slot: Sendable {
        /// The property at this index of the class's metadata.
        case property(Int)
        /// The level at this index of the container's levels.
        case level(Int)
    }

    /// The keys of the level that lead somewhere, in declaration order.
    private(set) var keys: [String] = []
    /// The UTF-8 bytes of each key, for matching keys by their bytes.
    private(set) var keyBytes: [[UInt8]] = []
    /// Where each key leads.
    private(set) var slots: [Slot] = []

    /// The slot of `key`, if the level has it.
    func slot(of key: String) -> Slot? {
        keys.firstIndex(of: key).map { slots[$0] }
    }

    mutating func append(_ key: String, _ slot: Slot) {
        keys.append(key)
        keyBytes.append(Array(key.utf8))
        slots.append(slot)
    }
}
