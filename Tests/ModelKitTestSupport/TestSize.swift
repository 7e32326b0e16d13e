import Foundation

/// How much of the long generated and differential suites a run does.
///
/// The everyday `swift test` runs a sample of them, so that it stays quick; `.ci/run` runs them
/// at full size:
///
///     MODELKIT_FULL_TESTS=1 swift test
///
/// The seeds start at 0, or at `MODELKIT_SEED` when it is set, to explore other models, and
/// there are 10 of them, 100 at full size, or `MODELKIT_SEED_COUNT`:
///
///     MODELKIT_SEED=1000 MODELKIT_SEED_COUNT=2000 swift test --filter GeneratedRoundTripTests
public enum TestSize {
    /// Whether `MODELKIT_FULL_TESTS` is set: the suites run at full size.
    public static let isFull = ProcessInfo.processInfo.environment["MODELKIT_FULL_TESTS"] != nil

    /// The seeds of the generated models, so that a failure names a seed that reproduces it.
    public static let seeds: Range<UInt64> = {
        let environment = ProcessInfo.processInfo.environment
        let first = environment["MODELKIT_SEED"].flatMap { UInt64($0) } ?? 0
        let count = environment["MODELKIT_SEED_COUNT"].flatMap { UInt64($0) } ?? (isFull ? 100 : 10)
        return first..<(first + count)
    }()

    /// A count of rounds for a run: `full` at full size, a tenth of it (at least 1) otherwise.
    ///
    /// - Parameter full: The count at full size.
    /// - Returns: The count for this run.
    public static func rounds(_ full: Int) -> Int {
        isFull ? full : max(1, full / 10)
    }

    /// The first tenth of ``seeds`` (at least one), for suites that do ten times as much with
    /// each seed.
    public static var tenthOfSeeds: Range<UInt64> {
        seeds.prefix(max(1, (seeds.count + 9) / 10))
    }
}
