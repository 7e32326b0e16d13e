import Foundation
import ModelKit
import Testing

/// The schemas of the corpus's models, both purposes and both profiles, and the documents to
/// check them with, each loaded by the model; with `MODELKIT_SCHEMA_OUTPUT` set to a folder,
/// written there with a manifest of loading's answers, which `Scripts/check-schemas.sh`
/// compares with each schema's.
@Suite struct SchemaCorpusTests {
    /// How each schema must agree with loading.
    ///
    /// A reading schema of draft 2020-12 accepts exactly the documents that load; every other
    /// schema accepts only documents that load. Besides, the schemas that describe what the
    /// class writes accept what it writes.
    static let agreement = [
        "reading-draft": "equal", "reading-openai": "sound", "writing-draft": "sound", "writing-openai": "sound",
    ]

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
        let documents = try CorpusDocuments(schemaCase, schemas: schemas)
        try checkAnswers(of: documents)
        if let folder = ProcessInfo.processInfo.environment["MODELKIT_SCHEMA_OUTPUT"] {
            try write(documents, schemas: schemas, into: URL(fileURLWithPath: folder))
        }
    }

    private let draftURI = "https://json-schema.org/draft/2020-12/schema"

    /// Loading as a value agrees with `make(json:)` on the documents written by hand, and
    /// reads back what it writes.
    private func checkAnswers(of corpus: CorpusDocuments) throws {
        let schemaCase = corpus.schemaCase
        for document in corpus.documents {
            let text = String(decoding: document.data, as: UTF8.self)
            if document.origin.hasPrefix("accepted") || document.origin.hasPrefix("sample") && document.path == nil {
                #expect(document.error == nil, "\(text)")
            } else if document.origin.hasPrefix("rejected") {
                #expect(document.error != nil, "\(text)")
            } else if document.isWritten {
                #expect(document.error == nil, "\(document.origin): \(text)")
            }
        }
        #expect(corpus.documents.contains { $0.path != nil } || schemaCase.samples().isEmpty)
    }

    /// Writes the case's schemas and documents, and a manifest with loading's answer for each
    /// document, the schemas that must accept it, and how each schema must agree with loading.
    private func write(_ corpus: CorpusDocuments, schemas: [String: Data], into folder: URL) throws {
        let caseFolder = folder.appendingPathComponent(corpus.schemaCase.name)
        try FileManager.default.createDirectory(at: caseFolder, withIntermediateDirectories: true)
        for (name, schema) in schemas {
            try schema.write(to: caseFolder.appendingPathComponent("\(name).json"))
        }
        for document in corpus.documents {
            try document.data.write(to: caseFolder.appendingPathComponent(document.file))
        }
        let manifest: [String: Any] = [
            "model": String(describing: corpus.schemaCase.model),
            "loading": "an element of [\(corpus.schemaCase.model)](json:), with the default options",
            "schemas": schemas.keys.sorted(),
            "agreement": Self.agreement.filter { schemas[$0.key] != nil },
            "limits": corpus.schemaCase.limits,
            "documents": corpus.documents.map { $0.manifestEntry(limit: corpus.limit(of: $0)) },
        ]
        let data = try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys, .prettyPrinted])
        try data.write(to: caseFolder.appendingPathComponent("manifest.json"))
    }
}
