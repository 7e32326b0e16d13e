import Foundation
import ModelKit
import Testing

@Suite struct SchemaTests {
    private func text(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self)
    }

    private func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func properties(of schema: [String: Any]) throws -> [String: Any] {
        try #require(schema["properties"] as? [String: Any])
    }

    @Test func readingSchemaOfARecursiveModel() throws {
        #expect(
            text(try SchemaNote.jsonSchema()) == """
                {
                  "$defs" : {
                    "class-names" : {
                      "description" : "The class names that loading resolves to a class; it keeps any other name.",
                      "enum" : [
                        "ColorValue",
                        "DataValue",
                        "DateValue",
                        "DejalColor",
                        "DejalData",
                        "DejalDate",
                        "DejalInterval",
                        "DejalTime",
                        "IntervalValue",
                        "SchemaNote",
                        "TimeValue"
                      ]
                    }
                  },
                  "$schema" : "https://json-schema.org/draft/2020-12/schema",
                  "properties" : {
                    "due" : {
                      "pattern" : "^[+-]?(?:[0-9]{4,9}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))|(?:[0-9]{2,7}(?:0[48]|[2468][048]|[13579][26])|[0-9]{0,5}(?:[02468][048]|[13579][26])00)-02-29)[Tt ](?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:[.,][0-9]+)?(?:[Zz]|[+-](?:[01][0-9]|2[0-3])(?::?[0-5][0-9])?)$",
                      "type" : [
                        "string",
                        "null"
                      ]
                    },
                    "replies" : {
                      "items" : {
                        "$ref" : "#"
                      },
                      "type" : "array"
                    },
                    "representedClassName" : {
                      "anyOf" : [
                        {
                          "enum" : [
                            "SchemaNote"
                          ]
                        },
                        {
                          "not" : {
                            "$ref" : "#/$defs/class-names"
                          }
                        }
                      ],
                      "type" : "string"
                    },
                    "title" : {
                      "description" : "The note's first line.",
                      "type" : "string"
                    },
                    "version" : {
                      "maximum" : 9223372036854775807,
                      "minimum" : -9223372036854775808,
                      "type" : "integer"
                    }
                  },
                  "type" : "object"
                }
                """)
    }

    @Test func writingSchemaRequiresWhatIsAlwaysWritten() throws {
        #expect(
            text(try SchemaNote.jsonSchema(for: .writing)) == #"""
                {
                  "$defs" : {
                    "class-names" : {
                      "description" : "The class names that loading resolves to a class; it keeps any other name.",
                      "enum" : [
                        "ColorValue",
                        "DataValue",
                        "DateValue",
                        "DejalColor",
                        "DejalData",
                        "DejalDate",
                        "DejalInterval",
                        "DejalTime",
                        "IntervalValue",
                        "SchemaNote",
                        "TimeValue"
                      ]
                    }
                  },
                  "$schema" : "https://json-schema.org/draft/2020-12/schema",
                  "properties" : {
                    "due" : {
                      "anyOf" : [
                        {
                          "format" : "date-time"
                        },
                        {
                          "pattern" : "^(?:0000-(?:(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))|02-29)|[+-](?:[0-9]{4,9}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))|(?:[0-9]{2,7}(?:0[48]|[2468][048]|[13579][26])|[0-9]{0,5}(?:[02468][048]|[13579][26])00)-02-29))T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\\.[0-9]+)?Z$"
                        }
                      ],
                      "type" : [
                        "string",
                        "null"
                      ]
                    },
                    "replies" : {
                      "items" : {
                        "$ref" : "#"
                      },
                      "type" : "array"
                    },
                    "representedClassName" : {
                      "anyOf" : [
                        {
                          "const" : "SchemaNote"
                        },
                        {
                          "not" : {
                            "$ref" : "#/$defs/class-names"
                          }
                        }
                      ],
                      "type" : "string"
                    },
                    "title" : {
                      "description" : "The note's first line.",
                      "type" : "string"
                    },
                    "version" : {
                      "maximum" : 9223372036854775807,
                      "minimum" : 1,
                      "type" : "integer"
                    }
                  },
                  "required" : [
                    "replies",
                    "representedClassName",
                    "title",
                    "version"
                  ],
                  "type" : "object"
                }
                """#)
    }

    @Test func strictProfileRequiresEveryPropertyAndClosesObjects() throws {
        #expect(
            text(try SchemaNote.jsonSchema(profile: .openAIStrict)) == """
                {
                  "additionalProperties" : false,
                  "properties" : {
                    "due" : {
                      "format" : "date-time",
                      "pattern" : "^[+-]?(?:[0-9]{4,9}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))|(?:[0-9]{2,7}(?:0[48]|[2468][048]|[13579][26])|[0-9]{0,5}(?:[02468][048]|[13579][26])00)-02-29)[Tt ](?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:[.,][0-9]+)?(?:[Zz]|[+-](?:[01][0-9]|2[0-3])(?::?[0-5][0-9])?)$",
                      "type" : [
                        "string",
                        "null"
                      ]
                    },
                    "replies" : {
                      "items" : {
                        "$ref" : "#"
                      },
                      "type" : "array"
                    },
                    "title" : {
                      "description" : "The note's first line.",
                      "type" : "string"
                    }
                  },
                  "required" : [
                    "due",
                    "replies",
                    "title"
                  ],
                  "type" : "object"
                }
                """)
        let writing = try object(try SchemaNote.jsonSchema(for: .writing, profile: .openAIStrict))
        let header = try properties(of: writing)
        #expect((header["version"] as? [String: Any])?["enum"] as? [Int] == [1])
        #expect((header["representedClassName"] as? [String: Any])?["enum"] as? [String] == ["SchemaNote"])
        #expect(writing["required"] as? [String] == ["due", "replies", "representedClassName", "title", "version"])
    }

    @Test func flattenedObjectsStrictKeysAndNilAsNull() throws {
        #expect(
            text(try SchemaInvoice.jsonSchema(for: .writing)) == """
                {
                  "$schema" : "https://json-schema.org/draft/2020-12/schema",
                  "additionalProperties" : false,
                  "properties" : {
                    "approvedBy" : {
                      "type" : [
                        "string",
                        "null"
                      ]
                    },
                    "createdBy" : {
                      "description" : "Who made it.",
                      "type" : "string"
                    },
                    "number" : {
                      "type" : "string"
                    },
                    "total" : {
                      "maximum" : 9223372036854775807,
                      "minimum" : -9223372036854775808,
                      "type" : [
                        "integer",
                        "null"
                      ]
                    }
                  },
                  "required" : [
                    "createdBy",
                    "number",
                    "total"
                  ],
                  "type" : "object"
                }
                """)
    }

    @Test func readingListsAlternativesPathsAndOpenEnums() throws {
        let schema = try object(try SchemaScalars.jsonSchema())
        let keys = try properties(of: schema)
        #expect(schema["title"] as? String == "Scalars")
        for key in ["id", "ID", "item_id"] {
            #expect((keys[key] as? [String: Any])?["type"] as? String == "integer", "\(key)")
        }
        let stats = try properties(of: try #require(keys["stats"] as? [String: Any]))
        #expect((stats["stars"] as? [String: Any])?["description"] as? String == "How many stars it has.")
        #expect(stats["detail"] is [String: Any])
        #expect((keys["visibility"] as? [String: Any])?["enum"] == nil)
        #expect((keys["color"] as? [String: Any])?["enum"] as? [String] == ["red", "green", "blue"])
        #expect((keys["mood"] as? [String: Any])?["enum"] == nil)
        #expect((keys["created_at"] as? [String: Any])?["description"] as? String == "When it was made.")
        #expect((keys["blob"] as? [String: Any])?.isEmpty == true)
        let writingKeys = try properties(of: try object(try SchemaScalars.jsonSchema(for: .writing)))
        #expect(writingKeys["ID"] == nil && writingKeys["id"] != nil)
    }

    @Test func strictProfileLeavesOutOptionalValuesItCannotSay() throws {
        let schema = try object(try SchemaValueClasses.jsonSchema(profile: .openAIStrict))
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let interval = try properties(of: try #require(definitions["IntervalValue"] as? [String: Any]))
        #expect(interval["extraValues"] == nil && interval["units"] != nil)
        let scalars = try properties(of: try object(try SchemaScalars.jsonSchema(profile: .openAIStrict)))
        #expect(scalars["blob"] == nil && scalars["ID"] == nil)
        #expect((scalars["link"] as? [String: Any])?["format"] == nil)
    }

    @Test func strictProfileNamesTheValueItCannotSay() throws {
        let error = try #require(throws: ModelError.self) {
            try SchemaCollections.jsonSchema(profile: .openAIStrict)
        }
        #expect(error.keyPath == ModelKeyPath([.key("scores")]))
        #expect(error.localizedDescription.contains("a dictionary with arbitrary keys"))
    }

    @Test func strictFamiliesAreAnyOfWithTags() throws {
        let schema = try object(try SchemaDrawing.jsonSchema(profile: .openAIStrict))
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let family = try #require(definitions["SchemaShape"] as? [String: Any])
        #expect(family["oneOf"] == nil)
        #expect((family["anyOf"] as? [[String: Any]])?.count == 3)
        let circle = try properties(of: try #require(definitions["SchemaCircle"] as? [String: Any]))
        #expect((circle["kind"] as? [String: Any])?["enum"] as? [String] == ["circle"])
        #expect(circle["version"] == nil)
        #expect(throws: ModelError.self) { try SchemaShape.jsonSchema(profile: .openAIStrict) }
    }

    @Test func codableSchemaValuesMustBeJSON() throws {
        let error = try #require(throws: ModelError.self) { try SchemaWithBadCodable.jsonSchema() }
        #expect(error.keyPath.description == "point.properties.at")
    }
}

struct SchemaBadPoint: Codable, Equatable, CodableSavedValue {
    var x = 0

    static var jsonSchema: [String: Any]? { ["properties": ["at": Date(timeIntervalSince1970: 0)]] }
}

final class SchemaWithBadCodable: ModelObject {
    @Saved var point = SchemaBadPoint()
}
