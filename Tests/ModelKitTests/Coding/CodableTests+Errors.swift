import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Decoding errors through `Codable` take the kinds that `JSONDecoder` gives for the same data
// read into an equivalent `Codable` struct.

private final class ErrorLabel: ModelObject {
    @Saved var red = 0.0
}

private struct ErrorSpot: CodableSavedValue, Equatable {
    var x: Double
}

private final class ErrorTicket: ModelObject {
    @Saved var title = ""
    @Saved var tiny: Int8 = 0
    @Saved var count = 0
    @Saved var ratio: Float = 0
    @Saved var isOpen = false
    @Saved var due = Date(timeIntervalSince1970: 0)
    @Saved var link = URL(fileURLWithPath: "/")
    @Saved var label = ErrorLabel()
    @Saved var children: [ErrorTicket] = []
    @Saved var byName: [String: ErrorLabel] = [:]
    @Saved var note: String? = nil
    @Saved var spots: [ErrorSpot] = []
}

/// `ErrorTicket` as a plain `Codable` struct.
private struct TicketStruct: Decodable {
    struct Label: Decodable {
        var red: Double
    }

    var title: String
    var tiny: Int8
    var count: Int
    var ratio: Float
    var isOpen: Bool
    var due: Date
    var link: URL
    var label: Label
    var children: [TicketStruct]
    var byName: [String: Label]
    var note: String?
}

