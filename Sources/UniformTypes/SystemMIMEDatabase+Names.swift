#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SystemMIMEDatabase {
    /// What the reverse index answers for a name in any case
    /// (`reverseIndex.canonical[mimeType.lowercased()]`), found without building the index
    /// when it can be.
    ///
    /// An index already built answers. Otherwise the caches' name tables do, which cost a
    /// small fraction of the index; only a name they cannot decide (one with non-ASCII
    /// characters, which Unicode case mapping and canonical equivalence may match with other
    /// spellings) builds the index.
    /// - Parameter mimeType: A MIME type or alias, in any case.
    /// - Returns: The canonical type, spelled as the cache spells it, or nil.
    func canonicalIgnoringCase(_ mimeType: String) -> String? {
        if let index = builtReverseIndex { return index.canonical[mimeType.lowercased()] }
        switch canonicalFromNameTables(mimeType) {
        case .found(let canonical): return canonical
        case .absent: return nil
        case .undecided: return reverseIndex.canonical[mimeType.lowercased()]
        }
    }

    /// The first cache that has a glob for a canonical type (`reverseIndex.globOwner[type]`),
    /// found without building the index when it can be.
    /// - Parameter type: A canonical MIME type, spelled as a cache spells it.
    /// - Returns: The index of the cache, or nil when no cache has a glob for it.
    func globOwner(of type: String) -> Int? {
        firstCache(listing: type, as: MIMENameTable.globType, inIndex: \.globOwner)
    }

    /// The first cache that has a magic rule for a canonical type
    /// (`reverseIndex.magicOwner[type]`), found without building the index when it can be.
    /// - Parameter type: A canonical MIME type, spelled as a cache spells it.
    /// - Returns: The index of the cache, or nil when no cache has magic for it.
    func magicOwner(of type: String) -> Int? {
        firstCache(listing: type, as: MIMENameTable.magicType, inIndex: \.magicOwner)
    }

    /// The first cache whose name tables list `type` as `kind`, or the index's answer
    /// (`owners`) when it is built or the tables cannot tell.
    private func firstCache(
        listing type: String,
        as kind: UInt8,
        inIndex owners: KeyPath<MIMEDatabaseIndex, [String: Int]>
    ) -> Int? {
        if let index = builtReverseIndex { return index[keyPath: owners][type] }
        switch firstCacheFromNameTables(listing: type, as: kind) {
        case .found(let owner): return owner
        case .absent: return nil
        case .undecided: return reverseIndex[keyPath: owners][type]
        }
    }

    /// An answer from the name tables.
    enum NameTableAnswer<Value: Equatable>: Equatable {
        /// The index would give this.
        case found(Value)
        /// The index would give nothing.
        case absent
        /// The tables cannot tell (a non-ASCII name is involved); ask the index.
        case undecided
    }

    /// `reverseIndex.canonical[mimeType.lowercased()]` from the name tables alone.
    ///
    /// As in the index, the first cache that knows the name in any case decides: an alias
    /// (the first in the cache's order) before a type; of several types that differ only in
    /// case, the smallest spelling.
    /// - Parameter mimeType: A MIME type or alias, in any case.
    /// - Returns: The answer, or `.undecided` for a name that is not ASCII or that a
    ///   non-ASCII name in a cache may match.
    func canonicalFromNameTables(_ mimeType: String) -> NameTableAnswer<String> {
        var copy = mimeType
        return copy.withUTF8 { bytes -> NameTableAnswer<String> in
            let key = UnsafeRawBufferPointer(bytes)
            let hash = ASCIICase.foldedHash(key)
            guard hash.isASCII else { return .undecided }
            for cache in caches {
                let answer = cache.nameTable.canonical(
                    ofFolded: key,
                    hash: hash.value,
                    name: mimeType,
                    reader: cache.reader,
                    aliases: cache.aliases
                )
                guard answer == .absent else { return answer }
            }
            return .absent
        }
    }

    /// The first cache whose name table lists `type`, spelled exactly so, with `kind`.
    ///
    /// - Parameters:
    ///   - type: A MIME type.
    ///   - kind: `MIMENameTable.globType` or `MIMENameTable.magicType`.
    /// - Returns: The index of the cache, `.absent`, or `.undecided` for a non-ASCII type.
    func firstCacheFromNameTables(listing type: String, as kind: UInt8) -> NameTableAnswer<Int> {
        var copy = type
        return copy.withUTF8 { bytes -> NameTableAnswer<Int> in
            let key = UnsafeRawBufferPointer(bytes)
            let hash = ASCIICase.foldedHash(key)
            guard hash.isASCII else { return .undecided }
            for (cacheIndex, cache) in caches.enumerated()
            where cache.nameTable.lists(
                key,
                hash: hash.value,
                name: type,
                kind: kind,
                reader: cache.reader
            ) {
                return .found(cacheIndex)
            }
            return .absent
        }
    }
}

