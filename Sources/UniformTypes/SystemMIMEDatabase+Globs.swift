#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SystemMIMEDatabase {
    /// MIME types for a file name by the spec's glob rules, best first, without duplicates.
    ///
    /// The rules: literal names, then the reverse suffix tree (including multi-part suffixes
    /// like `.tar.gz`), case-sensitive entries honoured, highest weight first, then longest
    /// match.
    ///
    /// In each cache, case-sensitive entries are tried on the name as given and, only when
    /// none matches, the others on the lower-cased name. A literal name (`Makefile`) beats
    /// every pattern. Otherwise the deepest suffix-tree match (`*.tar.gz` over `*.gz`) and
    /// the matching entries of the glob list (`*.so.[0-9]*`) are ranked together. A glob
    /// declared for an alias gives the alias's canonical type.
    /// - Parameter name: A file name; anything up to its last `/` is ignored.
    /// - Returns: The matching MIME types, best first; empty when no glob matches.
    package func mimeTypes(forFileName name: String) -> [String] {
        var fileName = Substring(name)
        if let slash = fileName.lastIndex(of: "/") {
            fileName = fileName[fileName.index(after: slash)...]
        }
        guard !fileName.isEmpty else { return [] }
        let exact = String(fileName)
        let lower = exact.lowercased()
        var literalHits: [RankedType] = []
        var patternHits: [RankedType] = []
        for (cacheIndex, cache) in caches.enumerated() {
            let literal = cache.literalHits(name: exact, lowerCased: lower)
            if !literal.isEmpty {
                literalHits += ranked(literal, in: cache, cacheIndex: cacheIndex)
            }
            // Once a literal name matched, patterns cannot win; skip their work.
            guard literalHits.isEmpty else { continue }
            var patterns = cache.suffixHits(name: exact, lowerCased: lower)
            patterns += cache.globListHits(name: exact, lowerCased: lower)
            patternHits += ranked(patterns, in: cache, cacheIndex: cacheIndex)
        }
        return Self.ordered(literalHits.isEmpty ? patternHits : literalHits)
    }

    /// MIME types whose simple `*.ext` glob is this extension (no dot; case-insensitive except
    /// for case-sensitive globs), highest weight first.
    ///
    /// A multi-part extension (`tar.gz`) matches the glob `*.tar.gz`.
    /// - Parameter ext: The extension, without its leading dot.
    /// - Returns: The MIME types, highest weight first; empty when none.
    package func mimeTypes(forExtension ext: String) -> [String] {
        guard !ext.isEmpty else { return [] }
        let key = "." + ext
        let lowerKey = key.lowercased()
        var hits: [RankedType] = []
        for (cacheIndex, cache) in caches.enumerated() {
            var leaves = cache.suffixLeaves(of: key, caseSensitive: true, wholeKey: true)
            leaves += cache.suffixLeaves(of: lowerKey, caseSensitive: false, wholeKey: true)
            hits += ranked(leaves, in: cache, cacheIndex: cacheIndex)
        }
        return Self.ordered(hits)
    }

    /// The extensions (`*.ext` globs, without the `*.`, in weight order) of a canonical MIME type.
    ///
    /// The cache keeps no declaration order, so extensions of equal weight come in byte
    /// order. Case-insensitive globs are lower-cased in the cache; case-sensitive ones keep
    /// their case (`C` for C++ source).
    /// - Parameter mimeType: A MIME type; an alias or another spelling is resolved first.
    /// - Returns: The extensions from the first cache with globs for the type; empty if none.
    package func filenameExtensions(of mimeType: String) -> [String] {
        let index = reverseIndex
        if let extensions = index.extensions[mimeType] { return extensions }
        guard let canonical = index.canonical[mimeType.lowercased()] else { return [] }
        return index.extensions[canonical] ?? []
    }

    /// Turns one cache's raw hits into named ones, dropping types whose globs a cache of
    /// higher priority supplies.
    private func ranked(
        _ hits: [MIMECache.GlobHit],
        in cache: MIMECache,
        cacheIndex: Int
    ) -> [RankedType] {
        let owners = caches.count > 1 ? reverseIndex.globOwner : nil
        var named: [RankedType] = []
        named.reserveCapacity(hits.count)
        for hit in hits {
            guard let type = cache.canonicalType(at: hit.typeOffset) else { continue }
            if let owners, owners[type, default: cacheIndex] != cacheIndex { continue }
            named.append(
                RankedType(
                    type: type,
                    weight: hit.weight,
                    length: hit.length,
                    order: cacheIndex << 32 | named.count
                )
            )
        }
        return named
    }

    /// Sorts by weight, then pattern length (both descending), then cache and discovery
    /// order, and drops repeated types.
    private static func ordered(_ hits: [RankedType]) -> [String] {
        if hits.count == 1 { return [hits[0].type] }
        let sorted = hits.sorted { left, right in
            if left.weight != right.weight { return left.weight > right.weight }
            if left.length != right.length { return left.length > right.length }
            return left.order < right.order
        }
        var seen: Set<String> = []
        var types: [String] = []
        for hit in sorted where seen.insert(hit.type).inserted {
            types.append(hit.type)
        }
        return types
    }
}

/// A matched MIME type with what ranks it.
private struct RankedType {
    var type: String
    var weight: Int
    var length: Int
    var order: Int
}

extension MIMECache {
    /// A glob entry that matched, still pointing into the cache.
    struct GlobHit {
        /// Offset of the MIME type's string.
        var typeOffset: Int
        /// The glob's weight, 0 to 100 (50 by default).
        var weight: Int
        /// The length of the glob pattern, in characters.
        var length: Int
    }

