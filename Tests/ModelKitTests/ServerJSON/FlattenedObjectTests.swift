import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

@Suite struct FlattenedObjectTests {
    static let json = #"""
        {"number": "F-1", "createdBy": "ana", "created_at": "2024-05-01T10:00:00Z", "revision": 2, "total": 90,
         "city": "Oslo", "country": "NO", "extra": [1, {"a": true}],
         "customer": {"name": "Kari", "city": "Bergen", "zip": "5003"},
         "lines": [{"text": "tea", "createdBy": "ben"}]}
        """#

    /// The invoice of ``json``, loaded through both readers and from the dictionary form, all
    /// equal.
    private func loadedInvoice(_ json: String = json, options: LoadOptions = []) throws -> StampedInvoice {
        let invoice = try loadThroughBothReaders(StampedInvoice.self, json, options: options)
        #expect(try StampedInvoice(dictionary: jsonObject(json), options: options) == invoice)
        #expect(try StampedInvoice.make(json: json, options: options) == invoice)
        return invoice
    }

    @Test func theObjectsKeysAreReadAtTheEnclosingLevel() throws {
        let invoice = try loadedInvoice()
        #expect(invoice.number == "F-1" && invoice.total == 90)
        #expect(invoice.audit.createdBy == "ana" && invoice.audit.revision == 2)
        #expect(invoice.audit.createdAt == Date(timeIntervalSince1970: 1_714_557_600))
        #expect(invoice.address.city == "Oslo" && invoice.address.country == "NO")
        #expect(invoice.customer.name == "Kari" && invoice.customer.address.city == "Bergen")
        #expect(invoice.lines.first?.audit.createdBy == "ben")
        // Keys neither class declares stay the enclosing object's.
        #expect(invoice.unknownValues.keys.sorted() == ["extra"])
        #expect(invoice.customer.unknownValues["zip"] as? String == "5003")
        #expect(invoice.audit.unknownValues.isEmpty && invoice.customer.address.unknownValues.isEmpty)
        #expect(!invoice.hasAnyChanges)
        // ModelKit's reader reads the object in one pass: the unknown value keeps its text.
        let read = try StampedInvoice(json: #"{"createdBy": "a", "extra": 1.0, "city": "c", "total": 1}"#)
        #expect(try read.jsonString(options: .compact).contains(#""extra":1.0"#))
        // The property's own name is not a key of the data.
        let named = try loadedInvoice(#"{"audit": {"createdBy": "x"}}"#)
        #expect(named.audit.createdBy == "" && named.unknownValues["audit"] != nil)
    }

    @Test func theObjectsPropertiesAreWrittenWhereItStands() throws {
        let invoice = StampedInvoice()
        invoice.number = "F-2"
        invoice.audit.createdBy = "ana"
        invoice.address.city = "Oslo"
        invoice.customer.address.country = "NO"
        let compact = try invoice.jsonString(options: .compact)
        #expect(
            compact
                == #"{"version":1,"representedClassName":"StampedInvoice","number":"F-2","createdBy":"ana","#
                + #""created_at":"1970-01-01T00:00:00Z","revision":0,"total":0,"city":"Oslo","country":"","#
                + #""customer":{"version":1,"representedClassName":"InvoiceCustomer","name":"","city":"","#
                + #""country":"NO"},"lines":[]}"#)
        let sorted = try invoice.jsonString(options: [.compact, .sortedKeys])
        #expect(
            sorted
                == #"{"city":"Oslo","country":"","createdBy":"ana","created_at":"1970-01-01T00:00:00Z","#
                + #""customer":{"city":"","country":"NO","name":"","representedClassName":"InvoiceCustomer","#
                + #""version":1},"lines":[],"number":"F-2","representedClassName":"StampedInvoice","revision":0,"#
                + #""total":0,"version":1}"#)
        for options: WriteOptions in [[], .foundationWriter, [.foundationWriter, .sortedKeys]] {
            #expect(try writtenObject(invoice.jsonData(options: options)) == writtenObject(compact))
        }
        #expect(try sameJSON(invoice.dictionary, jsonObject(compact)))
        let bare = try writtenObject(invoice.jsonData(options: .withoutHeader))
        #expect(bare["version"] == nil && bare["createdBy"] as? String == "ana")
    }

    @Test func everyFormRoundTrips() throws {
        let invoice = try loadedInvoice()
        #expect(try StampedInvoice(json: invoice.jsonData()) == invoice)
        #expect(try StampedInvoice(json: invoice.jsonData(options: [.compact, .sortedKeys])) == invoice)
        #expect(try StampedInvoice(dictionary: invoice.dictionary) == invoice)
        let encoded = try JSONEncoder().encode(invoice)
        let decoded = try JSONDecoder().decode(StampedInvoice.self, from: encoded)
        #expect(decoded == invoice)
        #expect(try writtenObject(encoded)["createdBy"] as? String == "ana")
        let archive = try NSKeyedArchiver.archivedData(withRootObject: invoice, requiringSecureCoding: true)
        #expect(try StampedInvoice.make(archivedData: archive) == invoice)
        #expect(try ModelSnapshot(invoice).makeModel() == invoice)
        let copy = invoice.copy()
        #expect(copy == invoice && copy.hash == invoice.hash)
        #expect(copy.audit !== invoice.audit)
        copy.audit.revision = 3
        #expect(copy != invoice)
    }

    @Test func anAlternativeKeyLoadsAndTheOwnKeyWins() throws {
        let invoice = try loadedInvoice(#"{"createdAt": "2024-05-01T10:00:00Z"}"#)
        #expect(invoice.audit.createdAt == Date(timeIntervalSince1970: 1_714_557_600))
        #expect(invoice.unknownValues.isEmpty)
        #expect(try writtenObject(invoice.jsonData())["created_at"] as? String == "2024-05-01T10:00:00Z")
        let both = try loadedInvoice(#"{"createdAt": "2024-05-01T10:00:00Z", "created_at": "2001-01-01T00:00:00Z"}"#)
        #expect(both.audit.createdAt == Date(timeIntervalSinceReferenceDate: 0))
        #expect(both.unknownValues["createdAt"] as? String == "2024-05-01T10:00:00Z")
        // A repeated key's last value counts, as for every key.
        let repeated = try loadedInvoice(#"{"createdBy": "a", "number": "n", "createdBy": "b"}"#)
        #expect(repeated.audit.createdBy == "b")
    }

    @Test func errorsNameTheKeyAtTheEnclosingLevel() throws {
        let cases = [
            (#"{"revision": "two"}"#, #"revision: expected a number, found "two""#),
            (#"{"customer": {"city": 5}}"#, "customer.city: expected a string, found 5"),
            (
                #"{"lines": [{}, {"createdAt": "soon"}]}"#,
                #"lines[1].created_at: expected an ISO 8601 date, found "soon""#
            ),
        ]
        for (json, message) in cases {
            for options: LoadOptions in [[], .foundationReader] {
                let error = try #require(throws: ModelError.self) { try StampedInvoice(json: json, options: options) }
                #expect(error.description == message)
            }
        }
    }

    @Test func aLenientLoadKeepsAValueThatDoesNotFit() throws {
        let invoice = try loadedInvoice(#"{"number": "n", "revision": "two", "city": ["x"]}"#, options: .lenient)
        #expect(invoice.audit.revision == 0 && invoice.address.city == "")
        #expect(
            invoice.loadIssues.map(\.description).sorted() == [
                #"city: expected a string, found an array"#, #"revision: expected a number, found "two""#,
            ])
        let written = try writtenObject(invoice.jsonData())
        #expect(written["revision"] as? String == "two" && written["city"] as? [String] == ["x"])
        #expect(try invoice.dictionary["revision"] as? String == "two")
        invoice.audit.revision = 1
        #expect(try writtenObject(invoice.jsonData())["revision"] as? Int == 1)
    }

    @Test func theObjectChecksItselfFirst() throws {
        for options: LoadOptions in [[], .foundationReader] {
            let error = try #require(throws: ModelError.self) {
                try StampedInvoice(json: #"{"revision": -1}"#, options: options)
            }
            #expect(error.description == "revision: must not be negative")
            let inLine = try #require(throws: ModelError.self) {
                try StampedInvoice(json: #"{"lines": [{"revision": -1}]}"#, options: options)
            }
            #expect(inLine.keyPath.description == "lines[0].revision")
        }
        let lenient = try StampedInvoice(json: #"{"revision": -1}"#, options: .lenient)
        #expect(
            lenient.audit.revision == -1 && lenient.loadIssues.map(\.description) == ["revision: must not be negative"])
        let invoice = StampedInvoice()
        invoice.audit.revision = -1
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let error = try #require(throws: ModelError.self) {
            try invoice.save(to: directory.appendingPathComponent("invoice.json"))
        }
        #expect(error.keyPath.description == "revision")
    }

    @Test func theObjectHasNoVersionOfItsOwn() throws {
        // The enclosing object's version is its own; the flattened class neither migrates nor
        // writes its version.
        for options: LoadOptions in [[], .foundationReader] {
            let invoice = try StampedInvoice(json: #"{"version": 7, "createdBy": "ana"}"#, options: options)
            #expect(invoice.audit.createdBy == "ana")
            #expect(try writtenObject(invoice.jsonData())["version"] as? Int == 7)
        }
    }

    @Test func aClassWithoutAHeaderWritesOnlyTheKeys() throws {
        let json = #"{"id": "cus_1", "object": "customer", "livemode": false, "description": null, "email": "a@b.c"}"#
        let customer = try loadThroughBothReaders(StampedCustomer.self, json)
        #expect(customer.stamp.id == "cus_1" && customer.stamp.object == "customer" && customer.email == "a@b.c")
        // The stamp's class writes nil as null; the customer's does not.
        customer.email = nil
        #expect(
            try customer.jsonString(options: .compact)
                == #"{"id":"cus_1","object":"customer","livemode":false,"description":null}"#)
        #expect(try customer.dictionary["description"] is NSNull)
        #expect(StampedCustomer.savedKeys == ["id", "object", "livemode", "description", "email"])
    }

    @Test func savedKeysListTheObjectsKeys() {
        #expect(
            StampedInvoice.savedKeys == [
                "number", "createdBy", "created_at", "revision", "note", "total", "city", "country", "customer",
                "lines",
            ])
    }

    @Test func aStrictClassAcceptsTheObjectsKeys() throws {
        let invoice = try loadThroughBothReaders(
            StrictInvoice.self, #"{"number": "n", "createdAt": "2001-01-01T00:00:00Z"}"#)
        #expect(invoice.audit.createdAt == Date(timeIntervalSinceReferenceDate: 0))
        for options: LoadOptions in [[], .foundationReader] {
            let error = try #require(throws: ModelError.self) {
                try StrictInvoice(json: #"{"number": "n", "createdBy": "a", "city": "Oslo"}"#, options: options)
            }
            #expect(error.description == #"city: unknown key "city""#)
        }
    }

    // Exit tests need Swift 6.2's testing library and a platform that can start a process.
    #if compiler(>=6.2) && (os(macOS) || os(Linux) || os(Windows))
        @Test func clashingKeysStopAtTheClassesFirstUseNamingBothDeclarations() async throws {
            let twice = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = TwiceAddressed.savedKeys
            }
            #expect(
                String(decoding: twice.standardErrorContent, as: UTF8.self).contains(
                    #"declares the key "city" twice: for the property stored as "city" in the flattened object "#
                        + #""shipping" (PostalAddress) and for the property stored as "city" in the flattened "#
                        + #"object "billing" (PostalAddress)"#))
            let own = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = ClashingInvoice.savedKeys
            }
            #expect(
                String(decoding: own.standardErrorContent, as: UTF8.self).contains(
                    #"declares the key "city" twice: for the property stored as "city" in the flattened object "#
                        + #""address" (PostalAddress) and for the property stored as "city""#))
            let header = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = HeaderClash.savedKeys
            }
            #expect(
                String(decoding: header.standardErrorContent, as: UTF8.self).contains(
                    #"declares a saved key "version" for the property stored as "version" in the flattened "#
                        + #"object "stamp" (VersionedStamp), which its data's header uses"#))
            let contained = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = ContainerClash.savedKeys
            }
            #expect(
                String(decoding: contained.standardErrorContent, as: UTF8.self).contains(
                    "ContainerClash declares the flattened object \"stamp\" (ContainedStamp), but ContainedStamp"))
        }
    #endif
}
