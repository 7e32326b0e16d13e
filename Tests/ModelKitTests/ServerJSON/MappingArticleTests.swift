import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// The models of the article "Mapping a server's JSON", as it declares them.
enum MappingArticle {
    /// The base of the API's models: snake_case keys, no header.
    class APIModel: ModelObject {
        override class var keyStyle: KeyStyle { .snakeCase }
        override class var versionKey: String? { nil }
        override class var typeKey: String? { nil }
    }

    enum Visibility: String, SavedValue {
        case `public`, `private`, `internal`, unknown
    }

    final class Owner: APIModel {
        @Saved var login = ""
        @Saved var id = 0
        @Saved var siteAdmin = false

        override func validate() throws {
            guard id > 0 else { throw ValidationError("must be positive", key: "id") }
        }
    }

    class Event: APIModel {
        override class var typeKey: String? { "type" }
        override class var modelName: String { "event" }
        override class var knownSubclasses: [ModelObject.Type] { [PushEvent.self] }
    }

    final class PushEvent: Event {
        override class var modelName: String { "push" }
        @Saved var ref = ""
    }

    final class Repository: APIModel {
        @Saved("id", alternatives: ["ID"]) var id = 0
        @Saved var fullName = ""
        @Saved("description") var summary: String?
        @Saved(fallback: .unknown) var visibility = Visibility.public
        @Saved var createdAt = Date()
        @Saved(date: .secondsSince1970) var pushedAt = Date()
        @Saved var owner = Owner()
        @Saved(path: "stats", "stargazers") var stars = 0
        @Saved(path: "stats", "forks") var forks = 0
        @Saved var latestEvent: Event?
    }

    /// What every object of the API carries.
    final class Stamp: APIModel {
        @Saved var id = ""
        @Saved var object = ""
        @Saved var metadata: [String: String] = [:]
    }

    /// An address, as a card spreads it over its own keys.
    final class CardAddress: APIModel {
        @Saved("address_line1") var line1: String?
        @Saved("address_city") var city: String?
        @Saved("address_zip") var postalCode: String?
    }

    final class Card: APIModel {
        @Saved(flattened: true) var stamp = Stamp()
        @Saved var brand = ""
        @Saved var last4 = ""
        @Saved(flattened: true) var address = CardAddress()
    }

    /// The body of a request that creates an issue.
    final class NewIssue: APIModel {
        override class var rejectsUnknownKeys: Bool { true }
        @Saved var title = ""
        @Saved var body: String?
        @Saved var assignees: [String] = []
        @Saved var labels: [String] = []
        @Saved var milestone: Int?
    }

