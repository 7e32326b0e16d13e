/// The steps that an ``UndoRecorder`` can take back, oldest first, at most ``limit`` of them
/// when there is a limit.
///
/// A history at its limit drops its oldest step with every new one. The steps are then a ring:
/// the new step takes the slot of the oldest, which goes at once, so that no step is moved and
/// no batch of them is freed. For example, with a limit of 3 and the steps a, b, c in slots 0,
/// 1 and 2, appending d puts it in slot 0, releasing a, and makes slot 1 the oldest: the steps
/// are b, c, d, and d is the last, in the slot before the oldest.
///
/// Taking the last step out of a ring that has turned first turns the steps back into order,
/// from slot 0, so that the slots stay an array without gaps: a step is read where it lies,
/// and an array of optional steps would copy a step to read it. That moves each step once
/// after a run of new steps past the limit, as undoing the first of them sets values once.
struct UndoSteps {
    /// The steps, oldest first from `start` on, wrapping around.
    private var slots: [UndoStep] = []
    /// The slot of the oldest step: 0 unless the steps are at the limit and have turned.
    private var start = 0
    /// The most steps kept; 0 for no limit.
    private(set) var limit = 0
    /// Whether there is a last step and it has a name, kept as the steps change: every new
    /// step asks, and reading it from the step would copy the step.
    private(set) var lastHasName = false

    var count: Int { slots.count }
    var isEmpty: Bool { slots.isEmpty }

    /// The slot of the last step; only when there is one.
    private var lastSlot: Int { (start == 0 ? slots.count : start) - 1 }

    /// The last step's name; `nil` when it has none or there is no step.
    var lastName: String? {
        guard !slots.isEmpty else { return nil }
        return slots[lastSlot].name
    }

    /// Whether the last step is one change of the property at `offset` of `object`.
    func lastIsSingleChange(of object: ModelObject, atOffset offset: Int) -> Bool {
        guard !slots.isEmpty else { return false }
        return slots[lastSlot].isSingleChange && slots[lastSlot].first.isChange(of: object, atOffset: offset)
    }

    /// Adds `step` as the last, dropping the oldest when there are ``limit`` steps already.
    ///
    /// - Returns: The step dropped, if any, which the caller releases when it chooses: its
    ///   release may end objects and run their `deinit`.
    @discardableResult
    mutating func append(_ step: consuming UndoStep) -> UndoStep? {
        lastHasName = step.hasName
        guard limit > 0, slots.count >= limit else {
            slots.append(step)
            checkInvariants()
            return nil
        }
        var dropped = step
        swap(&slots[start], &dropped)
        start = start + 1 < slots.count ? start + 1 : 0
        checkInvariants()
        return dropped
    }

    /// Takes the last step out; `nil` when there is none.
    mutating func removeLast() -> UndoStep? {
        guard !slots.isEmpty else { return nil }
        putInOrder()
        let step = slots.removeLast()
        lastHasName = slots.last?.hasName ?? false
        checkInvariants()
        return step
    }

    /// Keeps at most `limit` steps from now on, 0 for no limit, dropping the oldest steps past
    /// it.
    mutating func setLimit(_ limit: Int) {
        self.limit = limit
        putInOrder()
        if limit > 0 && slots.count > limit {
            slots.removeFirst(slots.count - limit)
        }
        checkInvariants()
    }

    /// Forgets every step.
    mutating func removeAll() {
        slots = []
        start = 0
        lastHasName = false
    }

    /// Checks, in debug builds, that the slots turn only at the limit and that ``lastHasName``
    /// is the last step's.
    private func checkInvariants() {
        #if DEBUG
            assert(
                start == 0 || (limit > 0 && slots.count == limit && start < slots.count), "ring turned below its limit")
            assert(limit == 0 || slots.count <= limit, "more steps than the limit")
            assert(lastHasName == (slots.isEmpty ? false : slots[lastSlot].hasName), "stale name of the last step")
        #endif
    }

    /// Moves the steps so that the oldest is in slot 0, by three reversals, which swap the
    /// steps without copying them.
    private mutating func putInOrder() {
        guard start > 0 else { return }
        slots[..<start].reverse()
        slots[start...].reverse()
        slots.reverse()
        start = 0
    }
}