extension MIMECache {
    /// This cache's name table, built on first use.
    var nameTable: MIMENameTable {
        lazyNameTable.value { MIMENameTable(cache: self) }
    }
}

/// The names of one cache's types and aliases, hashed without regard to ASCII case, so that
/// a name in any case is found without the reverse index.
///
/// It holds every name the reverse index gathers from the cache (the same lists, the suffix
/// tree's leaves by the same walk, aliases resolved the same way), but as offsets into the
/// mapped file under a hash of their bytes with `A`–`Z` folded to `a`–`z`: no string is
/// built. For ASCII names that fold is exactly what `lowercased()` does, so a look-up of an
/// ASCII name answers as the index would. Names with other bytes are kept aside, and a
/// look-up that one of them may match is left to the index.
final class MIMENameTable: Sendable {
    /// Kind bit of an alias: the value is the index of its entry in the alias list.
    static let alias: UInt8 = 1
    /// Kind bit of a type name (every name but an alias's): the value is its offset.
    static let type: UInt8 = 2
    /// Kind bit of a type some glob of the cache names (after resolving aliases).
    static let globType: UInt8 = 4
    /// Kind bit of a type some magic rule of the cache names (after resolving aliases).
    static let magicType: UInt8 = 8

    /// Open addressing with linear probing: the top 32 bits of the name's hash, then the value.
    private let slots: [UInt64]
    /// Each slot's kind bits; 0 marks an empty slot.
    private let kinds: [UInt8]
    /// Slot count minus one (the count is a power of two).
    private let mask: Int
    /// Names with bytes outside ASCII: value and kind bits, as in the slots.
    private let nonASCII: [(value: UInt32, kind: UInt8)]

