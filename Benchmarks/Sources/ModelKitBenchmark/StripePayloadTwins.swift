import Foundation

// The `Codable` twins of the Stripe models of the API workload: the same keys, and nothing
// else. `object`, which ModelKit reads and writes as the type tag, is a property here; a
// property that ModelKit reads through a path is a nested struct of its keys.

extension Plain {
    struct StripeInvoice: Codable, Equatable {
        var object: String
        var id: String
        var accountCountry: String?
        var amountDue: Int
        var amountPaid: Int
        var amountRemaining: Int
        var attemptCount: Int
        var attempted: Bool
        var autoAdvance: Bool
        var automaticTax: AutomaticTax
        var billingReason: String?
        var collectionMethod: StripeCollectionMethod
        var created: Date
        var currency: String
        var customer: StripeExpandable<StripeCustomer>?
        var customerEmail: String?
        var customerName: String?
        var memo: String?
        var dueDate: Date?
        var hostedInvoiceURL: String?
        var invoicePDF: String?
        var lines: StripeInvoiceLines
        var livemode: Bool
        var metadata: [String: String]
        var nextPaymentAttempt: Date?
        var number: String?
        var periodEnd: Date
        var periodStart: Date
        var status: StripeInvoiceStatus
        var statusTransitions: StatusTransitions
        var subscription: StripeExpandable<StripeSubscription>?
        var subtotal: Int
        var total: Int

        struct AutomaticTax: Codable, Equatable {
            var enabled: Bool
        }

        struct StatusTransitions: Codable, Equatable {
            var paidAt: Date?

            enum CodingKeys: String, CodingKey {
                case paidAt = "paid_at"
            }
        }

        enum CodingKeys: String, CodingKey {
            case object
            case id
            case accountCountry = "account_country"
            case amountDue = "amount_due"
            case amountPaid = "amount_paid"
            case amountRemaining = "amount_remaining"
            case attemptCount = "attempt_count"
            case attempted
            case autoAdvance = "auto_advance"
            case automaticTax = "automatic_tax"
            case billingReason = "billing_reason"
            case collectionMethod = "collection_method"
            case created
            case currency
            case customer
            case customerEmail = "customer_email"
            case customerName = "customer_name"
            case memo = "description"
            case dueDate = "due_date"
            case hostedInvoiceURL = "hosted_invoice_url"
            case invoicePDF = "invoice_pdf"
            case lines
            case livemode
            case metadata
            case nextPaymentAttempt = "next_payment_attempt"
            case number
            case periodEnd = "period_end"
            case periodStart = "period_start"
            case status
            case statusTransitions = "status_transitions"
            case subscription
            case subtotal
            case total
        }
    }

    struct StripeInvoiceLines: Codable, Equatable {
        var object: String
        var data: [StripeInvoiceLineItem]
        var hasMore: Bool
        var url: String

        enum CodingKeys: String, CodingKey {
            case object
            case data
            case hasMore = "has_more"
            case url
        }
    }

    struct StripeInvoiceLineItem: Codable, Equatable {
        var object: String
        var id: String
        var amount: Int
        var currency: String
        var memo: String?
        var livemode: Bool
        var quantity: Int?
        var period: Period
        var subscription: StripeExpandable<StripeSubscription>?

        struct Period: Codable, Equatable {
            var start: Date
            var end: Date
        }

        enum CodingKeys: String, CodingKey {
            case object
            case id
            case amount
            case currency
            case memo = "description"
            case livemode
            case quantity
            case period
            case subscription
        }
    }

    struct StripeCheckoutSession: Codable, Equatable {
        var object: String
        var id: String
        var amountSubtotal: Int?
        var amountTotal: Int?
        var cancelURL: String?
        var clientReferenceID: String?
        var created: Date
        var currency: String?
        var customer: StripeExpandable<StripeCustomer>?
        var customerDetails: CustomerDetails
        var customerEmail: String?
        var expiresAt: Date
        var livemode: Bool
        var locale: String?
        var metadata: [String: String]
        var mode: StripeCheckoutMode
        var paymentIntent: StripeExpandable<StripePaymentIntent>?
        var paymentMethodTypes: [String]
        var paymentStatus: String
        var status: StripeCheckoutStatus?
        var subscription: StripeExpandable<StripeSubscription>?
        var successURL: String?
        var url: String?

        struct CustomerDetails: Codable, Equatable {
            var email: String?
        }

        enum CodingKeys: String, CodingKey {
            case object
            case id
            case amountSubtotal = "amount_subtotal"
            case amountTotal = "amount_total"
            case cancelURL = "cancel_url"
            case clientReferenceID = "client_reference_id"
            case created
            case currency
            case customer
            case customerDetails = "customer_details"
            case customerEmail = "customer_email"
            case expiresAt = "expires_at"
            case livemode
            case locale
            case metadata
            case mode
            case paymentIntent = "payment_intent"
            case paymentMethodTypes = "payment_method_types"
            case paymentStatus = "payment_status"
            case status
            case subscription
            case successURL = "success_url"
            case url
        }
    }
}
