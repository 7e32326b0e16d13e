import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// A charge with a union of each kind in each place, and no changes.
func makeUnionCharge() -> UnionCharge {
    let charge = UnionCharge()
    charge.id = "ch_1"
    charge.customer = .id("cus_9")
    charge.amount = .text("12.50")
    charge.quantity = .ratio(0.5)
    let customer = UnionCustomer()
    customer.id = "cus_2"
    customer.email = "a@example.com"
    charge.relatedCustomers = [.id("cus_1"), .customer(customer)]
    charge.metadata = ["b": .flag(true), "a": .list([1, 2]), "c": .number(-3)]
    let payer = UnionCustomer()
    payer.id = "cus_3"
    charge.payer = .customer(payer)
    charge.clearChanges()
    return charge
}

@Suite struct SavedUnionWritingTests {
    static let compact =
        #"{"object":"charge","id":"ch_1","customer":"cus_9","amount":"12.50","quantity":0.5,"#
        + #""related_customers":["cus_1",{"object":"customer","id":"cus_2","email":"a@example.com","balance":0}],"#
        + #""metadata":{"a":[1,2],"b":true,"c":-3},"payer":{"object":"customer","id":"cus_3","balance":0}}"#

    @Test func eachCaseIsWrittenAsItsAlternativeWritesIt() throws {
        let charge = makeUnionCharge()
        #expect(try charge.jsonString(options: .compact) == Self.compact)
        let expected = try writtenObject(Self.compact)
        for options: WriteOptions in [
            [], .sortedKeys, [.compact, .sortedKeys], .foundationWriter, [.foundationWriter, .sortedKeys],
        ] {
            #expect(try writtenObject(charge.jsonData(options: options)) == expected, "\(options)")
        }
        #expect(try charge.jsonString().contains(#""customer" : "cus_9""#))
        #expect(
            try charge.jsonString(options: [.compact, .sortedKeys]).hasPrefix(#"{"amount":"12.50","customer":"cus_9","#)
        )
    }

    @Test func everyFormReadsBackEqualThroughBothReaders() throws {
        let charge = makeUnionCharge()
        for options: WriteOptions in [[], .compact, .sortedKeys, .foundationWriter] {
            let json = try charge.jsonData(options: options)
            for loadOptions in bothReaders {
                let loaded = try UnionCharge(json: json, options: loadOptions)
                #expect(loaded == charge, "\(options), \(loadOptions)")
                #expect(try loaded.jsonString(options: .compact) == Self.compact)
            }
        }
        #expect(try [UnionCharge](json: [charge].jsonData()) == [charge])
    }

    @Test func theDictionaryFormHoldsEachValueAsItsAlternativeGivesIt() throws {
        let charge = makeUnionCharge()
        let dictionary = try charge.dictionary
        #expect(dictionary["customer"] as? String == "cus_9")
        #expect(dictionary["amount"] as? String == "12.50")
        #expect(dictionary["quantity"] as? Double == 0.5)
        let related = try #require(dictionary["related_customers"] as? [Any])
        #expect(related.first as? String == "cus_1")
        #expect((related.last as? [String: Any])?["email"] as? String == "a@example.com")
        #expect(sameJSON(dictionary, try jsonObject(Self.compact)))
        #expect(try UnionCharge(dictionary: dictionary) == charge)
    }

    @Test func codableArchivingAndSnapshotsKeepTheCases() throws {
        let charge = makeUnionCharge()
        let encoded = try JSONEncoder().encode(charge)
        #expect(try writtenObject(encoded) == writtenObject(Self.compact))
        #expect(try JSONDecoder().decode(UnionCharge.self, from: encoded) == charge)
        let archive = try NSKeyedArchiver.archivedData(withRootObject: charge, requiringSecureCoding: true)
        #expect(try UnionCharge.make(archivedData: archive) == charge)
        #expect(try ModelSnapshot(charge).makeModel() == charge)
    }

    @Test func aUnionThatGivesItsValueItselfWritesTheSame() throws {
        let charge = UnionCharge()
        charge.payer = .id("cus_4")
        #expect(try writtenObject(charge.jsonData())["payer"] as? String == "cus_4")
        charge.customer = .id("cus_4")
        let written = try writtenObject(charge.jsonData())
        #expect(written["payer"] as? String == written["customer"] as? String)
    }

    @Test func aCaseWithoutAListedValueIsAnErrorWhenWritten() throws {
        let holder = UnionHolder()
        holder.misdeclared = .text("fine")
        #expect(try writtenObject(holder.jsonData())["misdeclared"] as? String == "fine")
        holder.misdeclared = .nothing
        let nothing = try #require(throws: ModelError.self) { try holder.jsonData() }
        #expect(nothing.description == "misdeclared: MisdeclaredUnion.nothing does not hold one saved value")
        holder.misdeclared = .unlisted(3)
        for write in [{ _ = try holder.jsonData() }, { _ = try holder.dictionary }] {
            let unlisted = try #require(throws: ModelError.self) { try write() }
            #expect(unlisted.description == "misdeclared: MisdeclaredUnion has no alternative for a value of type Int")
        }
    }
}
