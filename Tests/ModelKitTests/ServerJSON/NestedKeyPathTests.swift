import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

@Suite struct NestedKeyPathTests {
    static let repositoryJSON = #"""
        {"id": 1, "full_name": "octo/kit",
         "stats": {"stars": 120, "forks": 7, "watchers": 3},
         "owner": {"profile": {"login": "octocat", "avatar": "a.png"}, "type": "User"}}
        """#

    @Test func propertiesLoadFromNestedObjectsThroughBothReaders() throws {
        let repository = try loadThroughBothReaders(APIRepository.self, Self.repositoryJSON)
        #expect(repository.stars == 120)
        #expect(repository.forks == 7)
        #expect(repository.ownerLogin == "octocat")
        // The nested objects' other keys are kept under their keys, without the properties.
        #expect(sameJSON(try #require(repository.unknownValues["stats"] as? [String: Any]), ["watchers": 3]))
        let owner = try #require(repository.unknownValues["owner"] as? [String: Any])
        #expect(sameJSON(owner, ["profile": ["avatar": "a.png"], "type": "User"]))
        #expect(APIRepository.savedKeys.contains("stats.stars"))
        #expect(APIRepository.savedKeys.contains("owner.profile.login"))
    }

    @Test func everyWriterPutsThePropertiesBackIntoTheNestedObjects() throws {
        let repository = try APIRepository(json: Self.repositoryJSON)
        repository.stars = 121
        let expected: NSDictionary = [
            "id": 1, "full_name": "octo/kit", "is_private": false,
            "stats": ["stars": 121, "forks": 7, "watchers": 3],
            "owner": ["profile": ["login": "octocat", "avatar": "a.png"], "type": "User"],
        ]
        #expect(try writtenObject(repository.jsonData()) == expected)
        #expect(try writtenObject(repository.jsonData(options: [.compact, .sortedKeys])) == expected)
        #expect(try writtenObject(repository.jsonData(options: .foundationWriter)) == expected)
        #expect(NSDictionary(dictionary: try repository.dictionary) == expected)
        #expect(try writtenObject(JSONEncoder().encode(repository)) == expected)
        // The nested object is written where its first property is declared.
        let text = try repository.jsonString(options: .compact)
        #expect(text.hasPrefix(#"{"id":1,"full_name":"octo\/kit","is_private":false,"stats":{"#))
        let decoded = try JSONDecoder().decode(APIRepository.self, from: JSONEncoder().encode(repository))
        #expect(decoded == repository)
        #expect(try ModelSnapshot(repository).makeModel() == repository)
        #expect(try APIRepository(json: repository.jsonData()) == repository)
    }

    @Test func errorsNameTheWholePath() throws {
        let json = #"{"stats": {"stars": "many"}}"#
        for options: LoadOptions in [[], .foundationReader] {
            let error = try #require(throws: ModelError.self) { try APIRepository(json: json, options: options) }
            #expect(error.description == #"stats.stars: expected a number, found "many""#)
            let deep = try #require(throws: ModelError.self) {
                try APIRepository(json: #"{"owner": {"profile": {"login": 5}}}"#, options: options)
            }
            #expect(deep.keyPath.description == "owner.profile.login")
            let notAnObject = try #require(throws: ModelError.self) {
                try APIRepository(json: #"{"stats": [1, 2]}"#, options: options)
            }
            #expect(notAnObject.description == "stats: expected an object, found an array")
            let blocked = try #require(throws: ModelError.self) {
                try APIRepository(json: #"{"owner": {"profile": "octocat"}}"#, options: options)
            }
            #expect(blocked.description == #"owner.profile: expected an object, found "octocat""#)
        }
    }

    @Test func aLenientLoadKeepsWhatDoesNotFitAndWritesItBack() throws {
        let json = #"{"stats": {"stars": "many", "forks": 2}, "owner": "octocat"}"#
        let repository = try loadThroughBothReaders(APIRepository.self, json, options: .lenient)
        #expect(repository.stars == 0)
        #expect(repository.forks == 2)
        #expect(repository.loadIssues.map(\.keyPath.description).sorted() == ["owner", "stats.stars"])
        let written = try writtenObject(repository.jsonData())
        #expect(written["owner"] as? String == "octocat")
        #expect(written["stats"] as? NSDictionary == ["stars": "many", "forks": 2])
        // Setting the property replaces the kept value.
        repository.stars = 5
        #expect(try writtenObject(repository.jsonData())["stats"] as? NSDictionary == ["stars": 5, "forks": 2])
    }

    @Test func absentAndNullNestedObjectsLeaveDefaults() throws {
        let absent = try loadThroughBothReaders(APIRepository.self, #"{"id": 2}"#)
        #expect(absent.stars == 0)
        #expect(absent.unknownValues.isEmpty)
        let null = try loadThroughBothReaders(APIRepository.self, #"{"stats": null, "owner": {}}"#)
        #expect(null.stars == 0 && null.ownerLogin == "")
        #expect(null.unknownValues.isEmpty)
        #expect(try writtenObject(absent.jsonData())["stats"] as? NSDictionary == ["stars": 0, "forks": 0])
    }

    @Test func aRepeatedNestedObjectCountsOnceAsInTheDictionaryForm() throws {
        let json = #"{"stats": {"stars": 1}, "stats": {"stars": 2, "forks": 3}}"#
        let repository = try loadThroughBothReaders(APIRepository.self, json)
        #expect(repository.stars == 2 && repository.forks == 3)
    }

    @Test func changesAndMergePatchesFollowThePath() throws {
        let repository = try APIRepository(json: Self.repositoryJSON)
        repository.stars = 200
        repository.ownerLogin = "hubot"
        #expect(repository.changedKeys == ["stats.stars", "owner.profile.login"])
        let patch = try repository.mergePatch()
        #expect(sameJSON(patch, ["stats": ["stars": 200], "owner": ["profile": ["login": "hubot"]]]))
        let other = try APIRepository(json: Self.repositoryJSON)
        try other.apply(mergePatch: patch)
        #expect(other == repository)
        #expect(other.changedKeys == ["stats.stars", "owner.profile.login"])
        // A patch that adds a key to the nested object merges it into the kept keys.
        try other.apply(mergePatch: ["stats": ["open_issues": 4, "watchers": NSNull()]])
        #expect(
            try writtenObject(other.jsonData())["stats"] as? NSDictionary == [
                "stars": 200, "forks": 7, "open_issues": 4,
            ])
        let bad = try #require(throws: ModelError.self) { try other.apply(mergePatch: ["stats": ["forks": "x"]]) }
        #expect(bad.keyPath.description == "stats.forks")
        #expect(other.forks == 7)
        repository.revertChanges()
        #expect(repository == (try APIRepository(json: Self.repositoryJSON)))
    }

    @Test func describingNamesThePath() throws {
        let repository = try APIRepository(json: Self.repositoryJSON)
        #expect(repository.description.contains("stats.stars: 120"))
    }
}
