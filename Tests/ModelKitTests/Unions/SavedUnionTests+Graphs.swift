import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// The customer that the union holds, or `nil`.
private func customer(in field: CustomerField?) -> UnionCustomer? {
    guard case .customer(let customer) = field else { return nil }
    return customer
}

@Suite struct SavedUnionGraphTests {
    @Test func aCopyCopiesTheModelObjectsThatUnionsHold() throws {
        let charge = makeUnionCharge()
        let copy = charge.copy()
        #expect(copy == charge)
        let original = try #require(customer(in: charge.relatedCustomers.last))
        let copied = try #require(customer(in: copy.relatedCustomers.last))
        #expect(copied !== original)
        copied.email = "b@example.com"
        #expect(original.email == "a@example.com")
        #expect(copy != charge)
        guard case .customer(let payer) = copy.payer, case .customer(let originalPayer) = charge.payer else {
            Issue.record("the payer was not copied as a customer")
            return
        }
        #expect(payer !== originalPayer && payer == originalPayer)
    }

    @Test func anObjectSharedByUnionsStaysSharedInTheCopy() throws {
        let charge = UnionCharge()
        let shared = UnionCustomer()
        shared.id = "cus_5"
        charge.customer = .customer(shared)
        charge.relatedCustomers = [.customer(shared)]
        let copy = charge.copy()
        let first = try #require(customer(in: copy.customer))
        #expect(first !== shared)
        #expect(customer(in: copy.relatedCustomers.first) === first)
    }

    @Test func settingAUnionIsAChangeAndRevertsBack() throws {
        let charge = try UnionCharge(json: SavedUnionTests.charge)
        #expect(!charge.hasAnyChanges)
        charge.customer = .id("cus_other")
        #expect(charge.changedKeys == ["customer"])
        charge.revertChanges()
        #expect(charge.customer == .id("cus_9"))
        #expect(!charge.hasChanges)
    }

    @Test func aChangeInsideAnObjectThatAUnionHoldsIsAChangeOfTheGraph() throws {
        let charge = try UnionCharge(json: SavedUnionTests.charge)
        let expanded = try #require(customer(in: charge.relatedCustomers.last))
        expanded.email = "new@example.com"
        #expect(!charge.hasChanges)
        #expect(charge.hasAnyChanges)
        let patch = try charge.mergePatch()
        let related = try #require(patch["related_customers"] as? [Any])
        #expect((related.last as? [String: Any])?["email"] as? String == "new@example.com")
        let other = try UnionCharge(json: SavedUnionTests.charge)
        try other.apply(mergePatch: patch)
        #expect(other == charge)
    }

    @Test func mergePatchesReplaceOneCaseWithAnother() throws {
        let charge = try UnionCharge(json: SavedUnionTests.charge)
        let expanded = UnionCustomer()
        expanded.id = "cus_9"
        expanded.balance = 12
        charge.customer = .customer(expanded)
        let patch = try charge.mergePatch()
        #expect(sameJSON(patch, ["customer": ["object": "customer", "id": "cus_9", "balance": 12]]))
        let other = try UnionCharge(json: SavedUnionTests.charge)
        try other.apply(mergePatch: patch)
        #expect(other == charge)
        try other.apply(mergePatch: ["customer": "cus_10", "amount": false])
        #expect(other.customer == .id("cus_10") && other.amount == .flag(false))
        let error = try #require(throws: ModelError.self) { try other.apply(mergePatch: ["customer": 3]) }
        #expect(error.description == "customer: expected a string or an object, found 3")
        #expect(other.customer == .id("cus_10"))
    }

    @Test func unionsCompareByTheirCases() throws {
        let charge = makeUnionCharge()
        let other = makeUnionCharge()
        #expect(charge == other)
        other.quantity = .count(0)
        #expect(charge != other)
        other.quantity = charge.quantity
        customer(in: other.relatedCustomers.last)?.balance = 1
        #expect(charge != other)
    }
}
