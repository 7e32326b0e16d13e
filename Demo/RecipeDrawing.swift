import ModelKit

/// The lines that show a recipe being filled, each value as far as it has come: `…` for one
/// that has not begun, the part so far and a cursor `▍` for one that is arriving, the value for
/// one that is complete.
struct RecipeDrawing {
    let recipe: Recipe
    let loader: PartialLoader<Recipe>
    /// Whether to dim the placeholders and labels with ANSI escapes, for a terminal.
    let usesColor: Bool
    /// The width that long texts wrap at.
    var width = 78
    /// Whether a list that is complete shows as its count alone, to save lines.
    var collapsesCompleteLists = false

    func lines() -> [String] {
        var lines = [
            field("title", \.title, show: { $0 }),
            field("servings", \.servings, show: { "\($0)" }),
            field("difficulty", \.difficulty, show: \.rawValue),
            field("tags", \.tags, show: { $0.joined(separator: ", ") }),
            label("author") + author(),
        ]
        lines += wrapped(label("summary") + value(\.summary, show: { $0 }), indent: 13)
        lines.append(label("ingredients") + count(\.ingredients))
        for index in recipe.ingredients.indices where !isCollapsed(\.ingredients) {
            lines.append("  • " + ingredient(at: index))
        }
        lines.append(label("steps") + count(\.steps))
        for index in recipe.steps.indices where !isCollapsed(\.steps) {
            let minutes = value(\.steps[index].minutes, show: { " (\($0) min)" })
            lines += wrapped("  \(index + 1). " + value(\.steps[index].text, show: { $0 }) + minutes, indent: 5)
        }
        return lines
    }

    /// The author's name and website, once the author has begun.
    private func author() -> String {
        guard loader.state(of: \.author) != .absent else { return dim("…") }
        return value(\.author.name, show: { $0 }) + value(\.author.website, show: { $0.map { " <\($0)>" } ?? "" })
    }

    private func isCollapsed<Element>(_ keyPath: KeyPath<Recipe, [Element]>) -> Bool {
        collapsesCompleteLists && loader.state(of: keyPath) == .complete
    }

    /// An ingredient as a cook reads it: `200 g plain flour`, `1 egg, beaten`.
    private func ingredient(at index: Int) -> String {
        let amount = value(\.ingredients[index].quantity, show: { $0.map(Self.amount) ?? "" })
        let unit = value(\.ingredients[index].unit, show: { $0 ?? "" })
        let name = value(\.ingredients[index].name, show: { $0 })
        return [amount, unit, name].filter { !$0.isEmpty }.joined(separator: " ")
    }

    private static func amount(_ quantity: Double) -> String {
        quantity == quantity.rounded() ? "\(Int(quantity))" : "\(quantity)"
    }

    /// A labelled line with the value at `keyPath`.
    private func field<Value>(_ name: String, _ keyPath: KeyPath<Recipe, Value>, show: (Value) -> String) -> String {
        label(name) + value(keyPath, show: show)
    }

    /// The value at `keyPath` as far as it has come.
    private func value<Value>(_ keyPath: KeyPath<Recipe, Value>, show: (Value) -> String) -> String {
        switch loader.state(of: keyPath) {
        case .absent: dim("…")
        case .growing: show(recipe[keyPath: keyPath]) + "▍"
        case .complete: show(recipe[keyPath: keyPath])
        }
    }

    /// What follows the label of a list: a placeholder until it begins, a cursor while it grows,
    /// and how many elements it has once it is complete.
    private func count<Element>(_ keyPath: KeyPath<Recipe, [Element]>) -> String {
        switch loader.state(of: keyPath) {
        case .absent: dim("…")
        case .growing: "▍"
        case .complete: "\(recipe[keyPath: keyPath].count)"
        }
    }

    private func label(_ name: String) -> String {
        dim(name.padding(toLength: 12, withPad: " ", startingAt: 0)) + " "
    }

    private func dim(_ text: String) -> String {
        usesColor ? "\u{1B}[2m\(text)\u{1B}[22m" : text
    }

    /// `text` in lines of at most `width` visible characters, broken at spaces, each line
    /// after the first indented by `indent`.
    private func wrapped(_ text: String, indent: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var hasWord = false
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if hasWord, visibleCount(line) + 1 + visibleCount(word) > width {
                lines.append(line)
                line = String(repeating: " ", count: indent) + word
            } else {
                line += hasWord ? " " + word : word
            }
            hasWord = true
        }
        return lines + [line]
    }

    /// The characters of `text` that a terminal shows, without its escapes.
    private func visibleCount(_ text: some StringProtocol) -> Int {
        var count = 0
        var isInEscape = false
        for character in text {
            if character == "\u{1B}" {
                isInEscape = true
            } else if isInEscape {
                isInEscape = !character.isLetter
            } else {
                count += 1
            }
        }
        return count
    }
}
