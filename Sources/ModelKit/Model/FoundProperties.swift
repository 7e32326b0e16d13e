/// The saved properties whose keys an object's data has had so far, by index: in the bits of
/// one word for classes of up to 64 properties, which is nearly all of them.
struct FoundProperties {
    private var bits: UInt64 = 0
    private var more: [Bool]

    init(count: Int) {
        more = count > 64 ? Array(repeating: false, count: count) : []
    }

    /// Records the property at `index`; `false` when it was found before.
    @inline(__always)
    mutating func insert(_ index: Int) -> Bool {
        if index < 64 {
            let bit: UInt64 = 1 << UInt64(index)
            defer { bits |= bit }
            return bits & bit == 0
        }
        defer { more[index] = true }
        return !more[index]
    }

    /// Whether the property at `index` was found.
    @inline(__always)
    func contains(_ index: Int) -> Bool {
        index < 64 ? bits & (1 << UInt64(index)) != 0 : more[index]
    }
}
