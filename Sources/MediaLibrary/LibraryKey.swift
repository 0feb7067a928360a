#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The library's secret key (`.mediatype-key`).
///
/// 32 random bytes in a `0600` file made with the library, owned by the user who imports.
/// The journal's entries are authenticated with it,
/// so an entry someone else wrote (a forged or copied journal) is refused, never acted on.
enum LibraryKey {
    /// The key file's name inside the library.
    static let fileName = Array(".mediatype-key".utf8)
    /// The key's length in bytes.
    static let length = 32

    /// Reads the key; nil when the library has none yet.
    ///
    /// - Throws: ``ImportError`` (`journalRefused`) when the key file is a link, not a regular
    ///   file, readable by others, not owned by this user, or of the wrong size.
    static func read(in root: Folder) throws(ImportError) -> [UInt8]? {
        let descriptor: Int32
        switch root.openFile(fileName, O_RDONLY | O_NONBLOCK) {
        case .success(let value): descriptor = value
        case .failure(let error):
            if error.code == ENOENT { return nil }
            throw refused(error.code)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw refused(errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG, info.st_nlink == 1 else {
            throw ImportError(.journalRefused, "the library's key is not a plain file")
        }
        guard info.st_uid == geteuid(), (info.st_mode & 0o077) == 0 else {
            throw ImportError(
                .journalRefused,
                "the library's key is not private to this user (owner and mode 0600 expected)"
            )
        }
        var key = [UInt8](repeating: 0, count: length + 1)
        let count = key.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count == length else {
            if count < 0 { throw refused(errno) }
            throw ImportError(.journalRefused, "the library's key is damaged (wrong size)")
        }
        return Array(key.prefix(length))
    }

    /// Makes a new key file (`O_EXCL`, mode `0600`), synced with its folder.
    static func create(in root: Folder) throws(ImportError) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        let key = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let descriptor: Int32
        switch root.openFile(fileName, O_WRONLY | O_CREAT | O_EXCL, mode: 0o600) {
        case .success(let value): descriptor = value
        case .failure(let error):
            if error.code == EEXIST, let existing = try read(in: root) { return existing }
            throw ImportError.library(error.code, "cannot make the library's key")
        }
        let code = key.withUnsafeBytes { FileSystem.writeAll(descriptor, $0) }
        let synced = code == 0 && fsync(descriptor) == 0
        let syncError = synced ? 0 : (code != 0 ? code : errno)
        close(descriptor)
        if syncError != 0 {
            _ = root.remove(fileName)
            throw ImportError.library(syncError, "cannot write the library's key")
        }
        let folderSync = root.sync()
        if folderSync != 0 { throw ImportError.library(folderSync, "cannot sync the library") }
        return key
    }

    private static func refused(_ code: Int32) -> ImportError {
        ImportError(
            .journalRefused,
            "cannot read the library's key: \(String(cString: strerror(code)))",
            systemError: code
        )
    }
}
