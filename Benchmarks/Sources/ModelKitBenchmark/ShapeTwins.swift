import Foundation

// The `Codable` twins of the shapes workload's models: the same keys, and nothing else, with
// the compiler's `init(from:)` and `encode(to:)` (so `decodeIfPresent` for optionals). A path
// is a nested struct of its keys, generic over the path depth (`ShapeDetails1` to `3`); the
// union and the `Codable` value are the id-or-object enum `StripeExpandable`.

extension Plain {
    /// The charge that declares paths only.
    struct ShapeCharge<Details: Codable & Equatable>: Codable, Equatable {
        var id: String
        var amount: Int
        var currency: String
        var created: Int
        var livemode: Bool
        var status: String
        var paymentMethodDetails: Details

        enum CodingKeys: String, CodingKey {
            case id
            case amount
            case currency
            case created
            case livemode
            case status
            case paymentMethodDetails = "payment_method_details"
        }
    }

    /// The charge with the union field.
    struct ShapeUnionCharge<Details: Codable & Equatable>: Codable, Equatable {
        var id: String
        var amount: Int
        var currency: String
        var created: Int
        var livemode: Bool
        var status: String
        var paymentMethodDetails: Details
        var customer: StripeExpandable<ShapeCustomer>?

        enum CodingKeys: String, CodingKey {
            case id
            case amount
            case currency
            case created
            case livemode
            case status
            case paymentMethodDetails = "payment_method_details"
            case customer
        }
    }

    /// The charge with the field of a `Codable` type.
    struct ShapeCodableCharge<Details: Codable & Equatable>: Codable, Equatable {
        var id: String
        var amount: Int
        var currency: String
        var created: Int
        var livemode: Bool
        var status: String
        var paymentMethodDetails: Details
        var paymentIntent: StripeExpandable<ShapePaymentIntent>?

        enum CodingKeys: String, CodingKey {
            case id
            case amount
            case currency
            case created
            case livemode
            case status
            case paymentMethodDetails = "payment_method_details"
            case paymentIntent = "payment_intent"
        }
    }

    /// The charge with four optionals that are mostly `null`.
    struct ShapeNullsCharge<Details: Codable & Equatable>: Codable, Equatable {
        var id: String
        var amount: Int
        var currency: String
        var created: Int
        var livemode: Bool
        var status: String
        var paymentMethodDetails: Details
        var memo: String?
        var failureCode: String?
        var receiptEmail: String?
        var canceledAt: Int?

        enum CodingKeys: String, CodingKey {
            case id
            case amount
            case currency
            case created
            case livemode
            case status
            case paymentMethodDetails = "payment_method_details"
            case memo = "description"
            case failureCode = "failure_code"
            case receiptEmail = "receipt_email"
            case canceledAt = "canceled_at"
        }
    }

    /// The charge with an array of nested objects.
    struct ShapeArrayCharge<Details: Codable & Equatable>: Codable, Equatable {
        var id: String
        var amount: Int
        var currency: String
        var created: Int
        var livemode: Bool
        var status: String
        var paymentMethodDetails: Details
        var refunds: [ShapeRefund]

        enum CodingKeys: String, CodingKey {
            case id
            case amount
            case currency
            case created
            case livemode
            case status
            case paymentMethodDetails = "payment_method_details"
            case refunds
        }
    }

    /// The charge with all four: the union, the `Codable` value, the optionals and the array.
    struct ShapeFullCharge<Details: Codable & Equatable>: Codable, Equatable {
        var id: String
        var amount: Int
        var currency: String
        var created: Int
        var livemode: Bool
        var status: String
        var paymentMethodDetails: Details
        var customer: StripeExpandable<ShapeCustomer>?
        var paymentIntent: StripeExpandable<ShapePaymentIntent>?
        var memo: String?
        var failureCode: String?
        var receiptEmail: String?
        var canceledAt: Int?
        var refunds: [ShapeRefund]

        enum CodingKeys: String, CodingKey {
            case id
            case amount
            case currency
            case created
            case livemode
            case status
            case paymentMethodDetails = "payment_method_details"
            case customer
            case paymentIntent = "payment_intent"
            case memo = "description"
            case failureCode = "failure_code"
            case receiptEmail = "receipt_email"
            case canceledAt = "canceled_at"
            case refunds
        }
    }

    /// `payment_method_details` at path depth 1.
    struct ShapeDetails1: Codable, Equatable {
        var type: String
        var amountAuthorized: Int
        var captureBefore: Int?

        enum CodingKeys: String, CodingKey {
            case type
            case amountAuthorized = "amount_authorized"
            case captureBefore = "capture_before"
        }
    }

    /// `payment_method_details` at path depth 2.
    struct ShapeDetails2: Codable, Equatable {
        var type: String
        var card: Card

        struct Card: Codable, Equatable {
            var brand: String
            var expYear: Int
            var last4: String

            enum CodingKeys: String, CodingKey {
                case brand
                case expYear = "exp_year"
                case last4
            }
        }
    }

    /// `payment_method_details` at path depth 3.
    struct ShapeDetails3: Codable, Equatable {
        var type: String
        var card: Card

        struct Card: Codable, Equatable {
            var brand: String
            var checks: Checks
        }

        struct Checks: Codable, Equatable {
            var cvcCheck: String
            var addressPostalCodeCheck: String
            var addressLine1Check: String?

            enum CodingKeys: String, CodingKey {
                case cvcCheck = "cvc_check"
                case addressPostalCodeCheck = "address_postal_code_check"
                case addressLine1Check = "address_line1_check"
            }
        }
    }

    /// The expanded customer of the union field.
    struct ShapeCustomer: Codable, Equatable {
        var id: String
        var email: String
        var name: String?
    }

    /// The expanded payment intent of the `Codable` field, read by both sides through the same
    /// `Codable` conformance.
    struct ShapePaymentIntent: Codable, Equatable {
        var amount: Int
        var id: String
        var status: String
    }

    /// An element of the array of nested objects.
    struct ShapeRefund: Codable, Equatable {
        var id: String
        var amount: Int
        var status: String
        var created: Int
    }
}