    init(cache: MIMECache) {
        let reader = cache.reader
        // The same names, resolved the same way, as `MIMEDatabaseIndex.init` gathers.
        var gatherer = NameGatherer(cache: cache)
        var aliasEntries: [Int] = []
        aliasEntries.reserveCapacity(cache.aliases.count)
        for index in 0..<cache.aliases.count {
            let entry = cache.aliases.entry(index)
            guard reader.u32(entry).flatMap(reader.bytes(at:)) != nil else { continue }
            aliasEntries.append(index)
            gatherer.add(reader.u32(entry + 4), Self.type)
        }
        for index in 0..<cache.parentList.count {
            let entry = cache.parentList.entry(index)
            gatherer.add(reader.u32(entry), Self.type)
            guard let listOffset = reader.u32(entry + 4),
                let count = reader.u32(listOffset),
                count <= (reader.size - listOffset - 4) / 4
            else { continue }
            for parent in 0..<count {
                gatherer.add(reader.u32(listOffset + 4 + 4 * parent), Self.type)
            }
        }
        for table in [cache.literals, cache.globs] {
            for index in 0..<table.count {
                gatherer.addResolved(reader.u32(table.entry(index) + 4), Self.globType)
            }
        }
        MIMEDatabaseIndex.walkSuffixTree(of: cache, visitor: &gatherer)
        for index in 0..<cache.magicMatches.count {
            let typeOffset = reader.u32(cache.magicMatches.entry(index) + 4)
            gatherer.add(typeOffset, Self.type)
            gatherer.addResolved(typeOffset, Self.magicType)
        }
        for index in 0..<cache.namespaces.count {
            gatherer.add(reader.u32(cache.namespaces.entry(index) + 8), Self.type)
        }
        for table in [cache.icons, cache.genericIcons] {
            for index in 0..<table.count {
                gatherer.add(reader.u32(table.entry(index)), Self.type)
            }
        }

        var capacity = 16
        while capacity < 2 * (aliasEntries.count + gatherer.count) { capacity <<= 1 }
        var slots = [UInt64](repeating: 0, count: capacity)
        var kinds = [UInt8](repeating: 0, count: capacity)
        var nonASCII: [(value: UInt32, kind: UInt8)] = []
        let mask = capacity - 1
        func insert(_ name: UnsafeRawBufferPointer, value: Int, kind: UInt8) {
            let hash = ASCIICase.foldedHash(name)
            guard hash.isASCII else {
                nonASCII.append((UInt32(truncatingIfNeeded: value), kind))
                return
            }
            var slot = Int(truncatingIfNeeded: hash.value) & mask
            while kinds[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = hash.value & 0xFFFF_FFFF_0000_0000 | UInt64(truncatingIfNeeded: value)
            kinds[slot] = kind
        }
        for index in aliasEntries {
            if let name = reader.u32(cache.aliases.entry(index)).flatMap(reader.bytes(at:)) {
                insert(name, value: index, kind: Self.alias)
            }
        }
        for slot in gatherer.offsets.indices where gatherer.offsets[slot] != 0 {
            let offset = Int(gatherer.offsets[slot]) - 1
            // An unreadable name is dropped, as the index drops it.
            if let name = reader.bytes(at: offset) {
                insert(name, value: offset, kind: gatherer.kinds[slot] & NameGatherer.kindBits)
            }
        }
        self.slots = slots
        self.kinds = kinds
        self.mask = mask
        self.nonASCII = nonASCII
    }

    /// What this cache says of an ASCII name in any case, as its part of the reverse index's
    /// `canonical` map: the target of the first alias that matches, else the smallest
    /// spelling of a matching type, else `.absent`.
    /// - Parameters:
    ///   - key: The name's bytes, ASCII.
    ///   - hash: `ASCIICase.foldedHash(key).value`.
    ///   - name: The name as a string (compared with the non-ASCII names).
    ///   - reader: The cache's reader.
    ///   - aliases: The cache's alias list.
    /// - Returns: The answer; `.undecided` when a non-ASCII name of the cache may match.
    func canonical(
        ofFolded key: UnsafeRawBufferPointer,
        hash: UInt64,
        name: String,
        reader: MIMECacheReader,
        aliases: MIMECache.Table
    ) -> SystemMIMEDatabase.NameTableAnswer<String> {
        if !nonASCII.isEmpty {
            let lowered = name.lowercased()
            for entry in nonASCII {
                let offset =
                    entry.kind == Self.alias
                    ? reader.u32(aliases.entry(Int(entry.value))) : Int(entry.value)
                if let string = offset.flatMap(reader.string(at:)), string.lowercased() == lowered {
                    return .undecided
                }
            }
        }
        var firstAlias: (index: Int, target: String)?
        var smallestType: (bytes: UnsafeRawBufferPointer, offset: Int)?
        var slot = Int(truncatingIfNeeded: hash) & mask
        while kinds[slot] != 0 {
            defer { slot = (slot + 1) & mask }
            guard slots[slot] >> 32 == hash >> 32 else { continue }
            let value = Int(truncatingIfNeeded: slots[slot] & 0xFFFF_FFFF)
            if kinds[slot] == Self.alias {
                let entry = aliases.entry(value)
                // The alias counts only when its target can be read, as in the index.
                guard value < firstAlias?.index ?? Int.max,
                    let alias = reader.u32(entry).flatMap(reader.bytes(at:)),
                    ASCIICase.equal(alias, key),
                    let target = reader.u32(entry + 4).flatMap(reader.string(at:))
                else { continue }
                firstAlias = (value, target)
            } else {
                guard let type = reader.bytes(at: value), ASCIICase.equal(type, key)
                else { continue }
                // Keep the smaller spelling (`compare` orders as `strcmp`).
                if let smallest = smallestType,
                    reader.compare(type, toStringAt: smallest.offset) ?? 0 >= 0
                {
                    continue
                }
                smallestType = (type, value)
            }
        }
        if let firstAlias { return .found(firstAlias.target) }
        if let smallestType {
            return .found(String(decoding: smallestType.bytes, as: UTF8.self))
        }
        return .absent
    }

    /// Whether this cache has a type spelled exactly `key` with the given kind bit.
    /// - Parameters:
    ///   - key: The type's bytes, ASCII.
    ///   - hash: `ASCIICase.foldedHash(key).value`.
    ///   - name: The type as a string (compared with the non-ASCII names).
    ///   - kind: The kind bit the entry must have.
    ///   - reader: The cache's reader.
    /// - Returns: Whether such a type is listed (a non-ASCII name counts when it equals
    ///   `name` as strings compare, as in the index's dictionaries).
    func lists(
        _ key: UnsafeRawBufferPointer,
        hash: UInt64,
        name: String,
        kind: UInt8,
        reader: MIMECacheReader
    ) -> Bool {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while kinds[slot] != 0 {
            defer { slot = (slot + 1) & mask }
            guard kinds[slot] & kind != 0, slots[slot] >> 32 == hash >> 32,
                reader.compare(key, toStringAt: Int(truncatingIfNeeded: slots[slot] & 0xFFFF_FFFF))
                    == 0
            else { continue }
            return true
        }
        for entry in nonASCII where entry.kind & kind != 0 {
            if reader.string(at: Int(entry.value)) == name { return true }
        }
        return false
    }
}

/// The distinct offsets of one cache's type names, with the kind bits each is listed with.
private struct NameGatherer: SuffixTreeVisitor {
    /// The kind bits of `MIMENameTable`; the others are the gatherer's own.
    static let kindBits: UInt8 = 0x0F
    /// Marks an offset that `canonicalTypeOffset(at:)` resolves to itself (not an alias).
    static let resolvesToItself: UInt8 = 0x10

