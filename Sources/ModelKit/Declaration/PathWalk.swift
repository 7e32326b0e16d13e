import Foundation

// The one walk over a container's nested objects in the dictionary form. Loading that form,
// building it to write, the baseline, and merge patches, made and applied, go through it, each
// saying only what to do at a property; equality goes through it to see past the levels that
// are only how the container is written. ModelKit's reader and JSON writer go along the same
// levels over the bytes (`readContainerLevel`, `writeLevel`).
//
// For
//
//     @Saved(path: "card", "brand") var brand: String?
//     @Saved(path: "card", "checks", "cvc") var cvc: String?
//
// the container `card` has level 0, its own object, with `brand` and `checks`, which leads to
// level 1, with `cvc`. Loading
//
//     "card": {"brand": "visa", "checks": {"cvc": "pass", "zip": "fail"}, "country": "US"}
//
// the walk
// 1. goes down, opening each level where the level above holds it: level 0 is the object
//    under `card`, level 1 the object under `checks`. Where a level belongs there may also be
//    nothing, `null`, or another value, which blocks the way; every level beneath is then the
//    same;
// 2. goes across the properties, in declaration order, the order of every error and issue:
//    `brand` takes "visa" out of level 0, `cvc` takes "pass" out of level 1;
// 3. goes up, closing each level into the one above, the deepest first: level 1, which lost a
//    value, goes back under `checks` as {"zip": "fail"}. Had taking emptied it, it would be
//    left out; one that came as `null` or `{}` and lost nothing stays as it came.
//
// The load keeps {"checks": {"zip": "fail"}, "country": "US"} under `card`: what no property
// took. Writing goes the same three ways and puts each value into its level instead; a level
// that came as `null`, or not at all, becomes an object when a value goes into it or into a
// level beneath it.

/// A finished walk over a container's nested objects in the dictionary form (see
/// ``PathContainer/walk(_:otherKeys:emptyLevels:visit:)``).
struct PathWalk {
    /// What stands where one of a container's nested objects belongs.
    enum Level {
        /// The nested object, as the walk has changed it.
        case object([String: Any])
        /// Nothing, there or at a level above.
        case absent
        /// `null`, there or at a level above.
        case null
        /// A value other than an object or `null`, there or at a level above, at `keyPath`,
        /// the keys from the top level that lead to it.
        case blocked(keyPath: [String], value: Any)

        /// What `value`, found at `keyPath` where a nested object belongs, stands for; `value`
        /// is `nil` where nothing is.
        init(_ value: Any?, at keyPath: @autoclosure () -> [String]) {
            guard let value else {
                self = .absent
                return
            }
            if value is NSNull {
                self = .null
            } else if let object = FastCast.dictionary(value) {
                self = .object(object)
            } else {
                self = .blocked(keyPath: keyPath(), value: value)
            }
        }

        /// The nested object, or `nil` when something else stands in its place.
        var object: [String: Any]? {
            guard case .object(let object) = self else { return nil }
            return object
        }

        /// What stands where the nested object under `key` of this level belongs.
        func level(under key: String, at keyPath: @autoclosure () -> [String]) -> Level {
            guard case .object(let object) = self else { return self }
            return Level(object[key], at: keyPath() + [key])
        }

        /// Sets `value` under `key`, making this level an object where it came as `null` or
        /// not at all; nothing where a value that is not an object stands in its place.
        mutating func set(_ value: Any, forKey key: String) {
            var object: [String: Any]
            switch self {
            case .object(let existing): object = existing
            case .absent, .null: object = [:]
            case .blocked: return
            }
            // Let go of the level's reference, so that `object` changes in place.
            self = .absent
            object[key] = value
            self = .object(object)
        }

        /// Takes the value under `key` out of this level; `nil` when it holds none.
        mutating func removeValue(forKey key: String) -> Any? {
            guard case .object(var object) = self else { return nil }
            self = .absent
            defer { self = .object(object) }
            return object.removeValue(forKey: key)
        }
    }

