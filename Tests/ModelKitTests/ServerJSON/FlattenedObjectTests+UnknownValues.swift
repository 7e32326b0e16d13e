import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// A flattened object's own unknown values: written at the enclosing object's level by every
/// writer, as its properties are, and counted among the enclosing object's changes.
@Suite struct FlattenedUnknownValueTests {
    /// An invoice whose stamp holds unknown values set in code.
    private func invoiceWithStampExtras() throws -> StampedInvoice {
        let invoice = try StampedInvoice(json: #"{"number": "F-1", "createdBy": "ana", "extra": 1}"#)
        invoice.audit[extra: "shade"] = 2
        invoice.audit[extra: "tags"] = ["a", "b"]
        return invoice
    }

    @Test func everyWriterWritesThemAtTheEnclosingLevel() throws {
        let invoice = try invoiceWithStampExtras()
        let compact = try invoice.jsonString(options: .compact)
        #expect(
            compact
                == #"{"version":1,"representedClassName":"StampedInvoice","number":"F-1","createdBy":"ana","#
                + #""created_at":"1970-01-01T00:00:00Z","revision":0,"total":0,"city":"","country":"","#
                + #""customer":{"version":1,"representedClassName":"InvoiceCustomer","name":"","city":"","#
                + #""country":""},"lines":[],"extra":1,"shade":2,"tags":["a","b"]}"#)
        let expected = try writtenObject(Data(compact.utf8))
        for options: WriteOptions in [[], .sortedKeys, .foundationWriter, [.foundationWriter, .sortedKeys]] {
            #expect(try writtenObject(invoice.jsonData(options: options)) == expected)
        }
        let sorted = try invoice.jsonString(options: [.compact, .sortedKeys])
        #expect(sorted.contains(#""revision":0,"shade":2,"tags":["a","b"],"total":0"#))
        #expect(try sameJSON(invoice.dictionary, jsonObject(compact)))
        #expect(try writtenObject(JSONEncoder().encode(invoice)) == expected)
    }

    @Test func theirDataSurvivesEveryRoundTrip() throws {
        let invoice = try invoiceWithStampExtras()
        // Their keys are of neither class: loading keeps them among the invoice's own.
        let reloaded = try loadThroughBothReaders(StampedInvoice.self, invoice.jsonString())
        #expect(reloaded.unknownValues["shade"] as? Int == 2)
        #expect(reloaded.unknownValues["tags"] as? [String] == ["a", "b"])
        #expect(reloaded.audit.unknownValues.isEmpty)
        #expect(try reloaded.jsonString() == invoice.jsonString())
        let archive = try NSKeyedArchiver.archivedData(withRootObject: invoice, requiringSecureCoding: true)
        #expect(try StampedInvoice.make(archivedData: archive).unknownValues["shade"] as? Int == 2)
        let decoded = try JSONDecoder().decode(StampedInvoice.self, from: JSONEncoder().encode(invoice))
        #expect(decoded.unknownValues["tags"] as? [String] == ["a", "b"])
        let snapshot = try ModelSnapshot(invoice).makeModel()
        #expect(try snapshot.jsonString() == invoice.jsonString())
        #expect(try StampedInvoice(dictionary: invoice.dictionary).unknownValues["shade"] as? Int == 2)
    }

    @Test func anObjectLoadedOnItsOwnKeepsItsTextWhenFlattened() throws {
        let invoice = StampedInvoice()
        invoice.audit = try AuditStamp(json: #"{"version": 4, "createdBy": "ben", "weight": 1.0, "note2": "a\/b"}"#)
        let written = try invoice.jsonString(options: .compact)
        #expect(written.hasSuffix(#""lines":[],"weight":1.0,"note2":"a\/b"}"#))
    }

    @Test func theEnclosingObjectsOwnKeysWin() throws {
        let invoice = try StampedInvoice(json: #"{"number": "F-1", "extra": 1, "city": "Oslo"}"#)
        invoice.audit[extra: "number"] = "shadowed"
        invoice.audit[extra: "extra"] = "shadowed"
        invoice.audit[extra: "version"] = 9
        invoice.audit[extra: "city"] = "shadowed"
        invoice.address[extra: "zone"] = "b"
        invoice.audit[extra: "zone"] = "a"
        let written = try writtenObject(invoice.jsonData())
        #expect(written["number"] as? String == "F-1" && written["extra"] as? Int == 1)
        #expect(written["version"] as? Int == 1 && written["city"] as? String == "Oslo")
        // The first flattened object in declaration order writes a key they share.
        #expect(written["zone"] as? String == "a")
        #expect(try invoice.jsonString(options: .sortedKeys).components(separatedBy: #""zone""#).count == 2)
    }

    @Test func theyAreChangesOfTheEnclosingObject() throws {
        let invoice = try StampedInvoice(json: #"{"number": "F-1", "createdBy": "ana"}"#)
        invoice.audit[extra: "shade"] = 2
        #expect(invoice.hasChanges && invoice.changedKeys == ["shade"])
        #expect(try sameJSON(invoice.mergePatch(), ["shade": 2]))
        invoice.audit[extra: "shade"] = nil
        #expect(!invoice.hasChanges && invoice.changedKeys.isEmpty)
        #expect(try invoice.mergePatch().isEmpty)
        // A key that the enclosing object writes itself is no change of its data.
        invoice.audit[extra: "number"] = "shadowed"
        #expect(invoice.changedKeys.isEmpty && !invoice.hasChanges)
        #expect(try invoice.mergePatch().isEmpty)
        invoice.clearChanges()
        // An object set in place of the loaded one changes the keys whose values differ.
        let replacement = AuditStamp()
        replacement.createdBy = "ana"
        replacement[extra: "shade"] = 3
        invoice.audit = replacement
        #expect(invoice.changedKeys == ["shade"])
        #expect(try sameJSON(invoice.mergePatch(), ["shade": 3]))
        invoice.revertChanges()
        #expect(invoice.audit[extra: "shade"] == nil && !invoice.hasChanges)
    }
}
