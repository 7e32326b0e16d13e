import Foundation

/// A nested object of the data, at a key of the top level, that saved properties live inside
/// (`@Saved(path: "stats", "stars")`).
///
/// Loading takes the properties' values out of the nested object and keeps what is left, its
/// other keys, in ``ModelObject/unknownValues`` under the container's key; writing puts the
/// properties' values back into what was kept, so the nested object goes back whole. Both go
/// along ``levels``: over the bytes in ModelKit's reader and JSON writer, and over the
/// dictionary form through ``walk(_:otherKeys:emptyLevels:visit:)``.
struct PathContainer: Sendable {
    /// A property inside the container.
    struct Member: Sendable {
        /// The property's index in the class's metadata.
        let property: Int
        /// The property's keys below the container's key, ending with the value's own key.
        let path: [String]
        /// The index in ``PathContainer/levels`` of the level that holds the value's key.
        let level: Int
    }

    /// The key of the nested object at the top level.
    let key: String
    /// The properties inside, in declaration order.
    private(set) var members: [Member] = []
    /// The nested objects on the way to the properties, the container's own first, each with
    /// the keys that lead on to a property or to another level.
    private(set) var levels = [PathLevel()]
    /// Whether every level has at most 64 keys that lead on, so that the readers and writers
    /// that walk ``levels`` over the bytes can note the keys they met as bits.
    private(set) var isWalkable = true
    /// A digest of which key of which level leads to which level, the owner of the marks
    /// that the reader leaves in a level's kept text for the writer (see
    /// ``CompactMemberMarks``), so that marks made for another layout of levels are not
    /// taken for this one's.
    private(set) var marksOwner: UInt64 = 0

    init(key: String) {
        self.key = key
    }

    mutating func add(property index: Int, path: [String], of modelClass: ModelObject.Type) {
        let inner = Array(path.dropFirst())
        for member in members {
            let shorter = min(member.path.count, inner.count)
            precondition(
                Array(member.path.prefix(shorter)) != Array(inner.prefix(shorter)),
                "\(modelClass) declares two saved properties at \(ModelKeyPath(path.map { .key($0) })) and "
                    + "\(ModelKeyPath(([key] + member.path).map { .key($0) })): one would hold the other")
        }
        let level = addLevels(property: index, at: inner[...], below: 0)
        members.append(Member(property: index, path: inner, level: level))
        isWalkable = levels.allSatisfy { $0.slots.count <= 64 }
        marksOwner = Self.digest(of: levels)
    }

    /// The keys from the top level to the nested object of the level at `index`, the
    /// container's key first.
    func keys(toLevel index: Int) -> [String] {
        guard index > 0 else { return [key] }
        for (outer, level) in levels.enumerated() {
            for (key, slot) in zip(level.keys, level.slots) {
                if case .level(index) = slot { return keys(toLevel: outer) + [key] }
            }
        }
        return [key]
    }

    /// The FNV-1a digest of each key that leads to a level, with the indices of the level it
    /// is in and of the level it leads to.
    private static func digest(of levels: [PathLevel]) -> UInt64 {
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        func addByte(_ byte: UInt8) { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
        func addNumber(_ number: Int) {
            withUnsafeBytes(of: UInt64(truncatingIfNeeded: number).littleEndian) { $0.forEach(addByte) }
        }
        for (index, level) in levels.enumerated() {
            for (key, slot) in zip(level.keyBytes, level.slots) {
                guard case .level(let inner) = slot else { continue }
                addNumber(index)
                addNumber(inner)
                addNumber(key.count)
                key.forEach(addByte)
            }
        }
        return digest
    }

    /// Adds the property at `index`, at `path` below the level at `level`, and the levels on
    /// the way that are not there yet.
    ///
    /// - Returns: The index of the level that holds the property's key.
    private mutating func addLevels(property index: Int, at path: ArraySlice<String>, below level: Int) -> Int {
        guard let key = path.first else { return level }
        switch levels[level].slot(of: key) {
        case nil:
            guard path.count > 1 else {
                levels[level].append(key, .property(index))
                return level
            }
            levels.append(PathLevel())
            levels[level].append(key, .level(levels.count - 1))
            return addLevels(property: index, at: path.dropFirst(), below: levels.count - 1)
        case .level(let next)?:
            return addLevels(property: index, at: path.dropFirst(), below: next)
        case .property?:
            // Two properties at one path, or one inside another, stop above.
            return level
        }
    }

    /// The unknown value kept under the container's key, `kept`, as a Foundation value,
    /// without the nested objects on the way to properties that came as `null` or `{}` and
    /// hold nothing else: those are how the container is written when its properties write
    /// nothing into it, not values an object holds, and equality does not see them.
    ///
    /// - Returns: What is left; `nil` when nothing is.
    func heldValue(of kept: Any) -> Any? {
        let walk = self.walk(PathWalk.Level(kept, at: [key]), emptyLevels: .leftOut) { _, _ in }
        switch walk.value {
        case .object(let object): return object.isEmpty ? nil : object
        case .absent, .null: return nil
        case .blocked(_, let value): return value
        }
    }
}
