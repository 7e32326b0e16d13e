import Foundation
import ModelKit

// The models of the shapes workload: a Stripe-like charge declared over a matrix of shapes.
// The top level always declares the same six keys; below it, the path depth decides which
// `@Saved(path:)` properties the charge declares inside `payment_method_details`, and each
// depth has one final class per set of further fields (`ShapeFields`). What the data holds
// besides, ModelKit keeps and writes back. Each final class gives its declared values as its
// `Codable` twin (`ShapeModel.twin`), so that the workload can compare them value by value.

/// A model of the shapes workload, with the `Codable` twin that declares the same keys.
protocol ShapeModel: ModelObject {
    associatedtype Twin: Codable & Equatable

    /// The declared values, as the twin holds them.
    var twin: Twin { get }
}

/// The base of the shapes' models: plain JSON in snake case, with no version or class name.
class ShapeObject: ModelObject {
    override class var keyStyle: KeyStyle { .snakeCase }
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
}

/// The keys every shape's charge declares at its top level.
class ShapeCharge: ShapeObject {
    @Saved var id = ""
    @Saved var amount = 0
    @Saved var currency = ""
    @Saved var created = 0
    @Saved var livemode = false
    @Saved var status = ""
}

/// Path depth 1: three properties directly inside `payment_method_details`.
class ShapeChargeDepth1: ShapeCharge {
    @Saved(path: "payment_method_details", "type") var methodType = ""
    @Saved(path: "payment_method_details", "amount_authorized") var amountAuthorized = 0
    @Saved(path: "payment_method_details", "capture_before") var captureBefore: Int?

    var details: Plain.ShapeDetails1 {
        .init(type: methodType, amountAuthorized: amountAuthorized, captureBefore: captureBefore)
    }
}

/// Path depth 2: the method's type, and three properties of its `card`, sharing the container.
class ShapeChargeDepth2: ShapeCharge {
    @Saved(path: "payment_method_details", "type") var methodType = ""
    @Saved(path: "payment_method_details", "card", "brand") var brand = ""
    @Saved(path: "payment_method_details", "card", "exp_year") var expYear = 0
    @Saved(path: "payment_method_details", "card", "last4") var last4 = ""

    var details: Plain.ShapeDetails2 {
        .init(type: methodType, card: .init(brand: brand, expYear: expYear, last4: last4))
    }
}

/// Path depth 3: the method's type, the card's brand, and three properties of the card's
/// `checks`, all sharing the containers on the way.
class ShapeChargeDepth3: ShapeCharge {
    @Saved(path: "payment_method_details", "type") var methodType = ""
    @Saved(path: "payment_method_details", "card", "brand") var brand = ""
    @Saved(path: "payment_method_details", "card", "checks", "cvc_check") var cvcCheck = ""
    @Saved(path: "payment_method_details", "card", "checks", "address_postal_code_check") var postalCodeCheck = ""
    @Saved(path: "payment_method_details", "card", "checks", "address_line1_check") var lineCheck: String?

    var details: Plain.ShapeDetails3 {
        let checks = Plain.ShapeDetails3.Checks(
            cvcCheck: cvcCheck, addressPostalCodeCheck: postalCodeCheck, addressLine1Check: lineCheck)
        return .init(type: methodType, card: .init(brand: brand, checks: checks))
    }
}

/// The expanded customer of the union field.
final class ShapeCustomer: ShapeObject {
    @Saved var id = ""
    @Saved var email = ""
    @Saved var name: String?

    var twin: Plain.ShapeCustomer { .init(id: id, email: email, name: name) }
}

/// A customer's id, or the customer itself when the request expanded it.
enum ShapeCustomerField: SavedUnion {
    case id(String)
    case customer(ShapeCustomer)

    static var alternatives: [SavedAlternative<Self>] { [.init(Self.id), .init(Self.customer)] }

    var associatedValue: any SavedValue {
        switch self {
        case .id(let id): id
        case .customer(let customer): customer
        }
    }

    var twin: StripeExpandable<Plain.ShapeCustomer> {
        switch self {
        case .id(let id): .id(id)
        case .customer(let customer): .object(customer.twin)
        }
    }
}

/// An element of the array of nested model objects.
final class ShapeRefund: ShapeObject {
    @Saved var id = ""
    @Saved var amount = 0
    @Saved var status = ""
    @Saved var created = 0

    var twin: Plain.ShapeRefund { .init(id: id, amount: amount, status: status, created: created) }
}

/// The payment intent's field: an app's own `Codable` enum of an id or the expanded object,
/// saved as it is, so that ModelKit reads and writes it through `Codable`.
extension StripeExpandable: CodableSavedValue {}

/// A payment intent's id, or the payment intent itself.
typealias ShapePaymentIntentField = StripeExpandable<Plain.ShapePaymentIntent>
