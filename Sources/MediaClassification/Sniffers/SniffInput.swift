/// The bytes a structural sniffer may look at: the head of a file, its size, and a bounded way
/// to read further at an offset.
///
/// Sniffers are pure functions over a `SniffInput`. They never open files themselves, so they
/// can be fuzzed and tested on byte arrays.
package struct SniffInput: Sendable {
    /// The first bytes of the file (up to ``Classifier/headSize``).
    package let head: [UInt8]
    /// The size of the whole file in bytes (the whole buffer's for an in-memory one).
    package let fileSize: UInt64
    private let reader: @Sendable (UInt64, Int) -> [UInt8]?
    private let budget: ReadBudget

    /// The most bytes one call to ``read(at:count:)`` returns.
    package static let maximumReadSize = 1 << 20

    /// Creates an input over bytes held in memory.
    ///
    /// - Parameters:
    ///   - bytes: The whole file.
    ///   - headCount: How many of the bytes to give as the head, the rest being reached
    ///     through the reader as a file's would be; all of them by default.
    package init(bytes: [UInt8], headCount: Int? = nil) {
        self.head = headCount.map { Array(bytes.prefix($0)) } ?? bytes
        self.fileSize = UInt64(bytes.count)
        self.reader = { offset, count in
            guard offset < UInt64(bytes.count) else { return [] }
            let start = Int(offset)
            let end = min(bytes.count, start + count)
            return Array(bytes[start..<end])
        }
        self.budget = ReadBudget()
    }

    /// Creates an input over a head already read and a callback that reads at an offset.
    ///
    /// - Parameters:
    ///   - head: The first bytes of the file.
    ///   - fileSize: The file's size.
    ///   - reader: Reads up to `count` bytes at `offset`; returns `nil` on an I/O error.
    package init(
        head: [UInt8],
        fileSize: UInt64,
        reader: @escaping @Sendable (UInt64, Int) -> [UInt8]?
    ) {
        self.head = head
        self.fileSize = fileSize
        self.reader = reader
        self.budget = ReadBudget()
    }

    /// The same input with a read budget of its own, for a second reader (the properties
    /// readers) that must not be starved by what the sniffers spent.
    package func withFreshBudget() -> SniffInput {
        SniffInput(head: head, fileSize: fileSize, reader: reader)
    }

    /// The input seen from `offset` on, as if the file started there.
    ///
    /// The bytes behind an ID3v2 tag, for one: a head of up to `headCount` bytes read through
    /// this input's reader, which the new input shares with its read budget. Nil when the
    /// offset is at or past the end, or the head cannot be read.
    package func shifted(by offset: UInt64, headCount: Int) -> SniffInput? {
        guard offset < fileSize, headCount > 0,
            let newHead = read(at: offset, count: headCount), !newHead.isEmpty
        else { return nil }
        let parent = self
        return SniffInput(
            head: newHead,
            fileSize: fileSize - offset,
            budget: budget
        ) { position, count in
            let (absolute, overflow) = position.addingReportingOverflow(offset)
            guard !overflow else { return nil }
            return parent.read(at: absolute, count: count)
        }
    }

    private init(
        head: [UInt8],
        fileSize: UInt64,
        budget: ReadBudget,
        reader: @escaping @Sendable (UInt64, Int) -> [UInt8]?
    ) {
        self.head = head
        self.fileSize = fileSize
        self.reader = reader
        self.budget = budget
    }

    /// Reads up to `count` bytes at `offset`, from the head when it holds them.
    ///
    /// Returns fewer bytes at the end of the file, and `nil` on an I/O error or when the
    /// input's read budget (``ReadBudget/maximumReads`` calls) is spent. `count` is capped at
    /// ``maximumReadSize``.
    package func read(at offset: UInt64, count: Int) -> [UInt8]? {
        guard count > 0 else { return [] }
        let count = min(count, Self.maximumReadSize)
        if offset < UInt64(head.count) {
            let start = Int(offset)
            if start + count <= head.count {
                return Array(head[start..<start + count])
            }
            if UInt64(head.count) == fileSize {
                return Array(head[start...])
            }
        }
        guard offset < fileSize else { return [] }
        guard budget.spend() else { return nil }
        return reader(offset, count)
    }
}

