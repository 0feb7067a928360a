/// What the caches hold, turned around, built once on first need.
///
/// It holds every type, each type's extensions, which cache supplies a type's globs, and
/// case-insensitive spellings.
final class MIMEDatabaseIndex: Sendable {
    /// Every canonical MIME type, sorted by bytes.
    let allTypes: [String]
    /// Lower-cased type or alias to canonical type (the first cache that knows it wins).
    let canonical: [String: String]
    /// Canonical type to its `*.ext` extensions in weight order, from its glob-owning cache.
    let extensions: [String: [String]]
    /// Type to the index of the first cache that has any glob for it.
    let globOwner: [String: Int]

    init(caches: [MIMECache]) {
        var types: Set<String> = []
        var aliasNames: Set<String> = []
        var canonical: [String: String] = [:]
        var globOwner: [String: Int] = [:]
        var extensionsByCache: [[String: [(suffix: String, weight: Int)]]] = []

        for (cacheIndex, cache) in caches.enumerated() {
            let reader = cache.reader
            var cacheTypes: Set<String> = []
            var globTypes: Set<String> = []
            var extensions: [String: [(suffix: String, weight: Int)]] = [:]
            func string(_ offset: Int?) -> String? { offset.flatMap(reader.string(at:)) }
            func strings(_ table: MIMECache.Table, at field: Int) -> [String] {
                (0..<table.count).compactMap { string(reader.u32(table.entry($0) + field)) }
            }

            for index in 0..<cache.aliases.count {
                let entry = cache.aliases.entry(index)
                guard let alias = string(reader.u32(entry)),
                    let target = string(reader.u32(entry + 4))
                else { continue }
                aliasNames.insert(alias)
                cacheTypes.insert(target)
                if canonical[alias.lowercased()] == nil { canonical[alias.lowercased()] = target }
            }
            for index in 0..<cache.parentList.count {
                let entry = cache.parentList.entry(index)
                guard let type = string(reader.u32(entry)) else { continue }
                cacheTypes.insert(type)
                guard let listOffset = reader.u32(entry + 4), let count = reader.u32(listOffset),
                    count <= (reader.size - listOffset - 4) / 4
                else { continue }
                for parent in 0..<count {
                    if let name = string(reader.u32(listOffset + 4 + 4 * parent)) {
                        cacheTypes.insert(name)
                    }
                }
            }
            func globTargets(_ table: MIMECache.Table) -> [String] {
                (0..<table.count).compactMap {
                    reader.u32(table.entry($0) + 4).flatMap(cache.canonicalType(at:))
                }
            }
            globTypes.formUnion(globTargets(cache.literals))
            globTypes.formUnion(globTargets(cache.globs))
            Self.walkSuffixTree(of: cache) { suffix, typeOffset, flags in
                guard let type = cache.canonicalType(at: typeOffset) else { return }
                globTypes.insert(type)
                guard suffix.count > 1, suffix.hasPrefix(".") else { return }
                extensions[type, default: []].append((String(suffix.dropFirst()), flags & 0xFF))
            }
            cacheTypes.formUnion(globTypes)
            cacheTypes.formUnion(strings(cache.magicMatches, at: 4))
            cacheTypes.formUnion(strings(cache.namespaces, at: 8))
            cacheTypes.formUnion(strings(cache.icons, at: 0))
            cacheTypes.formUnion(strings(cache.genericIcons, at: 0))

            for type in cacheTypes.sorted(by: Self.byteOrder) {
                types.insert(type)
                if canonical[type.lowercased()] == nil { canonical[type.lowercased()] = type }
            }
            for type in globTypes where globOwner[type] == nil {
                globOwner[type] = cacheIndex
            }
            extensionsByCache.append(extensions)
        }

        var extensions: [String: [String]] = [:]
        for (type, owner) in globOwner {
            guard let found = extensionsByCache[owner][type] else { continue }
            let sorted = found.sorted { left, right in
                left.weight != right.weight
                    ? left.weight > right.weight : Self.byteOrder(left.suffix, right.suffix)
            }
            var seen: Set<String> = []
            extensions[type] = sorted.compactMap {
                seen.insert($0.suffix).inserted ? $0.suffix : nil
            }
        }
        // A name some cache lists as an alias is not a canonical type, even where another
        // entry (a parent list, say) names it.
        self.allTypes = types.subtracting(aliasNames).sorted(by: Self.byteOrder)
        self.canonical = canonical
        self.extensions = extensions
        self.globOwner = globOwner
    }

    /// Byte-wise order of UTF-8, as `strcmp` sorts the cache's lists.
    static func byteOrder(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }

    /// Calls `visit` with each leaf of the reverse suffix tree: the suffix its path spells
    /// (the glob without its `*`), the offset of its MIME type and its weight word.
    ///
    /// The walk is bounded in depth and in the number of nodes visited (no more than the file
    /// has room for), so a corrupt tree with cycles or shared subtrees ends quickly.
    static func walkSuffixTree(
        of cache: MIMECache,
        visit: (_ suffix: String, _ typeOffset: Int, _ flags: Int) -> Void
    ) {
        let reader = cache.reader
        var budget = reader.size / 12 + 1
        var path: [Unicode.Scalar] = []

        func walk(_ level: MIMECache.Table) {
            for index in 0..<level.count {
                guard budget > 0 else { return }
                budget -= 1
                let node = level.entry(index)
                guard let character = reader.u32(node), let first = reader.u32(node + 4),
                    let second = reader.u32(node + 8)
                else { return }
                if character == 0 {
                    // A leaf: `first` is the type's offset, `second` the weight word.
                    guard !path.isEmpty else { continue }
                    var suffix = String.UnicodeScalarView()
                    suffix.append(contentsOf: path.reversed())
                    visit(String(suffix), first, second)
                    continue
                }
                // An inner node: `first` children from offset `second`.
                guard path.count < MIMECache.maximumSuffixDepth,
                    let scalar = Unicode.Scalar(UInt32(character)),
                    second <= reader.size, first * 12 <= reader.size - second
                else { continue }
                path.append(scalar)
                walk(MIMECache.Table(offset: second, count: first, stride: 12))
                path.removeLast()
            }
        }
        walk(cache.suffixRoots)
    }
}
