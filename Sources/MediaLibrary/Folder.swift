internal import CRename

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open folder: every name is looked up relative to its descriptor, so a folder renamed
/// or swapped for a symbolic link after it was opened cannot redirect a later call.
///
/// Names given to its methods are single components (no `/`); calls return 0 or an `errno`
/// value, as ``FileSystem``'s do.
final class Folder {
    /// The open descriptor (`O_DIRECTORY`).
    let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Opens a folder by path, following symbolic links on the way (the library's root: the
    /// user named it, and it is resolved once).
    static func open(_ path: [UInt8]) -> Result<Folder, Errno> {
        let descriptor = openPath(
            FileSystem.cPath(path),
            O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOCTTY
        )
        guard descriptor >= 0 else { return .failure(Errno(errno)) }
        return .success(Folder(descriptor: descriptor))
    }

    /// Opens the folder of an absolute path one component at a time with `O_NOFOLLOW`, so a
    /// path through a symbolic link to a folder fails with `ELOOP` (or `ENOTDIR`).
    ///
    /// The folders on the way are opened with `O_PATH` (search permission is enough, as for
    /// a path lookup); the last one for reading when that is allowed (so it can be synced),
    /// else with `O_PATH` too.
    static func openWithoutLinks(_ path: [UInt8]) -> Result<Folder, Errno> {
        let parts = path.split(separator: FileSystem.slash).map { Array($0) }
        var current = openPath([FileSystem.slash, 0].map { CChar(bitPattern: $0) }, pathFlags)
        guard current >= 0 else { return .failure(Errno(errno)) }
        for (index, part) in parts.enumerated() {
            let name = FileSystem.cPath(part)
            var next: Int32 = -1
            if index == parts.count - 1 {
                next = openat(current, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if next < 0, errno == EACCES { next = openat(current, name, pathFlags) }
            } else {
                next = openat(current, name, pathFlags)
            }
            let code = errno
            close(current)
            guard next >= 0 else { return .failure(Errno(code)) }
            current = next
        }
        return .success(Folder(descriptor: current))
    }

    /// `O_PATH` (where there is one) for a folder only looked up through.
    private static let pathFlags = crename_open_path_flag() | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC

    /// Opens a folder inside this one, never through a symbolic link.
    func sub(_ name: [UInt8]) -> Result<Folder, Errno> {
        let descriptor = openat(
            self.descriptor,
            FileSystem.cPath(name),
            O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY
        )
        guard descriptor >= 0 else { return .failure(Errno(errno)) }
        return .success(Folder(descriptor: descriptor))
    }

    /// Makes (if needed) and opens a folder inside this one, never through a link.
    func makeSub(_ name: [UInt8]) -> Result<Folder, Errno> {
        if mkdirat(descriptor, FileSystem.cPath(name), 0o755) == 0 {
            _ = sync()
        } else if errno != EEXIST {
            return .failure(Errno(errno))
        }
        return sub(name)
    }

    /// `fstatat` without following a link.
    func status(_ name: [UInt8]) -> Result<stat, Errno> {
        var result = stat()
        guard fstatat(descriptor, FileSystem.cPath(name), &result, AT_SYMLINK_NOFOLLOW) == 0
        else { return .failure(Errno(errno)) }
        return .success(result)
    }

    /// Whether something (even a dangling link) has the name; nil when that cannot be told.
    func exists(_ name: [UInt8]) -> Bool? {
        switch status(name) {
        case .success: return true
        case .failure(let error): return error.code == ENOENT ? false : nil
        }
    }

    /// `openat` with `O_NOFOLLOW | O_CLOEXEC | O_NOCTTY` added.
    func openFile(_ name: [UInt8], _ flags: Int32, mode: mode_t = 0o600) -> Result<Int32, Errno> {
        let descriptor = openat(
            self.descriptor,
            FileSystem.cPath(name),
            flags | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY,
            mode
        )
        guard descriptor >= 0 else { return .failure(Errno(errno)) }
        return .success(descriptor)
    }

    /// `unlinkat` of a file.
    func remove(_ name: [UInt8]) -> Int32 {
        unlinkat(descriptor, FileSystem.cPath(name), 0) == 0 ? 0 : errno
    }

    /// Renames a name of this folder to a name in another (or this) folder without ever
    /// replacing: `renameat2(RENAME_NOREPLACE)`, or `linkat` + `unlinkat` where the file
    /// system refuses it.
    func rename(_ name: [UInt8], to folder: Folder, as target: [UInt8]) -> Int32 {
        let from = FileSystem.cPath(name)
        let to = FileSystem.cPath(target)
        if crename_noreplace_at(descriptor, from, folder.descriptor, to) == 0 { return 0 }
        let code = errno
        guard code == EINVAL || code == ENOSYS || code == ENOTSUP else { return code }
        guard linkat(descriptor, from, folder.descriptor, to, 0) == 0 else { return errno }
        guard unlinkat(descriptor, from, 0) == 0 else {
            let unlinkError = errno
            unlinkat(folder.descriptor, to, 0)
            return unlinkError
        }
        return 0
    }

    /// `fsync` on the folder, so the names created or removed in it are durable.
    func sync() -> Int32 {
        fsync(descriptor) == 0 ? 0 : errno
    }

    /// 0 when the folder may be written by this process, else why not (`EROFS`, `EACCES`,
    /// `EPERM` for an immutable folder).
    func writability() -> Int32 {
        faccessat(descriptor, ".", W_OK, AT_EACCESS) == 0 ? 0 : errno
    }

    /// The names in the folder, without `.` and `..`; empty when it cannot be read.
    func names() -> [[UInt8]] {
        let copy = dup(descriptor)
        guard copy >= 0 else { return [] }
        guard let stream = fdopendir(copy) else {
            close(copy)
            return []
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if name == [UInt8(ascii: ".")] || name == Array("..".utf8) { continue }
            names.append(name)
        }
        return names
    }
}

/// `open(2)` by path (the static `Folder.open` hides the C function inside the type).
private func openPath(_ path: [CChar], _ flags: Int32) -> Int32 {
    open(path, flags)
}

/// What a file was when it was opened: the checks before a rename or a removal compare
/// against it.
struct FileIdentity: Sendable, Hashable {
    var device: UInt64
    var inode: UInt64
    var size: UInt64
    var modificationSeconds: Int64
    var modificationNanoseconds: Int64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = UInt64(clamping: info.st_size)
        modificationSeconds = Int64(info.st_mtim.tv_sec)
        modificationNanoseconds = Int64(info.st_mtim.tv_nsec)
    }

    init(device: UInt64, inode: UInt64, size: UInt64, seconds: Int64, nanoseconds: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        modificationSeconds = seconds
        modificationNanoseconds = nanoseconds
    }

    /// Whether a status is of the same file (device and inode).
    func isSameFile(_ info: stat) -> Bool {
        device == UInt64(info.st_dev) && inode == UInt64(info.st_ino)
    }

    /// Whether a status is of the same file, regular, with the same size and modification
    /// time.
    func isUnchanged(_ info: stat) -> Bool {
        (info.st_mode & S_IFMT) == S_IFREG && self == FileIdentity(info)
    }
}
