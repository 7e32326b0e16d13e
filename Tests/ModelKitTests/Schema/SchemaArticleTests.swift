import Foundation
import ModelKit
import Testing

/// The examples of the article "JSON Schema for APIs and language models".
@Suite struct SchemaArticleTests {
    private func parsed(_ data: Data) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
    }

    @Test func openAIRequestBodySchema() throws {
        let expected = #"""
            {
              "title": "Recipe",
              "type": "object",
              "additionalProperties": false,
              "properties": {
                "title": { "type": "string", "description": "The recipe's name." },
                "minutes": {
                  "type": "integer", "description": "Time to cook, in minutes.",
                  "minimum": -9223372036854775808, "maximum": 9223372036854775807
                },
                "difficulty": { "type": "string", "enum": ["easy", "medium", "hard"] },
                "ingredients": { "type": "array", "items": { "$ref": "#/$defs/RecipeIngredient" } }
              },
              "required": ["difficulty", "ingredients", "minutes", "title"],
              "$defs": {
                "RecipeIngredient": {
                  "type": "object",
                  "additionalProperties": false,
                  "properties": {
                    "name": { "type": "string" },
                    "grams": { "type": ["number", "null"] }
                  },
                  "required": ["grams", "name"]
                }
              }
            }
            """#
        #expect(try parsed(Recipe.jsonSchema(profile: .openAIStrict)) == parsed(Data(expected.utf8)))
        let answer =
            #"{"title": "Pancakes", "minutes": 20, "difficulty": "easy", "ingredients": [{"name": "flour", "grams": 200}, {"name": "eggs", "grams": null}]}"#
        let recipe = try Recipe(json: answer)
        #expect(recipe.ingredients.map(\.grams) == [200, nil])
    }

    @Test func openAPIComponentSchema() throws {
        let expected = #"""
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "title": "Recipe",
              "type": "object",
              "properties": {
                "version": { "type": "integer", "minimum": 1, "maximum": 9223372036854775807 },
                "representedClassName": {
                  "type": "string", "anyOf": [{ "const": "Recipe" }, { "not": { "$ref": "#/$defs/class-names" } }]
                },
                "title": { "type": "string", "description": "The recipe's name." },
                "minutes": {
                  "type": "integer", "description": "Time to cook, in minutes.",
                  "minimum": -9223372036854775808, "maximum": 9223372036854775807
                },
                "difficulty": { "type": "string", "enum": ["easy", "medium", "hard"] },
                "ingredients": { "type": "array", "items": { "$ref": "#/$defs/RecipeIngredient" } }
              },
              "required": ["difficulty", "ingredients", "minutes", "representedClassName", "title", "version"],
              "$defs": {
                "RecipeIngredient": {
                  "type": "object",
                  "properties": {
                    "version": { "type": "integer", "minimum": 1, "maximum": 9223372036854775807 },
                    "representedClassName": {
                      "type": "string",
                      "anyOf": [{ "const": "RecipeIngredient" }, { "not": { "$ref": "#/$defs/class-names" } }]
                    },
                    "name": { "type": "string" },
                    "grams": { "type": ["number", "null"] }
                  },
                  "required": ["name", "representedClassName", "version"]
                },
                "class-names": {
                  "description": "The class names that loading resolves to a class; it keeps any other name.",
                  "enum": [
                    "ColorValue", "DataValue", "DateValue", "DejalColor", "DejalData", "DejalDate", "DejalInterval",
                    "DejalTime", "IntervalValue", "Recipe", "RecipeIngredient", "TimeValue"
                  ]
                }
              }
            }
            """#
        #expect(try parsed(Recipe.jsonSchema(for: .writing)) == parsed(Data(expected.utf8)))
    }

    @Test func strictErrorMessage() throws {
        let error = try #require(throws: ModelError.self) { try SchemaCollections.jsonSchema(profile: .openAIStrict) }
        #expect(
            error.description
                == "scores: a dictionary with arbitrary keys has no form in SchemaProfile.openAIStrict, whose objects "
                + "list their keys and take no others")
    }
}
