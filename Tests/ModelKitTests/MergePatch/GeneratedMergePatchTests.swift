import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// Random models from `ModelGenerator` with random edits: the patch of the edits, applied to
/// a copy of the model as it was loaded, gives the edited model.
///
/// The seeds are those of `GeneratedRoundTripTests`: `TestSize.seeds`, 10 in the everyday
/// `swift test`, 100 with `MODELKIT_FULL_TESTS=1`.
@Suite(.tags(.generated)) struct GeneratedMergePatchTests {
    @Test func thePatchOfRandomEditsGivesTheEditedModel() {
        for seed in TestSize.seeds {
            do {
                var generator = ModelGenerator(seed: seed)
                let model = try GeneratedNode(json: generator.node().jsonData())
                let asLoaded = model.copy()
                var editor = ModelEditor(generator: generator)
                let edits = editor.edit(model, count: 1 + generator.next(8))
                let patch = try model.mergePatch()
                try asLoaded.apply(mergePatch: patch)
                let isEqual = asLoaded == model
                #expect(
                    isEqual,
                    "seed \(seed): after the edits \(edits), the patch of \(patch.keys.sorted()) gave another model")
            } catch {
                Issue.record("seed \(seed): \(error)")
            }
        }
    }

    @Test func thePatchAsJSONGivesTheEditedModelToo() {
        for seed in TestSize.seeds {
            do {
                var generator = ModelGenerator(seed: seed &+ 7_000_000)
                let model = try GeneratedNode(json: generator.node().jsonData())
                let asLoaded = model.copy()
                var editor = ModelEditor(generator: generator)
                let edits = editor.edit(model, count: 1 + generator.next(8))
                let patch = try model.mergePatchJSON(options: .compact)
                try asLoaded.apply(mergePatchJSON: patch)
                let isEqual = asLoaded == model
                #expect(isEqual, "seed \(seed): after the edits \(edits), the patch gave another model")
            } catch {
                Issue.record("seed \(seed): \(error)")
            }
        }
    }

    /// Loading the data the model was loaded from again, keeping the local changes, leaves the
    /// model and its patch as they were, without conflicts.
    @Test func reloadingTheSameDataKeepsEveryEdit() {
        for seed in TestSize.seeds {
            do {
                var generator = ModelGenerator(seed: seed &+ 9_000_000)
                let json = try generator.node().jsonData()
                let model = try GeneratedNode(json: json)
                var editor = ModelEditor(generator: generator)
                let edits = editor.edit(model, count: 1 + generator.next(8))
                let edited = model.copy()
                let patch = try model.mergePatch()
                try model.load(json: json, options: .keepingLocalChanges)
                let isEqual = model == edited
                #expect(isEqual, "seed \(seed): after the edits \(edits), reloading changed the model")
                #expect(model.mergeConflicts.isEmpty, "seed \(seed): \(model.mergeConflicts)")
                #expect(sameJSON(try model.mergePatch(), patch), "seed \(seed): after the edits \(edits)")
            } catch {
                Issue.record("seed \(seed): \(error)")
            }
        }
    }
}

/// Makes random edits anywhere in a tree of generated nodes, with values from a generator.
private struct ModelEditor {
    var generator: ModelGenerator

    /// Makes `count` edits and names them, to make a failing seed quick to read.
    mutating func edit(_ root: GeneratedNode, count: Int) -> [String] {
        (0..<count).map { _ in edit(pickNode(in: root)) }
    }

    /// The root or a node nested in it, through `next`, `children` or `byName`.
    private mutating func pickNode(in root: GeneratedNode) -> GeneratedNode {
        var node = root
        while generator.chance(2) {
            var choices: [GeneratedNode] = node.children + Array(node.byName.values)
            if let next = node.next { choices.append(next) }
            guard !choices.isEmpty else { break }
            node = generator.element(of: choices)
        }
        return node
    }

    private mutating func edit(_ node: GeneratedNode) -> String {
        switch generator.next(16) {
        case 0:
            node.name = generator.string()
            return "name"
        case 1:
            editScalars(node.scalars)
            return "scalars.*"
        case 2:
            node.scalars = generator.scalars()
            return "scalars"
        case 3:
            editCollections(node.collections)
            return "collections.*"
        case 4:
            node.color.red = generator.double()
            return "color.red"
        case 5:
            node.optionalColor = generator.chance(2) ? nil : generator.color()
            return "optionalColor"
        case 6:
            node.colors = generator.array(maximum: 3) { $0.color() }
            return "colors"
        case 7:
            node.next = generator.chance(2) ? nil : freshNode()
            return "next"
        case 8:
            node.next?.name = generator.string()
            return "next.name"
        case 9:
            if let child = node.children.first { editScalars(child.scalars) }
            return "children[0].scalars.*"
        case 10:
            node.children.append(freshNode())
            return "children"
        case 11:
            if let key = node.byName.keys.sorted().first { node.byName[key]?.name = generator.string() }
            return "byName[…].name"
        case 12:
            if let key = node.byName.keys.sorted().first {
                node.byName[key] = nil
            } else {
                node.byName["new"] = freshNode()
            }
            return "byName"
        case 13:
            node.date.date = generator.chance(4) ? nil : generator.date()
            return "date.date"
        case 14:
            if let shape = node.shapes.first { shape.label = generator.string() }
            node.interval.amount = generator.integer()
            node.time.minute = generator.next(60)
            node.optionalData = generator.chance(2) ? nil : generator.dataValue()
            return "shapes[0].label, interval.amount, time.minute, optionalData"
        default:
            node[extra: generator.element(of: ["flag", "notes", "rank"])] =
                generator.chance(3) ? nil : ["value": generator.string(), "count": generator.integer() as Int]
            return "extra"
        }
    }

    private mutating func editScalars(_ scalars: FuzzScalars) {
        scalars.int = generator.integer()
        if generator.chance(2) { scalars.decimal = generator.decimal() }
        if generator.chance(2) { scalars.date = generator.date() }
        if generator.chance(2) { scalars.url = generator.url() }
    }

    private mutating func editCollections(_ collections: FuzzCollections) {
        collections.optionalText = generator.optional { $0.string() }
        collections.optionalDate = generator.optional { $0.date() }
        collections.strings.append(generator.string())
        collections.optionals = generator.array { $0.optional { $0.integer() } }
        collections.priorities = Set(generator.array(maximum: 3) { $0.element(of: FuzzPriority.allCases) })
        if let key = collections.textByKey.keys.first, generator.chance(2) {
            collections.textByKey[key] = nil
        } else {
            collections.textByKey[generator.string()] = generator.string()
        }
        collections.listsByKey = generator.dictionary(maximum: 3) { $0.array { $0.integer() } }
        // A merge patch cannot give a dictionary entry the value null, only remove it.
        collections.optionalDates = generator.dictionary(maximum: 3) { $0.date() }
        collections.blobs[generator.string()] = generator.data()
    }

    /// A small new node, without the `nil` dictionary entries that a merge patch cannot hold.
    private mutating func freshNode() -> GeneratedNode {
        let node = generator.node(depth: 1)
        node.enumerateObjects { object, _ in
            if let collections = object as? FuzzCollections {
                collections.optionalDates = collections.optionalDates.filter { $0.value != nil }
                collections.blobs = collections.blobs.filter { $0.value != nil }
            }
            if let timeline = object as? GeneratedTimeline {
                timeline.byName = timeline.byName.filter { $0.value != nil }
            }
        }
        return node
    }
}
