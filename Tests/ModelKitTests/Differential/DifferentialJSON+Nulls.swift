import Foundation

extension DifferentialJSON {
    /// The document without the `null`s that declared optionals load as `nil`, at every level,
    /// so that it loads the same values: an object loaded from it must equal, and hash like, one
    /// loaded from the document itself.
    ///
    /// A `null` stays where taking it away would let another of the property's keys win or the
    /// property's default other than `nil` load, and where it is an undeclared value or under an
    /// outranked key, which are kept as they came. A container left empty goes with its nulls.
    func removingDeclaredNulls(of shape: DifferentialShape) -> DifferentialJSON {
        guard let members else { return self }
        return .object(Self.removingNulls(from: members, slots: shape.slots))
    }

    private static func removingNulls(from members: [Member], slots: [DifferentialSlot]) -> [Member] {
        var members = members
        for slot in slots {
            switch slot {
            case .value(let property):
                let present = property.keys.filter { key in members.contains { $0.key == key } }
                guard let winner = present.first, let index = members.lastIndex(where: { $0.key == winner }) else {
                    continue
                }
                if members[index].value.plain == .null {
                    // Absent, a property with a default other than nil would load its default.
                    if present.count == 1, property.defaultJSON == nil { members.remove(at: index) }
                } else {
                    members[index].value = members[index].value.removingNulls(of: property.kind)
                }
            case .container(let key, let inner):
                guard let index = members.lastIndex(where: { $0.key == key }),
                    let nested = members[index].value.members
                else { continue }
                let remaining = removingNulls(from: nested, slots: inner)
                // A container that held only nulls goes too: left empty, it would be kept and
                // written back as an empty object, which is data of its own.
                if remaining.isEmpty, !nested.isEmpty {
                    members.remove(at: index)
                } else {
                    members[index].value = .object(remaining)
                }
            }
        }
        return members
    }

    private func removingNulls(of kind: DifferentialKind) -> DifferentialJSON {
        switch (kind, plain) {
        case (.model(let shape), .object):
            return removingDeclaredNulls(of: shape)
        case (.array(let element), .array(let elements)):
            return .array(elements.map { $0.removingNulls(of: element) })
        default:
            return self
        }
    }
}
