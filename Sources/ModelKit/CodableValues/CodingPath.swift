import Foundation

/// Where ModelKit's decoder or encoder stands inside the value it codes, as a chain from the
/// innermost step back to the value itself.
///
/// Each nested value decoded or encoded through a generic `decode(_:forKey:)` or
/// `encode(_:forKey:)` gets a step of its own; scalars never need one, and the steps become a
/// `codingPath` or a ``ModelKeyPath`` only when asked, mostly for an error.
///
/// The path is relative to the value: the property that holds it adds its own key outside, so
/// that an error in `{"customer": {"id": 5}}` reads `customer.id: …` with `id` named once.
indirect enum CodingPath {
    /// The value itself.
    case root
    /// The value under `key` of the object at `parent`.
    case key(any CodingKey, parent: CodingPath)
    /// The element at `index` of the array at `parent`.
    case index(Int, parent: CodingPath)

    /// The steps from the value to here, as a key path.
    var components: [ModelKeyPath.Component] {
        steps(key: { .key($0.stringValue) }, index: { .index($0) })
    }

    /// The steps from the value to here, as `Decoder.codingPath` and `Encoder.codingPath` give
    /// them: the value's own keys, and for each index the coding key of its key path step.
    var codingKeys: [any CodingKey] {
        steps(key: { $0 }, index: { KeyPathStep.codingKey(of: .index($0)) })
    }

    /// The steps from the value to here, each made with `key` or `index`.
    private func steps<Step>(key: (any CodingKey) -> Step, index: (Int) -> Step) -> [Step] {
        var steps: [Step] = []
        var step = self
        while true {
            switch step {
            case .root:
                return steps.reversed()
            case .key(let codingKey, let parent):
                steps.append(key(codingKey))
                step = parent
            case .index(let position, let parent):
                steps.append(index(position))
                step = parent
            }
        }
    }

    /// `error`, whose key path is relative to the value here, located inside the value: the
    /// steps from the value to here in front of its key path, as any work done at them gets.
    func locating(_ error: ModelError) -> ModelError {
        KeyPathStep.prefixing(error, with: components)
    }
}