    /// Bit of a weight word that marks a case-sensitive glob; the low 8 bits are the weight.
    static let caseSensitiveFlag = 0x100
    /// The deepest walk into the suffix tree; a longer suffix glob is not believable.
    static let maximumSuffixDepth = 255
    /// The longest glob-list pattern handed to `fnmatch`.
    static let maximumPatternLength = 255

    /// Literal-list entries for `name`: case-sensitive ones matching it exactly, or if there
    /// are none, case-insensitive ones matching `lowerCased`.
    func literalHits(name: String, lowerCased: String) -> [GlobHit] {
        let sensitive = literalHits(key: name, caseSensitive: true)
        guard sensitive.isEmpty else { return sensitive }
        return literalHits(key: lowerCased, caseSensitive: false)
    }

    private func literalHits(key: String, caseSensitive: Bool) -> [GlobHit] {
        let reader = self.reader
        let range = key.withMIMECacheKey { reader.equalRange($0, in: literals) } ?? 0..<0
        var hits: [GlobHit] = []
        for index in range {
            let entry = literals.entry(index)
            guard let typeOffset = reader.u32(entry + 4), let flags = reader.u32(entry + 8),
                (flags & Self.caseSensitiveFlag != 0) == caseSensitive
            else { continue }
            hits.append(GlobHit(typeOffset: typeOffset, weight: flags & 0xFF, length: key.count))
        }
        return hits
    }

    /// The deepest suffix-tree match for `name`: case-sensitive globs on the name as given,
    /// or if none matches, the others on `lowerCased`.
    func suffixHits(name: String, lowerCased: String) -> [GlobHit] {
        let sensitive = suffixLeaves(of: name, caseSensitive: true, wholeKey: false)
        guard sensitive.isEmpty else { return sensitive }
        return suffixLeaves(of: lowerCased, caseSensitive: false, wholeKey: false)
    }

    /// Walks the reverse suffix tree along `key` from its last character and returns the
    /// leaves (globs `*` + suffix) of the given case sensitivity: those of the deepest level
    /// that has any, or with `wholeKey` only those reached after the whole key.
    func suffixLeaves(of key: String, caseSensitive: Bool, wholeKey: Bool) -> [GlobHit] {
        let reader = self.reader
        let scalars = key.unicodeScalars
        var level = suffixRoots
        var depth = 0
        var position = scalars.endIndex
        var deepest: [GlobHit] = []
        while position > scalars.startIndex, depth < Self.maximumSuffixDepth {
            position = scalars.index(before: position)
            let character = Int(scalars[position].value)
            guard character != 0, let node = childNode(character, in: level, reader: reader),
                let childCount = reader.u32(node + 4), let firstChild = reader.u32(node + 8),
                firstChild <= reader.size, childCount * 12 <= reader.size - firstChild
            else { break }
            depth += 1
            level = Table(offset: firstChild, count: childCount, stride: 12)
            guard !wholeKey || position == scalars.startIndex else { continue }
            let leaves = self.leaves(
                of: level,
                caseSensitive: caseSensitive,
                length: depth + 1,
                reader: reader
            )
            if !leaves.isEmpty { deepest = leaves }
        }
        return deepest
    }

    /// Binary search of a sorted level of the suffix tree for a node of `character`.
    private func childNode(_ character: Int, in level: Table, reader: MIMECacheReader) -> Int? {
        var low = 0
        var high = level.count - 1
        while low <= high {
            let middle = low + (high - low) / 2
            guard let found = reader.u32(level.entry(middle)) else { return nil }
            if found == character { return level.entry(middle) }
            if found < character { low = middle + 1 } else { high = middle - 1 }
        }
        return nil
    }

    /// The leaf nodes (character 0, sorted first) of a level, of one case sensitivity.
    private func leaves(
        of level: Table,
        caseSensitive: Bool,
        length: Int,
        reader: MIMECacheReader
    ) -> [GlobHit] {
        var hits: [GlobHit] = []
        for index in 0..<level.count {
            let node = level.entry(index)
            guard reader.u32(node) == 0, let typeOffset = reader.u32(node + 4),
                let flags = reader.u32(node + 8)
            else { break }
            guard (flags & Self.caseSensitiveFlag != 0) == caseSensitive else { continue }
            hits.append(GlobHit(typeOffset: typeOffset, weight: flags & 0xFF, length: length))
        }
        return hits
    }

    /// Glob-list entries (patterns `fnmatch` must match) for a file name: case-sensitive ones
    /// against `name`, the others against `lowerCased`.
    func globListHits(name: String, lowerCased: String) -> [GlobHit] {
        guard globs.count > 0 else { return [] }
        let reader = self.reader
        return name.withMIMECacheKey { _ in
            name.withCString { exactName in
                lowerCased.withCString { lowerName in
                    var hits: [GlobHit] = []
                    for index in 0..<globs.count {
                        let entry = globs.entry(index)
                        guard let patternOffset = reader.u32(entry),
                            let pattern = reader.bytes(at: patternOffset),
                            pattern.count <= Self.maximumPatternLength,
                            let patternStart = pattern.baseAddress,
                            let typeOffset = reader.u32(entry + 4),
                            let flags = reader.u32(entry + 8)
                        else { continue }
                        let sensitive = flags & Self.caseSensitiveFlag != 0
                        // `bytes(at:)` found the NUL inside the file, so this is a C string.
                        let cPattern = patternStart.bindMemory(
                            to: CChar.self,
                            capacity: pattern.count + 1
                        )
                        guard fnmatch(cPattern, sensitive ? exactName : lowerName, 0) == 0
                        else { continue }
                        hits.append(
                            GlobHit(
                                typeOffset: typeOffset,
                                weight: flags & 0xFF,
                                length: pattern.count
                            )
                        )
                    }
                    return hits
                }
            }
        } ?? []
    }
}
