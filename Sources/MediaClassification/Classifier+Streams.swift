#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Classification of content that is not a path: an open descriptor (a pipe, standard input),
/// a read callback, or an asynchronous sequence of byte chunks (an upload body).
///
/// ## The bound
///
/// A stream is read into memory up to `limit` bytes (``Classifier/streamLimit``, 64 KiB, by
/// default: the same head every path gets) and never further; no more than `limit` bytes are
/// ever held. When the stream ends within the limit, the answer is the one the same bytes
/// give as a file. When the limit is reached before the end was seen, the answer is decided
/// from that prefix alone, as if the file ended there, and says so:
/// ``Classification/prefixLength`` holds the number of bytes, and ``Classification/detail``
/// ends with "decided from the first N bytes of a longer stream". (A stream exactly `limit`
/// bytes long counts as such a prefix: its end was not read.)
///
/// Formats decided by their tail get what the prefix allows: an MP4 whose `moov` box comes
/// after the prefix is named by its `ftyp` brand alone; a ZIP whose central directory lies
/// beyond the prefix is read from its local headers (its first entry's name for a package
/// such as an OpenDocument or EPUB file), else is a plain ZIP archive. The serve-safety
/// checks (``Classifier/Options/checksServeSafety``) see the prefix alone: an image whose end
/// lies beyond it gives no trailing-data finding.
extension Classifier {
    /// The default bound on the bytes a stream is read for: ``headSize``.
    public static let streamLimit = headSize

    /// Classifies what an open descriptor reads: a regular file, a pipe, a socket, standard
    /// input.
    ///
    /// A regular file is read with `pread` on a duplicate of the descriptor (its offset is left
    /// alone, and every byte the parsers need is reachable, as for a path). Anything else is
    /// read with `read` from its current position until its end or until `limit` bytes, which
    /// consumes them; see the bound in the extension's documentation.
    /// - Parameters:
    ///   - fileDescriptor: A readable descriptor; the caller keeps and closes it.
    ///   - fileName: The name whose extension breaks ties, or nil.
    ///   - limit: The most bytes read from a stream that is not a regular file (at least 1).
    /// - Returns: What the content is.
    /// - Throws: ``ClassificationError`` when the descriptor cannot be read.
    public func classify(
        fileDescriptor: Int32,
        fileName: String? = nil,
        limit: Int = Classifier.streamLimit
    ) throws(ClassificationError) -> Classification {
        var status = stat()
        guard fstat(fileDescriptor, &status) == 0 else {
            throw ClassificationError(
                .ioError,
                "the descriptor cannot be examined: \(String(cString: strerror(errno)))"
            )
        }
        let name = Array((fileName ?? "").utf8)
        if status.st_mode & S_IFMT == S_IFREG {
            return try classify(openFile: fileDescriptor, named: name)
        }
        return try classify(
            reading: { (buffer: UnsafeMutableRawBufferPointer) throws(ClassificationError) in
                guard let base = buffer.baseAddress else { return 0 }
                while true {
                    let got = read(fileDescriptor, base, buffer.count)
                    if got >= 0 { return got }
                    if errno == EINTR { continue }
                    if errno == EAGAIN || errno == EWOULDBLOCK {
                        var poller = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
                        _ = poll(&poller, 1, -1)
                        continue
                    }
                    throw FileAccess.error(errno)
                }
            },
            fileName: fileName,
            limit: limit
        )
    }

