/// The comparison of two graphs of model objects for `==`, without unbounded recursion.
///
/// Two model objects are equal when they are of the same class and their saved values are
/// equal, nested model objects compared by the same rule. A pair of objects already under
/// comparison counts as equal while the rest is compared: the graphs are equal unless some
/// pair of objects reached in step differs in a value of its own. This is the largest
/// relation that the rule allows (a bisimulation), and it makes cyclic graphs comparable:
/// a graph equals its ``ModelObject/copy()``, cycles included.
///
/// Comparing the values of one pair of objects reaches nested model objects through `==` on
/// the property types. A small graph is compared by recursion there, the pairs on the way
/// down counting as equal. When that goes deeper than ``directDepth`` levels or meets more
/// than ``directBudget`` pairs, the comparison starts again with a list: each nested pair is
/// assumed equal and put on the list, which a loop works through, and the outer pair records
/// that it relied on the assumption. When a pair turns out different, the pairs that relied
/// on it are compared again, so containers that match elements by search, such as sets, try
/// their next candidate. Each thread has one comparison, reused from call to call.
final class GraphComparison {
    private struct Pair: Hashable {
        let lhs: ObjectIdentifier
        let rhs: ObjectIdentifier

        init(_ lhs: ModelObject, _ rhs: ModelObject) {
            self.lhs = ObjectIdentifier(lhs)
            self.rhs = ObjectIdentifier(rhs)
        }
    }

    private enum Mode {
        case idle
        /// Comparing by recursion, with the pairs on the way down in ``path``.
        case direct
        /// Comparing with the list of pairs.
        case listed
    }

    private static let perThread = ThreadLocal { GraphComparison() }
    /// The deepest recursion of a direct comparison, in nested model objects.
    private static let directDepth = 16
    /// The most pairs of nested model objects that a direct comparison compares.
    private static let directBudget = 64

    private var mode = Mode.idle

    // A direct comparison.
    private var path: [Pair] = []
    private var budget = 0
    private var isAbandoned = false

    // A listed comparison.
    /// The objects of every pair met so far, kept alive until the comparison ends, with the
    /// metadata of their class.
    private var objects: [Pair: (lhs: ModelObject, rhs: ModelObject, metadata: ModelMetadata)] = [:]
    /// The pairs whose own values are still to compare.
    private var unchecked: [Pair] = []
    /// The pairs found different.
    private var different: Set<Pair> = []
    /// For each pair, the first pair whose comparison assumed it equal, and then the others:
    /// most pairs have one.
    private var firstDependents: [Pair: Pair] = [:]
    private var moreDependents: [Pair: [Pair]] = [:]
    /// The pair whose own values are being compared, while one is.
    private var current: Pair?

    /// Whether `lhs` and `rhs`, of the same class, have equal saved values.
    static func isEqual(_ lhs: ModelObject, _ rhs: ModelObject) -> Bool {
        let metadata = ModelMetadata.of(type(of: lhs))
        // Objects whose values hold no model objects compare without any bookkeeping.
        if isFlat(lhs, metadata: metadata), isFlat(rhs, metadata: metadata) {
            return lhs.hasEqualOwnValues(to: rhs, metadata: metadata)
        }
        return perThread.withCurrent { comparison in
            switch comparison.mode {
            case .idle: comparison.compare(lhs, rhs, metadata: metadata)
            case .direct: comparison.compareNested(lhs, rhs, metadata: metadata)
            case .listed: comparison.assume(lhs, rhs, metadata: metadata)
            }
        }
    }

    /// Whether `object`'s own values cannot hold model objects.
    private static func isFlat(_ object: ModelObject, metadata: ModelMetadata) -> Bool {
        !metadata.containsModelObjects && object.unknowns.isEmpty && !object.hasSkippedValues
    }