    /// What the walk does with the keys of a nested object that lead neither to a property nor
    /// to a nested object further down.
    enum OtherKeys {
        /// Leaves them where they are.
        case keep
        /// Takes them out, to be reported (``PathWalk/unknownKeys``).
        case takeOut
    }

    /// Which nested objects on the way to properties the walk leaves out as it closes them.
    enum EmptyLevels {
        /// Those that taking values emptied; one that came as `null` or `{}` and lost nothing
        /// stays as it came, to be written back so. Every reader and writer closes levels so.
        case keptAsTheyCame
        /// Every one that is `null` or empty: they are how the container is written, not values
        /// an object holds.
        case leftOut
    }

    /// Where a walk stands at one level.
    fileprivate struct LevelState {
        /// What stands where the level's nested object belongs.
        var value = Level.absent
        /// Whether a property took a value out of the level or put one in, at it or beneath it.
        var isChanged = false
        /// Whether the level's nested object differs from the one the level above holds.
        var isRewritten = false
        /// Whether the level goes from the one above as it closes.
        var isLeftOut = false

        /// Closes `inner`, the level under `key` of this one, into this one.
        mutating func close(_ inner: LevelState, underKey key: String) {
            if inner.isLeftOut {
                _ = value.removeValue(forKey: key)
                isRewritten = true
            } else if inner.isChanged || inner.isRewritten, let object = inner.value.object {
                value.set(object, forKey: key)
                isRewritten = true
            }
            if inner.isChanged { isChanged = true }
        }

        /// Decides whether the level goes as it closes, once it has taken in the levels
        /// beneath it.
        mutating func decideIsLeftOut(_ emptyLevels: EmptyLevels) {
            switch value {
            case .object(let object): isLeftOut = object.isEmpty && (emptyLevels == .leftOut || isChanged)
            case .null: isLeftOut = emptyLevels == .leftOut
            case .absent, .blocked: isLeftOut = false
            }
        }
    }

    /// The container's nested object after the walk, or what stands in its place.
    let value: Level
    /// Whether a property took a value out or put one in.
    let isChanged: Bool
    /// The other keys taken out, each as an unknown key at its key path, in key order, object
    /// by object.
    let unknownKeys: [ModelError]
}

/// Where a property's value belongs in a container's nested objects: what a walk hands to the
/// action for the property.
struct PathPlace {
    /// The property's key in its level.
    let key: String
    /// What stands where the level's nested object belongs.
    fileprivate(set) var level: PathWalk.Level
    /// Whether ``take()`` or ``put(_:)`` changed the level.
    fileprivate(set) var isChanged = false

    fileprivate init(key: String, level: PathWalk.Level) {
        self.key = key
        self.level = level
    }

    /// Whether a `null` stands where the level's nested object, or one above it, belongs.
    var isUnderNull: Bool {
        if case .null = level { return true }
        return false
    }

    /// The value other than an object or `null` that stands where the level's nested object,
    /// or one above it, belongs, with its key path.
    var blockingValue: (keyPath: [ModelKeyPath.Component], value: Any)? {
        guard case .blocked(let keyPath, let value) = level else { return nil }
        return (keyPath.map { .key($0) }, value)
    }

    /// Takes the property's value out of its level; `nil` when the level holds none.
    mutating func take() -> Any? {
        guard let value = level.removeValue(forKey: key) else { return nil }
        isChanged = true
        return value
    }

    /// Puts `value` under the property's key: into its level, or into a new object where the
    /// level, or one above it, came as `null` or not at all; nowhere where a value that is not
    /// an object blocks the way, which is then written in place of the property.
    mutating func put(_ value: Any) {
        if case .blocked = level { return }
        level.set(value, forKey: key)
        isChanged = true
    }
}

