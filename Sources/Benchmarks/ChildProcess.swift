import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one child process cost.
struct ChildRun {
    /// Wall time from spawn to reaped, in nanoseconds.
    var wallNanoseconds: Double
    /// User plus system CPU time of the child, in nanoseconds.
    var cpuNanoseconds: Double
    /// The exit status, or 128 + signal number when the child was killed.
    var status: Int32
}

/// A failure to start or reap a child.
struct ChildError: Error, CustomStringConvertible {
    var description: String
}

/// Runs programs as whole processes, as a shell would, and times them.
enum ChildProcess {
    /// The environment children get: this process's own.
    private static let environment: [String] = ProcessInfo.processInfo.environment
        .map { "\($0.key)=\($0.value)" }
        .sorted()

    /// Runs `arguments` (the first is the program's path), standard output to `stdoutPath`
    /// (`/dev/null` by default), standard error to `/dev/null`, and waits for it.
    static func run(_ arguments: [String], stdoutPath: String = "/dev/null") throws(ChildError)
        -> ChildRun
    {
        guard let program = arguments.first else { throw ChildError(description: "no program") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(
            &actions,
            1,
            stdoutPath,
            O_WRONLY | O_CREAT | O_TRUNC,
            0o644
        )
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        let argv = arguments.map { strdup($0) }
        let envp = environment.map { strdup($0) }
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let start = nowNanoseconds()
        let argvList = argv + [nil]
        let envpList = envp + [nil]
        let spawned = posix_spawn(&pid, program, &actions, nil, argvList, envpList)
        guard spawned == 0 else {
            throw ChildError(description: "cannot start \(program): errno \(spawned)")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw ChildError(description: "wait4 failed: \(errno)") }
        }
        let end = nowNanoseconds()
        let exited = status & 0x7f == 0
        return ChildRun(
            wallNanoseconds: Double(end - start),
            cpuNanoseconds: Self.nanoseconds(usage.ru_utime) + Self.nanoseconds(usage.ru_stime),
            status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        )
    }

    private static func nanoseconds(_ time: timeval) -> Double {
        Double(time.tv_sec) * 1e9 + Double(time.tv_usec) * 1e3
    }

    /// Runs `arguments` and returns what it wrote to standard output.
    static func output(of arguments: [String], scratch: String) throws(ChildError) -> String {
        let run = try run(arguments, stdoutPath: scratch)
        defer { unlink(scratch) }
        guard run.status == 0 || run.status == 1 || run.status == 2 else {
            throw ChildError(
                description: "\(arguments.joined(separator: " ")): status \(run.status)"
            )
        }
        return try TextFile.contents(scratch)
    }
}

/// Whole-file reads and writes with the C library.
enum TextFile {
    /// The file's bytes as UTF-8 text (bad bytes become U+FFFD).
    static func contents(_ path: String) throws(ChildError) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ChildError(description: "cannot open \(path)") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw ChildError(description: "cannot read \(path)") }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The file's lines (a path list: one path a line).
    static func lines(_ path: String) throws(ChildError) -> [String] {
        try contents(path).split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }
}
