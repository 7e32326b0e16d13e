import Foundation

extension ModelObject {
    /// A deep copy of the same class, with no changes.
    ///
    /// Nested model objects are copied too; an object that appears twice in the graph is
    /// copied once, so shared objects stay shared and cycles stay cycles.
    ///
    /// ```swift
    /// let copy = demo.copy()
    /// assert(copy == demo && copy !== demo)
    /// ```
    ///
    /// The copy shares no model object with the original, so it is returned as `sending`:
    /// the caller may pass it on to another isolation domain while keeping the original. What
    /// the two share are the values kept to be written back, ``unknownValues`` and the values
    /// that a lenient load skipped, which are values of the dictionary form that neither
    /// object mutates.
    ///
    /// - Returns: The copy.
    public func copy() -> sending Self {
        disconnected(deepCopy())
    }

    func deepCopy() -> Self {
        CopyContext.copy(of: self)
    }

    func copyValues(to copy: ModelObject, metadata: ModelMetadata, context: CopyContext) {
        for property in metadata.properties {
            property.copyValue(from: self, to: copy, context: context)
        }
        copy.unknowns = unknowns
        copy.storedSkippedValues = storedSkippedValues
        copy.loadedNulls = loadedNulls
        copy.keptClassName = keptClassName
        copy.newerVersion = newerVersion
        copy.forgetChangesQuietly()
        copy.isPristine = false
    }
}
