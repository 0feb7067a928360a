#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A progress line on standard error for long batches, shown only when standard error is a
/// terminal and standard output is not (results on the terminal are progress enough, and a
/// pipe or a JSON consumer never sees it).
final class Progress {
    private let enabled: Bool
    private var count = 0
    private var lastDraw: Double = 0
    private var drawn = false

    init() {
        enabled = isatty(2) == 1 && isatty(1) == 0
        lastDraw = Self.now()
    }

    func advance(by amount: Int) {
        count += amount
        guard enabled else { return }
        let now = Self.now()
        guard now - lastDraw >= 0.2 else { return }
        lastDraw = now
        drawn = true
        Output.error.write("\r\u{1B}[Kclassified \(count) files")
        Output.error.flush()
    }

    func finish() {
        guard enabled, drawn else { return }
        Output.error.write("\r\u{1B}[K")
        Output.error.flush()
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
