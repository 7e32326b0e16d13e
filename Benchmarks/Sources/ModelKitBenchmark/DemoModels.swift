import Foundation
import ModelKit

/// The colour nested in each generated object: `red`, `green`, `blue` and `alpha` keys, as ModelKit's
/// `ColorValue` saves them.
///
/// `DemoItem.label` can switch to `ColorValue` by changing `DemoColor`.
final class BenchmarkColor: ModelObject {
    @Saved var red = 0.0
    @Saved var green = 0.0
    @Saved var blue = 0.0
    @Saved var alpha = 1.0

    convenience init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.init()
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        clearChanges()
    }
}

typealias DemoColor = BenchmarkColor

/// A `Demo`-style object: strings, numbers, a boolean, a date, a nested colour and an array.
final class DemoItem: ModelObject {
    @Saved var text = ""
    @Saved var number = 0
    @Saved var score = 0.0
    @Saved var isActive = false
    @Saved var when = Date()
    @Saved var label = DemoColor()
    @Saved var tags: [String] = []
    @Saved var note: String?
}

/// The document that holds the generated objects.
final class DemoCatalog: ModelObject {
    @Saved var items: [DemoItem] = []
}

/// Builds the same objects from the same seed on every run.
struct DemoGenerator {
    private var random: SplitMix64

    private static let words = [
        "alpha", "beta", "gamma", "delta", "model", "object", "swift", "café", "naïve", "日本語", "Ελληνικά",
        "emoji 🎉", "a/b", "quote \"q\"", "tab\tand\nnewline", "back\\slash", "Zürich", "Łódź", "📦",
    ]

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    mutating func makeCatalog(count: Int) -> DemoCatalog {
        let catalog = DemoCatalog()
        catalog.items = (0..<count).map { makeItem(index: $0) }
        catalog.clearChanges()
        return catalog
    }

    private mutating func makeItem(index: Int) -> DemoItem {
        let item = DemoItem()
        item.text = "\(word()) \(word()) #\(index)"
        item.number = Int(truncatingIfNeeded: random.next() % 2_000_000) - 1_000_000
        item.score = Double(random.next() % 1_000_000) / 1000
        item.isActive = random.next() % 2 == 0
        // Whole seconds, which every ISO 8601 coder here writes the same way.
        item.when = Date(timeIntervalSince1970: 1_500_000_000 + Double(random.next() % 200_000_000))
        item.label = DemoColor(
            red: component(), green: component(), blue: component(), alpha: random.next() % 4 == 0 ? 0.5 : 1)
        item.tags = (0..<Int(random.next() % 5)).map { _ in word() }
        item.note = random.next() % 2 == 0 ? "note \(word())" : nil
        return item
    }

    private mutating func word() -> String {
        Self.words[Int(random.next() % UInt64(Self.words.count))]
    }

    private mutating func component() -> Double {
        Double(random.next() % 256) / 255
    }
}

/// A small, fast, seeded generator (Steele, Lea and Flood's SplitMix64).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
