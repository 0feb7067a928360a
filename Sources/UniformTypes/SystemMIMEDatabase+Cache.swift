#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A read-only memory mapping of one file, unmapped when the last reference goes.
///
/// `@unchecked Sendable` is sound here: the mapping is made `PROT_READ` and `MAP_PRIVATE`,
/// nothing in this process ever writes through it, and it is unmapped only in `deinit`, when
/// no other reference (and so no reader) remains. Concurrent reads of memory that never
/// changes are race-free. (`update-mime-database` replaces a cache by renaming a new file
/// over it, so the mapped inode itself is not rewritten under us.)
final class MIMECacheMapping: @unchecked Sendable {
    /// The first byte of the mapping.
    let base: UnsafeRawPointer
    /// The length of the mapping, which is the file size at open.
    let size: Int

    /// The largest cache accepted; the system cache is about 150 KB.
    static let maximumSize = 64 << 20

    /// Maps the regular file at `path`, refusing files under `minimumSize` bytes.
    init(path: String, minimumSize: Int) throws(MIMEDatabaseError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw MIMEDatabaseError(path: path, reason: "cannot open: \(Self.errnoText())")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw MIMEDatabaseError(path: path, reason: "cannot stat: \(Self.errnoText())")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw MIMEDatabaseError(path: path, reason: "not a regular file")
        }
        let size = Int(status.st_size)
        guard size >= minimumSize else {
            throw MIMEDatabaseError(
                path: path,
                reason: "truncated: \(size) bytes, the header alone needs \(minimumSize)"
            )
        }
        guard size <= Self.maximumSize else {
            throw MIMEDatabaseError(
                path: path,
                reason: "implausibly large: \(size) bytes (limit \(Self.maximumSize))"
            )
        }
        let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else {
            throw MIMEDatabaseError(path: path, reason: "cannot map: \(Self.errnoText())")
        }
        self.base = UnsafeRawPointer(mapped)
        self.size = size
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: base), size)
    }

    private static func errnoText() -> String {
        let code = errno
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }
}

/// One `mime.cache` file (format 1.1 or 1.2), read in place from its mapping.
///
/// Every offset and count in the header and the top-level lists is checked against the file
/// size at open. Everything reached through them (strings, parent lists, tree nodes) is
/// checked at each read: a read that would leave the file gives `nil`, and the lookup that
/// needed it gives nothing.
///
/// Opening also builds two small tables that spare lookups work without changing what they
/// find: a bit set of alias-name hashes (most type names skip the alias list's binary
/// search) and the suffix tree's root node for each ASCII character.
final class MIMECache: Sendable {
    let path: String
    let mapping: MIMECacheMapping
    /// The magic list's quick tests, made at the first magic lookup
    /// (see `MIMECache.MagicPrefilter`).
    let magicPrefilter = Locked<MagicPrefilter?>(nil)

    /// The header: 2 + 2 bytes of version, then 9 offsets of 4 bytes.
    static let headerSize = 40

    /// Entries of the alias list (8 bytes each: alias, canonical type).
    let aliases: Table
    /// Entries of the parent list (8 bytes each: type, offset of its parents).
    let parentList: Table
    /// Entries of the literal list (12 bytes each: name, type, weight and flags).
    let literals: Table
    /// Entries of the glob list (12 bytes each: pattern, type, weight and flags).
    let globs: Table
    /// The roots of the reverse suffix tree (12 bytes each: character, children, first child).
    let suffixRoots: Table
    /// The matches of the magic list (16 bytes each; the type is at +4).
    let magicMatches: Table
    /// Entries of the XML namespace list (12 bytes each; the type is at +8).
    let namespaces: Table
    /// Entries of the icon list (8 bytes each; the type is at +0).
    let icons: Table
    /// Entries of the generic icon list (8 bytes each; the type is at +0).
    let genericIcons: Table

    /// A bit set over hashes of the alias names (see `mayBeAlias`), so that most names
    /// that are not aliases skip the binary search of the alias list.
    let aliasFilter: [UInt64]
    /// The right shift that turns a 64-bit hash into a bit number of `aliasFilter`.
    let aliasFilterShift: Int
    /// For each ASCII character, the offset of the root node of the suffix tree the binary
    /// search of the roots finds for it, or -1 when it finds none (or for the NUL).
    let asciiRootNodes: [Int]
    /// The table of this cache's names in any case (see `nameTable`), built on first need.
    let lazyNameTable = Locked<MIMENameTable?>(nil)

    /// A run of `count` fixed-size entries starting at `offset`, checked to lie in the file.
    struct Table: Sendable {
        var offset: Int
        var count: Int
        var stride: Int

        /// The byte offset of entry `index` (callers keep `index < count`).
        @inline(__always)
        func entry(_ index: Int) -> Int { offset + index * stride }
    }

