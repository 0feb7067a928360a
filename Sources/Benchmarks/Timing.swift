#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic time in nanoseconds.
func nowNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// The calling thread's CPU time in nanoseconds: steadier than wall time on a busy machine.
func threadCPUNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// Keeps a value alive so the optimizer cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Statistics of a list of samples.
enum Stats {
    /// The median (the mean of the middle two for an even count); 0 for no samples.
    static func median(_ samples: [Double]) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// Two things timed side by side: a subject and its yardstick, interleaved.
struct Pair {
    /// What is measured (mediatype's side).
    var subject: [Double] = []
    /// What it is measured against.
    var yardstick: [Double] = []

    /// Median of the subject's samples.
    var subjectMedian: Double { Stats.median(subject) }
    /// Median of the yardstick's samples.
    var yardstickMedian: Double { Stats.median(yardstick) }
    /// Subject median over yardstick median (below 1: the subject is faster).
    var ratio: Double { yardstickMedian > 0 ? subjectMedian / yardstickMedian : .infinity }
    /// The median of the per-repetition ratios (robust against a slow spell hitting both).
    var pairedRatio: Double {
        Stats.median(zip(subject, yardstick).map { $1 > 0 ? $0 / $1 : .infinity })
    }

    /// Runs `repetitions` interleaved pairs, alternating which side goes first.
    static func interleaved(
        repetitions: Int,
        subject: () -> Double,
        yardstick: () -> Double
    ) -> Pair {
        var pair = Pair()
        for repetition in 0..<repetitions {
            if repetition % 2 == 0 {
                pair.subject.append(subject())
                pair.yardstick.append(yardstick())
            } else {
                pair.yardstick.append(yardstick())
                pair.subject.append(subject())
            }
        }
        return pair
    }
}

/// Number formatting for the report (no Foundation).
enum Format {
    /// `value` with `digits` decimals.
    static func fixed(_ value: Double, _ digits: Int = 2) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : "inf" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (abs(value) * scale).rounded()
        let whole = Int(rounded / scale)
        var text = (value < 0 && rounded > 0 ? "-" : "") + String(whole)
        if digits > 0 {
            let fraction = Int(rounded - Double(whole) * scale)
            let digitsText = String(fraction)
            text += "." + String(repeating: "0", count: digits - digitsText.count) + digitsText
        }
        return text
    }

    /// A duration in nanoseconds, in the unit that suits it.
    static func duration(_ nanoseconds: Double) -> String {
        if nanoseconds < 1_000 { return fixed(nanoseconds, 1) + " ns" }
        if nanoseconds < 1_000_000 { return fixed(nanoseconds / 1_000, 2) + " µs" }
        if nanoseconds < 1_000_000_000 { return fixed(nanoseconds / 1_000_000, 2) + " ms" }
        return fixed(nanoseconds / 1_000_000_000, 2) + " s"
    }

    /// `text` padded with spaces to `width` characters.
    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