    static let card = #"""
        {
          "id": "card_1MvoiELkdIwHu7ixOeFGbN9D",
          "object": "card",
          "metadata": {},
          "brand": "Visa",
          "last4": "4242",
          "address_line1": "510 Townsend St",
          "address_city": "San Francisco",
          "address_zip": "94103",
          "funding": "credit"
        }
        """#

    /// The base of Stripe's models: snake_case keys, no header.
    class StripeObject: ModelObject {
        override class var keyStyle: KeyStyle { .snakeCase }
        override class var versionKey: String? { nil }
        override class var typeKey: String? { nil }
    }

    class PaymentSource: StripeObject {
        override class var typeKey: String? { "object" }
        override class var modelName: String { "payment_source" }
        override class var knownSubclasses: [ModelObject.Type] { [SourceCard.self, BankAccount.self] }

        @Saved var id = ""
    }

    final class SourceCard: PaymentSource {
        override class var modelName: String { "card" }
        @Saved var brand = ""
        @Saved var last4 = ""
    }

    final class BankAccount: PaymentSource {
        override class var modelName: String { "bank_account" }
        @Saved var bankName = ""
    }

    final class SourceList: StripeObject {
        @Saved var data: [PaymentSource] = []
    }

    final class Customer: StripeObject {
        @Saved var id = ""
        @Saved var email: String?
    }

    enum CustomerField: SavedUnion {
        case id(String)
        case customer(Customer)

        static var alternatives: [SavedAlternative<CustomerField>] { [.init(Self.id), .init(Self.customer)] }
    }

    final class Charge: StripeObject {
        @Saved var id = ""
        @Saved var amount = 0
        @Saved var customer: CustomerField?
    }

    static let charge = #"""
        { "id": "ch_3MmlLrLkdIwHu7ix", "object": "charge", "amount": 1099, "customer": "cus_NffrFeUfNV2Hib" }
        """#

    static let expandedCharge = #"""
        { "id": "ch_3MmlLrLkdIwHu7ix", "object": "charge", "amount": 1099,
          "customer": { "id": "cus_NffrFeUfNV2Hib", "object": "customer", "email": "jenny.rosen@example.com" } }
        """#

    static let sources = #"""
        {
          "object": "list",
          "data": [
            { "id": "card_1MvoiELkdIwHu7ix", "object": "card", "brand": "Visa", "last4": "4242" },
            { "id": "ba_1MvoIJ2eZvKYlo2C", "object": "bank_account", "bank_name": "STRIPE TEST BANK" }
          ]
        }
        """#

    static let page = #"""
        [
          {
            "id": 1296269,
            "full_name": "octocat/Hello-World",
            "description": "My first repository",
            "visibility": "public",
            "created_at": "2011-01-26T19:01:12Z",
            "pushed_at": 1296068472,
            "owner": { "login": "octocat", "id": 1, "site_admin": false },
            "stats": { "stargazers": 80, "forks": 9, "watchers": 80 },
            "latest_event": { "type": "push", "ref": "refs/heads/main" }
          }
        ]
        """#
}

@Suite struct MappingArticleTests {
    typealias Article = MappingArticle

    @Test func theArticlesPageLoadsThroughBothReaders() throws {
        for options: LoadOptions in [[], .foundationReader] {
            let repositories = try [Article.Repository](json: Article.page, options: options)
            let repository = try #require(repositories.first)
            #expect(repository.id == 1_296_269)
            #expect(repository.fullName == "octocat/Hello-World")
            #expect(repository.summary == "My first repository")
            #expect(repository.visibility == .public)
            #expect(repository.createdAt == Date(timeIntervalSince1970: 1_296_068_472))
            #expect(repository.pushedAt == Date(timeIntervalSince1970: 1_296_068_472))
            #expect(repository.owner.login == "octocat")
            #expect(repository.stars == 80 && repository.forks == 9)
            #expect((repository.latestEvent as? Article.PushEvent)?.ref == "refs/heads/main")
        }
    }

    @Test func thePageGoesBackAsItCame() throws {
        let repositories = try [Article.Repository](json: Article.page)
        let body = try repositories.jsonData(options: .compact)
        let original = try #require(try JSONSerialization.jsonObject(with: Data(Article.page.utf8)) as? NSArray)
        let written = try #require(try JSONSerialization.jsonObject(with: body) as? NSArray)
        #expect(written == original)
        #expect(try [Article.Repository](json: body) == repositories)
    }

    @Test func aServerAddingACaseOrSendingABadOwnerIsHandled() throws {
        let newer = Article.page.replacingOccurrences(of: #""public""#, with: #""internal2""#)
        let repository = try #require(try [Article.Repository](json: newer).first)
        #expect(repository.visibility == .unknown)
        #expect(repository.unknownRawValue(forKey: "visibility") as? String == "internal2")
        let badOwner = Article.page.replacingOccurrences(of: #""id": 1,"#, with: #""id": 0,"#)
        let error = try #require(throws: ModelError.self) { try [Article.Repository](json: badOwner) }
        #expect(error.description == "[0].owner.id: must be positive")
        #expect(error.localizedDescription == "must be positive")
        let lenient = try [Article.Repository](json: badOwner, options: .lenient)
        #expect(lenient.first?.loadIssues.map(\.description) == ["owner.id: must be positive"])
    }

    @Test func theCardsFlattenedPartsLoadAndGoBackAsTheyCame() throws {
        for options: LoadOptions in [[], .foundationReader] {
            let card = try Article.Card(json: Article.card, options: options)
            #expect(card.stamp.id == "card_1MvoiELkdIwHu7ixOeFGbN9D" && card.stamp.object == "card")
            #expect(card.address.city == "San Francisco" && card.address.line1 == "510 Townsend St")
            #expect(card.unknownValues.keys.sorted() == ["funding"])
            #expect(try writtenObject(card.jsonData()) == writtenObject(Article.card))
            card.address.city = "Oakland"
            #expect(card.changedKeys == ["address_city"])
            #expect(sameJSON(try card.mergePatch(), ["address_city": "Oakland"]))
        }
        let error = try #require(throws: ModelError.self) {
            try [Article.Card](json: #"[{}, {}, {"address_city": 5}]"#)
        }
        #expect(error.description == "[2].address_city: expected a string, found 5")
    }

    @Test func theIssueRequestRejectsAMisspelledKey() throws {
        let body = #"{"title": "Found a bug", "labels": ["bug"], "asignees": ["octocat"]}"#
        for options: LoadOptions in [[], .foundationReader] {
            let error = try #require(throws: ModelError.self) { try Article.NewIssue(json: body, options: options) }
            #expect(error.description == #"asignees: unknown key "asignees""#)
            let lenient = try Article.NewIssue(json: body, options: options.union(.lenient))
            #expect(lenient.title == "Found a bug" && lenient.labels == ["bug"] && lenient.unknownValues.isEmpty)
            #expect(lenient.loadIssues.map(\.description) == [#"asignees: unknown key "asignees""#])
        }
        let issue = try Article.NewIssue(json: #"{"title": "Found a bug", "assignees": ["octocat"]}"#)
        #expect(issue.assignees == ["octocat"])
    }

    @Test func theArticlesPaymentSourcesPickTheirClassesByTag() throws {
        for options: LoadOptions in [[], .foundationReader] {
            let sources = try Article.SourceList(json: Article.sources, options: options).data
            #expect((sources.first as? Article.SourceCard)?.last4 == "4242")
            #expect((sources.last as? Article.BankAccount)?.bankName == "STRIPE TEST BANK")
        }
        let list = try Article.SourceList(json: Article.sources)
        let original = try #require(try JSONSerialization.jsonObject(with: Data(Article.sources.utf8)) as? NSDictionary)
        #expect(try writtenObject(list.jsonData()) == original)
    }

    @Test func theArticlesExpandableFieldReadsEitherCaseAndGoesBackAsItCame() throws {
        for options: LoadOptions in [[], .foundationReader] {
            let charge = try Article.Charge(json: Article.charge, options: options)
            #expect(charge.customer == .id("cus_NffrFeUfNV2Hib"))
            let expanded = try Article.Charge(json: Article.expandedCharge, options: options)
            guard case .customer(let customer) = expanded.customer else {
                Issue.record("the expanded customer is not a customer")
                continue
            }
            #expect(customer.email == "jenny.rosen@example.com")
        }
        for json in [Article.charge, Article.expandedCharge] {
            let written = try Article.Charge(json: json).jsonData()
            #expect(try writtenObject(written) == writtenObject(json))
        }
        let error = try #require(throws: ModelError.self) {
            try Article.Charge(json: #"{"customer": 5}"#)
        }
        #expect(error.description == "customer: expected a string or an object, found 5")
    }
}
