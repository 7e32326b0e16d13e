import Foundation

/// The alternatives of every union used so far (``UnionAlternatives``), and the unions whose
/// alternatives each thread is making.
///
/// Reading and writing ask for a union's alternatives once per value, so each thread keeps the
/// tables it used last, found without a lock; the tables themselves are made once for the
/// process, under the lock of `tables`.
///
/// A union whose alternatives hold itself, such as `[Node]` inside `Node`, asks for its own
/// kinds and whether it holds model objects while its alternatives are being made. It then
/// reads every kind and holds no model objects, and the answers are those of its other
/// alternatives.
enum UnionCache {
    /// The tables, by the union's type; each is a `UnionAlternatives` of that type.
    private static let tables = Locked<[ObjectIdentifier: any AnyObject & Sendable]>([:])

    /// What one thread keeps: the tables it used last, and the unions whose tables it is making.
    final class PerThread {
        static let capacity = 16
        // One thread's own, so its state needs no runtime exclusivity checks, which would cost
        // more than the lookups they guard.
        @exclusivity(unchecked) var recentTypes: [ObjectIdentifier] = []
        @exclusivity(unchecked) var recentTables: [AnyObject] = []
        @exclusivity(unchecked) var next = 0
        @exclusivity(unchecked) var building: Set<ObjectIdentifier> = []
    }

    private static let perThread = ThreadLocal { PerThread() }

    /// The alternatives of `union`, made on first use.
    ///
    /// A function of this enum rather than of `UnionAlternatives`, whose static functions would
    /// look up the generic class's metadata at each call.
    @inline(__always)
    static func alternatives<Union: SavedUnion>(of union: Union.Type) -> UnionAlternatives<Union> {
        if let table = recentTable(of: union) { return table }
        return table(of: union, making: { UnionAlternatives(alternatives: union.alternatives) })
    }

    /// The table of `union` when this thread used it lately; else `nil`.
    @inline(__always)
    static func recentTable<Union: SavedUnion>(of union: Union.Type) -> UnionAlternatives<Union>? {
        let identifier = ObjectIdentifier(union)
        // The closure's result is of a type without generic parameters, whose metadata the
        // call need not look up.
        let found: AnyObject? = perThread.withCurrent { cache in
            guard let index = cache.recentTypes.firstIndex(of: identifier) else { return nil }
            return cache.recentTables[index]
        }
        guard let found else { return nil }
        // The table under a type's identifier was made for that type (see `table(of:making:)`),
        // so the cast holds without the check, whose generic metadata lookup would cost more
        // than the rest of the lookup.
        return unsafeDowncast(found, to: UnionAlternatives<Union>.self)
    }

    /// The table of `union`, made by `make` when no thread has made it yet, and remembered
    /// for this thread.
    private static func table<Union: SavedUnion>(
        of union: Union.Type,
        making make: () -> UnionAlternatives<Union>
    ) -> UnionAlternatives<Union> {
        let identifier = ObjectIdentifier(union)
        if let made = tables.withLock({ $0[identifier] }) as? UnionAlternatives<Union> {
            remember(made, of: identifier)
            return made
        }
        // Made outside the lock: `alternatives` is the union's own code, and the kinds of a
        // nested union come from this cache.
        let made = perThread.withCurrent { cache in
            cache.building.insert(identifier)
            defer { cache.building.remove(identifier) }
            return make()
        }
        // Another thread may have made it meanwhile: every thread takes the first one kept.
        let kept = tables.withLock { tables in
            if let existing = tables[identifier] as? UnionAlternatives<Union> { return existing }
            tables[identifier] = made
            return made
        }
        remember(kept, of: identifier)
        return kept
    }

    private static func remember(_ table: AnyObject, of identifier: ObjectIdentifier) {
        perThread.withCurrent { cache in
            if cache.recentTypes.count < PerThread.capacity {
                cache.recentTypes.append(identifier)
                cache.recentTables.append(table)
            } else {
                cache.recentTypes[cache.next] = identifier
                cache.recentTables[cache.next] = table
                cache.next = (cache.next + 1) % PerThread.capacity
            }
        }
    }

    /// The kinds that `union` reads.
    static func kinds<Union: SavedUnion>(of union: Union.Type) -> JSONKinds {
        if isBuilding(union) { return .all }
        return alternatives(of: union).allKinds
    }

    /// Whether the alternatives of `union` can hold model objects.
    static func containsModelObjects<Union: SavedUnion>(of union: Union.Type) -> Bool {
        if let table = recentTable(of: union) { return table.containsModelObjects }
        if isBuilding(union) { return false }
        return alternatives(of: union).containsModelObjects
    }

    /// Whether this thread is making the alternatives of `union`.
    private static func isBuilding(_ union: Any.Type) -> Bool {
        perThread.withCurrent { $0.building.contains(ObjectIdentifier(union)) }
    }
}
