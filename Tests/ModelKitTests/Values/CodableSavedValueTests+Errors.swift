import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// The errors of `CodableSavedValue` types: ModelKit's words, the key path named once, the
// same from both readers and from the dictionary form.

/// A count that must be positive, rejected in the user's words.
struct PositiveCount: Codable, Hashable {
    var value: Int

    init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Int.self)
        guard value > 0 else { throw ValidationError("must be positive") }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// An order whose counts check themselves.
struct CheckedOrder: Codable, Hashable, CodableSavedValue {
    var counts: [PositiveCount] = []
}

final class CheckedOrderHolder: ModelObject {
    @Saved var order = CheckedOrder()
}

/// The description of the error that loading `json` into `Model` throws through `options`.
private func loadError<Model: ModelObject>(_ type: Model.Type, _ json: String, options: LoadOptions = []) -> ModelError?
{
    modelError { _ = try Model(json: json, options: options) }
}

/// Checks that loading `json` throws `description` through both readers and from its
/// dictionary form, and returns the error of the default reader.
@discardableResult
private func expectLoadError<Model: ModelObject>(
    _ type: Model.Type, _ json: String, _ description: String, sourceLocation: SourceLocation = #_sourceLocation
) throws -> ModelError {
    for options in bothReaders {
        #expect(loadError(type, json, options: options)?.description == description, sourceLocation: sourceLocation)
    }
    let dictionary = try jsonObject(json)
    let fromDictionary = modelError { _ = try Model(dictionary: dictionary) }
    #expect(fromDictionary?.description == description, sourceLocation: sourceLocation)
    return try #require(loadError(type, json), sourceLocation: sourceLocation)
}