/// Counts the reads beyond the head, so that no input can make a sniffer read without end.
package final class ReadBudget: @unchecked Sendable {
    /// How many reads beyond the head one input allows.
    package static let maximumReads = 256
    // Only touched by the one task that owns the `SniffInput`; the class is a counter box.
    private var remaining = ReadBudget.maximumReads

    package init() {}

    func spend() -> Bool {
        guard remaining > 0 else { return false }
        remaining -= 1
        return true
    }
}

/// What a structural sniffer decided.
package struct SniffResult: Sendable, Hashable {
    /// The type identifier, one the built-in registry declares (for example `public.mpeg-4`).
    package var identifier: String
    /// A short human-readable note on what decided it (for example `ftyp brand isom, hdlr soun`).
    package var detail: String
    /// True for an image format that holds an animation (GIF, APNG, WebP).
    package var isAnimated: Bool
    /// True for a reading that other formats share (a JavaScript module line, which Slint,
    /// QML and TypeScript write too): the answer is given with low confidence, and a name
    /// claiming another kind of text decides over it.
    package var isTentative: Bool
    /// Types the bytes fit as well, more narrowly than the answer's evidence shows (a JPEG
    /// whose MP index lists other images, which only an `.mpo` name calls a multi-picture
    /// file): a name claiming one of them decides.
    package var alternatives: [String] = []

    package init(
        _ identifier: String,
        detail: String = "",
        isAnimated: Bool = false,
        isTentative: Bool = false
    ) {
        self.identifier = identifier
        self.detail = detail
        self.isAnimated = isAnimated
        self.isTentative = isTentative
    }
}

/// Fixed-size integers read from bytes in either order, and byte patterns, checked to lie in
/// the bytes: the sniffers' field readers.
enum ByteFields {
    /// Whether the byte is an ASCII letter, `A` to `Z` or `a` to `z`.
    @inline(__always)
    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Whether the byte is an ASCII digit, `0` to `9`.
    @inline(__always)
    static func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The integer of `T`'s width at `offset`, or nil when it does not fit in the bytes.
    @inline(__always)
    static func integer<T: FixedWidthInteger & UnsignedInteger>(
        _ bytes: [UInt8],
        _ offset: Int,
        littleEndian: Bool
    ) -> T? {
        let width = T.bitWidth / 8
        guard offset >= 0, offset <= bytes.count - width else { return nil }
        var value: T = 0
        for index in 0..<width {
            value =
                value << 8 | T(bytes[littleEndian ? offset + width - 1 - index : offset + index])
        }
        return value
    }

    static func u16(_ bytes: [UInt8], _ offset: Int, littleEndian: Bool) -> UInt16? {
        integer(bytes, offset, littleEndian: littleEndian)
    }

    static func u32(_ bytes: [UInt8], _ offset: Int, littleEndian: Bool) -> UInt32? {
        integer(bytes, offset, littleEndian: littleEndian)
    }

    static func u64(_ bytes: [UInt8], _ offset: Int, littleEndian: Bool) -> UInt64? {
        integer(bytes, offset, littleEndian: littleEndian)
    }

    /// A BER length at `offset` (X.690, 8.1.3), for DER elements and MXF's KLV packets.
    ///
    /// The short form is a byte below 0x80; the long form a count byte and that many
    /// big-endian bytes, 1 to `maximumBytes` (at most 8). Returns the length, where the
    /// contents start, and whether the form is the shortest (DER's rule: the long form only
    /// from 0x80, with no leading zero byte); nil when the bytes end first or the count is out
    /// of range.
    static func berLength(_ bytes: [UInt8], at offset: Int, maximumBytes: Int) -> (
        length: UInt64, contents: Int, isShortest: Bool
    )? {
        guard offset >= 0, offset < bytes.count else { return nil }
        let first = bytes[offset]
        if first < 0x80 { return (UInt64(first), offset + 1, true) }
        let count = Int(first & 0x7F)
        guard (1...min(maximumBytes, 8)).contains(count), offset + 1 + count <= bytes.count
        else { return nil }
        var length: UInt64 = 0
        for index in 0..<count { length = length << 8 | UInt64(bytes[offset + 1 + index]) }
        let isShortest = length >= 0x80 && (count == 1 || bytes[offset + 1] != 0)
        return (length, offset + 1 + count, isShortest)
    }