extension PathContainer {
    /// Walks `value`, what the dictionary form holds under the container's key: down its
    /// levels, across its properties in declaration order, handing each to `visit`, and up
    /// again, closing each level into the one above.
    ///
    /// A level closes into the one above when a property took a value out of it or put one
    /// into it, at it or beneath it, or when the walk took its other keys out; as an object in
    /// place of a `null` or of nothing.
    ///
    /// - Parameters:
    ///   - value: The container's nested object, or what stands in its place.
    ///   - otherKeys: What to do with the keys of each nested object that lead nowhere.
    ///   - emptyLevels: Which nested objects on the way to properties to leave out.
    ///   - visit: What to do at each property: given its index in the class's metadata and
    ///     its place, out of which it takes its value or into which it puts one.
    /// - Returns: The finished walk.
    func walk(
        _ value: PathWalk.Level,
        otherKeys: PathWalk.OtherKeys = .keep,
        emptyLevels: PathWalk.EmptyLevels = .keptAsTheyCame,
        visit: (_ property: Int, _ place: inout PathPlace) throws -> Void
    ) rethrows -> PathWalk {
        var states = openLevels(value)
        // Across, in declaration order.
        for member in members {
            guard let key = member.path.last else { continue }
            var place = PathPlace(key: key, level: states[member.level].value)
            // Let go of the level's reference, so that the place changes the object in place.
            states[member.level].value = .absent
            try visit(member.property, &place)
            states[member.level].value = place.level
            if place.isChanged { states[member.level].isChanged = true }
        }
        let unknownKeys = closeLevels(&states, otherKeys: otherKeys, emptyLevels: emptyLevels)
        return PathWalk(value: states[0].value, isChanged: states[0].isChanged, unknownKeys: unknownKeys)
    }

    /// Goes down the levels, opening each where the level above holds it, from `value`, what
    /// stands where the container's own object belongs.
    private func openLevels(_ value: PathWalk.Level) -> [PathWalk.LevelState] {
        var states = [PathWalk.LevelState](repeating: PathWalk.LevelState(), count: levels.count)
        states[0].value = value
        // A level comes after the one that leads to it.
        for (index, level) in levels.enumerated() {
            for (key, slot) in zip(level.keys, level.slots) {
                guard case .level(let inner) = slot else { continue }
                states[inner].value = states[index].value.level(under: key, at: keys(toLevel: index))
            }
        }
        return states
    }

    /// Goes up the levels, the deepest first, so that a level has taken in the levels beneath
    /// it when it closes into the one above.
    ///
    /// - Returns: The other keys taken out, as unknown keys at their key paths, in key order,
    ///   object by object.
    private func closeLevels(
        _ states: inout [PathWalk.LevelState], otherKeys: PathWalk.OtherKeys, emptyLevels: PathWalk.EmptyLevels
    ) -> [ModelError] {
        var unknownKeys: [(keys: [String], key: String)] = []
        for index in levels.indices.reversed() {
            let level = levels[index]
            for (key, slot) in zip(level.keys, level.slots) {
                guard case .level(let inner) = slot else { continue }
                states[index].close(states[inner], underKey: key)
            }
            states[index].decideIsLeftOut(emptyLevels)
            guard otherKeys == .takeOut, !states[index].isLeftOut else { continue }
            let taken = takeOutOtherKeys(of: level, from: &states[index])
            if !taken.isEmpty {
                let keys = keys(toLevel: index)
                unknownKeys += taken.map { (keys, $0) }
            }
        }
        // A key comes after the keys before it in its object, and after every key inside the
        // nested objects under them.
        unknownKeys.sort { ($0.keys + [$0.key]).lexicographicallyPrecedes($1.keys + [$1.key]) }
        return unknownKeys.map { .unknownKey($0.key, inside: $0.keys.map { .key($0) }) }
    }

    /// Takes the keys that `level` does not have out of the nested object that `state` holds.
    ///
    /// - Returns: The keys taken out.
    private func takeOutOtherKeys(of level: PathLevel, from state: inout PathWalk.LevelState) -> [String] {
        guard let object = state.value.object else { return [] }
        let others = object.keys.filter { level.slot(of: $0) == nil }
        for key in others { _ = state.value.removeValue(forKey: key) }
        if !others.isEmpty { state.isRewritten = true }
        return others
    }
}
