import Foundation

/// Runs a program to its end and returns its exit status and standard output (its standard
/// error is discarded).
///
/// - Parameters:
///   - program: The program's path.
///   - arguments: Its arguments.
/// - Returns: The exit status and what the program wrote to standard output.
/// - Throws: When the program cannot be started.
@discardableResult
public func runProgram(
    _ program: String,
    _ arguments: [String]
) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// The path of a program found on `PATH`, or `nil` when none of its folders holds it.
///
/// - Parameter name: The program's file name.
/// - Returns: The first executable of that name on `PATH`.
public func programOnPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
        let candidate = "\(folder)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}
