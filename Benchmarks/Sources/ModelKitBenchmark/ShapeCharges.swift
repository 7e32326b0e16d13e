import Foundation
import ModelKit

// The final classes of the shapes workload: for each path depth, the charge with paths only
// and with each of the further fields (`ShapeFields`), one at a time and all four together.
// Each gives its declared values as its twin, for the check before measuring.

// MARK: Path depth 1

final class ShapeCharge1: ShapeChargeDepth1, ShapeModel {
    var twin: Plain.ShapeCharge<Plain.ShapeDetails1> { plainTwin(details: details) }
}

final class ShapeUnionCharge1: ShapeChargeDepth1, ShapeModel {
    @Saved var customer: ShapeCustomerField?

    var twin: Plain.ShapeUnionCharge<Plain.ShapeDetails1> { .init(plainTwin(details: details), customer: customer) }
}

final class ShapeCodableCharge1: ShapeChargeDepth1, ShapeModel {
    @Saved var paymentIntent: ShapePaymentIntentField?

    var twin: Plain.ShapeCodableCharge<Plain.ShapeDetails1> { .init(plainTwin(details: details), paymentIntent) }
}

final class ShapeNullsCharge1: ShapeChargeDepth1, ShapeModel {
    @Saved("description") var memo: String?
    @Saved var failureCode: String?
    @Saved var receiptEmail: String?
    @Saved var canceledAt: Int?

    var twin: Plain.ShapeNullsCharge<Plain.ShapeDetails1> {
        .init(plainTwin(details: details), memo, failureCode, receiptEmail, canceledAt)
    }
}

final class ShapeArrayCharge1: ShapeChargeDepth1, ShapeModel {
    @Saved var refunds: [ShapeRefund] = []

    var twin: Plain.ShapeArrayCharge<Plain.ShapeDetails1> { .init(plainTwin(details: details), refunds) }
}

final class ShapeFullCharge1: ShapeChargeDepth1, ShapeModel {
    @Saved var customer: ShapeCustomerField?
    @Saved var paymentIntent: ShapePaymentIntentField?
    @Saved("description") var memo: String?
    @Saved var failureCode: String?
    @Saved var receiptEmail: String?
    @Saved var canceledAt: Int?
    @Saved var refunds: [ShapeRefund] = []

    var twin: Plain.ShapeFullCharge<Plain.ShapeDetails1> {
        .init(
            plainTwin(details: details), customer, paymentIntent, memo, failureCode, receiptEmail, canceledAt,
            refunds)
    }
}

// MARK: Path depth 2

final class ShapeCharge2: ShapeChargeDepth2, ShapeModel {
    var twin: Plain.ShapeCharge<Plain.ShapeDetails2> { plainTwin(details: details) }
}

final class ShapeUnionCharge2: ShapeChargeDepth2, ShapeModel {
    @Saved var customer: ShapeCustomerField?

    var twin: Plain.ShapeUnionCharge<Plain.ShapeDetails2> { .init(plainTwin(details: details), customer: customer) }
}

final class ShapeCodableCharge2: ShapeChargeDepth2, ShapeModel {
    @Saved var paymentIntent: ShapePaymentIntentField?

    var twin: Plain.ShapeCodableCharge<Plain.ShapeDetails2> { .init(plainTwin(details: details), paymentIntent) }
}

final class ShapeNullsCharge2: ShapeChargeDepth2, ShapeModel {
    @Saved("description") var memo: String?
    @Saved var failureCode: String?
    @Saved var receiptEmail: String?
    @Saved var canceledAt: Int?

    var twin: Plain.ShapeNullsCharge<Plain.ShapeDetails2> {
        .init(plainTwin(details: details), memo, failureCode, receiptEmail, canceledAt)
    }
}

final class ShapeArrayCharge2: ShapeChargeDepth2, ShapeModel {
    @Saved var refunds: [ShapeRefund] = []

    var twin: Plain.ShapeArrayCharge<Plain.ShapeDetails2> { .init(plainTwin(details: details), refunds) }
}

final class ShapeFullCharge2: ShapeChargeDepth2, ShapeModel {
    @Saved var customer: ShapeCustomerField?
    @Saved var paymentIntent: ShapePaymentIntentField?
    @Saved("description") var memo: String?
    @Saved var failureCode: String?
    @Saved var receiptEmail: String?
    @Saved var canceledAt: Int?
    @Saved var refunds: [ShapeRefund] = []

    var twin: Plain.ShapeFullCharge<Plain.ShapeDetails2> {
        .init(
            plainTwin(details: details), customer, paymentIntent, memo, failureCode, receiptEmail, canceledAt,
            refunds)
    }
}

// MARK: Path depth 3

final class ShapeCharge3: ShapeChargeDepth3, ShapeModel {
    var twin: Plain.ShapeCharge<Plain.ShapeDetails3> { plainTwin(details: details) }
}

