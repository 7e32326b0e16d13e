import Foundation
import ModelKit
import Testing

/// The schemas of the corpus's models, both purposes and both profiles, checked against what
/// loading does; with `MODELKIT_SCHEMA_OUTPUT` set to a folder, written there with the
/// documents that `Scripts/check-schemas.sh` validates against them.
@Suite struct SchemaCorpusTests {
    @Test(arguments: SchemaCorpus.cases.map(\.name))
    func schemasAgreeWithLoading(name: String) throws {
        let schemaCase = try #require(SchemaCorpus.cases.first { $0.name == name })
        let schemas = try schemaCase.schemas()
        for (schemaName, schema) in schemas {
            let object = try #require(try JSONSerialization.jsonObject(with: schema) as? [String: Any], "\(schemaName)")
            #expect(object["$schema"] as? String == (schemaName.hasSuffix("draft") ? draftURI : nil))
        }
        if let strictError = schemaCase.strictError {
            for purpose in [SchemaPurpose.reading, .writing] {
                let error = try #require(throws: ModelError.self) {
                    try schemaCase.model.jsonSchema(for: purpose, profile: .openAIStrict)
                }
                #expect(error.keyPath.description == strictError)
            }
        }
        for document in schemaCase.accepted {
            #expect(throws: Never.self, "\(document)") { try schemaCase.model.make(json: document) }
        }
        for document in schemaCase.rejected {
            #expect(throws: ModelError.self, "\(document)") { try schemaCase.model.make(json: document) }
        }
        for sample in schemaCase.samples() {
            let output = try sample.jsonData()
            #expect(try schemaCase.model.make(json: output).jsonData() == output)
        }
        for document in schemaCase.strictReading ?? [] {
            #expect(throws: Never.self, "\(document)") { try schemaCase.model.make(json: document) }
        }
        if let folder = ProcessInfo.processInfo.environment["MODELKIT_SCHEMA_OUTPUT"] {
            try write(schemaCase, schemas: schemas, into: URL(fileURLWithPath: folder))
        }
    }

    private let draftURI = "https://json-schema.org/draft/2020-12/schema"

    /// Writes the case's schemas and documents, and a manifest that says which schema each
    /// document must satisfy and which it must not.
    private func write(_ schemaCase: SchemaCase, schemas: [String: Data], into folder: URL) throws {
        let caseFolder = folder.appendingPathComponent(schemaCase.name)
        try FileManager.default.createDirectory(at: caseFolder, withIntermediateDirectories: true)
        for (name, schema) in schemas {
            try schema.write(to: caseFolder.appendingPathComponent("\(name).json"))
        }
        let strictSchemas = schemas.keys.filter { $0.hasSuffix("openai") }
        var documents: [[String: Any]] = []
        func add(_ data: Data, _ name: String, valid: [String], invalid: [String] = []) throws {
            try data.write(to: caseFolder.appendingPathComponent(name))
            documents.append(["file": name, "valid": valid.sorted(), "invalid": invalid.sorted()])
        }
        let readingSchemas = schemas.keys.filter { $0.hasPrefix("reading") }
        for (index, sample) in schemaCase.samples().enumerated() {
            let output = try sample.jsonData()
            // Every schema but the strict reading one, which has no header keys but type tags.
            try add(output, "output-\(index).json", valid: schemas.keys.filter { $0 != "reading-openai" })
            if schemaCase.strictReading == nil, strictSchemas.contains("reading-openai") {
                let bare = try sample.jsonData(options: .withoutHeader)
                try add(bare, "output-\(index)-without-header.json", valid: ["reading-openai", "reading-draft"])
            }
        }
        for (index, document) in (schemaCase.strictReading ?? []).enumerated() {
            try add(Data(document.utf8), "strict-\(index).json", valid: ["reading-openai", "reading-draft"])
        }
        for (index, document) in schemaCase.accepted.enumerated() {
            try add(Data(document.utf8), "accepted-\(index).json", valid: ["reading-draft"])
        }
        for (index, document) in schemaCase.rejected.enumerated() {
            try add(Data(document.utf8), "rejected-\(index).json", valid: [], invalid: readingSchemas)
        }
        let manifest = try JSONSerialization.data(
            withJSONObject: ["schemas": schemas.keys.sorted(), "documents": documents], options: [.sortedKeys])
        try manifest.write(to: caseFolder.appendingPathComponent("manifest.json"))
    }
}
