#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What kind of thing a path names, learned with `lstat`/`stat` before anything is opened.
enum FileKind: Sendable, Equatable {
    case regular(size: UInt64)
    case directory
    case symbolicLink
    case fifo
    case socket
    case characterDevice
    case blockDevice
    case unknown
}

/// Opens files for classification without ever blocking on them.
///
/// Only regular files are opened, with `O_NONBLOCK | O_CLOEXEC | O_NOCTTY`, so a FIFO that
/// replaces a file between `stat` and `open` cannot hang the caller; `fstat` after `open`
/// confirms it is still a regular file. Reads are `pread`s of bounded size.
enum FileAccess {
    /// Finds what the path names, following a symbolic link when asked.
    static func kind(ofPath path: [CChar], followSymlinks: Bool) throws(ClassificationError)
        -> FileKind
    {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw error(errno) }
        if (status.st_mode & S_IFMT) == S_IFLNK {
            guard followSymlinks else { return .symbolicLink }
            guard stat(path, &status) == 0 else {
                let code = errno
                if code == ENOENT {
                    throw ClassificationError(
                        .danglingSymlink,
                        "the symbolic link points at nothing"
                    )
                }
                throw error(code)
            }
        }
        return kind(of: status)
    }

    static func kind(of status: stat) -> FileKind {
        switch status.st_mode & S_IFMT {
        case S_IFREG: .regular(size: UInt64(clamping: status.st_size))
        case S_IFDIR: .directory
        case S_IFLNK: .symbolicLink
        case S_IFIFO: .fifo
        case S_IFSOCK: .socket
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        default: .unknown
        }
    }

    /// Opens a regular file for reading, or throws.
    ///
    /// With `followSymlinks` false, `O_NOFOLLOW` refuses a link swapped in after `lstat`.
    static func openRegular(_ path: [CChar], followSymlinks: Bool = true)
        throws(ClassificationError) -> OpenFile
    {
        var flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY
        if !followSymlinks { flags |= O_NOFOLLOW }
        let descriptor = open(path, flags)
        guard descriptor >= 0 else { throw error(errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw error(code)
        }
        guard case .regular(let size) = kind(of: status) else {
            close(descriptor)
            throw ClassificationError(.ioError, "the file was replaced while being opened")
        }
        return OpenFile(descriptor: descriptor, size: size)
    }

    /// The stable error for an `errno` value.
    static func error(_ code: Int32) -> ClassificationError {
        let text = String(cString: strerror(code))
        switch code {
        case ENOENT: return ClassificationError(.notFound, "no such file or folder")
        case EACCES, EPERM: return ClassificationError(.permissionDenied, "permission denied")
        case ELOOP: return ClassificationError(.symlinkLoop, "too many levels of symbolic links")
        case ENOTDIR:
            return ClassificationError(.notADirectory, "a component of the path is not a folder")
        case ENAMETOOLONG: return ClassificationError(.nameTooLong, "the name is too long")
        default: return ClassificationError(.ioError, text)
        }
    }
}

/// An open regular file, closed when the last reference goes.
final class OpenFile: @unchecked Sendable {
    // Sound: the descriptor is only read with `pread`, which has no shared file offset, and
    // is closed once, in deinit, when nothing can use it any more.
    let descriptor: Int32
    let size: UInt64

    init(descriptor: Int32, size: UInt64) {
        self.descriptor = descriptor
        self.size = size
    }

    deinit { close(descriptor) }

    /// Reads up to `count` bytes at `offset`; fewer at the end of the file; nil on an error.
    func read(at offset: UInt64, count: Int) -> [UInt8]? {
        guard count > 0, let start = off_t(exactly: offset) else { return [] }
        // The bytes are read straight into the array's storage: no zero fill first, and no
        // trimming copy after a short read.
        var failed = false
        let buffer = [UInt8](unsafeUninitializedCapacity: count) { storage, initialized in
            var filled = 0
            while filled < count, let base = storage.baseAddress {
                let got = pread(descriptor, base + filled, count - filled, start + off_t(filled))
                if got < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    break
                }
                if got == 0 { break }
                filled += got
            }
            initialized = failed ? 0 : filled
        }
        return failed ? nil : buffer
    }
}
