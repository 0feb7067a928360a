// Times the signature engine (Sources/MediaClassification/Signatures) over the heads of the
// files named on the command line. Built and run by Scripts/benchmark-signatures.sh, which
// compiles it with -O together with the engine's sources into one module.
//
// Prints, per file with --list, the matches; then the mean time per head in microseconds.
// With --first-use FILE, prints the CPU time, in microseconds, of the first use in this
// process: SignatureDatabase.builtin and a first matches(_:) call over the file's head; then
// of a first supertypes(of:) (the name index and ancestors) and type(named:) (the types).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the first `count` bytes of a file with the C library.
func readHead(_ path: String, count: Int) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes = [UInt8](repeating: 0, count: count)
    let read = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, count, file) }
    return Array(bytes.prefix(read))
}

/// Nanoseconds of the monotonic clock.
func now() -> UInt64 { nanoseconds(CLOCK_MONOTONIC) }

/// Nanoseconds of CPU time this process has used: on a shared machine the wall clock
/// counts other processes' time too.
func cpuTime() -> UInt64 { nanoseconds(CLOCK_PROCESS_CPUTIME_ID) }

func nanoseconds(_ clock: clockid_t) -> UInt64 {
    var time = timespec()
    clock_gettime(clock, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

@main
struct SignatureBenchmark {
    /// Times the first use of the built-in database in this process, in CPU time.
    static func firstUse(_ path: String) {
        let head = readHead(path, count: 64 * 1024) ?? []
        let start = cpuTime()
        let matches = SignatureDatabase.builtin.matches(head)
        let elapsed = cpuTime() - start
        // What later uses load: the name index and ancestors, then the types' descriptions.
        let names = cpuTime()
        let supertypes = SignatureDatabase.builtin.supertypes(of: "image/svg+xml")
        let described = cpuTime()
        let info = SignatureDatabase.builtin.type(named: "image/png")
        let end = cpuTime()
        print(
            "\(Double(elapsed) / 1000) µs CPU, \(matches.count) matches; then supertypes(of:)"
                + " \(Double(described - names) / 1000) µs (\(supertypes.count)), type(named:)"
                + " \(Double(end - described) / 1000) µs (\(info?.globs.count ?? 0) globs)"
        )
    }

    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--first-use", arguments.count == 2 {
            firstUse(arguments[1])
            return
        }
        let list = arguments.first == "--list"
        if list { arguments.removeFirst() }
        let headSize = 64 * 1024
        var heads: [(String, [UInt8])] = []
        for path in arguments {
            if let head = readHead(path, count: headSize), !head.isEmpty {
                heads.append((path, head))
            }
        }
        let start = now()
        let database = SignatureDatabase.builtin
        let decoded = now()
        print(
            "loading the built-in database: \(Double(decoded - start) / 1000) µs, \(database.types.count) types"
        )
        if list {
            for (path, head) in heads {
                let matches = database.matches(head)
                let kept = database.removingSupertypes(matches)
                print("\(path): \(kept.prefix(4).map(\.description).joined(separator: "; "))")
            }
        }
        var total = 0
        let rounds = 200
        let begin = now()
        let beginCPU = cpuTime()
        for _ in 0..<rounds {
            for (_, head) in heads { total &+= database.matches(head).count }
        }
        let elapsed = Double(now() - begin) / 1000
        let elapsedCPU = Double(cpuTime() - beginCPU) / 1000
        print("wall clock: \(elapsed / Double(rounds * heads.count)) µs a head")
        let perHead = elapsedCPU / Double(rounds * heads.count)
        print(
            "\(heads.count) heads of up to \(headSize) bytes, \(rounds) rounds: \(perHead) µs CPU a head, \(Int(1_000_000 / perHead)) heads/s (\(total) matches)"
        )
    }
}
