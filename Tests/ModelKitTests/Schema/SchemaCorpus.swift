import Foundation
import ModelKit

/// One model class of the schema corpus: objects whose output every schema of the class must
/// accept, documents written by hand, and documents generated from the objects' data; for
/// each, whether the class loads it, which its schemas must agree with.
struct SchemaCase: Sendable {
    let name: String
    let model: ModelObject.Type
    /// Objects built in code, whose JSON every schema of the class accepts.
    let samples: @Sendable () -> [ModelObject]
    /// Documents for the class's `openAIStrict` reading schema; `nil` for the samples' JSON
    /// without its header.
    var strictReading: [String]?
    /// Documents that the class loads and its reading schemas accept.
    var accepted: [String]
    /// Documents that the class does not load and its reading schemas reject.
    var rejected: [String]
    /// The key path of the error that the class's `openAIStrict` schemas stop at, if any.
    var strictError: String?
    /// What the reading schema cannot say of the value at a key path of the generated
    /// documents (`mood`, `time.timeZoneName`), and so where it may disagree with loading.
    var limits: [String: String]
    /// Loads a document as an object of the class, as a property of its type holds it: an
    /// element of `[Model](json:)`, with the default, strict options.
    let loadsAsValue: @Sendable (Data) throws -> ModelObject

    init<Model: ModelObject>(
        name: String, model: Model.Type, samples: @escaping @Sendable () -> [ModelObject],
        limits: [String: String] = [:], strictReading: [String]? = nil, accepted: [String] = [],
        rejected: [String] = [], strictError: String? = nil
    ) {
        self.name = name
        self.model = model
        self.samples = samples
        self.strictReading = strictReading
        self.accepted = accepted
        self.rejected = rejected
        self.strictError = strictError
        self.limits = limits
        loadsAsValue = { document in
            let elements = try [Model](json: Data("[".utf8) + document + Data("]".utf8))
            guard elements.count == 1 else { throw ModelError(.custom("not one object")) }
            return elements[0]
        }
    }

    /// Every schema of the class that can be made, by its name in the corpus.
    func schemas() throws -> [String: Data] {
        var schemas: [String: Data] = [:]
        for (purpose, purposeName) in [(SchemaPurpose.reading, "reading"), (.writing, "writing")] {
            schemas["\(purposeName)-draft"] = try model.jsonSchema(for: purpose)
            if strictError == nil {
                schemas["\(purposeName)-openai"] = try model.jsonSchema(for: purpose, profile: .openAIStrict)
            }
        }
        return schemas
    }
}