/// A document that both types read, with every key the struct requires.
private let validTicket = #"""
    {"title": "t", "tiny": 1, "count": 1, "ratio": 0.5, "isOpen": true, "due": "2015-02-23T18:30:00Z",
     "link": "https://example.com", "label": {"red": 1}, "children": [], "byName": {}}
    """#

/// The kind of a decoding error, with the type it names, and its coding path, with indices
/// as numbers.
private func summary(of error: any Error) -> (kind: String, path: [String]) {
    guard let error = error as? DecodingError else { return ("not a DecodingError: \(error)", []) }
    let (kind, context): (String, DecodingError.Context)
    switch error {
    case .typeMismatch(let type, let errorContext): (kind, context) = ("typeMismatch(\(type))", errorContext)
    case .valueNotFound(let type, let errorContext): (kind, context) = ("valueNotFound(\(type))", errorContext)
    case .keyNotFound(let key, let errorContext): (kind, context) = ("keyNotFound(\(key.stringValue))", errorContext)
    case .dataCorrupted(let errorContext): (kind, context) = ("dataCorrupted", errorContext)
    @unknown default: return ("unknown", [])
    }
    return (kind, context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue })
}

/// The error that decoding `type` from `data` throws.
private func decodingError<Value: Decodable>(
    _ type: Value.Type,
    from data: Data,
    with decoder: @Sendable (Data) throws -> Value
) -> (kind: String, path: [String])? {
    do {
        _ = try decoder(data)
        return nil
    } catch {
        return summary(of: error)
    }
}

extension CodableTests {
    @Test(
        arguments: [
            ("title", "5", "typeMismatch(String)", ["title"]),
            ("title", "null", "valueNotFound(String)", ["title"]),
            ("count", #""1""#, "typeMismatch(Int)", ["count"]),
            ("count", "true", "typeMismatch(Int)", ["count"]),
            ("count", "1.5", "dataCorrupted", ["count"]),
            ("tiny", "300", "dataCorrupted", ["tiny"]),
            ("ratio", #""half""#, "typeMismatch(Float)", ["ratio"]),
            ("isOpen", #""yes""#, "typeMismatch(Bool)", ["isOpen"]),
            ("due", "5", "typeMismatch(String)", ["due"]),
            ("due", #""next Tuesday""#, "dataCorrupted", ["due"]),
            ("link", "5", "typeMismatch(String)", ["link"]),
            ("link", #""""#, "dataCorrupted", ["link"]),
            ("label", #""blue""#, "typeMismatch(Dictionary<String, Any>)", ["label"]),
            ("label", "null", "valueNotFound(Dictionary<String, Any>)", ["label"]),
            ("label", #"{"red": "red"}"#, "typeMismatch(Double)", ["label", "red"]),
            ("label", #"{"red": null}"#, "valueNotFound(Double)", ["label", "red"]),
            ("children", #"{"a": 1}"#, "typeMismatch(Array<Any>)", ["children"]),
            ("children", "[5]", "typeMismatch(Dictionary<String, Any>)", ["children", "0"]),
            ("children", "[null]", "valueNotFound(Dictionary<String, Any>)", ["children", "0"]),
            ("byName", #"{"k": {"red": []}}"#, "typeMismatch(Double)", ["byName", "k", "red"]),
            ("byName", #"{"k": null}"#, "valueNotFound(Dictionary<String, Any>)", ["byName", "k"]),
            ("byName", "[1]", "typeMismatch(Dictionary<String, Any>)", ["byName"]),
            ("note", "5", "typeMismatch(String)", ["note"]),
        ])
    func decodingErrorsHaveTheKindsOfJSONDecoder(key: String, value: String, kind: String, path: [String]) throws {
        var document = try jsonObject(validTicket)
        document[key] = try JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed)
        let data = try JSONSerialization.data(withJSONObject: document)
        let structError = try #require(
            decodingError(TicketStruct.self, from: data) {
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .iso8601
                return try decoder.decode(TicketStruct.self, from: $0)
            })
        let modelError = try #require(
            decodingError(ErrorTicket.self, from: data) { try JSONDecoder().decode(ErrorTicket.self, from: $0) })
        #expect(modelError.kind == kind)
        #expect(modelError.kind == structError.kind)
        #expect(modelError.path == path)
        // `JSONDecoder` on Linux leaves the path of some `dataCorrupted` errors empty.
        if !structError.path.isEmpty {
            #expect(structError.path == path)
        }
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.binary, .xml])
    func propertyListDecodingErrorsHaveTheSameKinds(format: PropertyListSerialization.PropertyListFormat) throws {
        let cases: [([String: Any], String, [String])] = [
            (["children": [["title": "u"], ["count": "many"]]], "typeMismatch(Int)", ["children", "1", "count"]),
            (["label": ["red": Data([1])]], "typeMismatch(Double)", ["label", "red"]),
            (["due": "2015-02-30T10:00:00Z"], "dataCorrupted", ["due"]),
        ]
        for (document, kind, path) in cases {
            let data = try PropertyListSerialization.data(fromPropertyList: document, format: format, options: 0)
            let error = try #require(
                decodingError(ErrorTicket.self, from: data) {
                    try PropertyListDecoder().decode(ErrorTicket.self, from: $0)
                })
            #expect(error.kind == kind)
            #expect(error.path == path)
        }
    }

    @Test func decodingErrorsKeepTheModelErrorAndContinueTheCodingPath() throws {
        let json = #"{"tickets": [{}, {"children": [{"label": null}]}]}"#
        struct Box: Decodable {
            var tickets: [ErrorTicket]
        }
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(Box.self, from: Data(json.utf8))
        }
        guard case .valueNotFound(let type, let context) = error else {
            Issue.record("expected valueNotFound, found \(error)")
            return
        }
        #expect(ObjectIdentifier(type) == ObjectIdentifier([String: Any].self))
        #expect(summary(of: error).path == ["tickets", "1", "children", "0", "label"])
        let underlying = try #require(context.underlyingError as? ModelError)
        #expect(underlying.reason == .valueNotFound(expected: "an object"))
        #expect(context.debugDescription == "children[0].label: expected an object, found null")
        let madeError = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(ErrorTicket.self, from: Data(#"{"representedClassName": 7}"#.utf8))
        }
        #expect(summary(of: madeError).kind == "typeMismatch(String)")
        #expect(summary(of: madeError).path == ["representedClassName"])
        let spotError = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(ErrorTicket.self, from: Data(#"{"spots": [{"x": 1}, {"x": "far"}]}"#.utf8))
        }
        #expect(summary(of: spotError).kind == "typeMismatch(Double)", "a Codable value keeps its error's kind")
        #expect(summary(of: spotError).path == ["spots", "1", "x"])
    }
}
