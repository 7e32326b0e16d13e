import Foundation
import ModelKit
import Testing

/// Parses JSON text into a dictionary, for comparing documents without regard to key order.
func jsonObject(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any])
}

/// Whether two dictionary forms hold the same values: their sorted JSON is the same.
func sameJSON(_ lhs: [String: Any], _ rhs: [String: Any]) -> Bool {
    let options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed]
    guard let left = try? JSONSerialization.data(withJSONObject: lhs, options: options),
        let right = try? JSONSerialization.data(withJSONObject: rhs, options: options)
    else { return false }
    return left == right
}

/// A small, fast, seeded random number generator (SplitMix64), so that generated tests are
/// the same on every run and a failing seed can be replayed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// A temporary directory for one test, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The `ModelError` that `body` throws, or `nil` when it throws none; any other error is an
/// issue.
func modelError(_ body: () throws -> Void) -> ModelError? {
    do {
        try body()
        return nil
    } catch let error as ModelError {
        return error
    } catch {
        Issue.record("expected a ModelError, got \(error)")
        return nil
    }
}

/// A seeded random number generator (SplitMix64), so that generated test data is the same on
/// every run.
struct SeededGenerator: RandomNumberGenerator {
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

/// Whether the change handler of a `withObservationTracking` call ran; the handler may run on
/// any thread, so the flag is guarded by a lock.
final class ChangeFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var storedValue = false

    var isSet: Bool {
        lock.withLock { storedValue }
    }

    func set() {
        lock.withLock { storedValue = true }
    }
}
