/// A small, fast, seeded random number generator (SplitMix64), so that generated tests are
/// the same on every run and a failing seed can be replayed.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose numbers follow from `seed` alone.
    ///
    /// - Parameter seed: Where the sequence starts.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next number of the sequence.
    ///
    /// - Returns: 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
