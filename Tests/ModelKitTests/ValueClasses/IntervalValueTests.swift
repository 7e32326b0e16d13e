import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// An interval, and the text and seconds it should give.
struct IntervalCase: Sendable, CustomStringConvertible {
    var first: Int
    var second: Int?
    var units: IntervalUnits
    var fullText: String
    var briefText: String
    var seconds: TimeInterval

    func make() -> IntervalValue {
        guard let second else { return IntervalValue(amount: first, units: units) }
        return IntervalValue(firstAmount: first, secondAmount: second, units: units)
    }

    var description: String { fullText }

    static func single(_ amount: Int, _ units: IntervalUnits, _ full: String, _ brief: String, _ seconds: TimeInterval)
        -> IntervalCase
    {
        IntervalCase(first: amount, units: units, fullText: full, briefText: brief, seconds: seconds)
    }

    static let all: [IntervalCase] = [
        .single(1, .minute, "1 minute", "1 min", 60),
        .single(5, .minute, "5 minutes", "5 mins", 300),
        .single(0, .second, "0 seconds", "0 secs", 0),
        .single(1, .second, "1 second", "1 sec", 1),
        .single(2, .hour, "2 hours", "2 hrs", 7200),
        .single(1, .hour, "1 hour", "1 hr", 3600),
        .single(3, .day, "3 days", "3 days", 259_200),
        .single(1, .day, "1 day", "1 day", 86_400),
        .single(2, .week, "2 weeks", "2 wks", 1_209_600),
        .single(1, .week, "1 week", "1 wk", 604_800),
        .single(6, .month, "6 months", "6 mths", 15_768_000),
        .single(1, .month, "1 month", "1 mth", 2_628_000),
        .single(2, .quarter, "2 quarters", "2 qtrs", 15_768_000),
        .single(1, .quarter, "1 quarter", "1 qtr", 7_884_000),
        .single(1, .year, "1 year", "1 yr", 31_536_000),
        .single(10, .year, "10 years", "10 yrs", 315_360_000),
        .single(0, .never, "never", "never", 0),
        .single(0, .forever, "forever", "forever", 2_147_483_647),
        IntervalCase(
            first: 5, second: 10, units: .minute, fullText: "5 - 10 minutes", briefText: "5 - 10 mins", seconds: 600),
        IntervalCase(first: 0, second: 1, units: .hour, fullText: "0 - 1 hour", briefText: "0 - 1 hr", seconds: 3600),
        IntervalCase(
            first: 2, second: 3, units: .week, fullText: "2 - 3 weeks", briefText: "2 - 3 wks", seconds: 1_814_400),
    ]
}

@Suite struct IntervalValueTests {
    // MARK: Text and seconds

    @Test(arguments: IntervalCase.all)
    func printsTextAndSeconds(sample: IntervalCase) {
        let interval = sample.make()
        #expect(interval.fullText == sample.fullText)
        #expect(interval.briefText == sample.briefText)
        #expect(interval.timeInterval == sample.seconds)
        #expect(interval.secondTimeInterval == sample.seconds)
        #expect(interval.duration == .seconds(sample.seconds))
        #expect(!interval.hasChanges)
    }

    @Test(arguments: IntervalCase.all)
    func parsesEveryTextFormBack(sample: IntervalCase) throws {
        let interval = sample.make()
        var forms = [
            sample.fullText, sample.briefText, sample.fullText.uppercased(), " \(sample.briefText.capitalized) ",
        ]
        if sample.second != nil {
            forms.append(sample.fullText.replacingOccurrences(of: " - ", with: " to "))
            forms.append(sample.briefText.replacingOccurrences(of: " - ", with: "-"))
        }
        for form in forms {
            let parsed = try #require(IntervalValue(string: form), "\(form)")
            #expect(parsed == interval, "\(form)")
        }
    }

