#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A path to classify, or an error found while listing paths (an unreadable folder).
package enum PathItem: Sendable {
    /// A path, as bytes.
    case path([UInt8])
    /// A folder or list that could not be read, and why.
    case unreadable([UInt8], ClassificationError)
}

/// Produces paths lazily from operands, folders walked recursively, and `--files-from`
/// lists, so memory stays bounded however many files there are.
package struct PathSource: IteratorProtocol {
    private var operands: IndexingIterator<[[UInt8]]>
    private let recursive: Bool
    private var pending: [PathItem] = []
    private var folders: [[UInt8]] = []
    private var list: ListReader?

    /// Creates a source over operands, walking folders when `recursive`, then the list file.
    package init(
        operands: [[UInt8]],
        recursive: Bool,
        filesFrom: [UInt8]?,
        nulSeparated: Bool
    ) {
        self.operands = operands.makeIterator()
        self.recursive = recursive
        if let filesFrom { list = ListReader(path: filesFrom, separator: nulSeparated ? 0 : 10) }
    }

    /// The next path or listing error, or nil when all are given.
    package mutating func next() -> PathItem? {
        while true {
            if !pending.isEmpty { return pending.removeLast() }
            if let folder = folders.popLast() {
                expand(folder)
                continue
            }
            if var reader = list {
                let item = reader.next()
                list = reader
                if let item {
                    if case .path(let path) = item { return consider(path) ?? next() }
                    return item
                }
                list = nil
                continue
            }
            guard let operand = operands.next() else { return nil }
            if let item = consider(operand) { return item }
        }
    }

    /// A folder operand is walked when recursive; anything else is a path to classify.
    private mutating func consider(_ path: [UInt8]) -> PathItem? {
        guard recursive, isDirectory(path, followSymlinks: true) else { return .path(path) }
        folders.append(path)
        return nil
    }

    /// Lists a folder's entries, sorted by name; subfolders (not symbolic links to folders,
    /// which could loop) are walked after the files of this one.
    private mutating func expand(_ folder: [UInt8]) {
        guard let directory = opendir(cString(folder)) else {
            let code = errno
            pending.append(.unreadable(folder, FileAccess.error(code)))
            return
        }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if name == [46] || name == [46, 46] { continue }
            names.append(name)
        }
        names.sort { $0.lexicographicallyPrecedes($1) }
        let prefix = folder.last == 47 ? folder : folder + [47]
        var subfolders: [[UInt8]] = []
        var files: [PathItem] = []
        for name in names {
            let path = prefix + name
            if isDirectory(path, followSymlinks: false) {
                subfolders.append(path)
            } else {
                files.append(.path(path))
            }
        }
        folders.append(contentsOf: subfolders.reversed())
        pending.append(contentsOf: files.reversed())
    }

    private func isDirectory(_ path: [UInt8], followSymlinks: Bool) -> Bool {
        var status = stat()
        let result = followSymlinks ? stat(cString(path), &status) : lstat(cString(path), &status)
        return result == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    private func cString(_ bytes: [UInt8]) -> [CChar] {
        bytes.map { CChar(bitPattern: $0) } + [0]
    }
}

/// Reads a list of paths (one a line, or NUL-separated) from a file or `-` (standard input),
/// a block at a time.
struct ListReader {
    private let descriptor: Int32
    private let separator: UInt8
    private var buffer: [UInt8] = []
    private var start = 0
    private var finished = false
    private var failure: PathItem?

    init(path: [UInt8], separator: UInt8) {
        self.separator = separator
        if path == [45] {
            descriptor = 0
        } else {
            descriptor = open(path.map { CChar(bitPattern: $0) } + [0], O_RDONLY | O_CLOEXEC)
            if descriptor < 0 {
                let error = FileAccess.error(errno)
                failure = .unreadable(
                    path,
                    ClassificationError(error.code, "cannot read the list: " + error.message)
                )
                finished = true
            }
        }
    }

    mutating func next() -> PathItem? {
        if let failure {
            self.failure = nil
            return failure
        }
        while true {
            if let end = buffer[start...].firstIndex(of: separator) {
                let line = Array(buffer[start..<end])
                start = end + 1
                if line.isEmpty || (separator == 10 && line == [13]) { continue }
                return .path(separator == 10 && line.last == 13 ? Array(line.dropLast()) : line)
            }
            if finished {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                return .path(line)
            }
            buffer.removeSubrange(0..<start)
            start = 0
            var block = [UInt8](repeating: 0, count: 1 << 16)
            let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                finished = true
                if descriptor > 0 { close(descriptor) }
            } else {
                buffer.append(contentsOf: block[..<count])
            }
        }
    }
}
