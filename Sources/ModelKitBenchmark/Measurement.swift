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
    /// - Parameters:
    ///   - rounds: The samples per body.
    ///   - repetitions: The calls per sample.
    ///   - bodies: The operations.
    static func medians(rounds: Int, repetitions: Int, of bodies: [() throws -> Void]) throws -> [Double] {
        for body in bodies { try body() }
        var samples = Array(repeating: [Double](), count: bodies.count)
        for round in 0..<rounds {
            for step in 0..<bodies.count {
                let index = (round + step) % bodies.count
                let start = threadCPUTime()
                for _ in 0..<repetitions { try bodies[index]() }
                samples[index].append((threadCPUTime() - start) / Double(repetitions))
            }
        }
        return samples.map(median)
    }

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

/// The memory the process holds, from its own accounting in `/proc/self/status`.
enum ProcessMemory {
    /// The resident set now, in bytes.
    static var resident: Int? { field("VmRSS") }

    /// The highest resident set since the process started or since ``resetPeak()``, in bytes.
    static var peak: Int? { field("VmHWM") }

    /// Starts a new high-water mark at the current resident set (Linux 4.0 and later).
    @discardableResult
    static func resetPeak() -> Bool {
        guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
        defer { fclose(file) }
        return fputs("5", file) >= 0
    }

    private static func field(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let number = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            return number.map { $0 * 1024 }
        }
        return nil
    }
}