final class ShapeUnionCharge3: ShapeChargeDepth3, ShapeModel {
    @Saved var customer: ShapeCustomerField?

    var twin: Plain.ShapeUnionCharge<Plain.ShapeDetails3> { .init(plainTwin(details: details), customer: customer) }
}

final class ShapeCodableCharge3: ShapeChargeDepth3, ShapeModel {
    @Saved var paymentIntent: ShapePaymentIntentField?

    var twin: Plain.ShapeCodableCharge<Plain.ShapeDetails3> { .init(plainTwin(details: details), paymentIntent) }
}

final class ShapeNullsCharge3: ShapeChargeDepth3, ShapeModel {
    @Saved("description") var memo: String?
    @Saved var failureCode: String?
    @Saved var receiptEmail: String?
    @Saved var canceledAt: Int?

    var twin: Plain.ShapeNullsCharge<Plain.ShapeDetails3> {
        .init(plainTwin(details: details), memo, failureCode, receiptEmail, canceledAt)
    }
}

final class ShapeArrayCharge3: ShapeChargeDepth3, ShapeModel {
    @Saved var refunds: [ShapeRefund] = []

    var twin: Plain.ShapeArrayCharge<Plain.ShapeDetails3> { .init(plainTwin(details: details), refunds) }
}

final class ShapeFullCharge3: ShapeChargeDepth3, ShapeModel {
    @Saved var customer: ShapeCustomerField?
    @Saved var paymentIntent: ShapePaymentIntentField?
    @Saved("description") var memo: String?
    @Saved var failureCode: String?
    @Saved var receiptEmail: String?
    @Saved var canceledAt: Int?
    @Saved var refunds: [ShapeRefund] = []

    var twin: Plain.ShapeFullCharge<Plain.ShapeDetails3> {
        .init(
            plainTwin(details: details), customer, paymentIntent, memo, failureCode, receiptEmail, canceledAt,
            refunds)
    }
}

// MARK: From the models to the twins

extension ShapeCharge {
    /// The twin of the keys that every charge declares, with the path's nested structs.
    func plainTwin<Details>(details: Details) -> Plain.ShapeCharge<Details> {
        .init(
            id: id, amount: amount, currency: currency, created: created, livemode: livemode, status: status,
            paymentMethodDetails: details)
    }
}

extension Plain.ShapeUnionCharge {
    init(_ charge: Plain.ShapeCharge<Details>, customer: ShapeCustomerField?) {
        self.init(
            id: charge.id, amount: charge.amount, currency: charge.currency, created: charge.created,
            livemode: charge.livemode, status: charge.status, paymentMethodDetails: charge.paymentMethodDetails,
            customer: customer?.twin)
    }
}

extension Plain.ShapeCodableCharge {
    init(_ charge: Plain.ShapeCharge<Details>, _ paymentIntent: ShapePaymentIntentField?) {
        self.init(
            id: charge.id, amount: charge.amount, currency: charge.currency, created: charge.created,
            livemode: charge.livemode, status: charge.status, paymentMethodDetails: charge.paymentMethodDetails,
            paymentIntent: paymentIntent)
    }
}

extension Plain.ShapeNullsCharge {
    init(
        _ charge: Plain.ShapeCharge<Details>, _ memo: String?, _ failureCode: String?, _ receiptEmail: String?,
        _ canceledAt: Int?
    ) {
        self.init(
            id: charge.id, amount: charge.amount, currency: charge.currency, created: charge.created,
            livemode: charge.livemode, status: charge.status, paymentMethodDetails: charge.paymentMethodDetails,
            memo: memo, failureCode: failureCode, receiptEmail: receiptEmail, canceledAt: canceledAt)
    }
}

extension Plain.ShapeArrayCharge {
    init(_ charge: Plain.ShapeCharge<Details>, _ refunds: [ShapeRefund]) {
        self.init(
            id: charge.id, amount: charge.amount, currency: charge.currency, created: charge.created,
            livemode: charge.livemode, status: charge.status, paymentMethodDetails: charge.paymentMethodDetails,
            refunds: refunds.map(\.twin))
    }
}

extension Plain.ShapeFullCharge {
    init(
        _ charge: Plain.ShapeCharge<Details>, _ customer: ShapeCustomerField?,
        _ paymentIntent: ShapePaymentIntentField?, _ memo: String?, _ failureCode: String?, _ receiptEmail: String?,
        _ canceledAt: Int?, _ refunds: [ShapeRefund]
    ) {
        self.init(
            id: charge.id, amount: charge.amount, currency: charge.currency, created: charge.created,
            livemode: charge.livemode, status: charge.status, paymentMethodDetails: charge.paymentMethodDetails,
            customer: customer?.twin, paymentIntent: paymentIntent, memo: memo, failureCode: failureCode,
            receiptEmail: receiptEmail, canceledAt: canceledAt, refunds: refunds.map(\.twin))
    }
}
