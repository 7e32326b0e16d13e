/// Where a load's bookkeeping of problems stood before a value was read, to compare with
/// after: how many problems it had recorded and how many values it had dropped.
///
/// Every loading path takes marks before a value and settles the value by them: the problems
/// recorded since get the value's key in their key paths, and a value of which a part was
/// dropped is kept whole to be written back, which takes the dropped count back to its mark
/// (see ``ModelObject/keepSkippedValue(_:of:isPartlyLoaded:)``).
///
/// ```swift
/// let marks = context.marks
/// try property.load(value, into: object, context: context)
/// KeyPathStep.prefixIssues(in: context, since: marks, with: .key(property.key))
/// if context.takeBackDroppedValues(since: marks) { /* keep the whole value */ }
/// ```
struct LenientMarks {
    /// The number of problems recorded.
    let issueCount: Int
    /// The number of values dropped without being kept anywhere.
    let droppedValueCount: Int
}

extension LoadContext {
    /// The marks of the bookkeeping as it stands.
    var marks: LenientMarks {
        @inline(__always) get { LenientMarks(issueCount: issues.count, droppedValueCount: droppedValueCount) }
    }

    /// Whether a problem was recorded, or a value dropped, since `marks`.
    @inline(__always)
    func hasProblems(since marks: LenientMarks) -> Bool {
        issues.count != marks.issueCount || droppedValueCount != marks.droppedValueCount
    }

    /// Whether a value was dropped since `marks`.
    @inline(__always)
    func hasDroppedValues(since marks: LenientMarks) -> Bool {
        droppedValueCount != marks.droppedValueCount
    }

    /// Takes the count of dropped values back to `marks`, for a value that is kept whole or
    /// read again.
    ///
    /// - Returns: Whether values were dropped since `marks`.
    @inline(__always)
    @discardableResult
    func takeBackDroppedValues(since marks: LenientMarks) -> Bool {
        guard droppedValueCount != marks.droppedValueCount else { return false }
        droppedValueCount = marks.droppedValueCount
        return true
    }

    /// Forgets the problems recorded and takes back the values dropped since `marks`, for an
    /// attempt that is undone: a value read again (``ValueReading``), or an alternative of a
    /// union that did not load, after which the next starts from where this one did.
    func forgetProblems(since marks: LenientMarks) {
        issues.removeSubrange(marks.issueCount...)
        droppedValueCount = marks.droppedValueCount
    }
}
