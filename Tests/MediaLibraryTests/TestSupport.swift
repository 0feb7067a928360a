import Foundation
import MediaLibrary
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A fresh folder that is removed when the value goes away.
final class TemporaryFolder {
    let path: String

    init(in base: String = "/tmp") throws {
        path = try makeTemporaryFolder(in: base, prefix: "mediatype-library-test")
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func sub(_ name: String) -> String { path + "/" + name }

    /// Copies a fixture in under a name, optionally with bytes appended (to make its content
    /// distinct while keeping it a valid file of its kind).
    @discardableResult
    func copy(_ fixture: String, as name: String? = nil, appending extra: [UInt8] = []) throws
        -> String
    {
        let target = sub(name ?? fixture)
        try write(try fixtureBytes(fixture) + extra, to: target)
        return target
    }

    func write(_ bytes: [UInt8], to target: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: target))
    }
}

/// Reading back files for checks.
enum Files {
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func sha256(_ path: String) throws -> String {
        SHA256.hex(SHA256.hash(try bytes(path)))
    }

    /// The names in a folder, sorted, hidden ones included.
    static func names(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    static func device(_ path: String) -> UInt64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return UInt64(info.st_dev)
    }
}

/// A small tmpfs mounted for one test (the machine's root may mount; elsewhere tests skip).
final class TmpfsMount {
    let folder: TemporaryFolder
    var path: String { folder.path }

    /// Whether this process may mount a tmpfs (tried once).
    static let available: Bool = {
        guard geteuid() == 0, let probe = try? TmpfsMount(size: "64k") else { return false }
        _ = probe
        return true
    }()

    init(size: String) throws {
        folder = try TemporaryFolder()
        let result = try runProgram(
            "/bin/mount",
            ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder.path]
        )
        guard result.status == 0 else { throw POSIXError(.EPERM) }
    }

    func remountReadOnly() throws {
        let result = try runProgram("/bin/mount", ["-o", "remount,ro", folder.path])
        guard result.status == 0 else { throw POSIXError(.EPERM) }
    }

    deinit {
        _ = try? runProgram("/bin/umount", ["-l", folder.path])
    }
}

/// Whether `/dev/shm` is on another device than `/tmp` (a second device without mounting).
let sharedMemoryIsAnotherDevice: Bool = {
    guard let shm = Files.device("/dev/shm"), let tmp = Files.device("/tmp") else { return false }
    return shm != tmp && access("/dev/shm", W_OK) == 0
}()

extension ImportOutcome {
    var resultName: String {
        switch self {
        case .imported: "imported"
        case .wouldImport: "wouldImport"
        case .alreadyImported: "alreadyImported"
        case .rejected: "rejected"
        case .failed(_, let error): "failed(\(error.code.rawValue))"
        }
    }

    var renamedExtension: Bool? {
        switch self {
        case .imported(_, _, let renamed, _), .wouldImport(_, _, let renamed, _): renamed
        default: nil
        }
    }

    var importError: ImportError? {
        if case .failed(_, let error) = self { return error }
        return nil
    }
}

/// Writes journal lines as the library does: each signed with the library's key.
struct JournalSigner {
    let key: [UInt8]

    /// Reads the key of a library that has one.
    init(library: String) throws {
        key = try Files.bytes(library + "/.mediatype-key")
    }

    /// Signs with a given key (a foreign or a made-up one).
    init(key: [UInt8]) { self.key = key }

    func line(_ fields: [String]) -> String {
        let body = fields.joined(separator: "\t")
        return body + "\t" + SHA256.hex(HMACSHA256.code(Array(body.utf8), key: key)) + "\n"
    }

    /// An intent line for a source as it is now on disk.
    func intent(
        id: String,
        source: String,
        sha: String,
        folder: String = ".",
        temporary: String,
        final: String,
        removal: String = ".mediatype-tmp-5ca1ab1e5ca1ab1e"
    ) -> String {
        var info = stat()
        _ = lstat(source, &info)
        return line([
            "intent", id, source, String(info.st_dev), String(info.st_ino),
            String(info.st_mtim.tv_sec), String(info.st_mtim.tv_nsec), String(info.st_size), sha,
            folder, temporary, final, removal,
        ])
    }
}

/// Every name under a folder (links not followed) with what it is.
///
/// A file's SHA-256, a link's target, or a folder. Two snapshots are equal when nothing under it changed.
struct TreeSnapshot: Equatable, CustomStringConvertible {
    var entries: [String: String] = [:]

    init(_ root: String) throws {
        func walk(_ path: String, _ relative: String) throws {
            var info = stat()
            guard lstat(path, &info) == 0 else { return }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                entries[relative] = "folder"
                for name in Files.names(path) {
                    try walk(path + "/" + name, relative.isEmpty ? name : relative + "/" + name)
                }
            case S_IFLNK:
                entries[relative] =
                    "link to "
                    + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")
            case S_IFREG:
                entries[relative] = "file " + (try Files.sha256(path))
            default:
                entries[relative] = "other"
            }
        }
        try walk(root, "")
    }

    var description: String {
        entries.keys.sorted().map { "\($0): \(entries[$0] ?? "")" }.joined(separator: "\n")
    }
}