    let cache: MIMECache
    let size: Int
    /// Open addressing by offset: each slot is 0 when empty, else the offset plus one (a
    /// mapped cache is at most 64 MiB, so that fits).
    private(set) var offsets: [UInt32]
    /// Each slot's kind bits.
    private(set) var kinds: [UInt8]
    /// How many slots are used.
    private(set) var count = 0
    private var shift: Int

    init(cache: MIMECache) {
        self.cache = cache
        size = cache.reader.size
        // Enough for the system's cache (some 1,300 names) without growing.
        shift = 64 - 12
        offsets = [UInt32](repeating: 0, count: 1 << 12)
        kinds = [UInt8](repeating: 0, count: 1 << 12)
    }

    /// The slot of `offset`: where it is, or the empty one where it would go.
    @inline(__always)
    private func slot(of offset: Int) -> Int {
        let mask = offsets.count - 1
        var slot = Int(truncatingIfNeeded: (UInt64(offset) &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while offsets[slot] != 0, Int(offsets[slot]) != offset + 1 { slot = (slot + 1) & mask }
        return slot
    }

    /// Lists the name at `offset` (when it lies in the file) with `kind`.
    mutating func add(_ offset: Int?, _ kind: UInt8) {
        guard let offset, offset >= 0, offset < size else { return }
        let slot = slot(of: offset)
        if offsets[slot] == 0 {
            offsets[slot] = UInt32(truncatingIfNeeded: offset + 1)
            count += 1
        }
        kinds[slot] |= kind | MIMENameTable.type
        if 2 * count > offsets.count { grow() }
    }

    /// Lists the type the name at `offset` stands for (an alias's target, else the name)
    /// with `kind`, as `canonicalTypeOffset(at:)` resolves it.
    mutating func addResolved(_ offset: Int?, _ kind: UInt8) {
        guard let offset else { return }
        if offset >= 0, offset < size {
            let known = slot(of: offset)
            if offsets[known] != 0, kinds[known] & Self.resolvesToItself != 0 {
                kinds[known] |= kind
                return
            }
        }
        guard let resolved = cache.canonicalTypeOffset(at: offset) else { return }
        add(resolved, kind)
        if resolved == offset, offset < size {
            kinds[slot(of: offset)] |= Self.resolvesToItself
        }
    }

    /// Doubles the slots.
    private mutating func grow() {
        let oldOffsets = offsets
        let oldKinds = kinds
        shift -= 1
        offsets = [UInt32](repeating: 0, count: oldOffsets.count * 2)
        kinds = [UInt8](repeating: 0, count: oldOffsets.count * 2)
        for index in oldOffsets.indices where oldOffsets[index] != 0 {
            let slot = slot(of: Int(oldOffsets[index]) - 1)
            offsets[slot] = oldOffsets[index]
            kinds[slot] = oldKinds[index]
        }
    }

    mutating func enter(_ character: Unicode.Scalar) {}

    mutating func leave() {}

    mutating func leaf(typeOffset: Int, flags: Int) {
        addResolved(typeOffset, MIMENameTable.globType)
    }
}
