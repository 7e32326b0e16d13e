import Foundation

/// What a generated model's data looks like: its header, and the keys of its properties in
/// declaration order, each with its kind of value, whether it is optional and its default.
///
/// The generated models (`DifferentialModels.swift`) build theirs with `add`, one call for each
/// property, so that a shape reads like the declarations it describes:
///
///     @Saved("id", alternatives: ["ID"]) var identifier = 0      shape.add(["id"], alternatives: ["ID"],
///                                                                    .integer(.int), default: "0")
///     @Saved(path: "stats", "stars") var stars: Int? = nil        shape.add(["stats", "stars"],
///                                                                    .integer(.int), optional: true)
///
/// The random documents (`DifferentialDocuments`) and what every writer must write for them
/// (`DifferentialExpectation`) both come from it.
struct DifferentialShape: Sendable {
    /// The keys of the object's header, if it has one.
    enum Header: Sendable {
        /// Plain JSON: `versionKey` and `typeKey` are `nil`.
        case none
        /// A version under `version` and a class name under `type`.
        case keys(_ version: String, _ type: String, name: String, modelVersion: Int)
    }

    let header: Header
    private(set) var slots: [DifferentialSlot] = []

    init(header: Header) {
        self.header = header
    }

    /// Adds a property at `path` (its key alone at the top level), inside the containers that
    /// the path's other keys name, which properties added before may have made.
    mutating func add(
        _ path: [String], alternatives: [String] = [], _ kind: DifferentialKind, optional: Bool = false,
        default defaultJSON: String? = nil, nilAsNull: Bool = false
    ) {
        let property = DifferentialProperty(
            keys: [path[path.count - 1]] + alternatives, kind: kind, isOptional: optional, defaultJSON: defaultJSON,
            writesNilAsNull: nilAsNull)
        Self.insert(property, at: path[...], into: &slots)
    }

    /// Adds the properties of a flattened object: they live at this level, without its header.
    mutating func addFlattened(_ shape: DifferentialShape) {
        slots += shape.slots
    }

    private static func insert(
        _ property: DifferentialProperty, at path: ArraySlice<String>, into slots: inout [DifferentialSlot]
    ) {
        guard path.count > 1, let key = path.first else {
            slots.append(.value(property))
            return
        }
        let index =
            slots.firstIndex {
                if case .container(let existing, _) = $0 { return existing == key }
                return false
            }
            ?? {
                slots.append(.container(key, []))
                return slots.count - 1
            }()
        guard case .container(_, var inner) = slots[index] else { return }
        insert(property, at: path.dropFirst(), into: &inner)
        slots[index] = .container(key, inner)
    }

    /// Every key of this level: the header's, the properties' and their alternatives, the
    /// containers'.
    var declaredKeys: Set<String> {
        var keys = Set(DifferentialSlot.keys(of: slots))
        if case .keys(let version, let type, _, _) = header {
            keys.insert(version)
            keys.insert(type)
        }
        return keys
    }
}

/// A key of a level of a model's data: a property's, or a container's that properties live in.
enum DifferentialSlot: Sendable {
    case value(DifferentialProperty)
    case container(String, [DifferentialSlot])

    /// The keys that `slots` declare: each property's keys and each container's.
    static func keys(of slots: [DifferentialSlot]) -> [String] {
        slots.flatMap { slot -> [String] in
            switch slot {
            case .value(let property): property.keys
            case .container(let key, _): [key]
            }
        }
    }
}

/// A saved property as its data has it.
struct DifferentialProperty: Sendable {
    /// Its own key, then its alternatives in order of preference.
    let keys: [String]
    let kind: DifferentialKind
    let isOptional: Bool
    /// The JSON of its default; `nil` for `nil`, or for a model's own default object.
    let defaultJSON: String?
    /// Whether its class writes `nil` as `null`.
    let writesNilAsNull: Bool

    /// The key it is written under.
    var key: String { keys[0] }
}

/// A kind of value that a property holds.
indirect enum DifferentialKind: Sendable {
    /// The integer types, each with its range.
    enum IntegerType: Sendable {
        case int
        case int64
        case uint8

        var range: ClosedRange<Decimal> {
            switch self {
            case .int, .int64: Decimal(Int64.min)...Decimal(Int64.max)
            case .uint8: 0...255
            }
        }
    }

    /// The ways a date is written.
    enum DateFormat: Sendable {
        case iso8601
        case secondsSince1970
        case millisecondsSince1970
    }

    case integer(IntegerType)
    case double
    case bool
    case string
    case date(DateFormat)
    /// The JSON of each raw value, and whether an unknown raw value loads as a fallback.
    case enumeration([String], hasFallback: Bool)
    case array(DifferentialKind)
    case model(DifferentialShape)
}
