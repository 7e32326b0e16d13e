import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Times operations by the CPU time of the measuring thread, so that other processes on a
/// busy machine disturb the numbers as little as possible, and reports medians.
enum Measurement {
    /// The CPU time this thread has used, in seconds.
    static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// How many times to repeat an operation so that one sample lasts about `target` seconds.
    static func repetitions(toFill target: Double, _ body: () throws -> Void) rethrows -> Int {
        try body()
        let start = threadCPUTime()
        try body()
        let once = max(threadCPUTime() - start, 1e-7)
        return max(1, Int(target / once))
    }

    /// The median seconds per call of each body, sampled in turns so that a slow moment of the
    /// machine falls on all of them alike.
    ///
    /// Each sample begins with one call that is not timed, while a call takes less than
    /// ``warmUpLimit``. Without it, a sample of one call (a document of a few MB) would time
    /// the first call after another contender's: that call gets its memory from what the other
    /// contender freed, tens of MB of it for `JSONSerialization`, and took up to twice its
    /// usual time in this benchmark, for whichever contender came next. For a call of seconds
    /// those milliseconds do not count, and the untimed call would double the run.
    ///
    /// - Parameters:
    ///   - rounds: The samples per body.
    ///   - repetitions: The timed calls per sample.
    ///   - bodies: The operations.
    static func medians(rounds: Int, repetitions: Int, of bodies: [() throws -> Void]) throws -> [Double] {
        var samples = Array(repeating: [Double](), count: bodies.count)
        var warmsUp = Array(repeating: true, count: bodies.count)
        for round in 0..<rounds {
            for step in 0..<bodies.count {
                let index = (round + step) % bodies.count
                if warmsUp[index] {
                    let start = threadCPUTime()
                    try bodies[index]()
                    warmsUp[index] = threadCPUTime() - start < warmUpLimit
                }
                let start = threadCPUTime()
                for _ in 0..<repetitions { try bodies[index]() }
                samples[index].append((threadCPUTime() - start) / Double(repetitions))
            }
        }
        return samples.map(median)
    }

    /// The CPU seconds of a call below which each sample begins with an untimed call.
    static let warmUpLimit = 0.25

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// Keeps a result alive until the compiler can no longer prove it unused.
@inline(never)
func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
