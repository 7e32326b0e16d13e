import Foundation

/// The saved time zone of a ``TimeValue``: the zone's name, or an empty name for UTC/GMT.
///
/// The name is kept as it was read, so it is written back unchanged even where the time zone
/// database knows the zone by another name.
struct SavedTimeZoneName: Hashable, CustomStringConvertible {
    /// The name as saved; empty for UTC/GMT.
    let name: String

    /// The zone that the name stands for.
    let timeZone: TimeZone

    /// The saved form of a zone: GMT (which is also what `TimeZone(identifier: "UTC")` gives)
    /// as the empty name, any other zone under its identifier.
    ///
    /// - Parameter timeZone: The zone.
    init(_ timeZone: TimeZone) {
        name = timeZone.identifier == TimeZone.gmt.identifier ? "" : timeZone.identifier
        self.timeZone = timeZone
    }

    /// The zone a saved name stands for, or `nil` when this system's time zone database does
    /// not know the name.
    ///
    /// - Parameter name: The saved name; empty for UTC/GMT.
    init?(name: String) {
        guard let timeZone = name.isEmpty ? TimeZone.gmt : TimeZone(identifier: name) else { return nil }
        self.name = name
        self.timeZone = timeZone
    }

    static func == (lhs: SavedTimeZoneName, rhs: SavedTimeZoneName) -> Bool {
        lhs.name == rhs.name
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }

    var description: String {
        String(reflecting: name)
    }
}

extension SavedTimeZoneName: SavedRepresentable {
    init(savedRepresentation: String) throws {
        guard let zone = SavedTimeZoneName(name: savedRepresentation) else {
            let found = FoundValue.quoted(savedRepresentation)
            throw ModelError(.invalidValue(expected: "a time zone name", found: found))
        }
        self = zone
    }

    var savedRepresentation: String {
        name
    }
}
