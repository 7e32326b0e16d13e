import Foundation
import ModelKit

// The Stripe payloads of the API workload, modelled as an app would: the keys it shows or acts
// on, about a third to a half of each object's, with the rest left to ModelKit to keep and
// write back. Stripe names each object's kind under `object` and writes times as seconds
// since 1970.

/// The base of the Stripe models: snake case, no version, and the kind under `object`.
class StripeObject: ModelObject {
    override class var keyStyle: KeyStyle { .snakeCase }
    override class var versionKey: String? { nil }
    override class var typeKey: String? { "object" }
}

/// A field that Stripe sends as the id of an object, or as the object itself when the request
/// asked to expand it: a union of the two, read by ModelKit's reader at the speed of a string.
enum StripeExpandableField<Object: StripeObject>: SavedUnion {
    case id(String)
    case object(Object)

    static var alternatives: [SavedAlternative<Self>] { [.init(Self.id), .init(Self.object)] }

    var associatedValue: any SavedValue {
        switch self {
        case .id(let id): id
        case .object(let object): object
        }
    }
}

/// The part of an expanded customer that the app reads.
final class StripeCustomerObject: StripeObject {
    override class var modelName: String { "customer" }

    @Saved var id = ""
    @Saved var email: String?
    @Saved var name: String?
}

/// The part of an expanded subscription that the app reads.
final class StripeSubscriptionObject: StripeObject {
    override class var modelName: String { "subscription" }

    @Saved var id = ""
    @Saved var status = ""
}

/// The part of an expanded payment intent that the app reads.
final class StripePaymentIntentObject: StripeObject {
    override class var modelName: String { "payment_intent" }

    @Saved var id = ""
    @Saved var amount = 0
    @Saved var status = ""
}

/// The expandable field of the `Codable` twins, an enum that decodes the id or the object.
enum StripeExpandable<Object: Codable & Equatable>: Codable, Equatable {
    case id(String)
    case object(Object)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let id = try? container.decode(String.self) {
            self = .id(id)
        } else {
            self = .object(try container.decode(Object.self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .id(let id): try container.encode(id)
        case .object(let object): try container.encode(object)
        }
    }
}

/// The part of an expanded customer that the twins read.
struct StripeCustomer: Codable, Equatable {
    var id: String
    var email: String?
    var name: String?
}

/// The part of an expanded subscription that the twins read.
struct StripeSubscription: Codable, Equatable {
    var id: String
    var status: String
}

/// The part of an expanded payment intent that the twins read.
struct StripePaymentIntent: Codable, Equatable {
    var id: String
    var amount: Int
    var status: String
}

/// An invoice's status, open to states added later.
enum StripeInvoiceStatus: String, SavedValue, Codable {
    case draft
    case open
    case paid
    case uncollectible
    case void
    case unknown

    init(from decoder: any Decoder) throws {
        self = Self(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .unknown
    }
}

/// How an invoice is collected, open to ways added later.
enum StripeCollectionMethod: String, SavedValue, Codable {
    case chargeAutomatically = "charge_automatically"
    case sendInvoice = "send_invoice"
    case unknown

    init(from decoder: any Decoder) throws {
        self = Self(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .unknown
    }
}

/// What a checkout session is for, open to modes added later.
enum StripeCheckoutMode: String, SavedValue, Codable {
    case payment
    case setup
    case subscription
    case unknown

    init(from decoder: any Decoder) throws {
        self = Self(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .unknown
    }
}

/// Where a checkout session is, open to states added later.
enum StripeCheckoutStatus: String, SavedValue, Codable {
    case open
    case complete
    case expired
    case unknown

    init(from decoder: any Decoder) throws {
        self = Self(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .unknown
    }
}

/// An invoice: 32 of its 75 keys, besides its kind under `object`.
final class StripeInvoice: StripeObject {
    override class var modelName: String { "invoice" }