enum SchemaCorpus {
    static let cases: [SchemaCase] = [
        SchemaCase(
            name: "scalars", model: SchemaScalars.self, samples: { [makeScalars()] },
            limits: ["mood": "an enum that is not CaseIterable cannot list its cases, so any raw value is described"],
            accepted: [
                "{}", #"{"ID": 7}"#, #"{"item_id": 8}"#, #"{"visibility": "internal"}"#, #"{"decimal": "12.5"}"#,
                #"{"note": null, "holiday": null}"#, #"{"stats": {"stars": 3, "other": true}}"#,
                #"{"extra": [1, 2], "version": 1, "representedClassName": "SchemaScalars"}"#,
                #"{"choice": 5, "point": {"x": 1, "y": 2}, "celsius": -3.5, "seconds": 1700000000.25}"#,
            ],
            rejected: [
                #"{"text": 5}"#, #"{"int8": 200}"#, #"{"uint8": -1}"#, #"{"int64": 9223372036854775808}"#,
                #"{"uint64": -1}"#, #"{"float": 1e39}"#, #"{"color": "purple"}"#, #"{"level": 3}"#,
                #"{"identifier": "not-a-uuid"}"#, #"{"stats": {"stars": "many"}}"#, #"{"bytes": "***"}"#,
                #"{"choice": true}"#, #"{"tags": [1]}"#, #"{"seconds": "2020"}"#, #"{"numbers": [1.5]}"#,
                #"{"created_at": 5}"#, #"{"ID": "seven"}"#, #"{"flag": "yes"}"#, #"{"version": "1"}"#,
            ]),
        SchemaCase(
            name: "value-classes", model: SchemaValueClasses.self, samples: { [makeValueClasses()] },
            limits: ["time.timeZoneName": "the time zones that a system knows are not listed: any name is described"],
            accepted: [#"{"color": {"representedClassName": "DejalColor", "red": 1}, "time": {"hour": 23}}"#],
            rejected: [
                #"{"time": {"hour": 24}}"#, #"{"interval": {"units": 12}}"#, #"{"color": {"red": "1"}}"#,
                #"{"data": {"length": "3"}}"#,
            ]),
        SchemaCase(
            name: "tree", model: SchemaTree.self, samples: { [makeTree()] },
            accepted: [#"{"next": {"name": "n", "next": {"children": []}}}"#],
            rejected: [#"{"children": [{"name": 3}]}"#, #"{"next": {"next": {"name": false}}}"#]),
        SchemaCase(
            name: "forest", model: SchemaForest.self, samples: { [makeForest()] },
            rejected: [#"{"trees": [{"children": [{"children": {}}]}]}"#]),
        SchemaCase(
            name: "drawing", model: SchemaDrawing.self, samples: { [makeDrawing()] },
            strictReading: [
                #"{"shapes": [{"kind": "circle", "name": "c", "radius": 2}], "main": null}"#,
                #"{"shapes": [], "main": {"kind": "square", "name": "s", "side": 1}}"#,
            ],
            accepted: [
                #"{"shapes": [{"kind": "circle", "radius": 2}, {"kind": "box", "side": 3}, {"name": "plain"}]}"#,
                #"{"shapes": [{"kind": "hexagon", "name": "kept"}], "main": {"kind": "shape"}}"#,
            ],
            rejected: [
                #"{"shapes": [{"kind": "circle", "radius": "big"}]}"#, #"{"shapes": [{"kind": 5}]}"#,
                #"{"main": {"kind": "square", "side": [1]}}"#,
            ]),
        SchemaCase(
            name: "shape", model: SchemaShape.self, samples: { [SchemaShape(), makeCircle()] },
            accepted: [#"{"kind": "square", "side": 2}"#, #"{"name": "plain"}"#],
            rejected: [#"{"kind": "circle", "radius": "x"}"#, #"{"kind": "square", "side": false}"#],
            strictError: "(root)"),
        SchemaCase(
            name: "invoice", model: SchemaInvoice.self, samples: { [makeInvoice(total: 12), makeInvoice(total: nil)] },
            accepted: [#"{"number": "F-1", "createdBy": "ana", "total": null}"#],
            rejected: [
                #"{"number": "F-1", "extra": 1}"#, #"{"createdBy": 5}"#, #"{"version": 1}"#,
                #"{"total": 1.5}"#,
            ]),
        SchemaCase(
            name: "collections", model: SchemaCollections.self, samples: { [makeCollections()] },
            accepted: [#"{"scores": {"a": 1}, "labels": {"x": "red"}}"#, #"{"labels": null}"#],
            rejected: [#"{"scores": {"a": "x"}}"#, #"{"labels": {"x": "purple"}}"#, #"{"scores": []}"#],
            strictError: "scores"),
        SchemaCase(
            name: "figures", model: SchemaFigureHolder.self, samples: { [makeFigures()] },
            strictReading: [
                #"{"figure": null, "square": null, "squares": [], "circle": null, "due": null}"#,
                #"""
                {"figure": {"type": "figure-rounded-square", "name": "r", "side": 2, "cornerRadius": 1},
                 "square": {"type": "figure-square", "name": "s", "side": 1}, "squares": [],
                 "circle": {"type": "figure-circle", "name": "c", "radius": 2}, "due": {"string": "2024-01-02T03:04:05Z"}}
                """#,
            ],
            accepted: [
                #"{"square": {"type": "figure-box", "side": 2}}"#, #"{"square": {"type": "figure-rounded-square"}}"#,
                #"{"square": {"side": 2}}"#, #"{"square": {"type": "unheard-of"}}"#,
                #"{"figure": {"type": "figure-circle", "radius": 2}}"#, #"{"due": {"string": ""}}"#,
                #"{"due": {"string": "2024-01-02T03:04:05"}}"#, #"{"due": {"string": "2024-01-02 03:04:05.25"}}"#,
                #"{"due": {"representedClassName": "DejalDate", "string": "2024-01-02T03:04:05"}}"#,
                #"{"due": {"string": "2024-01-02T03:04:05+01"}}"#,
            ],
            rejected: [
                #"{"square": {"type": "figure-circle", "radius": 2}}"#, #"{"squares": [{"type": "figure"}]}"#,
                #"{"circle": {"type": "figure-square"}}"#, #"{"square": {"type": "DejalColor"}}"#,
                #"{"due": {"representedClassName": "DejalColor"}}"#, #"{"due": {"string": "now"}}"#,
                #"{"due": {"string": "2024-01-02T24:00:00"}}"#,
            ]),
    ]
}
