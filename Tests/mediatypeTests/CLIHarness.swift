import Foundation

/// The folder that holds Package.swift, found by walking up from this file.
let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while url.path != "/" {
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
        {
            return url
        }
        url.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}()

/// The fixtures folder.
let fixtures = packageRoot.appendingPathComponent("Fixtures")

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
}

/// Runs the real binary with arguments (as bytes, so names need not be UTF-8).
func runMediatypeBytes(
    _ arguments: [[UInt8]],
    currentDirectory: URL? = nil
) throws -> CLIResult {
    let process = Process()
    process.executableURL = mediatypeBinary
    // Process takes Strings, which cannot hold bytes that are not UTF-8: such arguments go
    // through python3's os.execv, which takes bytes.
    if arguments.allSatisfy({ String(validating: $0, as: UTF8.self) != nil }) {
        process.arguments = arguments.map { String(decoding: $0, as: UTF8.self) }
    } else {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", "-c", byteTrampoline, mediatypeBinary.path]
            + arguments.map { $0.map { String(format: "%02x", $0) }.joined() }
    }
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
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

/// Decodes hex arguments back into bytes and execs the binary with them.
private let byteTrampoline = """
    import os, sys
    os.execv(sys.argv[1], [sys.argv[1]] + [bytes.fromhex(a) for a in sys.argv[2:]])
    """

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
