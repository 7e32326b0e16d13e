import Foundation
import ModelKit
import ModelKitTestSupport
import Observation
import Testing

@Suite struct FlattenedObjectChangeTests {
    private func loaded(_ json: String = #"{"number": "F-1", "createdBy": "ana", "city": "Oslo"}"#) throws
        -> StampedInvoice
    {
        try StampedInvoice(json: json)
    }

    @Test func changedKeysNameTheObjectsKeys() throws {
        let invoice = try loaded()
        #expect(!invoice.hasChanges && invoice.changedKeys.isEmpty)
        invoice.audit.createdBy = "ben"
        invoice.address.country = "NO"
        #expect(invoice.hasChanges && invoice.audit.hasChanges)
        #expect(invoice.changedKeys == ["createdBy", "country"])
        invoice.number = "F-2"
        #expect(invoice.changedKeys == ["createdBy", "country", "number"])
        invoice.audit.createdBy = "ana"
        #expect(invoice.changedKeys == ["country", "number"])
        invoice.clearChanges()
        #expect(!invoice.hasChanges && !invoice.hasAnyChanges)
    }

    @Test func anObjectSetInPlaceChangesTheKeysWhoseValuesDiffer() throws {
        let invoice = try loaded()
        let replacement = AuditStamp()
        replacement.createdBy = "ana"
        replacement.revision = 5
        invoice.audit = replacement
        #expect(invoice.changedKeys == ["revision"])
        replacement.note = "late"
        #expect(invoice.changedKeys == ["revision", "note"])
        invoice.revertChanges()
        #expect(invoice.audit !== replacement && invoice.audit.createdBy == "ana" && invoice.audit.revision == 0)
        #expect(!invoice.hasChanges)
    }

    @Test func observersOfChangesFollowTheObject() throws {
        let invoice = try loaded()
        let changed = ChangeFlag()
        withObservationTracking {
            _ = invoice.hasChanges
        } onChange: {
            changed.set()
        }
        invoice.audit.revision = 1
        #expect(changed.isSet)
    }

    @Test func theMergePatchHoldsTheKeysAtTheTopLevel() throws {
        let invoice = try loaded()
        invoice.audit.createdBy = "ben"
        invoice.audit.note = "paid"
        invoice.address.city = "Bergen"
        #expect(sameJSON(try invoice.mergePatch(), ["createdBy": "ben", "note": "paid", "city": "Bergen"]))
        #expect(
            String(decoding: try invoice.mergePatchJSON(options: .compact), as: UTF8.self)
                == #"{"city":"Bergen","createdBy":"ben","note":"paid"}"#)
        let original = try loaded()
        try original.apply(mergePatch: invoice.mergePatch())
        #expect(original == invoice)
        invoice.clearChanges()
        invoice.audit.note = nil
        #expect(sameJSON(try invoice.mergePatch(), ["note": NSNull()]))
    }

    @Test func aMergePatchOfAnObjectSetInPlaceHoldsTheKeysWhoseValuesDiffer() throws {
        let invoice = try loaded()
        let replacement = AuditStamp()
        replacement.createdBy = "ana"
        replacement.note = "new"
        invoice.audit = replacement
        #expect(sameJSON(try invoice.mergePatch(), ["note": "new"]))
        let original = try loaded()
        try original.apply(mergePatch: invoice.mergePatch())
        #expect(original == invoice)
    }

    @Test func aMergePatchAppliesToTheObject() throws {
        let invoice = try loaded()
        let audit = invoice.audit
        try invoice.apply(mergePatchJSON: #"{"createdBy": "cy", "createdAt": "2001-01-01T00:00:00Z", "total": 3}"#)
        #expect(invoice.audit === audit && audit.createdBy == "cy")
        #expect(audit.createdAt == Date(timeIntervalSinceReferenceDate: 0) && invoice.total == 3)
        #expect(invoice.changedKeys == ["createdBy", "created_at", "total"])
        #expect(invoice.unknownValues.isEmpty)
        // An alternative that a better key outranks is the enclosing object's unknown value.
        try invoice.apply(mergePatch: ["createdAt": "2024-05-01T10:00:00Z", "created_at": "2002-01-01T00:00:00Z"])
        #expect(invoice.unknownValues["createdAt"] as? String == "2024-05-01T10:00:00Z")
        try invoice.apply(mergePatch: ["note": "x"])
        try invoice.apply(mergePatch: ["note": NSNull()])
        #expect(audit.note == nil)
    }

    @Test func aMergePatchThatDoesNotFitChangesNothing() throws {
        let invoice = try loaded()
        let error = try #require(throws: ModelError.self) {
            try invoice.apply(mergePatch: ["number": "F-9", "revision": -2])
        }
        #expect(error.description == "revision: must not be negative")
        let mismatch = try #require(throws: ModelError.self) { try invoice.apply(mergePatch: ["revision": "x"]) }
        #expect(mismatch.description == #"revision: expected a number, found "x""#)
        #expect(invoice.number == "F-1" && invoice.audit.revision == 0 && !invoice.hasAnyChanges)
        try invoice.apply(mergePatch: ["revision": "x", "city": "Rome"], options: .lenient)
        #expect(
            invoice.address.city == "Rome"
                && invoice.loadIssues.map(\.description) == [
                    #"revision: expected a number, found "x""#
                ])
    }

    @Test func loadingIntoAnObjectKeepsWhatTheDataLeavesOut() throws {
        for options: LoadOptions in [[], .foundationReader] {
            let invoice = try loaded()
            invoice.audit.note = "kept"
            invoice.clearChanges()
            try invoice.load(json: #"{"number": "F-3", "revision": 4}"#, options: options)
            #expect(invoice.number == "F-3" && invoice.audit.revision == 4)
            #expect(invoice.audit.note == "kept" && invoice.audit.createdBy == "ana")
            #expect(!invoice.hasAnyChanges)
        }
    }

    @Test func localChangesStayThroughALoad() throws {
        for options: LoadOptions in [[], .foundationReader] {
            let invoice = try loaded()
            invoice.audit.createdBy = "me"
            invoice.address.country = "SE"
            try invoice.load(
                json: #"{"number": "F-1", "createdBy": "server", "city": "Oslo", "revision": 2}"#,
                options: options.union(.keepingLocalChanges))
            #expect(invoice.audit.createdBy == "me" && invoice.address.country == "SE" && invoice.audit.revision == 2)
            #expect(invoice.mergeConflicts.map(\.description) == ["createdBy"])
            #expect(invoice.changedKeys == ["createdBy", "country"])
        }
    }
}
