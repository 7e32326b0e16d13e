import Foundation
import ModelKit

/// The real server payloads of the API workload, each a fixture file of one object.
enum APIPayload: String, CaseIterable {
    case githubOrganization = "github-organization"
    case githubSearchIssues = "github-search-issues"
    case stripeInvoice = "stripe-invoice"
    case stripeCheckoutSession = "stripe-checkout-session"

    var fileName: String { rawValue + ".json" }

    /// What one object of the document is, for the memory report.
    var objectName: String {
        switch self {
        case .githubOrganization: return "organization"
        case .githubSearchIssues: return "issue with its user"
        case .stripeInvoice: return "invoice with its line"
        case .stripeCheckoutSession: return "checkout session"
        }
    }

    private var isStripe: Bool {
        self == .stripeInvoice || self == .stripeCheckoutSession
    }

    /// A decoder for the twins: GitHub writes ISO 8601 dates, Stripe seconds since 1970.
    func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = isStripe ? .secondsSince1970 : .iso8601
        return decoder
    }

    /// An encoder for the twins, writing dates as the server does.
    func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = isStripe ? .secondsSince1970 : .iso8601
        return encoder
    }

    /// The workload of `document`, which holds this payload.
    func makeWorkload(_ document: APIDocument) throws -> Workload {
        switch self {
        case .githubOrganization:
            return try .makeAPIPayload(
                document, model: [GitHubOrganization].self, twin: [Plain.GitHubOrganization].self)
        case .githubSearchIssues:
            return try .makeAPIPayload(document, model: GitHubSearchResult.self, twin: Plain.GitHubSearchResult.self)
        case .stripeInvoice:
            return try .makeAPIPayload(document, model: [StripeInvoice].self, twin: [Plain.StripeInvoice].self)
        case .stripeCheckoutSession:
            return try .makeAPIPayload(
                document, model: [StripeCheckoutSession].self, twin: [Plain.StripeCheckoutSession].self)
        }
    }

    /// Loads a document of this payload as the memory probe's subject does: ModelKit or the
    /// `Codable` twin.
    func load(_ subject: MemoryProbe.Subject, json: Data) throws -> Any {
        switch self {
        case .githubOrganization:
            return try load(subject, json, model: [GitHubOrganization].self, twin: [Plain.GitHubOrganization].self)
        case .githubSearchIssues:
            return try load(subject, json, model: GitHubSearchResult.self, twin: Plain.GitHubSearchResult.self)
        case .stripeInvoice:
            return try load(subject, json, model: [StripeInvoice].self, twin: [Plain.StripeInvoice].self)
        case .stripeCheckoutSession:
            return try load(
                subject, json, model: [StripeCheckoutSession].self, twin: [Plain.StripeCheckoutSession].self)
        }
    }

    private func load<Model: ModelDocument, Twin: Decodable>(
        _ subject: MemoryProbe.Subject, _ json: Data, model: Model.Type, twin: Twin.Type
    ) throws -> Any {
        switch subject {
        case .modelKit: return try Model(json: json, options: [])
        case .codable: return try makeDecoder().decode(Twin.self, from: json)
        default: throw BenchmarkError("the API payloads are probed for ModelKit and Codable only")
        }
    }
}

/// What ModelKit loads a document of the API workload as: an array of models, or a model.
protocol ModelDocument: Equatable {
    init(json: Data, options: LoadOptions) throws
    func jsonData(options: WriteOptions) throws -> Data
}

extension Array: ModelDocument where Element: ModelObject {}

extension GitHubSearchResult: ModelDocument {}

/// A document of the API workload: a fixture's payload repeated to a few megabytes, so that its
/// rows compare with the generated documents'.
///
/// A list endpoint's page, a sync feed or an export sends many objects at once; a top-level
/// array of copies of the fixture's object is that, with the object's bytes as the server sent
/// them (indented, keys in the server's order), and lets `[Model](json:)` be set against
/// `JSONDecoder` decoding `[Struct]`. The search result is a page already: its document is the
/// result with its `items` repeated, in turn, into one long page, `total_count` as recorded.
struct APIDocument {
    let payload: APIPayload
    let json: Data
    /// The copies of the payload's object, or the search result's issues.
    let objects: Int

    /// Reads the payload's fixture from `folder` and repeats it to about `bytes`.
    init(_ payload: APIPayload, folder: URL, bytes: Int) throws {
        self.payload = payload
        let fixture = try Data(contentsOf: folder.appendingPathComponent(payload.fileName))
        let object = Self.trimmingWhitespace(fixture)
        if payload == .githubSearchIssues {
            let spans = try JSONSpans.elements(ofArrayUnder: "items", in: object)
            guard let first = spans.first, let last = spans.last else {
                throw BenchmarkError("\(payload.fileName) holds no issues")
            }
            // Between two issues, the separator of the fixture's own first two.
            let separator = spans.count > 1 ? object[first.upperBound..<spans[1].lowerBound] : Data(",".utf8)
            let issueBytes = max(1, (last.upperBound - first.lowerBound) / spans.count)
            objects = max(1, bytes / issueBytes)
            let issues = (0..<objects).map { object[spans[$0 % spans.count]] }
            json = object[..<first.lowerBound] + Data(issues.joined(separator: separator)) + object[last.upperBound...]
        } else {
            objects = max(1, bytes / object.count)
            json =
                Data("[".utf8) + Data(repeatElement(object, count: objects).joined(separator: Data(",\n".utf8)))
                + Data("]".utf8)
        }
    }

    /// The row label.
    var name: String {
        let count = objects.formatted()
        switch payload {
        case .githubOrganization: return "GitHub org ×\(count) array"
        case .githubSearchIssues: return "GitHub search, \(count) issues"
        case .stripeInvoice: return "Stripe invoice ×\(count) array"
        case .stripeCheckoutSession: return "Stripe checkout ×\(count) array"
        }
    }

    /// The bytes without the whitespace around them, such as a file's last newline.
    private static func trimmingWhitespace(_ data: Data) -> Data {
        let whitespace: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09]
        guard let first = data.firstIndex(where: { !whitespace.contains($0) }),
            let last = data.lastIndex(where: { !whitespace.contains($0) })
        else { return Data() }
        return Data(data[first...last])
    }
}