    /// Maps and checks the cache at `path`.
    init(path: String) throws(MIMEDatabaseError) {
        let mapping = try MIMECacheMapping(path: path, minimumSize: Self.headerSize)
        self.path = path
        self.mapping = mapping
        let reader = MIMECacheReader(mapping: mapping)
        let major = reader.u16(0)
        let minor = reader.u16(2)
        guard major == 1, minor == 1 || minor == 2 else {
            throw MIMEDatabaseError(
                path: path,
                reason: "unsupported cache version \(major).\(minor) (expected 1.1 or 1.2)"
            )
        }
        func header(_ index: Int) -> Int { reader.u32(4 + 4 * index) ?? 0 }
        func list(
            _ name: String,
            headerIndex: Int,
            stride: Int
        ) throws(MIMEDatabaseError) -> Table {
            let offset = header(headerIndex)
            guard let count = reader.u32(offset) else {
                throw MIMEDatabaseError(
                    path: path,
                    reason: "\(name) offset \(offset) is outside the file (\(reader.size) bytes)"
                )
            }
            return try Self.table(
                name,
                path: path,
                offset: offset + 4,
                count: count,
                stride: stride,
                size: reader.size
            )
        }
        aliases = try list("alias list", headerIndex: 0, stride: 8)
        parentList = try list("parent list", headerIndex: 1, stride: 8)
        literals = try list("literal list", headerIndex: 2, stride: 12)
        globs = try list("glob list", headerIndex: 4, stride: 12)
        namespaces = try list("namespace list", headerIndex: 6, stride: 12)
        icons = try list("icon list", headerIndex: 7, stride: 8)
        genericIcons = try list("generic icon list", headerIndex: 8, stride: 8)

        let treeOffset = header(3)
        guard let rootCount = reader.u32(treeOffset), let firstRoot = reader.u32(treeOffset + 4)
        else {
            throw MIMEDatabaseError(
                path: path,
                reason: "reverse suffix tree offset \(treeOffset) is outside the file"
            )
        }
        suffixRoots = try Self.table(
            "reverse suffix tree",
            path: path,
            offset: firstRoot,
            count: rootCount,
            stride: 12,
            size: reader.size
        )

        let magicOffset = header(5)
        guard let matchCount = reader.u32(magicOffset), let firstMatch = reader.u32(magicOffset + 8)
        else {
            throw MIMEDatabaseError(
                path: path,
                reason: "magic list offset \(magicOffset) is outside the file"
            )
        }
        magicMatches = try Self.table(
            "magic list",
            path: path,
            offset: firstMatch,
            count: matchCount,
            stride: 16,
            size: reader.size
        )

        (aliasFilter, aliasFilterShift) = Self.aliasFilter(of: aliases, reader: reader)
        let roots = suffixRoots
        asciiRootNodes = (0..<128).map { character in
            guard character != 0 else { return -1 }
            return Self.childNode(character, in: roots, reader: reader) ?? -1
        }
    }

    /// The alias filter's bits and shift: about 16 bits an alias (at least 64, at most
    /// 2^16), one set for each readable alias name.
    private static func aliasFilter(
        of aliases: Table,
        reader: MIMECacheReader
    ) -> (bits: [UInt64], shift: Int) {
        var bitCount = 64
        while bitCount < aliases.count * 16, bitCount < 1 << 16 { bitCount <<= 1 }
        let shift = 64 - bitCount.trailingZeroBitCount
        var bits = [UInt64](repeating: 0, count: bitCount / 64)
        for index in 0..<aliases.count {
            guard let name = reader.u32(aliases.entry(index)).flatMap(reader.bytes(at:)) else {
                continue
            }
            let bit = Int(truncatingIfNeeded: ASCIICase.foldedHash(name).value >> shift)
            bits[bit >> 6] |= 1 << UInt64(bit & 63)
        }
        return (bits, shift)
    }

    /// Whether the alias list may hold `name`; false means it certainly does not (every alias
    /// name that `find` could match is in the filter).
    @inline(__always)
    func mayBeAlias(_ name: UnsafeRawBufferPointer) -> Bool {
        let bit = Int(truncatingIfNeeded: ASCIICase.foldedHash(name).value >> aliasFilterShift)
        return aliasFilter[bit >> 6] & (1 << UInt64(bit & 63)) != 0
    }

    /// The index of the alias-list entry for `name`, or nil when it is not an alias.
    @inline(__always)
    func aliasEntry(of name: UnsafeRawBufferPointer) -> Int? {
        guard mayBeAlias(name) else { return nil }
        return reader.find(name, in: aliases)
    }

    private static func table(
        _ name: String,
        path: String,
        offset: Int,
        count: Int,
        stride: Int,
        size: Int
    ) throws(MIMEDatabaseError) -> Table {
        // Offsets and counts are 32-bit, so `offset + count * stride` cannot overflow `Int`.
        guard offset <= size, count * stride <= size - offset else {
            throw MIMEDatabaseError(
                path: path,
                reason:
                    "\(name): \(count) entries of \(stride) bytes at \(offset) "
                    + "run past the end of the file (\(size) bytes)"
            )
        }
        return Table(offset: offset, count: count, stride: stride)
    }

