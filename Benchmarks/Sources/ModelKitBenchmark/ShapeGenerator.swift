import Foundation

/// Writes the JSON document of a shape: a top-level array of charges, as a list endpoint
/// sends them, compact, each object's keys in alphabetical order as Stripe writes them, so
/// that the declared keys stand among the undeclared ones.
///
/// For depth 2, 8 undeclared keys and the union, one charge reads (keys abridged, values
/// drawn from a seeded generator):
///
/// ```
/// {"amount":4210,"amount_captured":…,"application":null,"billing_details":{…},"captured":true,
///  "created":1712345678,"currency":"eur","customer":"cus_…","id":"ch_…","labels":[…],
///  "livemode":false,"object":"charge",
///  "payment_method_details":{"amount_refunded":…,"balance_transaction":"txn_…",
///   "card":{"brand":"visa","calculated_statement_descriptor":…,"exp_year":2029,"last4":"0042",…},
///   "disputed":false,…,"type":"card"},
///  "receipt_url":"https://…","score":12.5,"status":"succeeded"}
/// ```
///
/// Every object that a model declares (the charge, each container on the path, an expanded
/// customer, each refund) holds `siblings` undeclared keys, from a pool of 32 shaped like
/// Stripe's and GitHub's: strings, ids, URLs, numbers, booleans, `null`s, small objects and
/// arrays. The charge takes them from the start of the pool, each level of the path from the
/// next eighth, and an expanded customer and a refund from places of their own.
struct ShapeGenerator {
    private let shape: Shape
    private var random: SplitMix64

    init(_ shape: Shape, seed: UInt64) {
        self.shape = shape
        random = SplitMix64(seed: seed)
    }

    /// A document of about `bytes` (at least one charge), and the number of charges in it.
    mutating func makeDocument(bytes: Int) -> (json: Data, objects: Int) {
        var text = "["
        var count = 0
        while count == 0 || text.utf8.count < bytes {
            if count > 0 { text += "," }
            text += charge(count)
            count += 1
        }
        text += "]"
        return (Data(text.utf8), count)
    }

    private mutating func charge(_ index: Int) -> String {
        var entries = [
            ("id", quoted("ch_" + token(24))),
            ("amount", String(50 + next(100_000))),
            ("currency", quoted(["usd", "eur", "gbp", "chf"][next(4)])),
            ("created", String(1_700_000_000 + next(50_000_000))),
            ("livemode", String(next(2) == 0)),
            ("status", quoted(["succeeded", "pending", "failed"][next(3)])),
            ("payment_method_details", container(level: 1)),
        ]
        if shape.fields.hasUnion {
            entries.append(("customer", index % 2 == 0 ? quoted("cus_" + token(14)) : customer(index)))
        }
        if shape.fields.hasCodableValue {
            let id = "pi_" + token(24)
            let intent = #"{"amount":\#(50 + next(100_000)),"id":"\#(id)","status":"succeeded"}"#
            entries.append(("payment_intent", index % 2 == 1 ? quoted(id) : intent))
        }
        if shape.fields.hasNulls {
            let isNull = index % 8 != 7
            entries.append(("description", isNull ? "null" : quoted("Order #\(index)")))
            entries.append(("failure_code", isNull ? "null" : quoted("card_declined")))
            entries.append(("receipt_email", isNull ? "null" : quoted("receipts+\(index)@example.com")))
            entries.append(("canceled_at", isNull ? "null" : String(1_700_000_000 + next(50_000_000))))
        }
        if shape.fields.hasArray {
            let refunds = (0...next(3)).map { _ in refund() }
            entries.append(("refunds", "[" + refunds.joined(separator: ",") + "]"))
        }
        return object(entries, siblingsFrom: 0)
    }

    /// The container of `payment_method_details` at `level` 1, `card` at 2, `checks` at 3:
    /// all three of its declared keys at the shape's depth, the first one above it.
    private mutating func container(level: Int) -> String {
        var entries: [(String, String)]
        switch level {
        case 1:
            entries = [
                ("type", quoted("card")),
                ("amount_authorized", String(50 + next(100_000))),
                ("capture_before", next(3) == 0 ? "null" : String(1_700_000_000 + next(50_000_000))),
            ]
        case 2:
            entries = [
                ("brand", quoted(["visa", "mastercard", "amex"][next(3)])),
                ("exp_year", String(2027 + next(6))),
                ("last4", quoted(String(format: "%04ld", next(10_000)))),
            ]
        default:
            entries = [
                ("cvc_check", quoted(["pass", "fail", "unavailable"][next(3)])),
                ("address_postal_code_check", quoted(["pass", "unchecked"][next(2)])),
                ("address_line1_check", next(3) == 0 ? "null" : quoted("pass")),
            ]
        }
        if level < shape.depth {
            entries = [entries[0], (level == 1 ? "card" : "checks", container(level: level + 1))]
        }
        return object(entries, siblingsFrom: level * 8)
    }

