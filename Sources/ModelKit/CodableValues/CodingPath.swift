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
        var components: [ModelKeyPath.Component] = []
        var step = self
        while true {
            switch step {
            case .root:
                return components.reversed()
            case .key(let key, let parent):
                components.append(.key(key.stringValue))
                step = parent
            case .index(let index, let parent):
                components.append(.index(index))
                step = parent
            }
        }
    }

    /// The steps from the value to here, as `Decoder.codingPath` and `Encoder.codingPath` give
    /// them: the value's own keys, and an ``AnyCodingKey`` for each index.
    var codingKeys: [any CodingKey] {
        var keys: [any CodingKey] = []
        var step = self
        while true {
            switch step {
            case .root:
                return keys.reversed()
            case .key(let key, let parent):
                keys.append(key)
                step = parent
            case .index(let index, let parent):
                keys.append(AnyCodingKey(index))
                step = parent
            }
        }
    }

    /// The key path of `codingPath`: a key with an integer is an index, as the keys of an
    /// unkeyed container's elements are, and every other key a key.
    ///
    /// The decoder's and encoder's own errors give coding paths of ``AnyCodingKey``s
    /// (``AnyCodingKey/codingPath(of:)``), which come back as the key paths they were made of.
    static func keyPath(of codingPath: [any CodingKey]) -> ModelKeyPath {
        ModelKeyPath(codingPath.map { key in key.intValue.map { .index($0) } ?? .key(key.stringValue) })
    }

    /// `error`, whose key path is relative to the value here, located inside the value.
    func locating(_ error: ModelError) -> ModelError {
        var located = error
        located.keyPath = ModelKeyPath(components + error.keyPath.components)
        return located
    }
}
