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
///
/// A list that is a folder is an error, not an empty list. A record longer than
/// ``maximumRecordLength`` (a stream with no separator, say) is reported as one
/// `nameTooLong` error and skipped up to the next separator, so memory stays bounded.
struct ListReader {
    /// The longest record kept: a path longer than `PATH_MAX` cannot be opened anyway.
    static let maximumRecordLength = Int(PATH_MAX)

    private let descriptor: Int32
    private let path: [UInt8]
    private let separator: UInt8
    private var buffer: [UInt8] = []
    private var start = 0
    private var finished = false
    private var failure: PathItem?
    /// True while the rest of an overlong record is being skipped.
    private var skipping = false

    init(path: [UInt8], separator: UInt8) {
        self.separator = separator
        self.path = path
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
                return
            }
        }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            failure = .unreadable(
                path,
                ClassificationError(.ioError, "cannot read the list: it is a folder")
            )
            finished = true
            if descriptor > 0 { close(descriptor) }
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
                if skipping {
                    skipping = false
                    continue
                }
                if line.count > Self.maximumRecordLength { return overlong() }
                if line.isEmpty || (separator == 10 && line == [13]) { continue }
                return .path(separator == 10 && line.last == 13 ? Array(line.dropLast()) : line)
            }
            if finished {
                guard start < buffer.count, !skipping else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                if line.count > Self.maximumRecordLength { return overlong() }
                return .path(line)
            }
            if buffer.count - start > Self.maximumRecordLength {
                // No separator within the bound: drop what is held and skip to the next one.
                buffer.removeAll(keepingCapacity: true)
                start = 0
                if !skipping {
                    skipping = true
                    return overlong()
                }
            }
            buffer.removeSubrange(0..<start)
            start = 0
            var block = [UInt8](repeating: 0, count: 1 << 16)
            let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                finished = true
                if descriptor > 0 { close(descriptor) }
            } else if skipping, let end = block[..<count].firstIndex(of: separator) {
                // The rest of an overlong record ends in this block.
                skipping = false
                buffer.append(contentsOf: block[(end + 1)..<count])
            } else if skipping {
                continue
            } else {
                buffer.append(contentsOf: block[..<count])
            }
        }
    }

    /// The error for a record over the bound.
    private func overlong() -> PathItem {
        .unreadable(
            path,
            ClassificationError(
                .nameTooLong,
                "a record of the list is longer than \(Self.maximumRecordLength) bytes; skipped"
            )
        )
    }
}
