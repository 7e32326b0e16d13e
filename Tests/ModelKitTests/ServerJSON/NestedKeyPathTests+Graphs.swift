import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

final class PathOwner: ModelObject {
    @Saved var login = ""
}

final class NestedHolder: ModelObject {
    @Saved(path: "meta", "owner") var owner = PathOwner()
    @Saved(path: "meta", "tags") var tags: [String] = []
    @Saved(path: "meta", "note") var note: String?
    @Saved var title = ""
}

final class PathLink: ModelObject {
    @Saved(path: "meta", "next") var next: PathLink?
}

@Suite struct NestedKeyPathGraphTests {
    @Test func aCycleThroughANestedObjectThrowsAtItsKeyPath() throws {
        let link = PathLink()
        link.next = link
        for write in [{ try link.jsonData() }, { try JSONSerialization.data(withJSONObject: link.dictionary) }] {
            let error = try #require(throws: ModelError.self) { _ = try write() }
            #expect(error.keyPath.description == "meta.next")
        }
        let chain = PathLink()
        var last = chain
        for _ in 0..<SaveContext.maximumDepth + 10 {
            let next = PathLink()
            last.next = next
            last = next
        }
        #expect(throws: ModelError.self) { try chain.jsonData() }
    }

    @Test func nestedObjectsCanHoldModelsAndCollections() throws {
        let json = #"{"meta": {"owner": {"login": "cat"}, "tags": ["a", "b"], "since": 2020}, "title": "T"}"#
        let holder = try loadThroughBothReaders(NestedHolder.self, json)
        #expect(holder.owner.login == "cat")
        #expect(holder.tags == ["a", "b"])
        #expect(holder.note == nil)
        holder.owner.login = "dog"
        #expect(holder.hasAnyChanges)
        let patch = try holder.mergePatch()
        #expect(sameJSON(patch, ["meta": ["owner": ["login": "dog"]]]))
        let written = try writtenObject(holder.jsonData(options: .sortedKeys))
        let meta = try #require(written["meta"] as? NSDictionary)
        #expect(meta["note"] == nil, "a nil optional is not written")
        #expect(meta["since"] as? Int == 2020)
        #expect((meta["owner"] as? NSDictionary)?["login"] as? String == "dog")
        #expect(try NestedHolder(json: holder.jsonData()) == holder)
        #expect(holder.copy() == holder)
    }

    @Test func localChangesSurviveALoadAndConflictsNameThePath() throws {
        let repository = try APIRepository(json: NestedKeyPathTests.repositoryJSON)
        repository.stars = 500
        repository.forks = 8
        let refreshed = #"{"id": 1, "stats": {"stars": 130, "forks": 8, "watchers": 4}}"#
        try repository.load(json: refreshed, options: .keepingLocalChanges)
        #expect(repository.stars == 500)
        #expect(repository.forks == 8)
        #expect(repository.mergeConflicts.map(\.description) == ["stats.stars"])
        #expect(
            try writtenObject(repository.jsonData())["stats"] as? NSDictionary == [
                "stars": 500, "forks": 8, "watchers": 4,
            ])
    }

    @Test func aKeptValueThatIsNotAnObjectIsWrittenBackUntilReplaced() throws {
        let holder = try NestedHolder(json: #"{"meta": "opaque"}"#, options: .lenient)
        #expect(holder.loadIssues.map(\.description) == [#"meta: expected an object, found "opaque""#])
        #expect(try writtenObject(holder.jsonData())["meta"] as? String == "opaque")
        holder[extra: "meta"] = ["since": 1]
        holder.tags = ["x"]
        let meta = try #require(try writtenObject(holder.jsonData())["meta"] as? NSDictionary)
        #expect(meta["since"] as? Int == 1)
        #expect(meta["tags"] as? [String] == ["x"])
    }
}
