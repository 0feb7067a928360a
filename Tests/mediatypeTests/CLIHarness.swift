import Foundation
import TestSupport

/// The built `mediatype` binary: beside the test bundle (the products folder), else
/// `.build/debug`.
let mediatypeBinary: URL = {
    var candidates: [URL] = []
    var products = Bundle.main.bundleURL
    if products.pathExtension == "xctest" { products.deleteLastPathComponent() }
    candidates.append(products.appendingPathComponent("mediatype"))
    candidates.append(packageRoot.appendingPathComponent(".build/debug/mediatype"))
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        ?? candidates[candidates.count - 1]
}()

struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
    var stdoutBytes: Data
    /// The child's peak resident set size in KiB, when it was spawned with ``spawnMediatype(_:)``.
    var peakResidentKiB: Int?
}

/// Runs the real binary with arguments (as bytes, so names need not be UTF-8).
///
/// Arguments that are all UTF-8 go through `Process`; others through ``spawnMediatype(_:)``,
/// since `Process` takes Strings, which cannot hold such bytes.
func runMediatypeBytes(
    _ arguments: [[UInt8]],
    currentDirectory: URL? = nil
) throws -> CLIResult {
    guard arguments.allSatisfy({ String(validating: $0, as: UTF8.self) != nil }) else {
        guard currentDirectory == nil else { throw POSIXError(.EINVAL) }
        return try spawnMediatype(arguments).result
    }
    let process = Process()
    process.executableURL = mediatypeBinary
    process.arguments = arguments.map { String(decoding: $0, as: UTF8.self) }
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    return try collect(process)
}

/// Runs a configured process with standard input from /dev/null and collects its output.
func collect(_ process: Process) throws -> CLIResult {
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let errReader = Thread.detachedRead(err.fileHandleForReading)
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = errReader.wait()
    process.waitUntilExit()
    return CLIResult(
        status: process.terminationStatus,
        stdout: String(decoding: stdout, as: UTF8.self),
        stderr: String(decoding: stderr, as: UTF8.self),
        stdoutBytes: stdout
    )
}

/// Runs the binary with byte arguments and measures how long it took.
///
/// `posix_spawn` takes the bytes as they are; standard output and error go to files, so
/// neither pipe can fill up and stall the run.
func spawnMediatype(_ arguments: [[UInt8]]) throws -> (result: CLIResult, elapsed: Duration) {
    let outputs = try makeTemporaryFolder(prefix: "mediatype-cli-output")
    defer { try? FileManager.default.removeItem(atPath: outputs) }
    let outPath = outputs + "/stdout"
    let errPath = outputs + "/stderr"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let words = [Array(mediatypeBinary.path.utf8)] + arguments
    let argv: [UnsafeMutablePointer<CChar>?] =
        words.map { word in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: word.count + 1)
            for (index, byte) in word.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[word.count] = 0
            return copy
        } + [nil]
    defer { for pointer in argv { pointer?.deallocate() } }
    let clock = ContinuousClock()
    let start = clock.now
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, mediatypeBinary.path, &actions, nil, argv, environ)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
        guard errno == EINTR else { throw POSIXError(.ECHILD) }
    }
    let elapsed = clock.now - start
    // Exited normally: the status is in bits 8-15; killed by a signal: 128 + the signal.
    let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + status & 0x7F
    let stdout = try Data(contentsOf: URL(fileURLWithPath: outPath))
    let stderr = try Data(contentsOf: URL(fileURLWithPath: errPath))
    let result = CLIResult(
        status: exitStatus,
        stdout: String(decoding: stdout, as: UTF8.self),
        stderr: String(decoding: stderr, as: UTF8.self),
        stdoutBytes: stdout,
        peakResidentKiB: usage.ru_maxrss
    )
    return (result, elapsed)
}

/// Runs the real binary with string arguments.
func runMediatype(
    _ arguments: [String],
    currentDirectory: URL? = nil
) throws -> (status: Int32, stdout: String, stderr: String) {
    let result = try runMediatypeBytes(
        arguments.map { Array($0.utf8) },
        currentDirectory: currentDirectory
    )
    return (result.status, result.stdout, result.stderr)
}

/// Runs the real binary with standard output and standard error into one pipe, as a terminal
/// shows them: the order in which the two streams were written is kept.
func runMediatypeMerged(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = mediatypeBinary
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
}

/// Parses JSON output into Foundation objects.
func parseJSON(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

extension Thread {
    /// Reads a pipe to its end on another thread (so a full stderr pipe cannot block stdout).
    final class PendingRead: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var data = Data()
        func finish(_ value: Data) {
            data = value
            done.signal()
        }
        func wait() -> Data {
            done.wait()
            return data
        }
    }

    static func detachedRead(_ handle: FileHandle) -> PendingRead {
        let pending = PendingRead()
        Thread.detachNewThread { pending.finish(handle.readDataToEndOfFile()) }
        return pending
    }
}