/// The JSON of an invoice whose `widths` are valid but for `key`, which holds `value`.
private func widthsJSON(_ key: String, _ value: String) -> String {
    var entries = [
        "int8": "1", "uint8": "1", "int16": "1", "uint16": "1", "int32": "1", "uint32": "1", "int64": "1",
        "uint64": "1", "int": "1", "uint": "1", "float": "1", "double": "1", "decimal": "1", "flag": "true",
        "data": "\"\"", "link": #""https://example.com""#,
    ]
    entries[key] = value
    let body = entries.sorted { $0.key < $1.key }.map { #""\#($0.key)": \#($0.value)"# }.joined(separator: ", ")
    return #"{"widths": {\#(body)}}"#
}

extension CodableSavedValueTests {
    @Test func errorsNameTheKeyPathOnceInModelKitsWords() throws {
        let customer = #""balance": 0, "created": "2023-03-28T10:40:00Z""#
        try expectLoadError(
            Invoice.self, #"{"customer": {"id": 5, \#(customer)}}"#, "customer.id: expected a string, found 5")
        try expectLoadError(
            Invoice.self, #"{"payer": {"id": "x", "created": "2023-03-28T10:40:00Z"}}"#,
            "payer.balance: expected a number, found no value")
        try expectLoadError(
            Invoice.self, #"{"payer": {"id": "x", "balance": null, "created": "2023-03-28T10:40:00Z"}}"#,
            "payer.balance: expected a number, found null")
        try expectLoadError(
            Invoice.self, #"{"payer": {"id": "x", "balance": 1, "created": "yesterday"}}"#,
            #"payer.created: expected an ISO 8601 date, found "yesterday""#)
        try expectLoadError(
            Invoice.self, #"{"payer": {"id": "x", "balance": 1, "created": 5}}"#,
            "payer.created: expected an ISO 8601 date string, found 5")
        try expectLoadError(
            Invoice.self, #"{"byName": {"bob": {"id": true, \#(customer)}}}"#,
            "byName.bob.id: expected a string, found true")
        try expectLoadError(
            Invoice.self, #"{"payer": [1]}"#, "payer: expected an object, found an array")
    }

    @Test func nestedContainersNameTheirPath() throws {
        let price = #""price": {"amount": 1, "currency": "eur"}"#
        try expectLoadError(
            Invoice.self, #"{"lines": [{\#(price), "periods": []}, {"price": {"amount": 1.5, "currency": "eur"}}]}"#,
            "lines[1].price.amount: expected a whole number for Int, found 1.5")
        try expectLoadError(
            Invoice.self, #"{"lines": [{\#(price), "periods": [1, "2"]}]}"#,
            #"lines[0].periods[1]: expected a number, found "2""#)
        try expectLoadError(
            Invoice.self, #"{"lines": [{"price": 5, "periods": []}]}"#, "lines[0].price: expected an object, found 5")
        try expectLoadError(
            Invoice.self, #"{"lines": [{"periods": []}]}"#, "lines[0].price: expected an object, found no value")
        try expectLoadError(
            Invoice.self, #"{"lines": [{\#(price), "periods": {}}]}"#,
            "lines[0].periods: expected an array, found an object")
        try expectLoadError(
            Invoice.self, #"{"lines": [{\#(price), "periods": [], "meta": 5}]}"#,
            "lines[0].meta: expected a string, found 5")
    }

    @Test(arguments: [
        ("int8", "300", "widths.int8: number 300 is out of range for Int8"),
        ("uint8", "-1", "widths.uint8: number -1 is out of range for UInt8"),
        ("int16", "32768", "widths.int16: number 32768 is out of range for Int16"),
        ("uint32", "4294967296", "widths.uint32: number 4294967296 is out of range for UInt32"),
        ("int64", "9223372036854775808", "widths.int64: number 9223372036854775808 is out of range for Int64"),
        ("uint64", "18446744073709551616", "widths.uint64: number 18446744073709551616 is out of range for UInt64"),
        ("int", "1e300", "widths.int: number 1e+300 is out of range for Int"),
        ("int", "-1e19", "widths.int: number -1e+19 is out of range for Int"),
        ("uint", "0.5", "widths.uint: expected a whole number for UInt, found 0.5"),
        ("int", "true", "widths.int: expected a number, found true"),
        ("float", "1e300", "widths.float: number 1e+300 is out of range for Float"),
        ("double", #""1""#, #"widths.double: expected a number, found "1""#),
        ("flag", "1", "widths.flag: expected a boolean, found 1"),
        ("flag", #""true""#, #"widths.flag: expected a boolean, found "true""#),
        ("data", #""!!""#, #"widths.data: expected Base64 data, found "!!""#),
        ("link", "\"\"", "widths.link: expected a URL, found \"\""),
        ("link", "5", "widths.link: expected a URL string, found 5"),
        ("decimal", "false", "widths.decimal: expected a number, found false"),
        ("decimal", #""many""#, #"widths.decimal: expected a decimal number, found "many""#),
    ])
    func scalarsThatDoNotFitAreErrorsNotCrashes(key: String, value: String, description: String) throws {
        try expectLoadError(Invoice.self, widthsJSON(key, value), description)
    }

    @Test func wholeNumbersOfAnyFormFitIntegers() throws {
        let invoice = try loadedEveryWay(Invoice.self, widthsJSON("int", "-2.5e1"))
        #expect(invoice.widths.int == -25)
        #expect(
            try loadedEveryWay(Invoice.self, widthsJSON("decimal", #""1.25""#)).widths.decimal
                == Decimal(string: "1.25"))
    }

    @Test func typeErrorsOfSynthesizedConformancesKeepTheirWords() throws {
        try expectLoadError(
            Invoice.self, #"{"shapes": [{"circle": {"radius": 1}}, {"square": {}}]}"#,
            "shapes[1]: Invalid number of keys found, expected one.")
        try expectLoadError(
            Invoice.self, #"{"shapes": [{"rectangle": {"_0": 1}}]}"#,
            "shapes[0].rectangle._1: expected a number, found no value")
    }

    @Test func aValidationErrorIsTheUsersMessageAtTheValueThatThrewIt() throws {
        let error = try expectLoadError(
            CheckedOrderHolder.self, #"{"order": {"counts": [1, 0]}}"#, "order.counts[1]: must be positive")
        #expect(error.localizedDescription == "must be positive")
        #expect(error.underlyingError is ValidationError)
    }

    @Test func aModelObjectInsideAValueNamesTheKeyPathOnce() throws {
        let error = try expectLoadError(
            NoteBoxHolder.self, #"{"box": {"note": {"title": 5}}}"#, "box.note.title: expected a string, found 5")
        #expect(error.reason == .typeMismatch(expected: "a string", found: "5"))
    }

    @Test func malformedJSONInsideAValueNamesItsKeyPath() throws {
        let error = try #require(loadError(Invoice.self, #"{"payer": {"id": "x", "tags": [tru]}}"#))
        #expect(error.keyPath.description == "payer.tags[0]")
        guard case .syntaxError = error.reason else {
            Issue.record("expected a syntax error, found \(error)")
            return
        }
        let lenient = modelError { _ = try Invoice(json: #"{"payer": {"id": "x", "tags": [tru]}}"#, options: .lenient) }
        #expect(lenient?.keyPath.description == "payer.tags[0]")
    }

    @Test func lenientLoadsRecordTheProblemAndWriteTheValueBack() throws {
        let json = #"{"payer": {"id": 5, "balance": 1, "created": "2023-03-28T10:40:00Z"}, "lines": [{"periods": []}]}"#
        for options in bothReaders {
            let invoice = try Invoice(json: json, options: options.union(.lenient))
            #expect(
                invoice.loadIssues.map(\.description).sorted() == [
                    "lines[0].price: expected an object, found no value", "payer.id: expected a string, found 5",
                ])
            #expect(invoice.payer == nil)
            #expect(invoice.lines.isEmpty)
            let written = try jsonObject(invoice.jsonString())
            #expect((written["payer"] as? [String: Any])?["id"] as? Int == 5)
        }
    }

    @Test func decodingAModelThroughCodableKeepsTheKinds() throws {
        let json = #"{"payer": {"id": 5, "balance": 1, "created": "2023-03-28T10:40:00Z"}}"#
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(Invoice.self, from: Data(json.utf8))
        }
        guard case .typeMismatch(let type, let context) = error else {
            Issue.record("expected a type mismatch, found \(error)")
            return
        }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(String.self))
        #expect(context.codingPath.map(\.stringValue) == ["payer", "id"])
        #expect(context.debugDescription == "payer.id: expected a string, found 5")
        let missing = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(Invoice.self, from: Data(#"{"payer": {"id": "x", "balance": 1}}"#.utf8))
        }
        guard case .keyNotFound(let key, _) = missing else {
            Issue.record("expected a missing key, found \(missing)")
            return
        }
        #expect(key.stringValue == "created")
    }

    @Test func numbersThatJSONCannotHoldThrowAtTheirKeyPath() throws {
        let invoice = Invoice()
        invoice.widths.double = .nan
        invoice.widths.float = 1
        let writes: [(String, () throws -> Void)] = [
            ("jsonData", { _ = try invoice.jsonData() }),
            ("foundationWriter", { _ = try invoice.jsonData(options: .foundationWriter) }),
            ("dictionary", { _ = try invoice.dictionary }),
        ]
        for (name, write) in writes {
            #expect(modelError(write)?.description == "widths.double: nan cannot be written as JSON", "\(name)")
        }
        invoice.widths.double = 0
        invoice.widths.float = -.infinity
        #expect(
            modelError { _ = try invoice.jsonData() }?.description == "widths.float: -inf cannot be written as JSON")
        invoice.widths.float = 0
        invoice.lines = [InvoiceLine(amount: 1, currency: "eur", periods: [])]
        invoice.byName = [
            "x": .customer(PaymentCustomer(id: "x", balance: 1, created: Date(timeIntervalSince1970: .nan)))
        ]
        let dateError = modelError { _ = try invoice.jsonData() }
        #expect(dateError?.keyPath.description == "byName.x.created")
        #expect(dateError.map { if case .unencodableDate = $0.reason { true } else { false } } == true)
    }
}