    private mutating func customer(_ index: Int) -> String {
        let name = next(2) == 0 ? "null" : quoted("Jenny Rosen")
        let entries = [
            ("id", quoted("cus_" + token(14))), ("email", quoted("jenny.rosen+\(index)@example.com")), ("name", name),
        ]
        return object(entries, siblingsFrom: 20)
    }

    private mutating func refund() -> String {
        let entries = [
            ("id", quoted("re_" + token(24))),
            ("amount", String(50 + next(10_000))),
            ("status", quoted(["succeeded", "pending"][next(2)])),
            ("created", String(1_700_000_000 + next(50_000_000))),
        ]
        return object(entries, siblingsFrom: 12)
    }

    /// The object of `declared` and the shape's undeclared keys, sorted by key; the keys are
    /// the pool's from `siblingsFrom` on, round to its start.
    private mutating func object(_ declared: [(String, String)], siblingsFrom first: Int) -> String {
        var entries = declared
        for slot in 0..<shape.siblings {
            let sibling = Self.siblings[(first + slot) % Self.siblings.count]
            entries.append((sibling.key, value(of: sibling.kind)))
        }
        entries.sort { $0.0 < $1.0 }
        return "{" + entries.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    // MARK: Undeclared values

    private enum Kind {
        case text(String)
        case token(String)
        case url(String)
        case null
        case count
        case decimal
        case flag
        case timestamp
        case billingDetails
        case outcome
        case metadata
        case emptyObject
        case reactions
        case labels
    }

    /// The undeclared keys, so ordered that each run of eight mixes the kinds.
    private static let siblings: [(key: String, kind: Kind)] = [
        ("object", .text("charge")), ("application", .null), ("amount_captured", .count), ("captured", .flag),
        ("billing_details", .billingDetails), ("receipt_url", .url("https://pay.stripe.com/receipts/payment/")),
        ("score", .decimal), ("labels", .labels),
        ("balance_transaction", .token("txn_")), ("on_behalf_of", .null), ("amount_refunded", .count),
        ("disputed", .flag), ("outcome", .outcome), ("html_url", .url("https://github.com/modelkit/modelkit/issues/")),
        ("review", .null), ("updated_at", .timestamp),
        ("calculated_statement_descriptor", .text("MODELKIT.DEV")), ("shipping", .null), ("comments", .count),
        ("refunded", .flag), ("metadata", .metadata), ("node_id", .token("MDU6SXNzdWU")), ("transfer_group", .null),
        ("locked", .flag),
        ("author_association", .text("CONTRIBUTOR")), ("fraud_details", .emptyObject), ("source_transfer", .null),
        ("payment_method", .token("pm_")), ("statement_descriptor", .null), ("reactions", .reactions),
        ("paid", .flag), ("failure_balance_transaction", .null),
    ]

    private mutating func value(of kind: Kind) -> String {
        switch kind {
        case .text(let text): quoted(text)
        case .token(let prefix): quoted(prefix + token(14))
        case .url(let prefix): quoted(prefix + String(next(1_000_000)))
        case .null: "null"
        case .count: String(next(10_000))
        case .decimal: "\(next(100)).\(1 + next(99))"
        case .flag: String(next(2) == 0)
        case .timestamp:
            quoted(String(format: "2026-11-%02ldT%02ld:%02ld:%02ldZ", 1 + next(28), next(24), next(60), next(60)))
        case .billingDetails:
            #"{"address":{"city":"Zürich","country":"CH","line1":null,"line2":null,"postal_code":"80\#(next(10))1","#
                + #""state":null},"email":null,"name":"Zoë Müller","phone":null}"#
        case .outcome:
            #"{"network_status":"approved_by_network","reason":null,"risk_level":"normal","risk_score":\#(next(100)),"#
                + #""seller_message":"Payment complete.","type":"authorized"}"#
        case .metadata: #"{"order_id":"\#(next(100_000))"}"#
        case .emptyObject: "{}"
        case .reactions:
            #"{"+1":\#(next(5)),"-1":0,"heart":\#(next(3)),"total_count":\#(5 + next(5)),"#
                + #""url":"https://api.github.com/repos/modelkit/modelkit/issues/\#(next(5000))/reactions"}"#
        case .labels: next(2) == 0 ? "[]" : #"["bug","good first issue"]"#
        }
    }

    // MARK: Values

    private mutating func next(_ bound: Int) -> Int {
        Int(random.next() % UInt64(bound))
    }

    private static let alphanumerics = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    private mutating func token(_ length: Int) -> String {
        String((0..<length).map { _ in Self.alphanumerics[next(Self.alphanumerics.count)] })
    }

    private func quoted(_ text: String) -> String {
        "\"\(text)\""
    }
}
