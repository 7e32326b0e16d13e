import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// The value classes and decimals through `Codable`.

extension CodableTests {
    @Test(arguments: CodableFormat.allCases)
    func valueClassesRoundTrip(through coder: CodableFormat) throws {
        let schedule = CodedSchedule()
        schedule.label.alpha = 0.5
        schedule.interval.extraValues = ["note": "kept", "flag": true, "count": 2]
        schedule.clearChanges()
        let decoded = try coder.roundTrip(schedule)
        #expect(decoded == schedule)
        #expect(decoded.label.hexString == schedule.label.hexString)
        #expect(decoded.when.date == schedule.when.date)
        #expect(decoded.never.date == nil)
        #expect(decoded.interval.fullText == "5 minutes")
        #expect(decoded.window.fullText == "1 - 3 weeks")
        #expect(decoded.interval.extraValues["flag"] as? Bool == true)
        #expect(try sortedJSON(decoded.interval).contains(#""extraValues":{"count":2,"flag":true,"note":"kept"}"#))
    }

    @Test func valueClassesDecodeDejalObjectData() throws {
        let json = #"""
            {"label": {"version": 1, "representedClassName": "DejalColor", "red": 1, "green": 0.5, "blue": 0},
             "when": {"version": 1, "representedClassName": "DejalDate", "string": "2015-02-23T18:30:00Z"}}
            """#
        let schedule = try JSONDecoder().decode(CodedSchedule.self, from: Data(json.utf8))
        #expect(schedule.label.green == 0.5)
        #expect(schedule.label.alpha == 1)
        #expect(schedule.when.string == "2015-02-23T18:30:00Z")
    }

    @Test(arguments: CodableFormat.allCases)
    func decimalsKeepEveryDigit(through coder: CodableFormat) throws {
        let price = CodedPrice()
        price.amount = try #require(Decimal(string: "12345678901234567890.123456789"))
        let decoded = try coder.roundTrip(price)
        #expect(decoded.amount == price.amount)
    }

    @Test func decimalsReadFromNumbers() throws {
        let price = try JSONDecoder().decode(CodedPrice.self, from: Data(#"{"amount": 19.99}"#.utf8))
        #expect(price.amount == Decimal(string: "19.99"))
    }
}