    /// Classifies what a read callback gives, reading no more than `limit` bytes.
    ///
    /// The callback fills the start of the buffer it is given, as `read(2)` does, and returns
    /// how many bytes it wrote; 0 means the end of the content. It is called again until the
    /// end or until `limit` bytes were read; see the bound in the extension's documentation.
    /// - Parameters:
    ///   - read: Fills the buffer's start and returns the count; 0 at the end.
    ///   - fileName: The name whose extension breaks ties, or nil.
    ///   - limit: The most bytes read (at least 1).
    /// - Returns: What the content is.
    /// - Throws: What the callback throws.
    public func classify<Failure: Error>(
        reading read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int,
        fileName: String? = nil,
        limit: Int = Classifier.streamLimit
    ) throws(Failure) -> Classification {
        let limit = max(1, limit)
        // The buffer grows by at most 64 KiB when it is full, and never past the limit; a
        // short read (a pipe gives a page or so at a time) fills the room already there.
        var buffer = [UInt8](repeating: 0, count: min(limit, 64 * 1024))
        var filled = 0
        var ended = false
        while filled < limit {
            if filled == buffer.count {
                buffer.append(contentsOf: repeatElement(0, count: min(limit - filled, 64 * 1024)))
            }
            let outcome = buffer.withUnsafeMutableBytes { raw -> Result<Int, Failure> in
                do throws(Failure) {
                    let free = UnsafeMutableRawBufferPointer(rebasing: raw[filled...])
                    return .success(try read(free))
                } catch {
                    return .failure(error)
                }
            }
            let got = try outcome.get()
            if got <= 0 {
                ended = true
                break
            }
            filled += min(got, buffer.count - filled)
        }
        buffer.removeSubrange(filled...)
        return classify(buffered: buffer, ended: ended, fileName: fileName)
    }

    /// Classifies an asynchronous sequence of byte chunks (an upload body), returning as soon
    /// as `limit` bytes are held or the sequence ends.
    ///
    /// At most `limit` bytes are kept: of the chunk that reaches the limit, only the bytes up
    /// to it; the sequence is not iterated further, so the rest of the body is left to the
    /// caller (to reject unread, or to stream on to storage). See the bound in the extension's
    /// documentation.
    /// - Parameters:
    ///   - chunks: The content, a chunk at a time (`[UInt8]`, `ArraySlice<UInt8>`, `Data`, ...).
    ///   - fileName: The name whose extension breaks ties, or nil.
    ///   - limit: The most bytes held (at least 1).
    /// - Returns: What the content is.
    /// - Throws: What the sequence throws.
    public func classify<Chunks: AsyncSequence>(
        chunks: Chunks,
        fileName: String? = nil,
        limit: Int = Classifier.streamLimit
    ) async throws -> Classification where Chunks.Element: Collection<UInt8> {
        try await classify(
            chunks: chunks,
            fileName: fileName,
            limit: limit,
            checkingServeSafety: options.checksServeSafety
        )
    }

    /// ``classify(chunks:fileName:limit:)``, checking serve safety and reading the media
    /// properties when asked whatever the options say.
    func classify<Chunks: AsyncSequence>(
        chunks: Chunks,
        fileName: String?,
        limit: Int,
        checkingServeSafety: Bool,
        readingProperties: Bool = false
    ) async throws -> Classification where Chunks.Element: Collection<UInt8> {
        let limit = max(1, limit)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(min(limit, 64 * 1024))
        var ended = true
        for try await chunk in chunks {
            let room = limit - buffer.count
            if chunk.count >= room {
                buffer.append(contentsOf: chunk.prefix(room))
                ended = false
                break
            }
            buffer.append(contentsOf: chunk)
        }
        return classify(
            buffered: buffer,
            ended: ended,
            fileName: fileName,
            checkingServeSafety: checkingServeSafety,
            readingProperties: readingProperties
        )
    }

    /// Classifies bytes read from a stream: the whole content when `ended`, else a prefix of
    /// a longer one, which is classified as if the content ended there and marked so.
    private func classify(
        buffered bytes: [UInt8],
        ended: Bool,
        fileName: String?,
        checkingServeSafety: Bool = false,
        readingProperties: Bool = false
    ) -> Classification {
        let name = FileName(pathBytes: Array((fileName ?? "").utf8))
        let input = SniffInput(bytes: bytes)
        var result = classify(input, name: name)
        if checkingServeSafety, result.serveSafety == nil { checkServeSafety(input, &result) }
        if readingProperties, result.properties == nil {
            result.properties = MediaProperties.read(input, type: result.type)
        }
        if !ended {
            result.fileSize = nil
            result.prefixLength = bytes.count
            let note = "decided from the first \(bytes.count) bytes of a longer stream"
            result.detail += result.detail.isEmpty ? note : "; " + note
        }
        return result
    }
}
