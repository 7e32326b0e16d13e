import Foundation
import ModelKit
import Testing

/// The values of one saved type, in a document of a model: the reading schema must accept
/// exactly those that load, and the writing schema what the loaded objects write.
struct SchemaValueCase: Sendable, CustomTestStringConvertible {
    let name: String
    let model: ModelObject.Type
    /// The keys from the document's top level to the value.
    let path: [String]
    /// The values, as JSON.
    let values: [String]

    var testDescription: String { name }

    /// The document that holds `value` at the case's path.
    func document(_ value: String) -> String {
        path.reversed().reduce(value) { inner, key in #"{"\#(key)": \#(inner)}"# }
    }
}

@Suite struct SchemaValueTests {
    static let cases: [SchemaValueCase] = [
        SchemaValueCase(
            name: "DateValue", model: SchemaValueClasses.self, path: ["date", "string"],
            values: [
                #""""#, #""2024-01-02T03:04:05""#, #""2024-01-02T03:04:05.25""#, #""2024-01-02 03:04:05""#,
                #""2024-01-02T03:04:05Z""#, #""2024-01-02T03:04:05+01:00""#, #""0001-01-01T00:00:00Z""#, "null",
                #""now""#, #"" 2024-01-02T03:04:05Z""#, #""2024-02-30T00:00:00""#, #""2024-01-02T03:04:05+01""#,
                #""2024-01-02T03:04:05Zjunk""#, #""2024-01-02""#, #""2024-01-02T03:04""#, "5",
            ]),
        SchemaValueCase(
            name: "ISO 8601 Date", model: SchemaScalars.self, path: ["created_at"],
            values: [
                #""2024-01-02T03:04:05Z""#, #""2024-01-02 03:04:05Z""#, #""2024-01-02t03:04:05z""#,
                #""2024-01-02T03:04:05,5Z""#, #""2024-01-02T03:04:05+01""#, #""2024-01-02T03:04:05+0130""#,
                #""2024-02-29T00:00:00Z""#,
                #""2023-02-29T00:00:00Z""#, #""1900-02-29T00:00:00Z""#, #""2000-02-29T00:00:00Z""#,
                #""2024-01-02T23:59:60Z""#, #""2024-01-02T03:04:05""#, #""2024-01-02T03:04:05.Z""#, #""""#,
                #""2024-01-02T03:04:05+24:00""#, "0",
            ]),
        SchemaValueCase(
            name: "ISO 8601 Date of other years", model: SchemaScalars.self, path: ["created_at"],
            values: [
                #""+12024-01-02T03:04:05Z""#, #""-0001-01-02T03:04:05Z""#, #""-0004-02-29T00:00:00Z""#,
                #""0000-12-30T00:00:00Z""#, #""0000-02-29T00:00:00Z""#,
            ]),
        SchemaValueCase(
            name: "date pattern", model: SchemaScalars.self, path: ["stamped"],
            values: [
                #""2024/01/02 03:04""#, #""2024/1/2 3:4""#, #""24/01/02 03:04""#, #""2024/13/02 03:04""#,
                #""0000/01/02 03:04""#, #""2024/01/02 24:00""#, #""2024/01/02 23:59""#, #""12024/01/02 03:04""#,
            ]),
        SchemaValueCase(
            name: "date only", model: SchemaScalars.self, path: ["day"],
            values: [#""2024-01-02""#, #""2024-1-2""#, #""2024-02-30""#, #""0000-01-02""#, #""2024-01-02T00:00:00Z""#]),
        SchemaValueCase(
            name: "Bool", model: SchemaScalars.self, path: ["flag"], values: ["true", "0", "1", "2", #""true""#]),
        SchemaValueCase(
            name: "Decimal", model: SchemaScalars.self, path: ["decimal"],
            values: [#""12.5""#, #""-1e3""#, #"".5""#, #""x""#, #""""#, "12.5", "true", "1e300", "-1e127"]),
        SchemaValueCase(
            name: "UUID", model: SchemaScalars.self, path: ["identifier"],
            values: [
                #""e621e1f8-c36c-495a-93fc-0c247a3e6e5f""#, #""E621E1F8C36C495A93FC0C247A3E6E5F""#,
                #""{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}""#,
            ]),
        SchemaValueCase(
            name: "URL", model: SchemaScalars.self, path: ["link"],
            values: [#""""#, #""relative/path""#, #""https://example.com/a b""#, "5"]),
        SchemaValueCase(
            name: "DataValue", model: SchemaValueClasses.self, path: ["data", "string"],
            values: [#""""#, #""SGVsbG8=""#, #""SGVs\nbG8=""#, #""SGVsbG8""#, #""***""#, "null"]),
        SchemaValueCase(name: "Data", model: SchemaScalars.self, path: ["bytes"], values: [#""""#, #""SGVs\nbG8=""#]),
        SchemaValueCase(
            name: "Set", model: SchemaScalars.self, path: ["numbers"], values: ["[1, 1]", "[1, 2]", "[1.5]"]),
        SchemaValueCase(
            name: "path container", model: SchemaScalars.self, path: ["stats"], values: ["null", "{}", "5"]),
        SchemaValueCase(name: "version", model: SchemaScalars.self, path: ["version"], values: ["-3", "1e30", "1.5"]),
    ]

    private func loads(_ model: ModelObject.Type, _ json: String) -> Bool {
        (try? model.make(json: json)) != nil
    }

    @Test(arguments: cases)
    func readingSchemaAcceptsWhatLoads(_ valueCase: SchemaValueCase) throws {
        let schema = try SchemaCheck(try valueCase.model.jsonSchema())
        for value in valueCase.values {
            let json = valueCase.document(value)
            #expect(try schema.accepts(json: json) == loads(valueCase.model, json), "\(json)")
        }
    }

    @Test(arguments: cases)
    func writingSchemaAcceptsWhatLoadedObjectsWrite(_ valueCase: SchemaValueCase) throws {
        let schema = try SchemaCheck(try valueCase.model.jsonSchema(for: .writing))
        for value in valueCase.values {
            guard let object = try? valueCase.model.make(json: valueCase.document(value)) else { continue }
            let output = String(decoding: try object.jsonData(), as: UTF8.self)
            #expect(try schema.accepts(json: output), "\(value): \(output)")
        }
    }

    @Test(arguments: cases)
    func strictReadingSchemaAcceptsOnlyWhatLoads(_ valueCase: SchemaValueCase) throws {
        guard let data = try? valueCase.model.jsonSchema(profile: .openAIStrict) else { return }
        let schema = try SchemaCheck(data)
        // The profile requires every key: each value goes into the output of a new object,
        // without its header, with `null` for the optionals that it leaves out.
        let base = try JSONSerialization.jsonObject(with: valueCase.model.init().jsonData(options: .withoutHeader))
        for value in valueCase.values {
            let inserted = try JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed)
            let document = schema.fillingRequiredKeysWithNull(
                CorpusMutations.setting(inserted, at: valueCase.path[...], in: base))
            let json = String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)
            if try schema.accepts(json: json) { #expect(loads(valueCase.model, json), "\(json)") }
        }
    }

    @Test func writingSchemasKeepTheirFormats() throws {
        let writing = try SchemaCheck(try SchemaScalars.jsonSchema(for: .writing))
        let properties = try #require(writing.document["properties"] as? [String: [String: Any]])
        #expect((properties["created_at"]?["anyOf"] as? [[String: Any]])?.first?["format"] as? String == "date-time")
        #expect(properties["identifier"]?["format"] as? String == "uuid")
        #expect(properties["link"]?["format"] as? String == "uri-reference")
        #expect(properties["numbers"]?["uniqueItems"] as? Bool == true)
        let classes = try SchemaCheck(try SchemaValueClasses.jsonSchema(for: .writing))
        let dateValue = try #require(classes.resolve("#/$defs/DateValue") as? [String: Any])
        let string = try #require((dateValue["properties"] as? [String: [String: Any]])?["string"])
        #expect((string["anyOf"] as? [[String: Any]])?.first?["format"] as? String == "date-time")
    }
}
