/// Releases the model objects that a deallocated model object held one after another, instead
/// of each inside the release of the last.
///
/// Swift releases an object's stored properties after its `deinit`, and an object whose last
/// reference goes releases the objects it holds in turn, one frame deeper each time: letting go
/// of a chain of 100,000 model objects would overflow the stack. So when the stack runs low, a
/// model object's `deinit` moves the values that hold model objects out of it, into a queue,
/// leaving its class's defaults in their place; then that `deinit` releases the values in the
/// queue one by one. The model objects they release, deallocated inside that loop, add their
/// own values to the queue rather than releasing them.
///
/// A subclass's `deinit` runs before this and still sees every value.
final class ReleaseQueue {
    /// The queue that the thread is working through, while there is one.
    private static let active = ThreadSlot()

    private var values: [Any] = []
    private var isTakingValues = false

    /// Called by the `deinit` of every model object: costs two reads of thread-local storage
    /// unless the stack runs low.
    static func deallocating(_ object: ModelObject) {
        if let queue = active.pointer {
            Unmanaged<ReleaseQueue>.fromOpaque(queue)._withUnsafeGuaranteedRef { $0.takeValues(of: object) }
        } else if !CallStack.hasRoom() {
            let queue = ReleaseQueue()
            active.set(Unmanaged.passUnretained(queue).toOpaque())
            defer { active.set(nil) }
            queue.takeValues(of: object)
            while let value = queue.values.popLast() {
                // Released at the end of each pass; the objects it held add to `values`.
                _ = value
            }
        }
    }

    private func takeValues(of object: ModelObject) {
        // Finding a class's metadata may create and release a prototype object: that one, and
        // whatever else goes while the metadata is found, is released as usual.
        guard !isTakingValues else { return }
        isTakingValues = true
        defer { isTakingValues = false }
        let metadata = ModelMetadata.of(type(of: object))
        for property in metadata.properties where property.containsModelObjects {
            values.append(property.takeValue(of: object))
        }
        // Original values, kept values and unknown values may hold model objects too.
        if let changeRecord = object.takeChangeRecord() {
            values.append(changeRecord)
        }
        object.loadedNulls = 0
        if !object.storedSkippedValues.isEmpty {
            values.append(object.storedSkippedValues)
            object.storedSkippedValues = [:]
        }
        if !object.unknowns.isEmpty {
            values.append(object.unknowns)
            object.unknowns = UnknownValues()
        }
    }
}
