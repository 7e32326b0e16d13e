import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// A model that declares nothing: every key is an unknown value.
final class RFCFreeForm: ModelObject {}

/// A model whose two keys are optional strings.
final class RFCStrings: ModelObject {
    @Saved var a: String? = nil
    @Saved var b: String? = nil
}

final class RFCInner: ModelObject {
    @Saved var b: String? = nil
    @Saved var c: String? = nil
}

/// A model whose `a` is a nested object with optional `b` and `c`.
final class RFCNested: ModelObject {
    @Saved var a: RFCInner? = nil
}

final class RFCLeaf: ModelObject {
    @Saved var ccc: String? = nil
}

final class RFCBranch: ModelObject {
    @Saved var bb: RFCLeaf? = nil
}

/// A model two levels deep: `a.bb.ccc`.
final class RFCTree: ModelObject {
    @Saved var a: RFCBranch? = nil
}

/// The examples of RFC 7396's appendix A whose original and patch are objects, which a model
/// can be, each applied to a model that declares its keys where their types allow and to one
/// that keeps every key as an unknown value.
@Suite struct MergePatchRFCTests {
    static let examples: [(original: String, patch: String, result: String)] = [
        (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
        (#"{"a":"b"}"#, #"{"a":null}"#, #"{}"#),
        (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
        (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
        (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
        (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
        (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#),
        // The appendix patches the array [1,2] here; a patch that is an object turns any value
        // that is not an object into an empty object first, which a new model is.
        (#"{}"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
        (#"{}"#, #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
    ]

    @Test(arguments: examples.indices)
    func appliesToUnknownValues(index: Int) throws {
        let example = Self.examples[index]
        let model = try RFCFreeForm(json: example.original)
        try model.apply(mergePatchJSON: example.patch)
        #expect(sameJSON(try values(of: model), try jsonObject(example.result)), "\(example)")
    }

    @Test(arguments: [0, 1, 2, 3])
    func appliesToOptionalStrings(index: Int) throws {
        let example = Self.examples[index]
        let model = try RFCStrings(json: example.original)
        try model.apply(mergePatchJSON: example.patch)
        #expect(model.unknownValues.isEmpty)
        #expect(sameJSON(try values(of: model), try jsonObject(example.result)), "\(example)")
    }

    @Test func appliesToANestedObject() throws {
        let example = Self.examples[6]
        let model = try RFCNested(json: example.original)
        try model.apply(mergePatchJSON: example.patch)
        #expect(model.a?.b == "d")
        #expect(model.a?.c == nil)
        #expect(sameJSON(try values(of: model), try jsonObject(example.result)))
    }

    @Test func createsNestedObjectsWhereThereAreNone() throws {
        let example = Self.examples[10]
        let model = try RFCTree(json: example.original)
        try model.apply(mergePatchJSON: example.patch)
        #expect(model.a?.bb?.ccc == nil)
        #expect(sameJSON(try values(of: model), try jsonObject(example.result)))
    }

    @Test func aPatchThatIsAnArrayOrAScalarCannotApplyToAModel() throws {
        for patch in [#"["c","d"]"#, #"["c"]"#, #"null"#, #""bar""#] {
            let model = try RFCFreeForm(json: #"{"a":"foo"}"#)
            let error = try #require(modelError { try model.apply(mergePatchJSON: patch) })
            #expect(error.keyPath.isRoot)
            #expect(model[extra: "a"] as? String == "foo")
        }
    }

    @Test(arguments: examples.indices)
    func thePatchOfTheResultGivesItBack(index: Int) throws {
        let example = Self.examples[index]
        let model = try RFCFreeForm(json: example.original)
        let copy = model.copy()
        try model.apply(mergePatchJSON: example.patch)
        try copy.apply(mergePatch: model.mergePatch())
        #expect(copy == model)
    }

    /// The dictionary form without `version` and `representedClassName`, at every level.
    private func values(of model: ModelObject) throws -> [String: Any] {
        try withoutClassKeys(model.dictionary)
    }

    private func withoutClassKeys(_ dictionary: [String: Any]) -> [String: Any] {
        var result: [String: Any] = [:]
        for (key, value) in dictionary where key != "version" && key != "representedClassName" {
            result[key] = (value as? [String: Any]).map(withoutClassKeys) ?? value
        }
        return result
    }
}