    @Saved var id = ""
    @Saved var accountCountry: String?
    @Saved var amountDue = 0
    @Saved var amountPaid = 0
    @Saved var amountRemaining = 0
    @Saved var attemptCount = 0
    @Saved var attempted = false
    @Saved var autoAdvance = false
    @Saved(path: "automatic_tax", "enabled") var automaticTaxEnabled = false
    @Saved var billingReason: String?
    @Saved(fallback: .unknown) var collectionMethod = StripeCollectionMethod.chargeAutomatically
    @Saved(date: .secondsSince1970) var created = Date(timeIntervalSince1970: 0)
    @Saved var currency = ""
    @Saved var customer: StripeExpandableField<StripeCustomerObject>?
    @Saved var customerEmail: String?
    @Saved var customerName: String?
    @Saved("description") var memo: String?
    @Saved(date: .secondsSince1970) var dueDate: Date?
    @Saved var hostedInvoiceURL: String?
    @Saved var invoicePDF: String?
    @Saved var lines = StripeInvoiceLines()
    @Saved var livemode = false
    @Saved var metadata: [String: String] = [:]
    @Saved(date: .secondsSince1970) var nextPaymentAttempt: Date?
    @Saved var number: String?
    @Saved(date: .secondsSince1970) var periodEnd = Date(timeIntervalSince1970: 0)
    @Saved(date: .secondsSince1970) var periodStart = Date(timeIntervalSince1970: 0)
    @Saved(fallback: .unknown) var status = StripeInvoiceStatus.draft
    @Saved(path: "status_transitions", "paid_at", date: .secondsSince1970) var paidAt: Date?
    @Saved var subscription: StripeExpandableField<StripeSubscriptionObject>?
    @Saved var subtotal = 0
    @Saved var total = 0
}

/// The list of an invoice's lines.
final class StripeInvoiceLines: StripeObject {
    override class var modelName: String { "list" }

    @Saved var data: [StripeInvoiceLineItem] = []
    @Saved var hasMore = false
    @Saved var url = ""
}

/// A line of an invoice: 8 of its 20 keys, besides its kind.
final class StripeInvoiceLineItem: StripeObject {
    override class var modelName: String { "line_item" }

    @Saved var id = ""
    @Saved var amount = 0
    @Saved var currency = ""
    @Saved("description") var memo: String?
    @Saved var livemode = false
    @Saved var quantity: Int?
    @Saved(path: "period", "start", date: .secondsSince1970) var periodStart = Date(timeIntervalSince1970: 0)
    @Saved(path: "period", "end", date: .secondsSince1970) var periodEnd = Date(timeIntervalSince1970: 0)
    @Saved var subscription: StripeExpandableField<StripeSubscriptionObject>?
}

/// A checkout session: 22 of its 59 keys, besides its kind.
final class StripeCheckoutSession: StripeObject {
    override class var modelName: String { "checkout.session" }

    @Saved var id = ""
    @Saved var amountSubtotal: Int?
    @Saved var amountTotal: Int?
    @Saved var cancelURL: String?
    @Saved var clientReferenceID: String?
    @Saved(date: .secondsSince1970) var created = Date(timeIntervalSince1970: 0)
    @Saved var currency: String?
    @Saved var customer: StripeExpandableField<StripeCustomerObject>?
    @Saved(path: "customer_details", "email") var customerDetailsEmail: String?
    @Saved var customerEmail: String?
    @Saved(date: .secondsSince1970) var expiresAt = Date(timeIntervalSince1970: 0)
    @Saved var livemode = false
    @Saved var locale: String?
    @Saved var metadata: [String: String] = [:]
    @Saved(fallback: .unknown) var mode = StripeCheckoutMode.payment
    @Saved var paymentIntent: StripeExpandableField<StripePaymentIntentObject>?
    @Saved var paymentMethodTypes: [String] = []
    @Saved var paymentStatus = ""
    @Saved(fallback: .unknown) var status: StripeCheckoutStatus?
    @Saved var subscription: StripeExpandableField<StripeSubscriptionObject>?
    @Saved var successURL: String?
    @Saved var url: String?
}
