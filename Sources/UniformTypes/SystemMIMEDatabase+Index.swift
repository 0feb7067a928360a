/// What the caches hold, turned around, built once on first need.
///
/// It holds every type, each type's extensions, which cache supplies a type's globs and which
/// its magic rules, and case-insensitive spellings.
final class MIMEDatabaseIndex: Sendable {
    /// Every canonical MIME type, sorted (by code point, for the ASCII names in practice).
    let allTypes: [String]
    /// Lower-cased type or alias to canonical type (the first cache that knows it wins).
    let canonical: [String: String]
    /// Canonical type to its `*.ext` extensions in weight order, from its glob-owning cache.
    let extensions: [String: [String]]
    /// Type to the index of the first cache that has any glob for it.
    let globOwner: [String: Int]
    /// Type to the index of the first cache that has any magic rule for it.
    let magicOwner: [String: Int]

    init(caches: [MIMECache]) {
        var types: Set<String> = []
        var aliasNames: Set<String> = []
        var canonical: [String: String] = [:]
        var globOwner: [String: Int] = [:]
        var magicOwner: [String: Int] = [:]
        var extensionsByCache: [[String: [(suffix: String, weight: Int)]]] = []

        for (cacheIndex, cache) in caches.enumerated() {
            let reader = cache.reader
            // Types are gathered by the offset of their name, which is cheap to hash;
            // `update-mime-database` stores each name once, and a name stored twice is merged
            // by its string below.
            var typeOffsets: Set<Int> = []
            var globOffsets: Set<Int> = []
            var magicOffsets: Set<Int> = []
            var extensionsByOffset: [Int: [(suffix: String, weight: Int)]] = [:]
            func addAll(_ table: MIMECache.Table, field: Int, to offsets: inout Set<Int>) {
                for index in 0..<table.count {
                    if let offset = reader.u32(table.entry(index) + field) {
                        offsets.insert(offset)
                    }
                }
            }

            for index in 0..<cache.aliases.count {
                let entry = cache.aliases.entry(index)
                guard let alias = reader.u32(entry).flatMap(reader.string(at:)),
                    let targetOffset = reader.u32(entry + 4),
                    let target = reader.string(at: targetOffset)
                else { continue }
                aliasNames.insert(alias)
                typeOffsets.insert(targetOffset)
                let key = alias.lowercased()
                if canonical[key] == nil { canonical[key] = target }
            }
            addAll(cache.parentList, field: 0, to: &typeOffsets)
            for index in 0..<cache.parentList.count {
                guard let listOffset = reader.u32(cache.parentList.entry(index) + 4),
                    let count = reader.u32(listOffset),
                    count <= (reader.size - listOffset - 4) / 4
                else { continue }
                for parent in 0..<count {
                    if let offset = reader.u32(listOffset + 4 + 4 * parent) {
                        typeOffsets.insert(offset)
                    }
                }
            }
            for table in [cache.literals, cache.globs] {
                for index in 0..<table.count {
                    if let offset = reader.u32(table.entry(index) + 4)
                        .flatMap(cache.canonicalTypeOffset(at:))
                    {
                        globOffsets.insert(offset)
                    }
                }
            }
            Self.walkSuffixTree(of: cache) { suffix, typeOffset, flags in
                guard let offset = cache.canonicalTypeOffset(at: typeOffset) else { return }
                globOffsets.insert(offset)
                guard suffix.utf8.count > 1, suffix.utf8.first == UInt8(ascii: ".") else { return }
                extensionsByOffset[offset, default: []].append(
                    (String(suffix.dropFirst()), flags & 0xFF)
                )
            }
            addAll(cache.magicMatches, field: 4, to: &typeOffsets)
            for index in 0..<cache.magicMatches.count {
                if let offset = reader.u32(cache.magicMatches.entry(index) + 4)
                    .flatMap(cache.canonicalTypeOffset(at:))
                {
                    magicOffsets.insert(offset)
                }
            }
            typeOffsets.formUnion(magicOffsets)
            addAll(cache.namespaces, field: 8, to: &typeOffsets)
            addAll(cache.icons, field: 0, to: &typeOffsets)
            addAll(cache.genericIcons, field: 0, to: &typeOffsets)
            typeOffsets.formUnion(globOffsets)

            // Within one cache, of two types that differ only in case the smaller
            // answers a case-insensitive lookup; across caches the first cache wins.
            var folded: [String: String] = [:]
            folded.reserveCapacity(typeOffsets.count)
            var extensions: [String: [(suffix: String, weight: Int)]] = [:]
            extensions.reserveCapacity(extensionsByOffset.count)
            types.reserveCapacity(types.count + typeOffsets.count)
            globOwner.reserveCapacity(globOwner.count + globOffsets.count)
            canonical.reserveCapacity(canonical.count + typeOffsets.count)
            for offset in typeOffsets {
                guard let type = reader.string(at: offset) else { continue }
                types.insert(type)
                let key = type.lowercased()
                if let other = folded[key], other < type {
                    // Keep the smaller spelling.
                } else {
                    folded[key] = type
                }
                if magicOffsets.contains(offset), magicOwner[type] == nil {
                    magicOwner[type] = cacheIndex
                }
                guard globOffsets.contains(offset) else { continue }
                if globOwner[type] == nil { globOwner[type] = cacheIndex }
                if let found = extensionsByOffset[offset] { extensions[type, default: []] += found }
            }
            canonical.merge(folded) { first, _ in first }
            extensionsByCache.append(extensions)
        }

        var extensions: [String: [String]] = [:]
        extensions.reserveCapacity(globOwner.count)
        for (type, owner) in globOwner {
            guard let found = extensionsByCache[owner][type] else { continue }
            extensions[type] = Self.orderedExtensions(found)
        }
        // A name some cache lists as an alias is not a canonical type, even where another
        // entry (a parent list, say) names it.
        self.allTypes = types.subtracting(aliasNames).sorted()
        self.canonical = canonical
        self.extensions = extensions
        self.globOwner = globOwner
        self.magicOwner = magicOwner
    }

