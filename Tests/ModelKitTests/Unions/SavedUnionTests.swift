import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

@Suite struct SavedUnionTests {
    static let charge = #"""
        {"id": "ch_1", "object": "charge", "customer": "cus_9", "amount": 12.5, "quantity": 3,
         "related_customers": ["cus_1", {"id": "cus_2", "object": "customer", "email": "a@example.com"}],
         "metadata": {"a": "x", "b": true, "c": [1, 2], "d": 4},
         "payer": {"id": "cus_3", "object": "customer", "balance": 7}}
        """#

    @Test(arguments: bothReaders)
    func eachValueReadsAsTheAlternativeForItsKind(options: LoadOptions) throws {
        let charge = try UnionCharge(json: Self.charge, options: options)
        #expect(charge.customer == .id("cus_9"))
        #expect(charge.amount == .number(12.5))
        #expect(charge.quantity == .count(3))
        #expect(charge.relatedCustomers.count == 2)
        #expect(charge.relatedCustomers.first == .id("cus_1"))
        guard case .customer(let customer) = charge.relatedCustomers.last else {
            Issue.record("the second related customer is not a customer: \(charge.relatedCustomers)")
            return
        }
        #expect(customer.id == "cus_2" && customer.email == "a@example.com")
        #expect(charge.metadata == ["a": .text("x"), "b": .flag(true), "c": .list([1, 2]), "d": .number(4)])
        guard case .customer(let payer) = charge.payer else {
            Issue.record("the payer is not a customer: \(String(describing: charge.payer))")
            return
        }
        #expect(payer.balance == 7)
        #expect(charge.loadIssues.isEmpty)
        #expect(!charge.hasAnyChanges)
    }

    @Test func theReadersAgree() throws {
        let own = try UnionCharge(json: Self.charge)
        let foundation = try UnionCharge(json: Self.charge, options: .foundationReader)
        #expect(own == foundation)
        #expect(try own.jsonData() == foundation.jsonData())
    }

    @Test(arguments: bothReaders)
    func nullLeavesAnOptionalUnionNil(options: LoadOptions) throws {
        let charge = try UnionCharge(json: #"{"customer": null}"#, options: options)
        #expect(charge.customer == nil)
    }

    @Test(arguments: bothReaders)
    func aLaterAlternativeOfTheSameKindReadsWhatAnEarlierOneCannot(options: LoadOptions) throws {
        let charge = try UnionCharge(json: #"{"quantity": 2.5}"#, options: options)
        #expect(charge.quantity == .ratio(2.5))
        let whole = try UnionCharge(json: #"{"quantity": 2.0}"#, options: options)
        #expect(whole.quantity == .count(2))
    }

    @Test(
        arguments: [
            (#"{"customer": 5}"#, "customer: expected a string or an object, found 5"),
            (#"{"customer": true}"#, "customer: expected a string or an object, found true"),
            (#"{"customer": [1]}"#, "customer: expected a string or an object, found an array"),
            (#"{"related_customers": ["a", 5]}"#, "related_customers[1]: expected a string or an object, found 5"),
            (#"{"amount": null}"#, "amount: expected a number, a string, a boolean or an array, found null"),
            (#"{"amount": {"a": 1}}"#, "amount: expected a number, a string, a boolean or an array, found an object"),
            (
                #"{"metadata": {"k": {}}}"#,
                "metadata.k: expected a number, a string, a boolean or an array, found an object"
            ),
            (#"{"quantity": "3"}"#, #"quantity: expected a number, found "3""#),
            (#"{"amount": ["x"]}"#, #"amount[0]: expected a number, found "x""#),
            (#"{"customer": {"email": 5}}"#, "customer.email: expected a string, found 5"),
        ])
    func aValueThatFitsNoAlternativeIsAnError(json: String, message: String) throws {
        for options in bothReaders {
            let error = try #require(throws: ModelError.self) { try UnionCharge(json: json, options: options) }
            #expect(error.description == message, "\(options)")
        }
    }

    @Test func aLenientLoadRecordsTheProblemAndWritesTheValueBack() throws {
        let json = #"{"id": "ch_2", "customer": 5, "related_customers": ["a", 6, "b"]}"#
        for options in bothReaders {
            let charge = try UnionCharge(json: json, options: options.union(.lenient))
            #expect(charge.customer == nil)
            #expect(charge.relatedCustomers == [.id("a"), .id("b")])
            #expect(
                charge.loadIssues.map(\.description) == [
                    "customer: expected a string or an object, found 5",
                    "related_customers[1]: expected a string or an object, found 6",
                ])
            let written = try writtenObject(charge.jsonData())
            #expect(written["customer"] as? Int == 5)
            #expect(written["related_customers"] as? [NSObject] == ["a" as NSString, 6 as NSNumber, "b" as NSString])
        }
    }

    @Test(arguments: bothReaders)
    func aUnionHoldsItselfInItsAlternatives(options: LoadOptions) throws {
        let holder = try UnionHolder(json: #"{"tree": [1, [2, 3], []]}"#, options: options)
        #expect(holder.tree == .branch([.leaf(1), .branch([.leaf(2), .leaf(3)]), .branch([])]))
        #expect(try writtenObject(holder.jsonData())["tree"] as? NSArray == [1, [2, 3], []] as NSArray)
        let error = try #require(throws: ModelError.self) {
            try UnionHolder(json: #"{"tree": [1, "two"]}"#, options: options)
        }
        #expect(error.description == #"tree[1]: expected a number or an array, found "two""#)
    }

    @Test(arguments: bothReaders)
    func makeAndArraysReadUnionsInsideTheirModels(options: LoadOptions) throws {
        let charges = try [UnionCharge](
            json: #"[{"customer": "cus_1"}, {"customer": {"id": "cus_2"}}]"#, options: options)
        #expect(charges.first?.customer == .id("cus_1"))
        guard case .customer(let customer) = charges.last?.customer else {
            Issue.record("the second charge has no expanded customer")
            return
        }
        #expect(customer.id == "cus_2")
        let made = try UnionCharge.make(json: #"{"object": "charge", "quantity": 0.5}"#, options: options)
        #expect(made.quantity == .ratio(0.5))
    }

    @Test func aUnionFirstUsedOnManyThreadsAtOnceReadsAndWritesOnEach() {
        let json = #"{"fields": ["a", 1, {"id": "cus_1"}, "b", 2]}"#
        let results = UnionResults()
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let written = try? ConcurrentHolder(json: json).jsonString(options: .compact)
            results.append(written ?? "failed")
        }
        let expected =
            #"{"version":1,"representedClassName":"ConcurrentHolder","fields":["a",1,"#
            + #"{"object":"customer","id":"cus_1","balance":0},"b",2]}"#
        #expect(results.all == Array(repeating: expected, count: 16))
    }

    @Test func codableDecodingReportsAValueThatFitsNoAlternative() throws {
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(UnionCharge.self, from: Data(#"{"customer": 5}"#.utf8))
        }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected a type mismatch, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["customer"])
        #expect(context.debugDescription == "customer: expected a string or an object, found 5")
    }
}

/// What the threads of a test wrote, behind a lock.
private final class UnionResults: @unchecked Sendable {
    // Every access to `values` holds `lock`.
    private let lock = NSLock()
    private var values: [String] = []

    func append(_ value: String) {
        lock.lock()
        defer { lock.unlock() }
        values.append(value)
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}
