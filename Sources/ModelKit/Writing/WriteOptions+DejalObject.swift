import Foundation

/// A value class that has a counterpart in DejalObject, whose class name
/// ``WriteOptions/dejalObjectFormat`` writes in place of the value class's own.
protocol DejalObjectCounterpart: ModelObject {
    /// The name of the DejalObject class, such as `DejalColor`.
    static var dejalObjectName: String { get }
}

extension WriteOptions {
    /// The `representedClassName` that these options write for a class.
    func className(of metadata: ModelMetadata) -> String {
        guard contains(.dejalObjectFormat), let counterpart = metadata.modelClass as? any DejalObjectCounterpart.Type
        else { return metadata.modelName }
        return counterpart.dejalObjectName
    }

    /// The date that these options write in place of `date`: the date itself, or in
    /// ``dejalObjectFormat`` the date without its fraction of a second.
    func writtenDate(_ date: Date) -> Date {
        contains(.dejalObjectFormat) ? ISO8601.wholeSeconds(of: date) : date
    }
}

extension ISO8601 {
    /// The date with its fraction of a second dropped, as the `ss` of DejalDate's
    /// `yyyy-MM-dd'T'HH:mm:ss'Z'` formatter drops it: rounded down, before 1970 as after.
    static func wholeSeconds(of date: Date) -> Date {
        Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.rounded(.down))
    }

    /// The date as DejalDate writes it, `yyyy-MM-dd'T'HH:mm:ss'Z'` in UTC, without fractional
    /// seconds.
    ///
    /// - Throws: A ``ModelError`` for a date that has no ISO 8601 text.
    static func dejalObjectString(from date: Date) throws -> String {
        try string(from: wholeSeconds(of: date))
    }
}
