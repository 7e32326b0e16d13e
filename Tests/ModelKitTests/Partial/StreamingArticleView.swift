// The SwiftUI example of the article "Streaming structured output", as the article shows it,
// compiled wherever SwiftUI is (not on Linux), so that the example keeps building against the
// API it shows. Inside `StreamingArticle`, `Recipe` is the article's model.

#if canImport(SwiftUI)
    import ModelKit
    import SwiftUI

    extension StreamingArticle {
        @MainActor
        struct RecipeView: View {
            /// The answer's text, delta by delta, as the API client receives it.
            let deltas: AsyncThrowingStream<String, any Error>

            @State private var recipe = Recipe()
            @State private var loader: PartialLoader<Recipe>?
            @State private var failure: String?

            var body: some View {
                List {
                    title
                    ForEach(recipe.steps.indices, id: \.self) { index in
                        let isGrowing = loader?.state(of: \.steps[index].text) == .growing
                        Text(recipe.steps[index].text + (isGrowing ? "▍" : ""))
                    }
                    if let failure {
                        Text(failure).foregroundStyle(Color.red)
                    }
                }
                .task { await streamAnswer() }
            }

            /// The title as far as it has come: a placeholder, then the text with a cursor.
            private var title: some View {
                let state = loader?.state(of: \.title) ?? .absent
                return HStack(spacing: 0) {
                    Text(state == .absent ? "Writing…" : recipe.title)
                    if state == .growing {
                        Text("▍")
                    }
                }
                .font(.title)
                .foregroundStyle(state == .absent ? Color.secondary : Color.primary)
            }

            /// Loads the answer into the recipe as it arrives, once.
            private func streamAnswer() async {
                guard loader == nil else { return }
                let loader = PartialLoader(into: recipe)
                self.loader = loader
                do {
                    try await loader.load(from: deltas)
                } catch {
                    failure = String(describing: error)
                }
            }
        }
    }
#endif
