import Foundation

/// One cell of the shapes workload's matrix: what a charge declares, and how much its data
/// holds besides.
///
/// The matrix is every path depth with every count of undeclared keys and every set of
/// further fields: 3 × 3 × 6 = 54 shapes. The further fields are taken one at a time and all
/// four together, rather than in all 16 combinations, so that a field that slows a load
/// shows alone and with the others.
struct Shape {
    /// How deep the deepest `@Saved(path:)` property lies: 1 for
    /// `payment_method_details.type`, 3 for `payment_method_details.card.checks.cvc_check`.
    let depth: Int
    /// The undeclared keys of every object that a model declares: the charge, each container
    /// on the path, the expanded customer and each refund.
    let siblings: Int
    let fields: ShapeFields

    static let depths = [1, 2, 3]
    static let siblingCounts = [0, 8, 32]

    static var matrix: [Shape] {
        depths.flatMap { depth in
            siblingCounts.flatMap { siblings in
                ShapeFields.allCases.map { Shape(depth: depth, siblings: siblings, fields: $0) }
            }
        }
    }

    /// The shape's name on the command line, after `shapes-`: `d2-s8-union`.
    var option: String { "d\(depth)-s\(siblings)-\(fields.rawValue)" }

    /// The row label: `depth 2, 8 undeclared, + union`.
    var label: String { "depth \(depth), \(siblings) undeclared, \(fields.label)" }
}

/// The fields a charge declares besides its top-level keys and its paths.
enum ShapeFields: String, CaseIterable {
    /// None.
    case plain
    /// `customer`, a `SavedUnion` of an id and an expanded model object.
    case union
    /// `payment_intent`, a `CodableSavedValue` enum of an id and an expanded struct.
    case codable
    /// Four optionals (`description`, `failure_code`, `receipt_email`, `canceled_at`), `null` in
    /// seven charges of eight.
    case nulls
    /// `refunds`, an array of one to three nested model objects.
    case array
    /// All four of the above.
    case all

    var label: String {
        switch self {
        case .plain: "paths only"
        case .union: "+ union"
        case .codable: "+ Codable value"
        case .nulls: "+ null optionals"
        case .array: "+ array of objects"
        case .all: "+ all four"
        }
    }

    var hasUnion: Bool { self == .union || self == .all }
    var hasCodableValue: Bool { self == .codable || self == .all }
    var hasNulls: Bool { self == .nulls || self == .all }
    var hasArray: Bool { self == .array || self == .all }
}
