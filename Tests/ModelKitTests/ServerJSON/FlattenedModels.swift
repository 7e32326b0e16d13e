import Foundation
import ModelKit

// Models whose nested objects live at their own level of the data (`@Saved(flattened: true)`).

/// Who made a record and when, kept at the record's own level.
final class AuditStamp: ModelObject {
    @Saved var createdBy = ""
    @Saved("created_at", alternatives: ["createdAt"]) var createdAt = Date(timeIntervalSince1970: 0)
    @Saved var revision = 0
    @Saved var note: String? = nil

    override class var modelVersion: Int { 4 }

    override class func migrate(_ dictionary: inout [String: Any], from version: Int) throws {
        throw ModelError(.custom("a flattened object's data has no version to migrate from"))
    }

    override func validate() throws {
        guard revision >= 0 else { throw ValidationError("must not be negative", key: "revision") }
    }
}

/// An address, flattened into the objects that have one.
final class PostalAddress: ModelObject {
    @Saved var city = ""
    @Saved var country = ""
}

/// A customer with its address at its own level.
final class InvoiceCustomer: ModelObject {
    @Saved var name = ""
    @Saved(flattened: true) var address = PostalAddress()
}

/// An invoice with two flattened objects and a nested object that has one.
final class StampedInvoice: ModelObject {
    @Saved var number = ""
    @Saved(flattened: true) var audit = AuditStamp()
    @Saved var total = 0
    @Saved(flattened: true) var address = PostalAddress()
    @Saved var customer = InvoiceCustomer()
    @Saved var lines: [StampedLine] = []
}

/// A line of an invoice, with a stamp of its own.
final class StampedLine: ModelObject {
    @Saved var text = ""
    @Saved(flattened: true) var audit = AuditStamp()
}

/// An invoice that rejects the keys it does not declare.
final class StrictInvoice: ModelObject {
    override class var rejectsUnknownKeys: Bool { true }
    @Saved var number = ""
    @Saved(flattened: true) var audit = AuditStamp()
}

/// The stamp every object of a Stripe-like API carries.
final class ObjectStamp: ModelObject {
    override class var keyStyle: KeyStyle { .snakeCase }
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
    override class var writesNilAsNull: Bool { true }
    @Saved var id = ""
    @Saved var object = ""
    @Saved var livemode = false
    @Saved("description") var summary: String? = nil
}

/// A Stripe-like customer: no header, the stamp at its own level.
final class StampedCustomer: ModelObject {
    override class var keyStyle: KeyStyle { .snakeCase }
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
    @Saved(flattened: true) var stamp = ObjectStamp()
    @Saved var email: String? = nil
}

// Declarations that stop at their class's first use.

/// Flattens an object one of whose keys the class declares itself.
final class ClashingInvoice: ModelObject {
    @Saved var city = ""
    @Saved(flattened: true) var address = PostalAddress()
}

/// Flattens two objects with the same keys.
final class TwiceAddressed: ModelObject {
    @Saved(flattened: true) var billing = PostalAddress()
    @Saved(flattened: true) var shipping = PostalAddress()
}

/// A flattened object with a key that the header of its enclosing class uses.
final class VersionedStamp: ModelObject {
    override class var versionKey: String? { nil }
    @Saved var version = 0
}

final class HeaderClash: ModelObject {
    @Saved(flattened: true) var stamp = VersionedStamp()
}

/// A class with a property inside a nested object, which cannot be flattened.
final class ContainedStamp: ModelObject {
    @Saved(path: "meta", "by") var by = ""
}

final class ContainerClash: ModelObject {
    @Saved(flattened: true) var stamp = ContainedStamp()
}
