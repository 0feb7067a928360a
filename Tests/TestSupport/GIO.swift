import Foundation

/// Where GIO's command-line tool lives on Debian, when it is installed.
public let gioPath = "/usr/bin/gio"

/// Whether `gio` is installed.
public var hasGIO: Bool { FileManager.default.isExecutableFile(atPath: gioPath) }

/// What GIO's `gio info` says a file's content type is (`standard::content-type`): the
/// answer of the desktop's own MIME database code, to compare ours with.
///
/// - Throws: When `gio` cannot run or prints no content type.
public func gioContentType(of path: String) throws -> String {
    let text = try runProgram(gioPath, ["info", "-a", "standard::content-type", path]).output
    let prefix = "standard::content-type: "
    for line in text.split(separator: "\n") {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix(prefix) { return String(trimmed.dropFirst(prefix.count)) }
    }
    throw GIOError(path: path, output: text)
}

/// `gio info` printed no content type.
public struct GIOError: Error, CustomStringConvertible {
    /// The file asked about.
    public var path: String
    /// What `gio` printed instead.
    public var output: String
    /// The path and the output, in a sentence.
    public var description: String { "no content type from gio for \(path): \(output)" }
}
