import Foundation
import ModelKitTestSupport
import Testing

@testable import ModelKit

private final class Swatch: ModelObject {
    @Saved var red = 0.0
    @Saved var green = 0.0
    @Saved var tint = Tint()

    convenience init(red: Double) {
        self.init()
        self.red = red
        clearChanges()
    }
}

private final class Tint: ModelObject {
    @Saved var level = 0
}

private final class Palette: ModelObject {
    @Saved var name = ""
    @Saved var plain = Swatch()
    @Saved var customized = Swatch(red: 1)
    @Saved var adjusted = Swatch()
    @Saved var shared = Palette.sharedSwatch

    nonisolated(unsafe) static let sharedSwatch = Swatch()

    override func loadDefaultValues() {
        adjusted.tint.level = 7
    }
}

/// Loading reuses a nested default object only where that cannot be told apart from loading
/// into a new one.
@Suite struct ModelObjectLoadingTests {
    @Test func loadsNestedObjectsAsNewObjectsWould() throws {
        let palette = try Palette(dictionary: [
            "name": "warm",
            "plain": ["green": 0.5],
            "customized": ["green": 0.5],
            "adjusted": ["green": 0.5],
            "shared": ["green": 0.5],
        ])
        #expect(palette.plain.red == 0 && palette.plain.green == 0.5 && palette.plain.tint.level == 0)
        // The default set red to 1 after creating the swatch; a new swatch has red 0.
        #expect(palette.customized.red == 0 && palette.customized.green == 0.5)
        // The default's nested tint was changed by the owner; a new swatch has a new tint.
        #expect(palette.adjusted.tint.level == 0)
        // An object held elsewhere is never loaded into.
        #expect(palette.shared !== Palette.sharedSwatch && Palette.sharedSwatch.green == 0)
        #expect(!palette.hasAnyChanges)
    }

    @Test func reusedObjectsEqualFreshlyLoadedOnes() throws {
        let data: [String: Any] = ["plain": ["red": 0.25, "tint": ["level": 3]], "adjusted": ["tint": ["level": 2]]]
        let first = try Palette(dictionary: data)
        let second = try Palette(dictionary: data)
        #expect(first == second)
        #expect(first.plain !== second.plain)
        #expect(first.plain.tint.level == 3 && first.adjusted.tint.level == 2 && first.adjusted.red == 0)
        first.plain.red = 0.5
        #expect(second.plain.red == 0.25 && first.hasAnyChanges && !second.hasAnyChanges)
    }

    @Test func keepsUnknownKeysOfReusedObjects() throws {
        let palette = try Palette(dictionary: ["plain": ["red": 0.25, "future": "kept"]])
        #expect(palette.plain.unknownValues["future"] as? String == "kept")
        #expect(palette.customized.unknownValues.isEmpty)
    }

    @Test func keepsKeysThatOnlyLookLikeSavedKeys() throws {
        let palette = try Palette(dictionary: ["": 1, "nam": "x", "namee": "y", "n\u{0}ame": "z", "name": "kept"])
        #expect(palette.name == "kept")
        #expect(Set(palette.unknownValues.keys) == ["", "nam", "namee", "n\u{0}ame"])
    }

    @Test func matchesKeysByUnicodeEquality() throws {
        // U+212A KELVIN SIGN is canonically equivalent to "K", so Swift treats the keys as equal.
        final class Thermometer: ModelObject {
            @Saved("Kelvin") var kelvin = 0
        }
        let thermometer = try Thermometer(dictionary: ["\u{212A}elvin": 300])
        #expect(thermometer.kelvin == 300 && thermometer.unknownValues.isEmpty)
    }

    @Test func loadsAndWritesFromManyThreadsAtOnce() throws {
        let json = try Palette(dictionary: ["name": "shared", "plain": ["red": 0.5, "tint": ["level": 2]]]).jsonData()
        let failures = LockedCount()
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            do {
                let palette = try Palette(json: json)
                let again = try Palette(json: try palette.jsonData(options: .compact))
                if again != palette || again.plain.tint.level != 2 { failures.add() }
            } catch {
                failures.add()
            }
        }
        #expect(failures.value == 0)
    }

    @Test func strictLoadReportsNestedErrorsWithTheirPath() {
        #expect {
            try Palette(dictionary: ["plain": ["tint": ["level": "high"]]])
        } throws: { error in
            (error as? ModelError)?.keyPath.description == "plain.tint.level"
        }
    }
}

/// A counter that many threads can add to.
private final class LockedCount: @unchecked Sendable {
    // Every access holds `lock`.
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func add() {
        lock.withLock { count += 1 }
    }
}
