import Foundation
import ModelKit

// The models of the partial workload: a recipe as a language model writes it in structured
// output, plain JSON in snake case with no version or class name, and its `Codable` twins,
// whose fields are all optional, as a decoder of a truncated text needs them.

/// How hard a recipe is.
enum AnswerDifficulty: String, SavedValue, Codable, CaseIterable {
    case easy, medium, hard
}

/// The base of the partial workload's models: plain JSON in snake case.
class AnswerObject: ModelObject {
    override class var keyStyle: KeyStyle { .snakeCase }
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
}

final class AnswerAuthor: AnswerObject {
    @Saved var name = ""
    @Saved var verified = false
    @Saved var recipeCount = 0

    var twin: PlainAnswer.Author {
        .init(name: name, verified: verified, recipeCount: recipeCount)
    }
}

final class AnswerStep: AnswerObject {
    @Saved var text = ""
    @Saved var minutes = 0
    @Saved var ingredients: [String] = []
    @Saved var isOptional = false

    var twin: PlainAnswer.Step {
        .init(text: text, minutes: minutes, ingredients: ingredients, isOptional: isOptional)
    }
}

final class AnswerRecipe: AnswerObject {
    @Saved var title = ""
    @Saved var summary: String? = nil
    @Saved var servings = 0
    @Saved var rating = 0.0
    @Saved var vegetarian = false
    @Saved var difficulty = AnswerDifficulty.easy
    @Saved var prepMinutes = 0
    @Saved var author: AnswerAuthor? = nil
    @Saved var tags: [String] = []
    @Saved var steps: [AnswerStep] = []
    @Saved var notes = ""

    /// The values, as the twin holds them.
    var twin: PlainAnswer.Recipe {
        .init(
            title: title, summary: summary, servings: servings, rating: rating, vegetarian: vegetarian,
            difficulty: difficulty, prepMinutes: prepMinutes, author: author?.twin, tags: tags,
            steps: steps.map(\.twin), notes: notes)
    }
}

/// The `Codable` twins of the recipe, each field optional, so that `JSONDecoder` decodes
/// whatever part of the recipe a completed prefix holds.
enum PlainAnswer {
    struct Author: Codable, Equatable {
        var name: String?
        var verified: Bool?
        var recipeCount: Int?

        enum CodingKeys: String, CodingKey {
            case name, verified
            case recipeCount = "recipe_count"
        }
    }

    struct Step: Codable, Equatable {
        var text: String?
        var minutes: Int?
        var ingredients: [String]?
        var isOptional: Bool?

        enum CodingKeys: String, CodingKey {
            case text, minutes, ingredients
            case isOptional = "is_optional"
        }
    }

    struct Recipe: Codable, Equatable {
        var title: String?
        var summary: String?
        var servings: Int?
        var rating: Double?
        var vegetarian: Bool?
        var difficulty: AnswerDifficulty?
        var prepMinutes: Int?
        var author: Author?
        var tags: [String]?
        var steps: [Step]?
        var notes: String?

        enum CodingKeys: String, CodingKey {
            case title, summary, servings, rating, vegetarian, difficulty
            case prepMinutes = "prep_minutes"
            case author, tags, steps, notes
        }
    }
}