    /// A big-endian base-128 number at `cursor`.
    ///
    /// WBMP's multi-byte integers and NUT's `v` numbers: seven bits a byte, most significant
    /// first, the high bit set on every byte but the last. The cursor moves past it; nil when
    /// the bytes end first or the number takes more than `maximumBytes` (at most 9).
    static func base128(_ bytes: [UInt8], _ cursor: inout Int, maximumBytes: Int) -> Int? {
        var value = 0
        for _ in 0..<min(maximumBytes, 9) {
            guard cursor >= 0, cursor < bytes.count else { return nil }
            let byte = bytes[cursor]
            cursor += 1
            value = value << 7 | Int(byte & 0x7F)
            if byte & 0x80 == 0 { return value }
        }
        return nil
    }

    /// Whether `pattern` stands in the bytes at `offset`.
    static func matches(_ bytes: [UInt8], at offset: Int, _ pattern: [UInt8]) -> Bool {
        pattern.withUnsafeBufferPointer { matches(bytes, at: offset, $0) }
    }

    /// Whether `literal`'s UTF-8 bytes are at `offset`: the test above without an array made
    /// of the literal on every call (the sniffers ask a few dozen of these of every file).
    static func matches(_ bytes: [UInt8], at offset: Int, _ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { matches(bytes, at: offset, $0) }
    }

    private static func matches(
        _ bytes: [UInt8],
        at offset: Int,
        _ pattern: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard offset >= 0, bytes.count - offset >= pattern.count else { return false }
        for index in 0..<pattern.count where bytes[offset + index] != pattern[index] {
            return false
        }
        return true
    }
}

/// Big- and little-endian field reads over byte arrays for the container readers and the
/// properties readers; every accessor returns `nil` rather than trapping when the bytes are
/// too short.
extension [UInt8] {
    /// Appends an LZ77 match, stopping at `limit` elements in all.
    ///
    /// `count` bytes are copied from `distance` back one at a time, so that a match may
    /// overlap what it writes (a run). The caller has checked that `distance` points inside
    /// the array.
    ///
    /// - Returns: Whether the whole match was copied before the limit.
    @discardableResult
    mutating func appendMatch(distance: Int, count: Int, limit: Int) -> Bool {
        let copied = Swift.max(0, Swift.min(count, limit - self.count))
        for _ in 0..<copied { append(self[self.count - distance]) }
        return copied == count
    }

    func be16(_ offset: Int) -> Int? {
        ByteFields.u16(self, offset, littleEndian: false).map(Int.init)
    }
    func be24(_ offset: Int) -> Int? {
        guard let high = be16(offset), let low = byte(offset + 2) else { return nil }
        return high << 8 | low
    }
    func be32(_ offset: Int) -> UInt32? { ByteFields.u32(self, offset, littleEndian: false) }
    func be64(_ offset: Int) -> UInt64? { ByteFields.u64(self, offset, littleEndian: false) }
    func le16(_ offset: Int) -> Int? {
        ByteFields.u16(self, offset, littleEndian: true).map(Int.init)
    }
    func le24(_ offset: Int) -> Int? {
        guard let low = le16(offset), let high = byte(offset + 2) else { return nil }
        return high << 16 | low
    }
    func le32(_ offset: Int) -> UInt32? { ByteFields.u32(self, offset, littleEndian: true) }
    func le64(_ offset: Int) -> UInt64? { ByteFields.u64(self, offset, littleEndian: true) }
    func byte(_ offset: Int) -> Int? {
        guard offset >= 0, offset < count else { return nil }
        return Int(self[offset])
    }
    func fourCC(_ offset: Int) -> String? { MediaBytes.fourCC(self, offset) }
    func has(_ pattern: [UInt8], at offset: Int) -> Bool {
        ByteFields.matches(self, at: offset, pattern)
    }
    func has(_ text: String, at offset: Int) -> Bool { has(Array(text.utf8), at: offset) }
}
