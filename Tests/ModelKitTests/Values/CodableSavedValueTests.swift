import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// `Codable` values as a payments server sends them, saved through `CodableSavedValue`. The
// classes are archived with `NSKeyedArchiver`, so they are top-level and not private.

/// A customer: optionals, a nested object, arrays, a dictionary and a date.
struct PaymentCustomer: Codable, Hashable, CodableSavedValue {
    struct Address: Codable, Hashable {
        var city: String
        var lines: [String]
    }

    var id: String
    var name: String?
    var balance: Int
    var created: Date
    var address: Address?
    var tags: [String]?
    var limits: [String: Double]?
}

/// A customer or only its identifier, as an API that expands objects on request sends it:
/// a string, else a keyed container.
enum ExpandableCustomer: Codable, Hashable, CodableSavedValue {
    case id(String)
    case customer(PaymentCustomer)

    init(from decoder: any Decoder) throws {
        if let id = try? decoder.singleValueContainer().decode(String.self) {
            self = .id(id)
        } else {
            self = .customer(try PaymentCustomer(from: decoder))
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .id(let id):
            var container = encoder.singleValueContainer()
            try container.encode(id)
        case .customer(let customer):
            try customer.encode(to: encoder)
        }
    }
}

/// An enum with associated values, coded by the synthesized conformance:
/// `{"circle":{"radius":1.5}}`.
enum PaymentShape: Codable, Hashable, CodableSavedValue {
    case circle(radius: Double)
    case rectangle(Double, Double)
    case none
}

/// A line of an invoice coded by hand: a nested keyed container, a nested unkeyed container
/// and a super coder under a key of its own.
struct InvoiceLine: Codable, Hashable, CodableSavedValue {
    var amount: Int
    var currency: String
    var periods: [Int]
    var note: String?

    private enum CodingKeys: String, CodingKey {
        case price, periods, meta
    }

    private enum PriceKeys: String, CodingKey {
        case amount, currency
    }

