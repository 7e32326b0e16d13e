import Foundation
import ModelKit

// Unions shaped as Stripe's fields are: an expandable field (an id or the whole object), a
// value that is a number or a string, and two alternatives that read numbers. Keyed archives
// name classes with `NSStringFromClass`, which on Linux accepts only top-level classes, so
// these models are internal rather than private.

/// A Stripe customer, as an expanded field holds it.
final class UnionCustomer: ModelObject {
    override class var keyStyle: KeyStyle { .snakeCase }
    override class var versionKey: String? { nil }
    override class var typeKey: String? { "object" }
    override class var modelName: String { "customer" }

    @Saved var id = ""
    @Saved var email: String? = nil
    @Saved var balance = 0
}

/// Stripe's expandable `customer`: an id, or the customer when the request expanded it.
enum CustomerField: SavedUnion {
    case id(String)
    case customer(UnionCustomer)

    static var alternatives: [SavedAlternative<CustomerField>] { [.init(Self.id), .init(Self.customer)] }
}

/// The same field, giving its value without `Mirror`.
enum SwitchedCustomerField: SavedUnion {
    case id(String)
    case customer(UnionCustomer)

    static var alternatives: [SavedAlternative<SwitchedCustomerField>] { [.init(Self.id), .init(Self.customer)] }

    var associatedValue: any SavedValue {
        switch self {
        case .id(let id): id
        case .customer(let customer): customer
        }
    }
}

/// A value of any of four kinds.
enum LooseValue: SavedUnion {
    case number(Double)
    case text(String)
    case flag(Bool)
    case list([Int])

    static var alternatives: [SavedAlternative<LooseValue>] {
        [.init(Self.number), .init(Self.text), .init(Self.flag), .init(Self.list)]
    }
}

/// Two alternatives that read numbers: a whole number is a count, any other a ratio.
enum Quantity: SavedUnion {
    case count(Int)
    case ratio(Double)

    static var alternatives: [SavedAlternative<Quantity>] { [.init(Self.count), .init(Self.ratio)] }
}

/// A tree of numbers, whose branches hold the union itself.
indirect enum NumberTree: SavedUnion {
    case leaf(Int)
    case branch([NumberTree])

    static var alternatives: [SavedAlternative<NumberTree>] { [.init(Self.leaf), .init(Self.branch)] }
}

/// A union with a case that holds nothing and a case whose type is not among its alternatives.
enum MisdeclaredUnion: SavedUnion {
    case text(String)
    case nothing
    case unlisted(Int)

    static var alternatives: [SavedAlternative<MisdeclaredUnion>] { [.init(Self.text)] }
}

/// A Stripe charge, with unions in a property, an optional, an array and a dictionary.
final class UnionCharge: ModelObject {
    override class var keyStyle: KeyStyle { .snakeCase }
    override class var versionKey: String? { nil }
    override class var typeKey: String? { "object" }
    override class var modelName: String { "charge" }

    @Saved var id = ""
    @Saved var customer: CustomerField? = nil
    @Saved var amount = LooseValue.number(0)
    @Saved var quantity = Quantity.count(1)
    @Saved var relatedCustomers: [CustomerField] = []
    @Saved var metadata: [String: LooseValue] = [:]
    @Saved var payer: SwitchedCustomerField? = nil
}

/// A model that holds a tree of unions and a misdeclared union.
final class UnionHolder: ModelObject {
    @Saved var tree = NumberTree.leaf(0)
    @Saved var misdeclared: MisdeclaredUnion? = nil
}

/// A union first used by many threads at once.
enum ConcurrentField: SavedUnion {
    case id(String)
    case count(Int)
    case customer(UnionCustomer)

    static var alternatives: [SavedAlternative<ConcurrentField>] {
        [.init(Self.id), .init(Self.count), .init(Self.customer)]
    }
}

/// A model whose only property is an array of `ConcurrentField`.
final class ConcurrentHolder: ModelObject {
    @Saved var fields: [ConcurrentField] = []
}
