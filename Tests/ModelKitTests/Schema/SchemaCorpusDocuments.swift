import Foundation
import ModelKit

/// A document of the schema corpus, and what loading makes of it.
struct CorpusDocument {
    /// The document's file name in its case's folder.
    let file: String
    let data: Data
    /// Where the document comes from, for the check's messages: `sample 0`, `accepted 2`,
    /// `sample 0, stats.stars = "x"`, `what loading generated-12.json writes`.
    let origin: String
    /// The schemas that must accept the document whatever loading says: every schema of the
    /// class's own output, the strict reading schema of the documents written for it.
    var mustAccept: [String] = []
    /// The key path of the value that a generated document changes.
    var path: String? = nil
    /// Loading's answer: `nil` when the document loads as an object of the class, else the
    /// error's description.
    var error: String? = nil
    /// Whether the document is what the class wrote for an object that it loaded.
    var isWritten = false

    /// The document's entry in the corpus's manifest.
    func manifestEntry(limit: String?) -> [String: Any] {
        var entry: [String: Any] = [
            "file": file, "origin": origin, "loads": error == nil, "mustAccept": mustAccept.sorted(),
        ]
        if let error { entry["error"] = error }
        if let path { entry["path"] = path }
        if let limit { entry["limit"] = limit }
        return entry
    }
}

/// The documents of one case of the corpus, each loaded as an object of the case's class:
/// the samples' output, the documents written by hand, documents that differ from a sample's
/// data at one place (``CorpusMutations``), and what the class writes for each document that
/// it loads.
struct CorpusDocuments {
    let schemaCase: SchemaCase
    private(set) var documents: [CorpusDocument] = []
    private var seen: Set<Data> = []

    /// The documents of `schemaCase`, whose schemas are `schemas`, by name.
    init(_ schemaCase: SchemaCase, schemas: [String: Data]) throws {
        self.schemaCase = schemaCase
        let schemaNames = schemas.keys.sorted()
        let classNames = try Self.classNames(in: schemas["reading-draft"])
        let strict = schemaNames.filter { $0.hasSuffix("openai") }
        for (index, sample) in schemaCase.samples().enumerated() {
            // Every schema but the strict reading one, which has no header keys but type tags.
            let output = try sample.jsonData()
            add(
                output, "output-\(index).json", "sample \(index)",
                mustAccept: schemaNames.filter { $0 != "reading-openai" })
            if schemaCase.strictReading == nil, strict.contains("reading-openai") {
                let bare = try sample.jsonData(options: .withoutHeader)
                add(
                    bare, "output-\(index)-without-header.json", "sample \(index) without its header",
                    mustAccept: ["reading-openai", "reading-draft"])
            }
        }
        for (index, document) in (schemaCase.strictReading ?? []).enumerated() {
            add(
                Data(document.utf8), "strict-\(index).json", "strict \(index)",
                mustAccept: ["reading-openai", "reading-draft"])
        }
        for (index, document) in schemaCase.accepted.enumerated() {
            add(Data(document.utf8), "accepted-\(index).json", "accepted \(index)")
        }
        for (index, document) in schemaCase.rejected.enumerated() {
            add(Data(document.utf8), "rejected-\(index).json", "rejected \(index)")
        }
        for (index, sample) in schemaCase.samples().enumerated() {
            let variants =
                try CorpusMutations.variants(of: sample.dictionary, classNames: classNames)
                + CorpusMutations.values(for: schemaCase.model, in: sample.dictionary)
            for variant in variants {
                add(
                    variant.data, "generated-\(documents.count).json", "sample \(index), \(variant.what)",
                    path: variant.path)
            }
        }
        try addWrittenDocuments()
    }

    /// The class names that a schema lists as resolving to a class, in `$defs/class-names`.
    private static func classNames(in schema: Data?) throws -> [String] {
        guard let schema, let document = try JSONSerialization.jsonObject(with: schema) as? [String: Any] else {
            return []
        }
        let list = (document["$defs"] as? [String: Any])?["class-names"] as? [String: Any]
        return list?["enum"] as? [String] ?? []
    }

    /// Adds a document, loading it, unless the case has one with the same bytes.
    private mutating func add(
        _ data: Data, _ file: String, _ origin: String, mustAccept: [String] = [], path: String? = nil
    ) {
        guard seen.insert(data).inserted else { return }
        var document = CorpusDocument(file: file, data: data, origin: origin, mustAccept: mustAccept, path: path)
        do {
            _ = try schemaCase.loadsAsValue(data)
        } catch {
            document.error = "\(error)"
        }
        documents.append(document)
    }

    /// Adds what the class writes for each document that it loads, which its writing schema
    /// must accept.
    private mutating func addWrittenDocuments() throws {
        for document in documents where document.error == nil {
            let written = try schemaCase.loadsAsValue(document.data).jsonData()
            let count = documents.count
            add(written, "written-\(count).json", "what loading \(document.file) writes", mustAccept: ["writing-draft"])
            if documents.count > count { documents[count].isWritten = true }
        }
    }

