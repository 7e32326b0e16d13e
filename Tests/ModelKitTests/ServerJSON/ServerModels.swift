import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Models shaped like the data of web APIs: snake_case keys, nested objects, `id` spelled
// several ways, no DejalObject header, and type tags.

/// A repository as a GitHub-like API sends it.
final class APIRepository: ModelObject {
    override class var keyStyle: KeyStyle { .snakeCase }
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }

    @Saved("id", alternatives: ["ID", "repo_id"]) var identifier = 0
    @Saved var fullName = ""
    @Saved var htmlURL: String?
    @Saved("description") var summary: String?
    @Saved var isPrivate = false
    @Saved(path: "stats", "stars") var stars = 0
    @Saved(path: "stats", "forks") var forks = 0
    @Saved(path: "owner", "profile", "login") var ownerLogin = ""
    @Saved var version: String?
}

/// A base class in snake case whose subclass writes its own keys in kebab case.
class StyledRecord: ModelObject {
    override class var keyStyle: KeyStyle { .snakeCase }
    @Saved var createdAt = ""
    @Saved("Explicit") var explicitKey = 0
}

final class KebabRecord: StyledRecord {
    override class var keyStyle: KeyStyle { .kebabCase }
    @Saved var updatedAt = ""
}

final class InheritingRecord: StyledRecord {
    @Saved var updatedAt = ""
}

/// A model in DejalObject's format whose version lives under another key.
final class SchemaDocument: ModelObject {
    override class var versionKey: String? { "schema_version" }
    override class var modelVersion: Int { 2 }
    @Saved var title = ""

    override class func migrate(_ dictionary: inout [String: Any], from version: Int) throws {
        if let name = dictionary.removeValue(forKey: "name") { dictionary["title"] = name }
    }
}

/// A model without a header that declares the keys DejalObject reserves.
final class PlainRelease: ModelObject {
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
    override class var modelVersion: Int { 3 }
    @Saved var version = ""
    @Saved var representedClassName = ""

    override class func migrate(_ dictionary: inout [String: Any], from version: Int) throws {
        throw ModelError(.custom("migration must not run for data without a version key"))
    }
}

/// Shapes told apart by a `type` tag.
class TaggedShape: ModelObject {
    override class var typeKey: String? { "type" }
    override class var versionKey: String? { nil }
    override class var modelName: String { "shape" }
    @Saved var name = ""
}

final class TaggedCircle: TaggedShape {
    override class var modelName: String { "circle" }
    @Saved var radius = 1.0
}

final class TaggedSquare: TaggedShape {
    override class var modelName: String { "square" }
    @Saved var side = 1.0
}

/// A model outside the shapes that answers to a tag.
final class TaggedNote: ModelObject {
    override class var typeKey: String? { "type" }
    override class var versionKey: String? { nil }
    override class var modelName: String { "note" }
    @Saved var text = ""
}

final class TaggedDrawing: ModelObject {
    override class var typeKey: String? { "type" }
    override class var versionKey: String? { nil }
    override class var modelName: String { "drawing" }
    @Saved var shapes: [TaggedShape] = []
    @Saved var named: [String: TaggedShape] = [:]
    @Saved var main: TaggedShape?
}

/// Registers the tagged classes, whose tags are not their Swift names.
func registerTaggedShapes() {
    for modelClass in [TaggedShape.self, TaggedCircle.self, TaggedSquare.self, TaggedNote.self, TaggedDrawing.self] {
        ModelObject.register(modelClass)
    }
}

/// Loads `json` into a new `Model` through both readers, expecting the same object of each.
func loadThroughBothReaders<Model: ModelObject>(
    _ type: Model.Type, _ json: String, options: LoadOptions = [], sourceLocation: SourceLocation = #_sourceLocation
) throws -> Model {
    let own = try Model(json: json, options: options)
    let foundation = try Model(json: json, options: options.union(.foundationReader))
    #expect(own == foundation, "the readers disagree", sourceLocation: sourceLocation)
    #expect(own.unknownValues.keys.sorted() == foundation.unknownValues.keys.sorted(), sourceLocation: sourceLocation)
    return own
}

/// The dictionary that compact JSON text parses to, for comparing outputs whatever their
/// key order.
func writtenObject(_ data: Data) throws -> NSDictionary {
    try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
}

func writtenObject(_ text: String) throws -> NSDictionary {
    try writtenObject(Data(text.utf8))
}
