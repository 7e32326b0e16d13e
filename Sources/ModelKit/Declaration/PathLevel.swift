/// One nested object of a container's data, at any depth: the keys in it that lead to a
/// property or to a nested object further down, in declaration order.
///
/// For `@Saved(path: "card", "brand") var brand` and
/// `@Saved(path: "card", "checks", "cvc") var cvc`, the container `card` has one level with
/// two keys: `brand`, a property, and `checks`, a level whose one key `cvc` is a property.
/// Reading and writing walk the levels over the bytes, keeping each level's other keys as
/// compact text, so that a value three keys down costs what a value one key down does.
struct PathLevel: Sendable {
    /// What a key of a level leads to.
    indirect enum Slot: Sendable {
        /// The property at this index of the class's metadata.
        case property(Int)
        /// A nested object further down.
        case level(PathLevel)
    }

    /// The keys of the level that lead somewhere, in declaration order.
    private(set) var keys: [String] = []
    /// The UTF-8 bytes of each key, for matching keys by their bytes.
    private(set) var keyBytes: [[UInt8]] = []
    /// Where each key leads.
    private(set) var slots: [Slot] = []

    /// Adds the property at `index`, at `path` below this level.
    mutating func add(property index: Int, at path: ArraySlice<String>) {
        guard let key = path.first else { return }
        let position = keys.firstIndex(of: key)
        guard path.count > 1 else {
            // Two properties at one path are stopped when the container is built.
            if position == nil { append(key, .property(index)) }
            return
        }
        guard let position else {
            var level = PathLevel()
            level.add(property: index, at: path.dropFirst())
            return append(key, .level(level))
        }
        guard case .level(var level) = slots[position] else { return }
        level.add(property: index, at: path.dropFirst())
        slots[position] = .level(level)
    }

    private mutating func append(_ key: String, _ slot: Slot) {
        keys.append(key)
        keyBytes.append(Array(key.utf8))
        slots.append(slot)
    }

    /// The properties at this level and below, by their index in the class's metadata.
    var properties: [Int] {
        slots.flatMap { slot -> [Int] in
            switch slot {
            case .property(let index): [index]
            case .level(let level): level.properties
            }
        }
    }

    /// Whether every level, this one and those below, has at most `limit` keys that lead
    /// somewhere, so that a walk can note the keys it has met as bits.
    func hasAtMost(_ limit: Int) -> Bool {
        slots.count <= limit
            && slots.allSatisfy { slot in
                guard case .level(let level) = slot else { return true }
                return level.hasAtMost(limit)
            }
    }
}