    @Test func describesSecondsLikeDejalInterval() {
        #expect(IntervalValue(amount: 5, units: .minute).description == "5 minutes = 300.00 seconds")
        #expect(
            IntervalValue(firstAmount: 5, secondAmount: 10, units: .minute).description
                == "5 - 10 minutes = 300.00 - 600.00 seconds")
        #expect(IntervalValue(amount: 0, units: .never).description == "never = 0.00 seconds")
        #expect(IntervalValue(amount: 0, units: .forever).description == "forever = 2147483647.00 seconds")
    }

    @Test func twoQuartersAreHalfAYear() {
        let interval = IntervalValue(amount: 2, units: .quarter)
        #expect(interval.timeInterval == 15_768_000)
        #expect(interval.timeInterval == IntervalValue(amount: 6, units: .month).timeInterval)
    }

    @Test(
        arguments: [
            ("5 to 10 minutes", 5, 10, IntervalUnits.minute),
            ("5-10 mins", 5, 10, .minute),
            ("5 -10 Mins", 5, 10, .minute),
            ("1 MINUTES", 1, nil, .minute),
            ("2 Hr", 2, nil, .hour),
            ("3days", 3, nil, .day),
            ("-5 minutes", -5, nil, .minute),
            ("Never", 0, nil, .never),
            (" FOREVER ", 0, nil, .forever),
        ] as [(String, Int, Int?, IntervalUnits)])
    func parsesVariants(string: String, first: Int, second: Int?, units: IntervalUnits) throws {
        let parsed = try #require(IntervalValue(string: string))
        #expect(parsed.firstAmount == first)
        #expect(parsed.secondAmount == second ?? first)
        #expect(parsed.usingRange == (second != nil))
        #expect(parsed.units == units)
    }

    @Test(arguments: [
        "", "minutes", "5", "5 lightyears", "5 never", "never 5", "5 - minutes", "5 to", "5 10 minutes",
        "5 minutes ago", "99999999999999999999 secs",
    ])
    func rejectsInvalidText(string: String) {
        #expect(IntervalValue(string: string) == nil)
    }

    // MARK: Units

    @Test(
        arguments: [
            (IntervalUnits.second, 0, 1.0),
            (.minute, 1, 60),
            (.hour, 2, 3600),
            (.day, 3, 86_400),
            (.week, 4, 604_800),
            (.month, 5, 2_628_000),
            (.quarter, 6, 7_884_000),
            (.year, 7, 31_536_000),
            (.never, 8, 0),
            (.forever, 9, 2_147_483_647),
        ] as [(IntervalUnits, Int, TimeInterval)])
    func unitsHaveDejalIntervalRawValuesAndSeconds(units: IntervalUnits, rawValue: Int, seconds: TimeInterval) throws {
        #expect(units.rawValue == rawValue)
        #expect(units.seconds == seconds)
        let interval = IntervalValue(amount: 1, units: units)
        let dictionary = try interval.dictionary
        #expect(dictionary["units"] as? Int == rawValue)
    }

    @Test func neverAndForeverIgnoreTheirAmounts() {
        #expect(IntervalValue(amount: 7, units: .never).timeInterval == 0)
        #expect(IntervalValue(firstAmount: 1, secondAmount: 3, units: .forever).firstTimeInterval == 2_147_483_647)
        #expect(IntervalValue(firstAmount: 1, secondAmount: 3, units: .forever).fullText == "forever")
    }

    // MARK: Amounts and ranges

    @Test func amountSetsBothAmounts() {
        let interval = IntervalValue(firstAmount: 1, secondAmount: 3, units: .day)
        #expect(interval.amount == 3)
        interval.amount = 4
        #expect(interval.firstAmount == 4 && interval.secondAmount == 4)
        #expect(interval.changedKeys == ["firstAmount", "secondAmount"])
    }

    @Test func rangeDifferenceIsEndMinusStart() {
        let interval = IntervalValue(firstAmount: 2, secondAmount: 5, units: .hour)
        #expect(interval.firstTimeInterval == 7200)
        #expect(interval.secondTimeInterval == 18_000)
        #expect(interval.rangeDifference == 10_800)
        interval.firstAmount = 6
        #expect(interval.rangeDifference == -3600)
        #expect(IntervalValue(amount: 5, units: .minute).rangeDifference == 0)
    }

    // MARK: DejalObject data

    @Test func loadsDejalIntervalDocument() throws {
        let json =
            #"{"version":1,"representedClassName":"DejalInterval","usingRange":true,"firstAmount":5,"secondAmount":10,"units":1}"#
        let interval = try IntervalValue(json: json)
        #expect(interval == IntervalValue(firstAmount: 5, secondAmount: 10, units: .minute))
        #expect(interval.fullText == "5 - 10 minutes")
        #expect(!interval.hasChanges)
        let made = try #require(try ModelObject.make(json: json) as? IntervalValue)
        #expect(made == interval)
    }

    @Test(arguments: [("0", false), ("1", true), ("false", false), ("true", true)])
    func readsUsingRangeAsNumberOrBoolean(text: String, usingRange: Bool) throws {
        let json =
            #"{"representedClassName":"DejalInterval","usingRange":\#(text),"firstAmount":1,"secondAmount":2,"units":3}"#
        let interval = try IntervalValue(json: json)
        #expect(interval.usingRange == usingRange)
        #expect(interval.fullText == (usingRange ? "1 - 2 days" : "2 days"))
        #expect(try interval.jsonString(options: .compact).contains(#""usingRange":\#(usingRange)"#))
    }

    @Test func writesDejalObjectKeys() throws {
        let interval = IntervalValue(amount: 5, units: .minute)
        let expected =
            #"{"version":1,"representedClassName":"IntervalValue","usingRange":false,"firstAmount":5,"secondAmount":5,"units":1}"#
        #expect(try interval.jsonString(options: .compact) == expected)
    }

    @Test func rejectsUnknownUnits() throws {
        let error = try #require(throws: ModelError.self) {
            try IntervalValue(json: #"{"units":12}"#)
        }
        #expect(error.keyPath.description == "units")
    }

    // MARK: Extra values

    @Test func keepsExtraValuesWhole() throws {
        let json = #"""
            {"representedClassName":"DejalInterval","usingRange":0,"firstAmount":30,"secondAmount":30,"units":1,
             "extraValues":{"label":"Snooze","count":3,"ratio":0.5,"flag":true,"list":[1,"two",null],"nested":{"a":[1,2]}}}
            """#
        let interval = try IntervalValue(json: json)
        #expect(interval.extraValues["label"] as? String == "Snooze")
        #expect(interval.extraValues["count"] as? Int == 3)
        let extra = try #require(try interval.dictionary["extraValues"] as? [String: Any])
        let original = try #require(try jsonObject(json)["extraValues"] as? [String: Any])
        #expect(sameJSON(extra, original))
        let reloaded = try IntervalValue(json: try interval.jsonData())
        #expect(reloaded == interval)
    }

    @Test func setsExtraValues() throws {
        let interval = IntervalValue(amount: 1, units: .day)
        #expect(interval.extraValues.isEmpty)
        #expect(try interval.dictionary["extraValues"] == nil)
        interval.extraValues = ["note": "weekly", "count": 2]
        #expect(interval.changedKeys == ["extraValues"])
        let reloaded = try IntervalValue(json: try interval.jsonString())
        #expect(reloaded.extraValues["note"] as? String == "weekly")
        #expect(reloaded == interval)
        interval.extraValues = [:]
        #expect(try interval.dictionary["extraValues"] == nil)
    }

    @Test func rejectsExtraValuesThatAreNotAnObject() throws {
        let error = try #require(throws: ModelError.self) {
            try IntervalValue(json: #"{"extraValues":[1,2]}"#)
        }
        #expect(error.description == "extraValues: expected an object, found an array")
    }
}
