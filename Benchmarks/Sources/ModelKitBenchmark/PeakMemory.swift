import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// How far the resident set of this process rises above where it was when the measurement
/// started.
///
/// On Linux the kernel can start a new high-water mark (`VmHWM` in `/proc/self/status`, reset
/// through `/proc/self/clear_refs`), so the baseline is the resident set at the start. On
/// Apple's systems, which have no `/proc`, the peak since the process started (`getrusage`'s
/// `ru_maxrss`) cannot be reset, so the baseline is that peak at the start: the probe runs in a
/// process of its own, whose peak so far is close to what it holds. (Linux carries the parent's
/// peak into `ru_maxrss` across `exec`, so it is no use there.)
struct PeakMemory {
    /// The source of the numbers, for the report.
    static var source: String {
        #if canImport(Darwin)
            "ru_maxrss"
        #else
            "VmHWM"
        #endif
    }

    private let baseline: Int

    /// Starts measuring, or returns `nil` when the system does not report its memory use.
    init?() {
        #if canImport(Darwin)
            guard let peak = Self.maximumResidentSetSize() else { return nil }
            baseline = peak
        #else
            guard Self.resetHighWaterMark(), let resident = Self.statusField("VmRSS") else { return nil }
            baseline = resident
        #endif
    }

    /// The growth of the peak resident set since the start, in bytes.
    var growth: Int? {
        #if canImport(Darwin)
            let peak = Self.maximumResidentSetSize()
        #else
            let peak = Self.statusField("VmHWM")
        #endif
        return peak.map { $0 - baseline }
    }

    #if canImport(Darwin)
        /// The largest resident set since the process started, in bytes (Apple's systems count
        /// bytes here, where Linux counts kibibytes).
        private static func maximumResidentSetSize() -> Int? {
            var usage = rusage()
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
            return Int(usage.ru_maxrss)
        }
    #else
        /// Starts a new high-water mark at the current resident set (Linux 4.0 and later).
        private static func resetHighWaterMark() -> Bool {
            guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
            defer { fclose(file) }
            return fputs("5", file) >= 0
        }

        /// A field of `/proc/self/status` in bytes (the file gives kB).
        private static func statusField(_ name: String) -> Int? {
            guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
                return nil
            }
            for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
                let number = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
                return number.map { $0 * 1024 }
            }
            return nil
        }
    #endif
}
