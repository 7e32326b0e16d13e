import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Top-level and not private, so that `NSKeyedArchiver` on Linux can name the classes.
/// A charge's payment details, three levels down, as Stripe sends them.
final class DeepCharge: ModelObject {
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
    @Saved var id = ""
    @Saved(path: "payment_method_details", "card", "checks", "cvc_check") var cvcCheck: String?
    @Saved(path: "payment_method_details", "card", "checks", "address_line1_check") var lineCheck: String?
    @Saved(path: "payment_method_details", "card", "brand") var brand = ""
    @Saved(path: "payment_method_details", "card", "exp_year") var expiryYear = 0
    @Saved(path: "payment_method_details", "type") var type = ""
    @Saved var amount = 0
}

/// Containers read and written level by level over the bytes give what the dictionary way
/// gives: the same values, the same kept keys at every level, the same errors and issues.
@Suite struct DeepPathTests {
    private static let charge = #"""
        {"id":"ch_1","payment_method_details":{"card":{"brand":"visa","checks":{"cvc_check":"pass",\#
        "address_line1_check":null,"address_postal_code_check":"pass"},"country":"US","exp_year":2030,\#
        "wallet":null,"networks":{"available":["visa"],"preferred":null}},"type":"card","x":[1,{"y":2}]},\#
        "amount":500,"currency":"usd"}
        """#

    @Test func aDeepContainerReadsAndWritesEveryKeyItHeld() throws {
        let charge = try DeepCharge(json: Self.charge)
        #expect(charge.cvcCheck == "pass" && charge.lineCheck == nil && charge.brand == "visa")
        #expect(charge.expiryYear == 2030 && charge.type == "card" && charge.amount == 500)
        let expected = try jsonObject(Self.charge)
        for options in [WriteOptions(), .compact, .sortedKeys, .foundationWriter] {
            #expect(sameJSON(try jsonObject(charge.jsonString(options: options)), expected), "\(options)")
        }
        #expect(sameJSON(try charge.dictionary, expected))
        // Each level writes its properties and the levels below in declaration order, then
        // its other keys in the order they came.
        #expect(
            try charge.jsonString(options: .compact)
                == #"{"id":"ch_1","payment_method_details":{"card":{"checks":{"cvc_check":"pass","#
                + #""address_line1_check":null,"address_postal_code_check":"pass"},"brand":"visa","exp_year":2030,"#
                + #""country":"US","wallet":null,"networks":{"available":["visa"],"preferred":null}},"type":"card","#
                + #""x":[1,{"y":2}]},"amount":500,"currency":"usd"}"#)
        let reference = try DeepCharge(json: Self.charge, options: .foundationReader)
        #expect(reference == charge)
        #expect(NSDictionary(dictionary: reference.unknownValues) == NSDictionary(dictionary: charge.unknownValues))
    }

    @Test func changedValuesAreWrittenInPlaceAtEveryLevel() throws {
        let charge = try DeepCharge(json: Self.charge)
        charge.cvcCheck = "fail"
        charge.lineCheck = "pass"
        charge.brand = "amex"
        let written = try jsonObject(charge.jsonString(options: .compact))
        let details = try #require(written["payment_method_details"] as? [String: Any])
        let card = try #require(details["card"] as? [String: Any])
        let checks = try #require(card["checks"] as? [String: Any])
        #expect(checks["cvc_check"] as? String == "fail" && checks["address_line1_check"] as? String == "pass")
        #expect(checks["address_postal_code_check"] as? String == "pass" && card["brand"] as? String == "amex")
        #expect(try DeepCharge(json: charge.jsonData()) == charge)
    }

    /// Documents at the edges of the dictionary way's rules.
    ///
    /// Nested objects that taking values emptied go, those that held nothing to take stay,
    /// and a value where an object belongs is an error, or a kept value in a lenient load.
    /// An empty nested object on the way to properties is written back with the properties
    /// that always write put into it; it is no unknown value, and what was written reads back
    /// as an equal object.
    @Test func anEmptyLevelIsFilledOnWrite() throws {
        for options in [LoadOptions(), .foundationReader] {
            for json in [
                #"{"payment_method_details":{"card":{}}}"#, #"{"payment_method_details":{"card":null}}"#,
                #"{"payment_method_details":null}"#, #"{"payment_method_details":{}}"#,
            ] {
                let charge = try DeepCharge(json: json, options: options)
                #expect(charge.unknownValues.isEmpty)
                let written = try charge.jsonString(options: [.compact, .sortedKeys])
                #expect(
                    written
                        == #"{"amount":0,"id":"","payment_method_details":{"card":{"brand":"","exp_year":0},"type":""}}"#
                )
                #expect(try DeepCharge(json: written) == charge)
                #expect(try DeepCharge(json: written).hashValue == charge.hashValue)
            }
        }
    }

    @Test(arguments: [
        #"{}"#, #"{"payment_method_details":{}}"#,
        #"{"payment_method_details":{"card":{"checks":{}}}}"#,
        #"{"payment_method_details":{"card":{"checks":{"cvc_check":"pass"}}}}"#,
        #"{"payment_method_details":{"card":{"checks":{"cvc_check":null}}}}"#,
        #"{"payment_method_details":{"card":{"checks":{"other":1}}}}"#,
        #"{"payment_method_details":{"card":{"checks":3}}}"#, #"{"payment_method_details":{"card":null}}"#,
        #"{"payment_method_details":null}"#, #"{"payment_method_details":[1]}"#,
        #"{"payment_method_details":{"card":{"brand":7}}}"#,
        #"{"payment_method_details":{"card":{"brand":"a","brand":"b"}}}"#,
        #"{"payment_method_details":{"card":{"checks":{"cvc_check":"a"},"checks":{"cvc_check":"b"}}}}"#,
        #"{"payment_method_details":{"card":{"br\u0061nd":"escaped"}}}"#,
        #"{"payment_method_details":{"type":"card","card":{"exp_year":1e3,"checks":{"cvc_check":"pass","z":{}}}}}"#,
        #"{"payment_method_details":{"card":{"exp_year":99999999999999999999}}}"#,
    ])
    func bothReadersAgreeAtTheEdges(json: String) throws {
        compareReaders(on: Data(json.utf8), loads: [("DeepCharge", { try DeepCharge(json: $0, options: $1) })]) {
            "\($0)\n\(json)"
        }
        guard let charge = try? DeepCharge(json: json, options: .lenient) else { return }
        let first = try charge.jsonString(options: .compact)
        #expect(try charge.jsonString(options: .compact) == first)
        let back = try DeepCharge(json: first, options: .lenient)
        #expect(back == charge, "\(json) → \(first)")
    }
}