    /// The offset of the MIME type named at `offset`, resolved through this cache's alias
    /// list: the alias's target, or `offset` itself; nil when the string is unreadable.
    func canonicalTypeOffset(at offset: Int) -> Int? {
        let reader = self.reader
        guard let name = reader.bytes(at: offset) else { return nil }
        guard let hit = aliasEntry(of: name) else { return offset }
        return reader.u32(aliases.entry(hit) + 4) ?? offset
    }

    /// The MIME type named at `offset`, resolved through this cache's alias list (glob
    /// entries may name an alias, as `*.doc` names `application/vnd.ms-word`); nil when the
    /// string is unreadable.
    func canonicalType(at offset: Int) -> String? {
        let reader = self.reader
        guard let name = reader.bytes(at: offset) else { return nil }
        if let hit = aliasEntry(of: name),
            let target = reader.u32(aliases.entry(hit) + 4).flatMap(reader.string(at:))
        {
            return target
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// The bounds-checked reader over this cache's bytes.
    @inline(__always)
    var reader: MIMECacheReader { MIMECacheReader(mapping: mapping) }
}

/// Bounds-checked big-endian reads from a mapping.
struct MIMECacheReader {
    let base: UnsafeRawPointer
    let size: Int

    init(mapping: MIMECacheMapping) {
        base = mapping.base
        size = mapping.size
    }

    /// The big-endian `CARD16` at `offset`, or 0 outside the file.
    func u16(_ offset: Int) -> Int {
        guard offset >= 0, offset <= size - 2 else { return 0 }
        return Int(UInt16(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
    }

    /// The big-endian `CARD32` at `offset`, or nil when it does not lie wholly in the file.
    @inline(__always)
    func u32(_ offset: Int) -> Int? {
        guard offset >= 0, offset <= size - 4 else { return nil }
        return Int(UInt32(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }

    /// The bytes of the NUL-terminated string at `offset` (without the NUL), or nil when the
    /// offset is outside the file or no NUL follows it before the end.
    func bytes(at offset: Int) -> UnsafeRawBufferPointer? {
        guard offset >= 0, offset < size else { return nil }
        let start = base + offset
        guard let nul = memchr(start, 0, size - offset) else { return nil }
        return UnsafeRawBufferPointer(start: start, count: UnsafeRawPointer(nul) - start)
    }

    /// The NUL-terminated string at `offset` (invalid UTF-8 repaired), or nil as for `bytes`.
    func string(at offset: Int) -> String? {
        bytes(at: offset).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Compares `key` with the NUL-terminated string at `offset` byte by byte, as `strcmp`.
    ///
    /// The result is negative when `key` sorts first, 0 when equal, positive after; nil when
    /// the string runs out of the file. `key` must not contain a NUL byte.
    @inline(__always)
    func compare(_ key: UnsafeRawBufferPointer, toStringAt offset: Int) -> Int? {
        guard offset >= 0, offset < size else { return nil }
        // Compare no further than the file's end. The cache string's NUL sorts below every
        // key byte, so a shorter cache string compares as in `strcmp`.
        let length = min(key.count, size - offset)
        if length > 0, let keyStart = key.baseAddress {
            let order = memcmp(keyStart, base + offset, length)
            if order != 0 { return order < 0 ? -1 : 1 }
        }
        // Equal so far: the key is used up, or the file is.
        guard length == key.count, offset + length < size else { return nil }
        return base.load(fromByteOffset: offset + length, as: UInt8.self) == 0 ? 0 : -1
    }

    /// The index of an entry of `table` whose string (at the offset stored at +0 of the entry)
    /// equals `key`, by binary search over the sorted table; nil when absent or unreadable.
    func find(_ key: UnsafeRawBufferPointer, in table: MIMECache.Table) -> Int? {
        var low = 0
        var high = table.count - 1
        while low <= high {
            let middle = low + (high - low) / 2
            guard let stringOffset = u32(table.entry(middle)),
                let order = compare(key, toStringAt: stringOffset)
            else { return nil }
            if order == 0 { return middle }
            if order < 0 { high = middle - 1 } else { low = middle + 1 }
        }
        return nil
    }

    /// The range of entries of `table` whose string equals `key` (sorted table; may be empty).
    func equalRange(_ key: UnsafeRawBufferPointer, in table: MIMECache.Table) -> Range<Int> {
        guard let hit = find(key, in: table) else { return 0..<0 }
        func matches(_ index: Int) -> Bool {
            guard let stringOffset = u32(table.entry(index)) else { return false }
            return compare(key, toStringAt: stringOffset) == 0
        }
        var lower = hit
        while lower > 0, matches(lower - 1) { lower -= 1 }
        var upper = hit + 1
        while upper < table.count, matches(upper) { upper += 1 }
        return lower..<upper
    }
}

extension String {
    /// Calls `body` with this string's UTF-8 bytes, or returns nil when they hold a NUL byte
    /// (which no string in a cache can match).
    @inline(__always)
    func withMIMECacheKey<Result>(_ body: (UnsafeRawBufferPointer) -> Result?) -> Result? {
        var copy = self
        return copy.withUTF8 { bytes -> Result? in
            let raw = UnsafeRawBufferPointer(bytes)
            guard !raw.contains(0) else { return nil }
            return body(raw)
        }
    }
}