    private func compare(_ lhs: ModelObject, _ rhs: ModelObject, metadata: ModelMetadata) -> Bool {
        if let result = compareDirectly(lhs, rhs, metadata: metadata) { return result }
        return compareListed(lhs, rhs, metadata: metadata)
    }

    // MARK: Direct

    /// Compares by recursion, or returns `nil` when the graph is too deep or too large.
    private func compareDirectly(_ lhs: ModelObject, _ rhs: ModelObject, metadata: ModelMetadata) -> Bool? {
        mode = .direct
        budget = Self.directBudget
        isAbandoned = false
        path.append(Pair(lhs, rhs))
        defer {
            path.removeAll(keepingCapacity: true)
            mode = .idle
        }
        let result = lhs.hasEqualOwnValues(to: rhs, metadata: metadata)
        return isAbandoned ? nil : result
    }

    private func compareNested(_ lhs: ModelObject, _ rhs: ModelObject, metadata: ModelMetadata) -> Bool {
        // Once abandoned, `false` ends the loops of the comparison soonest.
        guard !isAbandoned else { return false }
        let pair = Pair(lhs, rhs)
        if path.contains(pair) { return true }
        guard path.count < Self.directDepth, budget > 0 else {
            isAbandoned = true
            return false
        }
        budget -= 1
        path.append(pair)
        defer { path.removeLast() }
        return lhs.hasEqualOwnValues(to: rhs, metadata: metadata)
    }

    // MARK: Listed

    /// Compares two graphs from their roots, working through the list of pairs.
    private func compareListed(_ lhs: ModelObject, _ rhs: ModelObject, metadata: ModelMetadata) -> Bool {
        mode = .listed
        defer { resetList() }
        let root = Pair(lhs, rhs)
        objects[root] = (lhs, rhs, metadata)
        unchecked.append(root)
        while let pair = unchecked.popLast() {
            guard !different.contains(pair), !hasEqualOwnValues(pair) else { continue }
            markDifferent(pair)
            if different.contains(root) { return false }
        }
        return true
    }

    /// A nested comparison, met while comparing the values of ``current``: counts as equal for
    /// now, unless the pair is already known to differ.
    private func assume(_ lhs: ModelObject, _ rhs: ModelObject, metadata: ModelMetadata) -> Bool {
        let pair = Pair(lhs, rhs)
        if different.contains(pair) { return false }
        if let current {
            if firstDependents[pair] == nil {
                firstDependents[pair] = current
            } else {
                moreDependents[pair, default: []].append(current)
            }
        }
        if objects[pair] == nil {
            objects[pair] = (lhs, rhs, metadata)
            unchecked.append(pair)
        }
        return true
    }

    private func hasEqualOwnValues(_ pair: Pair) -> Bool {
        guard let (lhs, rhs, metadata) = objects[pair] else { return false }
        let outer = current
        current = pair
        defer { current = outer }
        return lhs.hasEqualOwnValues(to: rhs, metadata: metadata)
    }

    /// Records that `pair` differs, and compares again the pairs that assumed it equal,
    /// recording those that now differ in turn.
    private func markDifferent(_ pair: Pair) {
        var found = [pair]
        while let pair = found.popLast() {
            guard different.insert(pair).inserted, let first = firstDependents[pair] else { continue }
            for dependent in [first] + (moreDependents[pair] ?? []) where !different.contains(dependent) {
                if !hasEqualOwnValues(dependent) { found.append(dependent) }
            }
        }
    }

    /// Empties the list for the next comparison, keeping the room of a small one.
    private func resetList() {
        let keepsCapacity = objects.count <= 256
        objects.removeAll(keepingCapacity: keepsCapacity)
        unchecked.removeAll(keepingCapacity: keepsCapacity)
        different.removeAll(keepingCapacity: keepsCapacity)
        firstDependents.removeAll(keepingCapacity: keepsCapacity)
        moreDependents.removeAll(keepingCapacity: keepsCapacity)
        current = nil
        mode = .idle
    }
}
