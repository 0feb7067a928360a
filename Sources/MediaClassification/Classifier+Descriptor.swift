#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Classifier {
    /// Classifies an open regular file (the very file behind the descriptor, whatever its
    /// path names by now), as if it were named `name`.
    ///
    /// Every byte is read from the descriptor (a duplicate of it, closed before returning;
    /// `pread` leaves the caller's file offset alone), so a file renamed over, or swapped for
    /// a FIFO or a link after it was opened, is not what gets classified. The corresponding
    /// C calls are `fstat`, `dup` and `pread`.
    /// - Parameters:
    ///   - descriptor: An open descriptor of a regular file; the caller keeps and closes it.
    ///   - name: The file's name (one component), whose extension breaks ties.
    /// - Returns: What the file is.
    /// - Throws: ``ClassificationError`` when the descriptor is not a readable regular file.
    package func classify(openFile descriptor: Int32, named name: [UInt8])
        throws(ClassificationError) -> Classification
    {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw ClassificationError(
                .ioError,
                "the open file cannot be examined: \(String(cString: strerror(errno)))"
            )
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw ClassificationError(.ioError, "the open file is not a regular file")
        }
        let duplicate = dup(descriptor)
        guard duplicate >= 0 else {
            throw ClassificationError(
                .ioError,
                "the open file cannot be duplicated: \(String(cString: strerror(errno)))"
            )
        }
        // OpenFile closes the duplicate when it goes.
        let file = OpenFile(descriptor: duplicate, size: UInt64(max(status.st_size, 0)))
        return try classify(file, name: FileName(pathBytes: name))
    }
}
