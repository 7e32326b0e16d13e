import Foundation

extension ModelObject {
    /// Settles the failure of a property's value, as loading the dictionary form settles it:
    /// reads the value again as its dictionary form and loads that, which in a lenient load
    /// keeps the value to write back.
    func recoverProperty(
        _ property: AnySavedProperty,
        after error: any Error,
        reading: ValueReading,
        reader: inout JSONReader,
        context: LoadContext
    ) throws {
        let component = ModelKeyPath.Component.key(property.key)
        if let settled = error as? any SettledError {
            let located = KeyPathStep.prefixing(settled, with: component)
            guard !settled.isFatal, context.isLenient else { throw located }
            reading.prefixIssues(with: component, context)
            return try keep(property, after: located, at: reading.start, reader: &reader, context: context)
        }
        let value: Any
        do {
            value = try reading.dictionaryForm(&reader, context, component)
        } catch let settled as any SettledError {
            return try reading.skip(after: settled, prefixing: component, &reader, context)
        }
        try SettledModelError.settling { try load(value, into: property, context: context) }
    }

    /// Records the problem of a lenient load that nested reading settled, and keeps the
    /// property's value as the data has it, to write back; or, for a value that no Foundation
    /// value holds, reports it as dropped.
    private func keep(
        _ property: AnySavedProperty,
        after settled: any SettledError,
        at start: JSONReader.Mark,
        reader: inout JSONReader,
        context: LoadContext
    ) throws {
        reader.rewind(to: start)
        do {
            let value = try reader.readFoundationValue()
            context.recordKeptValueIssue(settled.modelError(in: reader))
            keepSkippedValue(value, of: property, isPartlyLoaded: false)
        } catch let unusable as any SettledError where !unusable.isFatal {
            try context.report(settled.modelError(in: reader))
            resetToDefault(property)
            reader.rewind(to: start)
            try reader.skipValue()
        }
    }

    /// Keeps the value of a property that loaded only in part, as the data has it, to write
    /// back; the reader stays after the value.
    func keepPartlyLoadedValue(of property: AnySavedProperty, at start: JSONReader.Mark, reader: inout JSONReader) {
        let end = reader.mark
        defer { reader.rewind(to: end) }
        reader.rewind(to: start)
        // A value that no Foundation value holds cannot be kept; its problem is reported.
        guard let value = try? reader.readFoundationValue() else { return }
        keepSkippedValue(value, of: property, isPartlyLoaded: true)
    }
}
