import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

@Suite struct AlternativeKeyTests {
    @Test(arguments: [#"{"ID": 5}"#, #"{"repo_id": 5}"#, #"{"id": 5}"#, #"{"repo_id": 5, "name": "x"}"#])
    func anyOfTheKeysLoadsTheProperty(json: String) throws {
        let repository = try loadThroughBothReaders(APIRepository.self, json)
        #expect(repository.identifier == 5)
        #expect(repository.unknownValues["ID"] == nil && repository.unknownValues["repo_id"] == nil)
        // Written under the property's own key.
        let written = try writtenObject(repository.jsonData())
        #expect(written["id"] as? Int == 5)
        #expect(written["ID"] == nil && written["repo_id"] == nil)
    }

    @Test(arguments: [#"{"ID": 2, "id": 1, "repo_id": 3}"#, #"{"repo_id": 3, "id": 1, "ID": 2}"#])
    func theFirstKeyPresentWinsAndTheOthersAreKept(json: String) throws {
        let repository = try loadThroughBothReaders(APIRepository.self, json)
        #expect(repository.identifier == 1)
        #expect(repository.unknownValues["ID"] as? Int == 2)
        #expect(repository.unknownValues["repo_id"] as? Int == 3)
        let written = try writtenObject(repository.jsonData())
        #expect(written["id"] as? Int == 1 && written["ID"] as? Int == 2 && written["repo_id"] as? Int == 3)
    }

    /// An alternative after a key that outranks it is kept as it came, in one pass, with its
    /// number's text, as an undeclared key is.
    @Test func anOutrankedAlternativeAfterTheWinnerKeepsItsText() throws {
        let repository = try loadThroughBothReaders(APIRepository.self, #"{"id": 1, "ID": 2.50, "repo_id": 3}"#)
        #expect(repository.identifier == 1)
        #expect(try repository.jsonString(options: .compact).contains(#""ID":2.50"#))
        #expect(try APIRepository(json: repository.jsonData()) == repository)
    }

    @Test func anAlternativeOutranksLaterOnes() throws {
        let repository = try loadThroughBothReaders(APIRepository.self, #"{"repo_id": 3, "ID": 2}"#)
        #expect(repository.identifier == 2)
        #expect(repository.unknownValues["repo_id"] as? Int == 3)
    }

    @Test func errorsNameTheKeyTheValueCameFrom() throws {
        for options: LoadOptions in [[], .foundationReader] {
            let error = try #require(throws: ModelError.self) {
                try APIRepository(json: #"{"ID": "seven"}"#, options: options)
            }
            #expect(error.keyPath.description == "id")
        }
    }

    @Test func mergePatchesAndCodableReadTheAlternativesToo() throws {
        let repository = APIRepository()
        try repository.apply(mergePatch: ["ID": 9])
        #expect(repository.identifier == 9)
        #expect(repository.changedKeys == ["id"])
        #expect(sameJSON(try repository.mergePatch(), ["id": 9]))
        let decoded = try JSONDecoder().decode(APIRepository.self, from: Data(#"{"repo_id": 4}"#.utf8))
        #expect(decoded.identifier == 4)
    }

    @Test func unknownValuesMayUseAnAlternativeButNotTheOwnKey() throws {
        let repository = APIRepository()
        repository[extra: "ID"] = 3
        repository[extra: "id"] = 4
        #expect(repository.unknownValues["ID"] as? Int == 3)
        #expect(repository.unknownValues["id"] == nil)
    }
}
