#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX calls the import makes, on paths kept as bytes.
///
/// Each call returns 0 or an `errno` value rather than throwing, so the caller decides
/// whether a failure is the library's or the source's.
enum FileSystem {
    /// The bytes of `/`.
    static let slash = UInt8(ascii: "/")

    /// A NUL-terminated copy of a path for C calls.
    static func cPath(_ path: [UInt8]) -> [CChar] {
        path.map { CChar(bitPattern: $0) } + [0]
    }

    /// `folder/name`, without doubling a slash.
    static func join(_ folder: [UInt8], _ name: [UInt8]) -> [UInt8] {
        if folder.isEmpty { return name }
        if name.isEmpty { return folder }
        return folder.last == slash ? folder + name : folder + [slash] + name
    }

    /// The folder part of a path (`.` when there is none).
    static func parent(_ path: [UInt8]) -> [UInt8] {
        guard let index = path.lastIndex(of: slash) else { return Array(".".utf8) }
        return index == path.startIndex ? [slash] : Array(path[..<index])
    }

    /// The last component of a path.
    static func baseName(_ path: [UInt8]) -> [UInt8] {
        guard let index = path.lastIndex(of: slash) else { return path }
        return Array(path[(index + 1)...])
    }

    /// An absolute form of a path (the working folder prefixed to a relative one).
    static func absolute(_ path: [UInt8]) -> [UInt8] {
        if path.first == slash { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let folder = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        var relative = path[...]
        while relative.starts(with: Array("./".utf8)) { relative = relative.dropFirst(2) }
        return join(folder, Array(relative))
    }

    /// `lstat`: the status, or the `errno` value.
    static func status(_ path: [UInt8]) -> Result<stat, Errno> {
        var result = stat()
        guard lstat(cPath(path), &result) == 0 else { return .failure(Errno(errno)) }
        return .success(result)
    }

    /// Makes a folder and the folders above it; an existing folder is fine.
    static func makeFolders(_ path: [UInt8]) -> Int32 {
        var prefix: [UInt8] = []
        var created = false
        let parts = path.split(separator: slash, omittingEmptySubsequences: true)
        if path.first == slash { prefix = [slash] }
        for part in parts {
            prefix = join(prefix, Array(part))
            if mkdir(cPath(prefix), 0o755) == 0 {
                created = true
                _ = syncFolder(parent(prefix))
                continue
            }
            let code = errno
            guard code == EEXIST else { return code }
        }
        // The last component may be a symbolic link to a folder (the user named it).
        var info = stat()
        guard stat(cPath(path), &info) == 0 else { return errno }
        if (info.st_mode & S_IFMT) != S_IFDIR { return ENOTDIR }
        if created { _ = syncFolder(path) }
        return 0
    }

    /// `fsync` on a folder, so the names created or removed in it are durable.
    static func syncFolder(_ path: [UInt8]) -> Int32 {
        let descriptor = open(cPath(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        return fsync(descriptor) == 0 ? 0 : errno
    }

    /// Writes a whole buffer, retrying short writes and `EINTR`.
    static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32 {
        var offset = 0
        while offset < buffer.count {
            let written = write(
                descriptor,
                buffer.baseAddress.map { $0 + offset },
                buffer.count - offset
            )
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if written == 0 { return EIO }
            offset += written
        }
        return 0
    }

    /// Reads a whole open file from its start with `pread`, handing each chunk to a closure.
    static func readAll(
        _ descriptor: Int32,
        chunk: Int = 1 << 20,
        _ body: (UnsafeRawBufferPointer) -> Int32
    ) -> Int32 {
        var buffer = [UInt8](repeating: 0, count: chunk)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in
                pread(descriptor, raw.baseAddress, raw.count, offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if count == 0 { return 0 }
            offset += off_t(count)
            let result = buffer.withUnsafeBytes { raw in
                body(UnsafeRawBufferPointer(rebasing: raw[0..<count]))
            }
            if result != 0 { return result }
        }
    }

    /// The size and SHA-256 of a regular file in an open folder, opened without following a
    /// link and without blocking.
    static func digest(of name: [UInt8], in folder: Folder) -> Result<FileDigest, Errno> {
        let descriptor: Int32
        switch folder.openFile(name, O_RDONLY | O_NONBLOCK) {
        case .success(let value): descriptor = value
        case .failure(let error): return .failure(error)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(Errno(errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(Errno(EINVAL)) }
        return digest(ofOpenFile: descriptor)
    }

    /// The size and SHA-256 of an open file's content, read from its start.
    static func digest(ofOpenFile descriptor: Int32) -> Result<FileDigest, Errno> {
        var hasher = SHA256()
        var size: UInt64 = 0
        let code = readAll(descriptor) { chunk in
            hasher.update(chunk)
            size += UInt64(chunk.count)
            return 0
        }
        guard code == 0 else { return .failure(Errno(code)) }
        return .success(FileDigest(size: size, sha256: SHA256.hex(hasher.finalize())))
    }

    /// `count` random lower-case hex digits (eight by default).
    static func randomHex(_ count: Int = 8) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<count).map { _ in digits[Int(generator.next() % 16)] }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A file's size and SHA-256 (lower-case hex).
struct FileDigest: Sendable, Hashable {
    var size: UInt64
    var sha256: String
}

/// An `errno` value.
struct Errno: Error, Sendable, Hashable {
    var code: Int32
    init(_ code: Int32) { self.code = code }
}