    /// A type's extensions as the index keeps them: by weight (highest first), then in
    /// alphabetical order, each once; nil when there are none.
    static func orderedExtensions(_ found: [(suffix: String, weight: Int)]) -> [String]? {
        guard !found.isEmpty else { return nil }
        let sorted = found.sorted { left, right in
            left.weight != right.weight ? left.weight > right.weight : left.suffix < right.suffix
        }
        var unique: [String] = []
        for entry in sorted where !unique.contains(entry.suffix) {
            unique.append(entry.suffix)
        }
        return unique
    }

    /// Calls `visit` with each leaf of the reverse suffix tree: the suffix its path spells
    /// (the glob without its `*`), the offset of its MIME type and its weight word.
    static func walkSuffixTree(
        of cache: MIMECache,
        visit: (_ suffix: String, _ typeOffset: Int, _ flags: Int) -> Void
    ) {
        withoutActuallyEscaping(visit) { visit in
            var speller = SuffixSpeller(visit: visit)
            walkSuffixTree(of: cache, visitor: &speller)
        }
    }

    /// Walks the reverse suffix tree depth first, in the cache's order, telling `visitor` of
    /// every inner node it goes into and comes back from and of every leaf below a root (a
    /// leaf among the roots spells no suffix and is skipped).
    ///
    /// The walk is bounded in depth and in the number of nodes visited (no more than the file
    /// has room for), so a corrupt tree with cycles or shared subtrees ends quickly. An
    /// unreadable node ends its level. The index and the name tables (`MIMENameTable`) both
    /// walk through here, so they see the same leaves of a corrupt tree.
    static func walkSuffixTree<Visitor: SuffixTreeVisitor>(
        of cache: MIMECache,
        visitor: inout Visitor
    ) {
        let reader = cache.reader
        var budget = reader.size / 12 + 1
        // The levels being walked, the roots first, and the next node of each: at most one
        // more than the deepest level an inner node may lead into.
        withUnsafeTemporaryAllocation(
            of: (level: MIMECache.Table, next: Int).self,
            capacity: MIMECache.maximumSuffixDepth + 1
        ) { stack in
            stack[0] = (cache.suffixRoots, 0)
            var depth = 0
            while depth >= 0 {
                let (level, index) = stack[depth]
                guard index < level.count, budget > 0 else {
                    // The level is done (or the budget spent): back up to its parent.
                    depth -= 1
                    if depth >= 0 { visitor.leave() }
                    continue
                }
                stack[depth].next = index + 1
                budget -= 1
                let node = level.entry(index)
                guard let character = reader.u32(node), let first = reader.u32(node + 4),
                    let second = reader.u32(node + 8)
                else {
                    // An unreadable node ends its level.
                    stack[depth].next = level.count
                    continue
                }
                if character == 0 {
                    // A leaf: `first` is the type's offset, `second` the weight word.
                    if depth > 0 { visitor.leaf(typeOffset: first, flags: second) }
                    continue
                }
                // An inner node: `first` children from offset `second`.
                guard depth < MIMECache.maximumSuffixDepth,
                    let scalar = Unicode.Scalar(UInt32(character)),
                    second <= reader.size, first * 12 <= reader.size - second
                else { continue }
                visitor.enter(scalar)
                depth += 1
                stack[depth] = (MIMECache.Table(offset: second, count: first, stride: 12), 0)
            }
        }
    }
}

/// What a walk of the reverse suffix tree tells (see `MIMEDatabaseIndex.walkSuffixTree`).
protocol SuffixTreeVisitor {
    /// The walk goes into the children of an inner node for `character`.
    mutating func enter(_ character: Unicode.Scalar)
    /// The walk comes back from the children of the node it last went into.
    mutating func leave()
    /// A leaf: the offset of its MIME type and its weight word.
    mutating func leaf(typeOffset: Int, flags: Int)
}

/// Spells each leaf's suffix from the path to it, for the index.
private struct SuffixSpeller: SuffixTreeVisitor {
    let visit: (_ suffix: String, _ typeOffset: Int, _ flags: Int) -> Void
    var path: [Unicode.Scalar] = []
    var utf8: [UInt8] = []

    mutating func enter(_ character: Unicode.Scalar) { path.append(character) }

    mutating func leave() { path.removeLast() }

    mutating func leaf(typeOffset: Int, flags: Int) {
        utf8.removeAll(keepingCapacity: true)
        for scalar in path.reversed() {
            UTF8.encode(scalar) { utf8.append($0) }
        }
        visit(String(decoding: utf8, as: UTF8.self), typeOffset, flags)
    }
}
