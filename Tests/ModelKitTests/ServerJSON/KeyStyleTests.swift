import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

@Suite struct KeyStyleTests {
    @Test(arguments: [
        ("createdAt", "created_at"), ("avatarURL", "avatar_url"), ("userID2", "user_id2"),
        ("myURLProperty", "my_url_property"), ("isHTTPSEnabled", "is_https_enabled"),
        ("version2Name", "version2_name"), ("already_snake", "already_snake"), ("_private", "_private"),
        ("trailing_", "trailing_"), ("a", "a"), ("", ""), ("__", "__"),
    ])
    func snakeCaseSplitsWordsAsJSONEncoderDoes(name: String, key: String) throws {
        #expect(KeyStyle.snakeCase.key(forPropertyNamed: name) == key)
        // The key JSONEncoder's strategy gives for the same name.
        struct Probe: Encodable {
            let name: String
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(1, forKey: Key(stringValue: name))
            }
        }
        guard !name.isEmpty else { return }
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let json = try #require(
            try JSONSerialization.jsonObject(with: encoder.encode(Probe(name: name))) as? [String: Int])
        #expect(Array(json.keys) == [key])
    }

    @Test func aLeadingRunOfCapitalsIsOneWord() {
        // JSONEncoder's strategy splits such a run after its first letter ("u_rl_path" on
        // Linux); a property name seldom starts so, and one word reads as it should.
        #expect(KeyStyle.snakeCase.key(forPropertyNamed: "URLPath") == "url_path")
        #expect(KeyStyle.snakeCase.key(forPropertyNamed: "ABC") == "abc")
        #expect(KeyStyle.snakeCase.key(forPropertyNamed: "_IDValue") == "_id_value")
    }

    @Test func otherStyles() {
        #expect(KeyStyle.propertyName.key(forPropertyNamed: "avatarURL") == "avatarURL")
        #expect(KeyStyle.kebabCase.key(forPropertyNamed: "avatarURL") == "avatar-url")
        #expect(KeyStyle.snakeCase.description == "snakeCase")
        #expect(KeyStyle.snakeCase != KeyStyle.kebabCase)
    }

    @Test func eachClassStylesTheKeysOfItsOwnProperties() {
        #expect(StyledRecord.savedKeys == ["created_at", "Explicit"])
        #expect(KebabRecord.savedKeys == ["created_at", "Explicit", "updated-at"])
        #expect(InheritingRecord.keyStyle == .snakeCase)
        #expect(InheritingRecord.savedKeys == ["created_at", "Explicit", "updated_at"])
    }

    @Test func snakeCaseDataLoadsThroughBothReadersAndWritesBack() throws {
        let json = #"""
            {"id": 7, "full_name": "octo/kit", "html_url": "https://example.com/octo/kit",
             "is_private": true, "fullName": "a camelCase key is unknown here", "node_id": "MDEw"}
            """#
        let repository = try loadThroughBothReaders(APIRepository.self, json)
        #expect(repository.identifier == 7)
        #expect(repository.fullName == "octo/kit")
        #expect(repository.htmlURL == "https://example.com/octo/kit")
        #expect(repository.isPrivate)
        // Unknown keys are kept exactly as they came.
        #expect(repository.unknownValues.keys.sorted() == ["fullName", "node_id"])
        let written = try writtenObject(repository.jsonData(options: .compact))
        #expect(written["full_name"] as? String == "octo/kit")
        #expect(written["fullName"] as? String == "a camelCase key is unknown here")
        #expect(written["node_id"] as? String == "MDEw")
        #expect(written["is_private"] as? Bool == true)
        #expect(written["isPrivate"] == nil)
        #expect(try repository.dictionary["html_url"] as? String == "https://example.com/octo/kit")
    }

    @Test func camelCaseDataIsNotSilentlyTakenForSnakeCase() throws {
        let repository = try APIRepository(json: #"{"fullName": "octo/kit"}"#)
        #expect(repository.fullName == "")
        #expect(repository.unknownValues["fullName"] as? String == "octo/kit")
    }

    @Test func styledKeysGoThroughCodableChangesAndPatches() throws {
        let record = InheritingRecord()
        record.updatedAt = "today"
        #expect(record.changedKeys == ["updated_at"])
        #expect(try sameJSON(record.mergePatch(), ["updated_at": "today"]))
        let encoded = try JSONEncoder().encode(record)
        let decoded = try JSONDecoder().decode(InheritingRecord.self, from: encoded)
        #expect(decoded == record)
        #expect(try writtenObject(encoded)["updated_at"] as? String == "today")
        let patched = InheritingRecord()
        try patched.apply(mergePatch: ["created_at": "yesterday", "Explicit": 3])
        #expect(patched.createdAt == "yesterday")
        #expect(patched.explicitKey == 3)
        #expect(try ModelSnapshot(record).makeModel() == record)
    }
}

private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
