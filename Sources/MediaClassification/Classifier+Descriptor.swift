#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Classifier {
    /// Classifies an open regular file (the very file behind the descriptor, whatever its
    /// path names by now), as if it were named `name`.
    ///
    /// The classifier reads files by path, so the descriptor is given one that no one else
    /// can change: a symbolic link named `name` to `/proc/self/fd/N`, in a fresh `0700` folder
    /// made with `mkdtemp` under `TMPDIR` (or `/tmp`), removed before returning. Following it
    /// reopens the same open file (Linux's `/proc/self/fd` links name the file, not a path),
    /// so a file renamed over, or swapped for a FIFO or a link after it was opened, is not
    /// what gets classified. Links are followed for this call whatever ``options`` say.
    /// - Parameters:
    ///   - descriptor: An open descriptor of a regular file.
    ///   - name: The file's name (one component), whose extension breaks ties.
    /// - Returns: What the file is.
    /// - Throws: ``ClassificationError`` when the file cannot be read, or `/proc` is missing.
    package func classify(openFile descriptor: Int32, named name: [UInt8])
        throws(ClassificationError) -> Classification
    {
        guard options.followSymlinks else {
            let following = Classifier(
                registry: registry,
                options: Options(followSymlinks: true)
            )
            return try following.classify(openFile: descriptor, named: name)
        }
        var linkName = name
        if linkName.isEmpty || linkName.count > 255 || linkName.contains(0x2F)
            || linkName.contains(0) || linkName == [0x2E] || linkName == [0x2E, 0x2E]
        {
            linkName = Array("file".utf8)
        }
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        var template = Array("\(base ?? "/tmp")/mediatype-fd-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let start = buffer.baseAddress else { return false }
            return mkdtemp(start) != nil
        }
        guard made else {
            let code = errno
            throw ClassificationError(
                .ioError,
                "cannot make a private folder under \(base ?? "/tmp") to read the open file: "
                    + String(cString: strerror(code))
            )
        }
        let folder = Array(template.dropLast().map { UInt8(bitPattern: $0) })
        let link = folder + [0x2F] + linkName
        let linkPath = link.map { CChar(bitPattern: $0) } + [0]
        defer {
            unlink(linkPath)
            rmdir(folder.map { CChar(bitPattern: $0) } + [0])
        }
        guard symlink("/proc/self/fd/\(descriptor)", linkPath) == 0 else {
            let code = errno
            throw ClassificationError(
                .ioError,
                "cannot link to the open file: " + String(cString: strerror(code))
            )
        }
        do {
            return try classify(pathBytes: link)
        } catch  where error.code == .danglingSymlink {
            throw ClassificationError(
                .ioError,
                "the open file cannot be reached through /proc/self/fd (is /proc mounted?)"
            )
        }
    }
}