    /// The limit of `schemaCase` that a document's path falls under, if any.
    func limit(of document: CorpusDocument) -> String? {
        guard let path = document.path else { return nil }
        return schemaCase.limits.keys.sorted().first { limit in
            path == limit || path.hasPrefix(limit + ".") || path.hasPrefix(limit + "[")
        }
    }
}

/// Documents that differ from a model's data at one place: a key left out, a value replaced by
/// one of ``probes`` (and, under a type key, by each class name that resolves), an element
/// repeated, or a key that the model does not declare added; at each level of nested objects
/// and of an array's first element, down to ``depth``.
enum CorpusMutations {
    /// A document, with what changed and where.
    struct Variant {
        let data: Data
        let what: String
        let path: String
    }

    /// The values put in place of each value: `null`, each kind of JSON value, edge numbers,
    /// an empty string, and a class name that resolves.
    static var probes: [(text: String, value: Any)] {
        [
            ("null", NSNull()), ("true", true), ("0", 0), ("1", 1), ("-1", -1), ("1.5", 1.5), ("1e30", 1e30),
            (#""""#, ""), (#""x""#, "x"), (#""DejalColor""#, "DejalColor"), ("[]", [Any]()), ("{}", [String: Any]()),
        ]
    }

    /// How many levels below the top the values are changed.
    static let depth = 3

    /// The type keys of the corpus's classes, under which every class name is tried.
    static let typeKeys: Set<String?> = [ModelObject.typeKey, SchemaShape.typeKey, SchemaFigure.typeKey]

    /// Every variant of `dictionary`, a model's dictionary form; `classNames` are tried under
    /// each type key.
    static func variants(of dictionary: [String: Any], classNames: [String]) throws -> [Variant] {
        let names = classNames.map { (text: "\"\($0)\"", value: $0 as Any) }
        return try changes(of: dictionary, depth: depth, classNames: names).map { change in
            let data = try JSONSerialization.data(withJSONObject: change.value, options: [.sortedKeys])
            let path = change.path.isEmpty ? "(root)" : change.path
            return Variant(data: data, what: "\(path) \(change.what)", path: change.path)
        }
    }

    /// `dictionary` with each value of the ``SchemaValueTests`` of `model` at its path in turn:
    /// the values whose reading differs from what a `format` says.
    static func values(for model: ModelObject.Type, in dictionary: [String: Any]) throws -> [Variant] {
        var variants: [Variant] = []
        for valueCase in SchemaValueTests.cases where valueCase.model == model {
            for value in valueCase.values {
                let inserted = try JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed)
                let document = setting(inserted, at: valueCase.path[...], in: dictionary)
                let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
                let path = valueCase.path.joined(separator: ".")
                variants.append(Variant(data: data, what: "\(path) = \(value)", path: path))
            }
        }
        return variants
    }

    /// `container` with `value` at `path`, creating the objects on the way.
    static func setting(_ value: Any, at path: ArraySlice<String>, in container: Any) -> Any {
        guard let key = path.first else { return value }
        var object = container as? [String: Any] ?? [:]
        object[key] = setting(value, at: path.dropFirst(), in: object[key] ?? [String: Any]())
        return object
    }

    private typealias Change = (path: String, what: String, value: Any)
    private typealias Probes = [(text: String, value: Any)]

    private static func changes(of node: Any, depth: Int, classNames: Probes) -> [Change] {
        if let object = node as? [String: Any] { return changes(of: object, depth: depth, classNames: classNames) }
        guard let array = node as? [Any], let first = array.first else { return [] }
        var result: [Change] = [("", "with its first element repeated", array + [first])]
        for probe in probes {
            result.append(("[0]", "= \(probe.text)", [probe.value] + array.dropFirst()))
        }
        guard depth > 0 else { return result }
        for inner in changes(of: first, depth: depth - 1, classNames: classNames) {
            result.append(("[0]" + inner.path, inner.what, [inner.value] + array.dropFirst()))
        }
        return result
    }

    private static func changes(of object: [String: Any], depth: Int, classNames: Probes) -> [Change] {
        var added = object
        added["unexpectedKey"] = 1
        var result: [Change] = [("", "with a key it does not declare", added)]
        for key in object.keys.sorted() {
            var removed = object
            removed[key] = nil
            result.append((key, "left out", removed))
            for probe in probes + (typeKeys.contains(key) ? classNames : []) {
                var changed = object
                changed[key] = probe.value
                result.append((key, "= \(probe.text)", changed))
            }
            guard depth > 0, let value = object[key] else { continue }
            for inner in changes(of: value, depth: depth - 1, classNames: classNames) {
                var changed = object
                changed[key] = inner.value
                let path = inner.path.isEmpty || inner.path.hasPrefix("[") ? key + inner.path : key + "." + inner.path
                result.append((path, inner.what, changed))
            }
        }
        return result
    }
}