    init(amount: Int, currency: String, periods: [Int], note: String? = nil) {
        self.amount = amount
        self.currency = currency
        self.periods = periods
        self.note = note
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let price = try container.nestedContainer(keyedBy: PriceKeys.self, forKey: .price)
        amount = try price.decode(Int.self, forKey: .amount)
        currency = try price.decode(String.self, forKey: .currency)
        var periods = try container.nestedUnkeyedContainer(forKey: .periods)
        var values: [Int] = []
        while !periods.isAtEnd {
            values.append(try periods.decode(Int.self))
        }
        self.periods = values
        // A missing key gives a decoder of `null`.
        note = try container.superDecoder(forKey: .meta).singleValueContainer().decode(String?.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var price = container.nestedContainer(keyedBy: PriceKeys.self, forKey: .price)
        try price.encode(amount, forKey: .amount)
        try price.encode(currency, forKey: .currency)
        var periods = container.nestedUnkeyedContainer(forKey: .periods)
        for period in self.periods {
            try periods.encode(period)
        }
        if let note {
            var meta = container.superEncoder(forKey: .meta).singleValueContainer()
            try meta.encode(note)
        }
    }
}

/// A value of every scalar type that a container names, and of the Foundation types that
/// `JSONDecoder` reads in forms of their own.
struct ScalarWidths: Codable, Hashable, CodableSavedValue {
    var int8: Int8 = 0
    var uint8: UInt8 = 0
    var int16: Int16 = 0
    var uint16: UInt16 = 0
    var int32: Int32 = 0
    var uint32: UInt32 = 0
    var int64: Int64 = 0
    var uint64: UInt64 = 0
    var int = 0
    var uint: UInt = 0
    var float: Float = 0
    var double = 0.0
    var decimal = Decimal(0)
    var flag = false
    var data = Data()
    var link = URL(fileURLWithPath: "/")
}

final class Invoice: ModelObject {
    @Saved var customer = ExpandableCustomer.id("")
    @Saved var payer: PaymentCustomer? = nil
    @Saved var lines: [InvoiceLine] = []
    @Saved var widths = ScalarWidths()
    @Saved var shapes: [PaymentShape]? = nil
    @Saved var byName: [String: ExpandableCustomer] = [:]
}

/// 2023-03-28T10:40:00Z.
private let created = Date(timeIntervalSince1970: 1_680_000_000)

private let invoiceJSON = #"""
    {
      "customer": {
        "id": "cus_1", "name": "Ada", "balance": -250, "created": "2023-03-28T10:40:00.25Z",
        "address": {"city": "Zürich", "lines": ["Bahnhofstrasse 1", "Postfach"]},
        "tags": ["vip", "a/b"], "limits": {"daily": 1000, "monthly": 2.5}
      },
      "payer": {"id": "cus_2", "balance": 0, "created": "2023-03-28T10:40:00Z"},
      "lines": [
        {"price": {"amount": 1200, "currency": "eur"}, "periods": [1, 2, 3], "meta": "first"},
        {"price": {"currency": "usd", "amount": 5}, "periods": []}
      ],
      "widths": {
        "int8": -128, "uint8": 255, "int16": -32768, "uint16": 65535, "int32": -2147483648,
        "uint32": 4294967295, "int64": -9223372036854775808, "uint64": 18446744073709551615,
        "int": 3.0, "uint": 1e3, "float": 0.1, "double": 1e-7, "decimal": 12345678901234567890.5,
        "flag": true, "data": "AQID", "link": "https://example.com/a?b=c"
      },
      "shapes": [{"circle": {"radius": 1.5}}, {"rectangle": {"_0": 2, "_1": 3}}, {"none": {}}],
      "byName": {"ada": "cus_1", "bob": {"id": "cus_3", "balance": 7, "created": "2023-03-28T10:40:00Z"}}
    }
    """#

/// What `invoiceJSON` holds.
private func expectInvoice(_ invoice: Invoice, sourceLocation: SourceLocation = #_sourceLocation) {
    let ada = PaymentCustomer(
        id: "cus_1", name: "Ada", balance: -250, created: created.addingTimeInterval(0.25),
        address: PaymentCustomer.Address(city: "Zürich", lines: ["Bahnhofstrasse 1", "Postfach"]),
        tags: ["vip", "a/b"], limits: ["daily": 1000, "monthly": 2.5])
    #expect(invoice.customer == .customer(ada), sourceLocation: sourceLocation)
    #expect(invoice.payer == PaymentCustomer(id: "cus_2", balance: 0, created: created), sourceLocation: sourceLocation)
    #expect(
        invoice.lines == [
            InvoiceLine(amount: 1200, currency: "eur", periods: [1, 2, 3], note: "first"),
            InvoiceLine(amount: 5, currency: "usd", periods: []),
        ], sourceLocation: sourceLocation)
    let widths = ScalarWidths(
        int8: .min, uint8: .max, int16: .min, uint16: .max, int32: .min, uint32: .max, int64: .min, uint64: .max,
        int: 3, uint: 1000, float: 0.1, double: 1e-7, decimal: Decimal(string: "12345678901234567890.5") ?? 0,
        flag: true, data: Data([1, 2, 3]), link: URL(string: "https://example.com/a?b=c") ?? URL(fileURLWithPath: "/"))
    #expect(invoice.widths == widths, sourceLocation: sourceLocation)
    #expect(invoice.shapes == [.circle(radius: 1.5), .rectangle(2, 3), .none], sourceLocation: sourceLocation)
    #expect(
        invoice.byName == [
            "ada": .id("cus_1"), "bob": .customer(PaymentCustomer(id: "cus_3", balance: 7, created: created)),
        ], sourceLocation: sourceLocation)
}

@Suite struct CodableSavedValueTests {
    @Test func readsTheSameValuesThroughBothReaders() throws {
        let invoice = try loadedEveryWay(Invoice.self, invoiceJSON)
        expectInvoice(invoice)
    }

    @Test(arguments: [
        WriteOptions(), [.compact], [.sortedKeys], [.compact, .sortedKeys, .withoutEscapingSlashes],
        .foundationWriter, [.foundationWriter, .compact, .sortedKeys],
    ])
    func roundTripsThroughEachJSONWriter(options: WriteOptions) throws {
        let invoice = try Invoice(json: invoiceJSON)
        let data = try invoice.jsonData(options: options)
        for readerOptions in bothReaders {
            expectInvoice(try Invoice(json: data, options: readerOptions))
        }
    }

    @Test func roundTripsThroughTheOtherWriters() throws {
        let invoice = try Invoice(json: invoiceJSON)
        expectInvoice(try Invoice(dictionary: invoice.dictionary))
        expectInvoice(try JSONDecoder().decode(Invoice.self, from: JSONEncoder().encode(invoice)))
        expectInvoice(try PropertyListDecoder().decode(Invoice.self, from: PropertyListEncoder().encode(invoice)))
        let archive = try NSKeyedArchiver.archivedData(withRootObject: invoice, requiringSecureCoding: true)
        expectInvoice(try Invoice.make(archivedData: archive))
        expectInvoice(try ModelSnapshot(invoice).makeModel())
    }

    @Test func writesSortedKeysAndISO8601Dates() throws {
        let invoice = Invoice()
        invoice.payer = PaymentCustomer(
            id: "cus_9", balance: 1, created: created.addingTimeInterval(0.5), tags: ["x"], limits: ["b": 2, "a": 1.5])
        invoice.lines = [InvoiceLine(amount: 1, currency: "eur", periods: [2], note: "n")]
        let json = try invoice.jsonString(options: [.compact, .withoutHeader])
        #expect(
            json.contains(
                #""payer":{"balance":1,"created":"2023-03-28T10:40:00.5Z","id":"cus_9","limits":{"a":1.5,"b":2},"tags":["x"]}"#
            ))
        #expect(json.contains(#""lines":[{"meta":"n","periods":[2],"price":{"amount":1,"currency":"eur"}}]"#))
        let dejal = try invoice.jsonString(options: [.compact, .withoutHeader, .dejalObjectFormat])
        #expect(dejal.contains(#""created":"2023-03-28T10:40:00Z""#))
        let payer = try #require(try invoice.dictionary["payer"] as? [String: Any])
        #expect(payer["created"] as? String == "2023-03-28T10:40:00.5Z")
        #expect(payer["name"] == nil)
        #expect((payer["limits"] as? [String: Any])?["a"] as? Double == 1.5)
    }

    @Test func aKeyGivenTwiceKeepsItsLastValue() throws {
        let json = #"{"payer": {"id": "first", "balance": 1, "created": "2023-03-28T10:40:00Z", "id": "last"}}"#
        let invoice = try loadedEveryWay(Invoice.self, json)
        #expect(invoice.payer?.id == "last")
    }

    @Test func largeObjectsFindEachKeyAndItsLastValue() throws {
        let entries = (0..<20).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
        let json =
            #"{"payer": {"id": "x", "balance": 1, "created": "2023-03-28T10:40:00Z", "limits": {\#(entries), "k3": -3}}}"#
        let invoice = try loadedEveryWay(Invoice.self, json)
        var expected = Dictionary(uniqueKeysWithValues: (0..<20).map { ("k\($0)", Double($0)) })
        expected["k3"] = -3
        #expect(invoice.payer?.limits == expected)
        let written = try invoice.jsonString(options: [.compact, .withoutHeader])
        #expect(written.contains(#""limits":{"k0":0,"k1":1,"k10":10,"k11":11,"#))
        #expect(try Invoice(json: written).payer == invoice.payer)
    }

    @Test func aKeyEncodedTwiceKeepsItsLastValue() throws {
        let holder = RevisedHolder()
        holder.revised = Revised(value: 7)
        #expect(try holder.jsonString(options: [.compact, .withoutHeader]) == #"{"revised":{"value":7}}"#)
        #expect(try RevisedHolder(json: holder.jsonData()).revised == Revised(value: 7))
    }

    @Test func missingOptionalsAndNullsAreNil() throws {
        let json = #"{"payer": {"id": "x", "name": null, "balance": 1, "created": "2023-03-28T10:40:00Z"}}"#
        let invoice = try loadedEveryWay(Invoice.self, json)
        #expect(invoice.payer == PaymentCustomer(id: "x", balance: 1, created: created))
        #expect(try loadedEveryWay(Invoice.self, #"{"payer": null}"#).payer == nil)
    }

    @Test func theKeysOfAnObjectComeSortedFromEitherReader() throws {
        let json = #"{"order": {"c": 1, "a": 2, "é": 3, "b": 4}}"#
        let holder = try loadedEveryWay(KeyListHolder.self, json)
        #expect(holder.order.keys == ["a", "b", "c", "é"])
    }

    @Test func theFastReaderDecodesEachValueOnce() throws {
        let counter = CountedValue.decodings
        counter.reset()
        _ = try CountedValueHolder(json: #"{"counted": 5, "others": [1, 2]}"#)
        #expect(counter.count == 3)
        counter.reset()
        // A value that does not fit is decoded again the dictionary way, for its error.
        #expect(throws: ModelError.self) { try CountedValueHolder(json: #"{"counted": "five"}"#) }
        #expect(counter.count == 2)
    }

    @Test func aModelObjectInsideAValueRoundTrips() throws {
        let holder = try loadedEveryWay(NoteBoxHolder.self, #"{"box": {"note": {"title": "hello"}}}"#)
        #expect(holder.box.note.title == "hello")
        let written = try jsonObject(holder.jsonString(options: .compact))
        let note = (written["box"] as? [String: Any])?["note"] as? [String: Any]
        #expect(note?["title"] as? String == "hello")
        #expect(try NoteBoxHolder(json: holder.jsonData()) == holder)
    }
}

/// The keys of an object, in the order that the decoder lists them.
struct KeyList: Codable, Hashable, CodableSavedValue {
    var keys: [String]

    init(from decoder: any Decoder) throws {
        keys = try decoder.container(keyedBy: ListedKey.self).allKeys.map(\.stringValue)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ListedKey.self)
        for key in keys {
            try container.encodeNil(forKey: ListedKey(stringValue: key))
        }
    }
}

/// A key of any name.
struct ListedKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        return nil
    }
}

final class KeyListHolder: ModelObject {
    @Saved var order = KeyList(keys: [])
}

extension KeyList {
    init(keys: [String]) {
        self.keys = keys
    }
}

final class PaymentNote: ModelObject {
    @Saved var title = ""
}

/// A `Codable` value that holds a model object, which decodes through the decoder it is given.
struct NoteBox: Codable, Equatable, CodableSavedValue {
    var note = PaymentNote()
}

final class NoteBoxHolder: ModelObject {
    @Saved var box = NoteBox()
}

/// A value that counts how often it is decoded, to tell a value read from the bytes once from
/// one that was read again the dictionary way.
struct CountedValue: Codable, Hashable, CodableSavedValue {
    static let decodings = DecodingCount()

    var value: Int

    init(value: Int) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        Self.decodings.increment()
        value = try decoder.singleValueContainer().decode(Int.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// A count that tests on any thread may add to.
///
/// `@unchecked Sendable`: every access to the count takes the lock.
final class DecodingCount: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    var count: Int { lock.withLock { value } }

    func increment() { lock.withLock { value += 1 } }

    func reset() { lock.withLock { value = 0 } }
}

final class CountedValueHolder: ModelObject {
    @Saved var counted = CountedValue(value: 0)
    @Saved var others: [CountedValue] = []
}

/// A value whose encoding writes its key twice, the second time with the value that counts.
struct Revised: Codable, Hashable, CodableSavedValue {
    var value: Int

    private enum CodingKeys: String, CodingKey {
        case value
    }

    init(value: Int) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        value = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .value)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(0, forKey: .value)
        try container.encode(value, forKey: .value)
    }
}

final class RevisedHolder: ModelObject {
    @Saved var revised = Revised(value: 0)
}
