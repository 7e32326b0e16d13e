import Foundation

/// Writes a recipe as a language model writes one in structured output: compact JSON, the
/// keys in the schema's order, strings of a few sentences with escaped quotes, line breaks and
/// `\u` escapes beside multi-byte characters, and as many steps as make the size asked for.
///
/// The beginning of an answer, abridged (the words are drawn from a seeded generator, so that
/// every run measures the same text):
///
/// ```
/// {"title":"Zoë's \"never-fail\" sourdough","summary":"A weeknight classic.\nServes a crowd…",
///  "servings":6,"rating":4.7,"vegetarian":true,"difficulty":"medium","prep_minutes":25,
///  "author":{"name":"Bjørn Ødegård","verified":true,"recipe_count":132},"tags":["baking",…],
///  "steps":[{"text":"Whisk the crème fraîche until golden, about 180 °C. …","minutes":12,
///  "ingredients":["flour","½ tsp salt"],"is_optional":false},…],"notes":"…"}
/// ```
struct AnswerGenerator {
    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// An answer of about `bytes` bytes of UTF-8 (at least one step), and its number of steps.
    mutating func makeAnswer(bytes: Int) -> (text: [UInt8], steps: Int) {
        var text = #"{"title":"\#(pick(Self.titles))","summary":"\#(sentences(6, separator: "\\n"))","#
        text += #""servings":\#(2 + next(10)),"rating":\#(Double(30 + next(21)) / 10),"#
        text += #""vegetarian":\#(next(2) == 0),"difficulty":"\#(pick(AnswerDifficulty.allCases).rawValue)","#
        text += #""prep_minutes":\#(5 + next(120)),"author":{"name":"\#(pick(Self.authors))","#
        text += #""verified":\#(next(3) != 0),"recipe_count":\#(next(500))},"#
        text += #""tags":[\#((0..<6).map { _ in quoted(pick(Self.tags)) }.joined(separator: ","))],"steps":["#
        let ending = #"],"notes":"\#(sentences(2, separator: " "))"}"#
        var size = text.utf8.count + ending.utf8.count
        var count = 0
        while count == 0 || size < bytes {
            let step = (count > 0 ? "," : "") + self.step()
            text += step
            size += step.utf8.count
            count += 1
        }
        text += ending
        return (Array(text.utf8), count)
    }

    private mutating func step() -> String {
        let ingredients = (0...next(3)).map { _ in quoted(pick(Self.ingredients)) }
        return #"{"text":"\#(sentences(2 + next(2), separator: " "))","minutes":\#(1 + next(45)),"#
            + #""ingredients":[\#(ingredients.joined(separator: ","))],"is_optional":\#(next(5) == 0)}"#
    }

    /// `count` sentences of an instruction, as the content of a JSON string.
    private mutating func sentences(_ count: Int, separator: String) -> String {
        (0..<count).map { _ in "\(pick(Self.verbs)) \(pick(Self.objects)) \(pick(Self.details))" }
            .joined(separator: separator)
    }

    private func quoted(_ content: String) -> String {
        "\"\(content)\""
    }

    private mutating func next(_ bound: Int) -> Int {
        Int(random.next() % UInt64(bound))
    }

    private mutating func pick<Element>(_ choices: [Element]) -> Element {
        choices[next(choices.count)]
    }

    // The content of JSON strings, escapes written as a model writes them.

    private static let titles = [
        #"Zoë's \"never-fail\" sourdough"#, "Plum cake with crème fraîche", "Jalapeño cornbread",
        #"Lemon tart \u00e0 la fran\u00e7aise"#, "Smørrebrød platter", "Miso ramen 🍜", "Crêpes Suzette",
    ]
    private static let authors = ["Bjørn Ødegård", #"Ana \"Chef\" Núñez"#, "Chen Wei 陈伟", "Émile Roy", "Ada Lovelace"]
    private static let tags = [
        "baking", "weeknight", "vegetarian", "crème", "spicy 🌶️", #"kid\u2011friendly"#, "one-pot", "make-ahead",
    ]
    private static let verbs = ["Heat", "Whisk", "Fold", "Simmer", "Season", "Bake", "Rest", "Slice", "Toast", "Blend"]
    private static let objects = [
        "the butter and sugar", "the crème fraîche", "the jalapeños", "½ cup of stock", "the dough", "the plums",
        "the miso paste", "250 g of flour", #"the \"secret\" glaze"#, "the za’atar",
    ]
    private static let details = [
        "until golden, at 180 °C.", "gently, without stirring.", #"for 10\u201312 minutes."#,
        #"until it smells nutty \u2014 don't rush it."#, #"and set aside.\nKeep it warm."#, "in a hot pan 🔥.",
        "over a low flame; taste and adjust the salt.", #"until it reaches \"soft peaks\"."#,
    ]
    private static let ingredients = [
        "flour", "crème fraîche", "jalapeño", "½ tsp salt", "olive oil", "miso", "plums", "2 eggs", "butter",
        #"za\u2019atar"#,
    ]
}
