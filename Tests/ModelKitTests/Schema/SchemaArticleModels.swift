import Foundation
import ModelKit

// The models of the article "JSON Schema for APIs and language models".

enum RecipeDifficulty: String, CaseIterable, SavedValue {
    case easy, medium, hard
}

final class RecipeIngredient: ModelObject {
    @Saved var name = ""
    @Saved var grams: Double? = nil
}

final class Recipe: ModelObject {
    @Saved var title = ""
    @Saved var minutes = 0
    @Saved var difficulty = RecipeDifficulty.easy
    @Saved var ingredients: [RecipeIngredient] = []

    override class var schemaTitle: String? { "Recipe" }
    override class var schemaDescriptions: [String: String] {
        ["title": "The recipe's name.", "minutes": "Time to cook, in minutes."]
    }
}
