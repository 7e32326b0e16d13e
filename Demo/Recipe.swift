import Foundation
import ModelKit

// The model that `demo stream` fills: a recipe as a language model writes it when asked to
// answer with `Recipe.jsonSchema(profile: .openAIStrict)`. The schema asks for every key, so
// the optionals are `null` in an answer rather than missing.

/// How hard a recipe is to cook.
enum RecipeDifficulty: String, CaseIterable, SavedValue {
    case easy, medium, hard
}

/// Who wrote a recipe.
final class RecipeAuthor: ModelObject {
    @Saved var name = ""
    @Saved var website: String? = nil
}

/// One ingredient and how much of it.
final class RecipeIngredient: ModelObject {
    @Saved var name = ""
    @Saved var quantity: Double? = nil
    @Saved var unit: String? = nil
}

/// One step of the method, and how long it takes.
final class RecipeStep: ModelObject {
    @Saved var text = ""
    @Saved var minutes = 0
}

/// A recipe: the demo's model of a language model's structured output.
final class Recipe: ModelObject {
    @Saved var title = ""
    @Saved var summary = ""
    @Saved var servings = 0
    @Saved var difficulty = RecipeDifficulty.easy
    @Saved var tags: [String] = []
    @Saved var author = RecipeAuthor()
    @Saved var ingredients: [RecipeIngredient] = []
    @Saved var steps: [RecipeStep] = []

    override class var schemaTitle: String? { "Recipe" }
    override class var schemaDescriptions: [String: String] {
        [
            "title": "The recipe's name.",
            "summary": "One or two sentences that make the reader want to cook it.",
            "servings": "How many people it feeds.",
            "steps": "The method, one action a step.",
        ]
    }
}
