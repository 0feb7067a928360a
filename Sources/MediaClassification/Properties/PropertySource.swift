/// The bounded reads of the properties readers: exact ranges of a ``SniffInput``, with a cap
/// on the bytes read beyond the head, so that no file (a huge `moov`, a lying size) makes
/// them read without end.
struct PropertySource {
    /// The most bytes the readers may read beyond the head, per file.
    static let maximumBytes = 16 << 20

    let input: SniffInput
    private(set) var bytesRead = 0
    private var windowStart: UInt64 = 0
    private var window: [UInt8] = []

    init(_ input: SniffInput) {
        self.input = input
    }

    var head: [UInt8] { input.head }
    var fileSize: UInt64 { input.fileSize }

    /// Exactly `count` bytes at `offset`, or `nil` when the file ends first, a read fails, or
    /// the budget would be exceeded.
    mutating func bytes(at offset: UInt64, count: Int) -> [UInt8]? {
        guard count >= 0, offset <= fileSize, UInt64(count) <= fileSize - offset else {
            return nil
        }
        if count == 0 { return [] }
        let end = offset + UInt64(count)
        if end <= UInt64(head.count) {
            return Array(head[Int(offset)..<Int(end)])
        }
        guard count <= Self.maximumBytes - bytesRead else { return nil }
        bytesRead += count
        var result: [UInt8] = []
        result.reserveCapacity(count)
        var position = offset
        while result.count < count {
            let wanted = min(count - result.count, SniffInput.maximumReadSize)
            guard let chunk = input.read(at: position, count: wanted), !chunk.isEmpty else {
                return nil
            }
            result.append(contentsOf: chunk.prefix(wanted))
            position += UInt64(min(chunk.count, wanted))
        }
        return result
    }

    /// The byte at `offset`, through a cached 64 KiB window (for walks over many small
    /// structures, such as GIF sub-blocks), or `nil` past the end or the budget.
    mutating func byte(at offset: UInt64) -> UInt8? {
        if offset < UInt64(head.count) { return head[Int(offset)] }
        if offset >= windowStart, offset - windowStart < UInt64(window.count) {
            return window[Int(offset - windowStart)]
        }
        guard let bytes = bytes(at: offset, upTo: 1 << 16), !bytes.isEmpty else { return nil }
        windowStart = offset
        window = bytes
        return bytes[0]
    }

    /// Exactly `count` bytes (at most 64 KiB) at `offset` through the cached window, so that
    /// many small reads near each other (box headers) cost one read of the input.
    mutating func small(at offset: UInt64, count: Int) -> [UInt8]? {
        guard count >= 0, count <= 1 << 16, offset <= fileSize,
            UInt64(count) <= fileSize - offset
        else { return nil }
        let end = offset + UInt64(count)
        if end <= UInt64(head.count) { return Array(head[Int(offset)..<Int(end)]) }
        if offset < windowStart || end - windowStart > UInt64(window.count) {
            guard let bytes = bytes(at: offset, upTo: 1 << 16), bytes.count >= count else {
                return nil
            }
            windowStart = offset
            window = bytes
        }
        let start = Int(offset - windowStart)
        return Array(window[start..<start + count])
    }

    /// Up to `count` bytes at `offset`, fewer at the end of the file.
    mutating func bytes(at offset: UInt64, upTo count: Int) -> [UInt8]? {
        guard offset <= fileSize else { return nil }
        return bytes(at: offset, count: Int(min(UInt64(max(count, 0)), fileSize - offset)))
    }
}
