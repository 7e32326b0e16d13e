import Foundation
import ModelKit
import Testing

/// The type tags of a tagged family, as the schemas describe them and as loading resolves
/// them, for properties declared as the family's base, as a branch with a subclass of its own,
/// and as a branch without one.
@Suite struct SchemaFamilyTests {
    /// Every kind of tag: none, the base's name, a sibling's, the declared class's and its
    /// legacy name, a subclass's, a name of no class, and names of unrelated classes.
    static let tags: [String?] = [
        nil, "figure", "figure-circle", "figure-square", "figure-box", "figure-rounded-square", "unheard-of",
        "DejalColor", "DateValue", "SchemaFigureHolder",
    ]

    /// The keys of the holder's family properties, and how a document holds an object there.
    static let properties = ["figure", "square", "squares", "circle"]

    init() {
        // The base answers to its name once it is used, as in every process that loads its
        // family through it.
        ModelObject.register(SchemaFigure.self)
    }

    private func document(_ key: String, tag: String?) -> String {
        let object = tag.map { #"{"type": "\#($0)", "name": "n"}"# } ?? #"{"name": "n"}"#
        return key == "squares" ? #"{"squares": [\#(object)]}"# : #"{"\#(key)": \#(object)}"#
    }

    private func loads(_ json: String) -> Bool {
        (try? SchemaFigureHolder.make(json: json)) != nil
    }

    @Test(arguments: properties)
    func readingSchemaAcceptsExactlyTheTagsThatLoad(key: String) throws {
        let schema = try SchemaCheck(try SchemaFigureHolder.jsonSchema())
        for tag in Self.tags {
            let json = document(key, tag: tag)
            #expect(try schema.accepts(json: json) == loads(json), "\(json)")
        }
    }

    @Test(arguments: properties)
    func strictSchemasAcceptOnlyTagsThatLoad(key: String) throws {
        for purpose in [SchemaPurpose.reading, .writing] {
            let schema = try SchemaCheck(try SchemaFigureHolder.jsonSchema(for: purpose, profile: .openAIStrict))
            for tag in Self.tags {
                let json = document(key, tag: tag)
                if try schema.accepts(json: json) { #expect(loads(json), "\(purpose): \(json)") }
            }
        }
    }

    @Test(arguments: properties)
    func writingSchemaAcceptsWhatLoadedObjectsWrite(key: String) throws {
        let schema = try SchemaCheck(try SchemaFigureHolder.jsonSchema(for: .writing))
        for tag in Self.tags {
            guard let holder = try? SchemaFigureHolder.make(json: document(key, tag: tag)) else { continue }
            let output = String(decoding: try holder.jsonData(), as: UTF8.self)
            #expect(try schema.accepts(json: output), "\(output)")
        }
    }

    @Test func siblingTagsStopALoadOfABranch() throws {
        // The declared class's branch of the family takes neither a sibling's tag nor the
        // base's, which loading resolves to classes that cannot stand for it.
        for tag in ["figure-circle", "figure", "DejalColor"] {
            #expect(throws: ModelError.self, "\(tag)") {
                try SchemaFigureHolder.make(json: document("square", tag: tag))
            }
        }
        let holder = try SchemaFigureHolder.make(json: document("square", tag: "figure-rounded-square"))
        #expect(holder.square is SchemaFigureRoundedSquare)
    }

    @Test func tagsOfOtherClassesAreListedOnce() throws {
        let schema = try SchemaCheck(try SchemaFigureHolder.jsonSchema())
        let names = try #require(schema.resolve("#/$defs/class-names") as? [String: Any])
        let listed = try #require(names["enum"] as? [String])
        for name in ["figure", "figure-circle", "figure-box", "DejalDate", "SchemaFigureHolder"] {
            #expect(listed.contains(name), "\(name)")
        }
        #expect(!listed.contains("unheard-of"))
    }
}
