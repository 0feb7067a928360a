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
    /// The kinds of glob are tried in stages, and the first stage that matches in any cache
    /// decides: literal names (`Makefile`), then the deepest suffix-tree match (`*.tar.gz`
    /// over `*.gz`), then the glob list (`*.so.[0-9]*`, with `fnmatch`). So `libz.so.1.gz`
    /// is gzip, not a shared library, as in the freedesktop.org reference implementation.
    /// In each stage, case-sensitive entries are tried on the name as given and, only when
    /// none matches, the others on the lower-cased name. A glob declared for an alias gives
    /// the alias's canonical type.
    /// - Parameter name: A file name; anything up to its last `/` is ignored.
    /// - Returns: The matching MIME types, best first; empty when no glob matches.
    package func mimeTypes(forFileName name: String) -> [String] {
        var exact = name
        if let slash = name.utf8.lastIndex(of: UInt8(ascii: "/")) {
            exact = String(name[name.utf8.index(after: slash)...])
        }
        guard !exact.isEmpty else { return [] }
        let lower = exact.asciiLowercased()
        var raw: [MIMECache.GlobHit] = []
        var hits: [RankedType] = []
        for stage in 0..<3 {
            for cacheIndex in caches.indices {
                let cache = caches[cacheIndex]
                raw.removeAll(keepingCapacity: true)
                switch stage {
                case 0: cache.literalHits(name: exact, lowerCased: lower, into: &raw)
                case 1: cache.suffixHits(name: exact, lowerCased: lower, into: &raw)
                default: cache.globListHits(name: exact, lowerCased: lower, into: &raw)
                }
                if !raw.isEmpty { rank(raw, in: cache, cacheIndex: cacheIndex, into: &hits) }
            }
            if !hits.isEmpty { break }
        }
        return Self.ordered(hits)
    }

    /// MIME types whose simple `*.ext` glob is this extension (no dot; case-insensitive except
    /// for case-sensitive globs), highest weight first.
    ///
    /// A multi-part extension (`tar.gz`) matches the glob `*.tar.gz`.
    /// - Parameter ext: The extension, without its leading dot.
    /// - Returns: The MIME types, highest weight first; empty when none.
    package func mimeTypes(forExtension ext: String) -> [String] {
        guard !ext.isEmpty else { return [] }
        if caches.count == 1, let types = singleCacheTypes(forASCIIExtension: ext) {
            return types
        }
        return mimeTypesWithoutFastPath(forExtension: ext)
    }

    /// ``mimeTypes(forExtension:)`` by the general path alone, which walks the suffix tree by
    /// Unicode scalars and ranks the hits of every cache.
    ///
    /// The answer is always the same as ``mimeTypes(forExtension:)``; tests compare the two.
    /// - Parameter ext: The extension, without its leading dot.
    /// - Returns: The MIME types, highest weight first; empty when none.
    package func mimeTypesWithoutFastPath(forExtension ext: String) -> [String] {
        guard !ext.isEmpty else { return [] }
        let lowerExt = ext.asciiLowercased()
        var raw: [MIMECache.GlobHit] = []
        var hits: [RankedType] = []
        for cacheIndex in caches.indices {
            let cache = caches[cacheIndex]
            raw.removeAll(keepingCapacity: true)
            cache.extensionLeaves(of: ext, caseSensitive: true, into: &raw)
            cache.extensionLeaves(of: lowerExt, caseSensitive: false, into: &raw)
            if !raw.isEmpty { rank(raw, in: cache, cacheIndex: cacheIndex, into: &hits) }
        }
        return Self.ordered(hits)
    }

    /// The answer for an ASCII extension when there is one cache (the usual case), or nil to
    /// leave it to the general path (a non-ASCII extension).
    ///
    /// It walks the suffix tree by bytes, lower-casing on the way, so it builds no lower-cased
    /// copy; it walks once when the extension has no capitals, as then both case
    /// sensitivities end at the same node. One hit, the usual answer, is named directly,
    /// without ranking; several are ranked as the general path ranks them.
    private func singleCacheTypes(forASCIIExtension ext: String) -> [String]? {
        let cache = caches[0]
        var copy = ext
        return copy.withUTF8 { key -> [String]? in
            var hasCapital = false
            for byte in key {
                if byte >= 0x80 { return nil }
                if byte >= 0x41, byte <= 0x5A { hasCapital = true }
            }
            let bytes = UnsafeRawBufferPointer(key)
            let exactLevel = cache.extensionLevel(ofASCII: bytes, lowerCasing: false)
            let lowerLevel =
                hasCapital ? cache.extensionLevel(ofASCII: bytes, lowerCasing: true) : exactLevel
            let exact = exactLevel.map { cache.leafSummary(of: $0, caseSensitive: true) }
            let lower = lowerLevel.map { cache.leafSummary(of: $0, caseSensitive: false) }
            let count = (exact?.count ?? 0) + (lower?.count ?? 0)
            guard count > 1 else {
                guard let typeOffset = exact?.firstTypeOffset ?? lower?.firstTypeOffset,
                    let type = cache.canonicalType(at: typeOffset)
                else { return [] }
                return [type]
            }
            // A case-insensitive leaf is never case-sensitive, so the two sets of hits are
            // disjoint, in the general path's order: case-sensitive first.
            var raw: [MIMECache.GlobHit] = []
            raw.reserveCapacity(count)
            let reader = cache.reader
            func add(_ level: MIMECache.Table?, caseSensitive: Bool) {
                guard let level else { return }
                cache.leaves(
                    of: level,
                    caseSensitive: caseSensitive,
                    length: key.count + 2,
                    reader: reader,
                    into: &raw
                )
            }
            add(exactLevel, caseSensitive: true)
            add(lowerLevel, caseSensitive: false)
            var hits: [RankedType] = []
            hits.reserveCapacity(raw.count)
            rank(raw, in: cache, cacheIndex: 0, into: &hits)
            return Self.ordered(hits)
        }
    }

    /// The extensions (`*.ext` globs, without the `*.`, in weight order) of a canonical MIME type.
    ///
    /// The cache keeps no declaration order, so extensions of equal weight come in
    /// alphabetical order. Case-insensitive globs are lower-cased in the cache;
    /// case-sensitive ones keep their case (`C` for C++ source).
    ///
    /// Answered as the reverse index would answer, without building it unless it is built
    /// already or a non-ASCII name needs it: the name tables give the type's glob-owning
    /// cache, and one walk of that cache's suffix tree collects the type's extensions (about
    /// 1.4 M instructions, where building the index takes about 18 M).
    /// - Parameter mimeType: A MIME type; an alias or another spelling is resolved first.
    /// - Returns: The extensions from the first cache with globs for the type; empty if none.
    package func filenameExtensions(of mimeType: String) -> [String] {
        if let index = builtReverseIndex {
            if let extensions = index.extensions[mimeType] { return extensions }
            guard let canonical = index.canonical[mimeType.lowercased()] else { return [] }
            return index.extensions[canonical] ?? []
        }
        if let extensions = extensionsFromSuffixTree(of: mimeType) { return extensions }
        guard let canonical = canonicalIgnoringCase(mimeType) else { return [] }
        return extensionsFromSuffixTree(of: canonical) ?? []
    }

    /// `reverseIndex.extensions[type]`: the `*.ext` extensions of a type spelled as a cache
    /// spells it, from its glob-owning cache, in weight order then alphabetical; nil when it
    /// has none.
    ///
    /// Each type's answer is remembered (up to ``remembersExtensionsOf`` types), so that a
    /// batch asking about one type per file (an import naming its files, say) walks the tree
    /// once per type, not once per file.
    private func extensionsFromSuffixTree(of type: String) -> [String]? {
        // No name in a cache holds a NUL byte (and the byte comparison below needs none).
        guard !type.utf8.contains(0), let owner = globOwner(of: type) else { return nil }
        if let index = builtReverseIndex { return index.extensions[type] }
        if let known = walkedExtensions.withLock({ $0[type] }) {
            return known.isEmpty ? nil : known
        }
        let cache = caches[owner]
        var collector = ExtensionCollector(cache: cache, type: Array(type.utf8))
        MIMEDatabaseIndex.walkSuffixTree(of: cache, visitor: &collector)
        let found = MIMEDatabaseIndex.orderedExtensions(collector.found)
        walkedExtensions.withLock { remembered in
            if remembered.count >= Self.remembersExtensionsOf { remembered.removeAll() }
            remembered[type] = found ?? []
        }
        return found
    }

    /// Appends one cache's raw hits, named, to `named`, dropping types whose globs a cache of
    /// higher priority supplies.
    private func rank(
        _ hits: [MIMECache.GlobHit],
        in cache: MIMECache,
        cacheIndex: Int,
        into named: inout [RankedType]
    ) {
        for hit in hits {
            guard let type = cache.canonicalType(at: hit.typeOffset) else { continue }
            if caches.count > 1, (globOwner(of: type) ?? cacheIndex) != cacheIndex { continue }
            named.append(
                RankedType(type: type, weight: hit.weight, length: hit.length, order: named.count)
            )
        }
    }

    /// Sorts by weight, then pattern length (both descending), then cache and discovery
    /// order, and drops repeated types.
    private static func ordered(_ hits: [RankedType]) -> [String] {
        switch hits.count {
        case 0: return []
        case 1: return [hits[0].type]
        default: break
        }
        let sorted = hits.sorted { left, right in
            if left.weight != right.weight { return left.weight > right.weight }
            if left.length != right.length { return left.length > right.length }
            return left.order < right.order
        }
        // Few hits as a rule: a linear check beats hashing them.
        var types: [String] = []
        types.reserveCapacity(sorted.count)
        for hit in sorted where !types.contains(hit.type) {
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
    /// The most `*` in a glob-list pattern handed to `fnmatch`, whose backtracking grows
    /// with the power of their number.
    static let maximumPatternStars = 8

    /// Literal-list entries for `name`: case-sensitive ones matching it exactly, or if there
    /// are none, case-insensitive ones matching `lowerCased`.
    func literalHits(name: String, lowerCased: String, into hits: inout [GlobHit]) {
        literalHits(key: name, caseSensitive: true, into: &hits)
        guard hits.isEmpty else { return }
        literalHits(key: lowerCased, caseSensitive: false, into: &hits)
    }

    private func literalHits(key: String, caseSensitive: Bool, into hits: inout [GlobHit]) {
        guard literals.count > 0 else { return }
        let reader = self.reader
        let range = key.withMIMECacheKey { reader.equalRange($0, in: literals) } ?? 0..<0
        for index in range {
            let entry = literals.entry(index)
            guard let typeOffset = reader.u32(entry + 4), let flags = reader.u32(entry + 8),
                (flags & Self.caseSensitiveFlag != 0) == caseSensitive
            else { continue }
            hits.append(
                GlobHit(
                    typeOffset: typeOffset,
                    weight: flags & 0xFF,
                    length: key.unicodeScalars.count
                )
            )
        }
    }

    /// The deepest suffix-tree match for `name`: case-sensitive globs on the name as given,
    /// or if none matches, the others on `lowerCased`.
    func suffixHits(name: String, lowerCased: String, into hits: inout [GlobHit]) {
        suffixLeaves(of: name, caseSensitive: true, wholeKey: false, into: &hits)
        guard hits.isEmpty else { return }
        suffixLeaves(of: lowerCased, caseSensitive: false, wholeKey: false, into: &hits)
    }

    /// Walks the reverse suffix tree along `key` from its last character and returns the
    /// leaves (globs `*` + suffix) of the given case sensitivity: those of the deepest level
    /// that has any, or with `wholeKey` only those reached after the whole key.
    func suffixLeaves(
        of key: String,
        caseSensitive: Bool,
        wholeKey: Bool,
        into hits: inout [GlobHit]
    ) {
        let reader = self.reader
        let scalars = key.unicodeScalars
        var level = suffixRoots
        var depth = 0
        var position = scalars.endIndex
        var deepest: (level: Table, depth: Int)?
        while position > scalars.startIndex, depth < Self.maximumSuffixDepth {
            position = scalars.index(before: position)
            guard let children = step(scalars[position].value, from: level, reader: reader) else {
                break
            }
            depth += 1
            level = children
            guard !wholeKey || position == scalars.startIndex else { continue }
            if hasLeaf(in: level, caseSensitive: caseSensitive, reader: reader) {
                deepest = (level, depth)
            }
        }
        guard let deepest else { return }
        leaves(
            of: deepest.level,
            caseSensitive: caseSensitive,
            length: deepest.depth + 1,
            reader: reader,
            into: &hits
        )
    }

    /// The leaves of the given case sensitivity reached by walking `ext` and then a dot: the
    /// globs `*.ext`, without building the string `.ext`.
    func extensionLeaves(of ext: String, caseSensitive: Bool, into hits: inout [GlobHit]) {
        let reader = self.reader
        var level = suffixRoots
        var depth = 0
        for scalar in ext.unicodeScalars.reversed() {
            guard depth < Self.maximumSuffixDepth - 1,
                let children = step(scalar.value, from: level, reader: reader)
            else { return }
            depth += 1
            level = children
        }
        guard let children = step(0x2E, from: level, reader: reader) else { return }
        leaves(
            of: children,
            caseSensitive: caseSensitive,
            length: depth + 2,
            reader: reader,
            into: &hits
        )
    }

    /// The level of the suffix tree reached by walking the ASCII bytes `key` from the last,
    /// then a dot: the level whose leaves are the globs `*.key`; nil when there is none.
    ///
    /// With `lowerCasing`, `A` to `Z` are walked as `a` to `z`, which for ASCII is what
    /// `lowercased()` does. The bytes are the Unicode scalars of an ASCII string, so this
    /// follows the path `extensionLeaves(of:caseSensitive:into:)` follows.
    @inline(__always)
    func extensionLevel(ofASCII key: UnsafeRawBufferPointer, lowerCasing: Bool) -> Table? {
        guard key.count < Self.maximumSuffixDepth, var byte = key.last else { return nil }
        let reader = self.reader
        // The first step, from the roots, is a table look-up.
        if lowerCasing, byte >= 0x41, byte <= 0x5A { byte |= 0x20 }
        let root = asciiRootNodes[Int(byte & 0x7F)]
        guard byte < 0x80, root >= 0, var level = children(of: root, reader: reader) else {
            return nil
        }
        var position = key.count - 1
        while position > 0 {
            position -= 1
            byte = key[position]
            if lowerCasing, byte >= 0x41, byte <= 0x5A { byte |= 0x20 }
            guard let children = step(UInt32(byte), from: level, reader: reader) else {
                return nil
            }
            level = children
        }
        return step(0x2E, from: level, reader: reader)
    }

    /// How many leaves of one case sensitivity a level has (as `leaves` finds them), and the
    /// type offset of the first.
    @inline(__always)
    func leafSummary(
        of level: Table,
        caseSensitive: Bool
    ) -> (count: Int, firstTypeOffset: Int?) {
        var count = 0
        var first: Int?
        forEachLeaf(of: level, caseSensitive: caseSensitive, reader: reader) { typeOffset, _ in
            if first == nil { first = typeOffset }
            count += 1
            return true
        }
        return (count, first)
    }

    /// Calls `body` with the type offset and flags of each leaf (character 0, sorted first) of
    /// a level that has the given case sensitivity, until a node is no leaf or cannot be read,
    /// or `body` returns false.
    @inline(__always)
    func forEachLeaf(
        of level: Table,
        caseSensitive: Bool,
        reader: MIMECacheReader,
        _ body: (_ typeOffset: Int, _ flags: Int) -> Bool
    ) {
        for index in 0..<level.count {
            let node = level.entry(index)
            guard reader.u32(node) == 0, let typeOffset = reader.u32(node + 4),
                let flags = reader.u32(node + 8)
            else { return }
            guard (flags & Self.caseSensitiveFlag != 0) == caseSensitive else { continue }
            guard body(typeOffset, flags) else { return }
        }
    }

    /// The children of the node for `character` in `level`, checked to lie in the file.
    @inline(__always)
    private func step(_ character: UInt32, from level: Table, reader: MIMECacheReader) -> Table? {
        guard character != 0, let node = Self.childNode(Int(character), in: level, reader: reader)
        else { return nil }
        return children(of: node, reader: reader)
    }

    /// The children of the inner node at `node`, checked to lie in the file.
    @inline(__always)
    private func children(of node: Int, reader: MIMECacheReader) -> Table? {
        guard let childCount = reader.u32(node + 4), let firstChild = reader.u32(node + 8),
            firstChild <= reader.size, childCount * 12 <= reader.size - firstChild
        else { return nil }
        return Table(offset: firstChild, count: childCount, stride: 12)
    }

    /// Binary search of a sorted level of the suffix tree for a node of `character`.
    static func childNode(_ character: Int, in level: Table, reader: MIMECacheReader) -> Int? {
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
    func leaves(
        of level: Table,
        caseSensitive: Bool,
        length: Int,
        reader: MIMECacheReader,
        into hits: inout [GlobHit]
    ) {
        forEachLeaf(of: level, caseSensitive: caseSensitive, reader: reader) { typeOffset, flags in
            hits.append(GlobHit(typeOffset: typeOffset, weight: flags & 0xFF, length: length))
            return true
        }
    }

    /// Whether a level has a leaf of the given case sensitivity.
    private func hasLeaf(in level: Table, caseSensitive: Bool, reader: MIMECacheReader) -> Bool {
        var found = false
        forEachLeaf(of: level, caseSensitive: caseSensitive, reader: reader) { _, _ in
            found = true
            return false
        }
        return found
    }

    /// Whether a name with these first and last bytes can match `pattern`.
    ///
    /// A pattern that starts or ends with a plain character needs the name to start or end
    /// with it. This spares most `fnmatch` calls.
    @inline(__always)
    private static func endsMayMatch(
        _ pattern: UnsafeRawBufferPointer,
        first: UInt8?,
        last: UInt8?
    ) -> Bool {
        guard let patternFirst = pattern.first, let patternLast = pattern.last else {
            return first == nil
        }
        switch patternFirst {
        case UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: "["), UInt8(ascii: "\\"): break
        default: if patternFirst != first { return false }
        }
        switch patternLast {
        // An escaped last character is still that character, so only wildcards and the
        // end of a bracket expression are exempt.
        case UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: "]"), UInt8(ascii: "\\"):
            return true
        default: return patternLast == last
        }
    }

    /// The number of `*` in a pattern.
    private static func starCount(_ pattern: UnsafeRawBufferPointer) -> Int {
        var count = 0
        for byte in pattern where byte == UInt8(ascii: "*") { count += 1 }
        return count
    }

    /// Glob-list entries (patterns `fnmatch` must match) for a file name: case-sensitive ones
    /// against `name`, the others against `lowerCased`.
    func globListHits(name: String, lowerCased: String, into found: inout [GlobHit]) {
        guard globs.count > 0 else { return }
        let reader = self.reader
        let exactEnds = (first: name.utf8.first, last: name.utf8.last)
        let lowerEnds = (first: lowerCased.utf8.first, last: lowerCased.utf8.last)
        found +=
            name.withMIMECacheKey { _ in
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
                            let ends = sensitive ? exactEnds : lowerEnds
                            guard Self.endsMayMatch(pattern, first: ends.first, last: ends.last),
                                Self.starCount(pattern) <= Self.maximumPatternStars
                            else { continue }
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

/// Collects the extensions of one MIME type from a walk of a cache's suffix tree: the leaves
/// whose type (resolved through the cache's aliases) is the one sought, and whose suffix is a
/// dot and at least one more character.
private struct ExtensionCollector: SuffixTreeVisitor {
    let cache: MIMECache
    /// The type's name, as UTF-8.
    let type: [UInt8]
    /// The cache's aliases of the type: leaves that name one of them count too. (The type
    /// itself is no alias in this cache: it is the cache that owns its globs, and a name
    /// the cache lists as an alias would stand for its target there.)
    let aliases: [[UInt8]]
    /// The characters from the root to the current node: the suffix, last character first.
    var path: [Unicode.Scalar] = []
    /// The extensions found, without the dot, with their weights.
    var found: [(suffix: String, weight: Int)] = []

    /// Prepares to collect `type`'s extensions from `cache`.
    ///
    /// A leaf is then decided by comparing its name with the type and its few aliases, which
    /// usually differ at the first bytes, rather than by resolving every leaf's name through
    /// the alias list (as `MIMECache.canonicalTypeOffset(at:)` does, at several times the
    /// cost over the thousands of leaves).
    init(cache: MIMECache, type: [UInt8]) {
        self.cache = cache
        self.type = type
        let reader = cache.reader
        var aliases: [[UInt8]] = []
        for entry in 0..<cache.aliases.count {
            guard let nameOffset = reader.u32(cache.aliases.entry(entry)),
                let targetOffset = reader.u32(cache.aliases.entry(entry) + 4),
                type.withUnsafeBytes({ reader.compare($0, toStringAt: targetOffset) }) == 0,
                let name = reader.bytes(at: nameOffset)
            else { continue }
            aliases.append(Array(name))
        }
        self.aliases = aliases
    }

    mutating func enter(_ character: Unicode.Scalar) { path.append(character) }

    mutating func leave() { path.removeLast() }

    mutating func leaf(typeOffset: Int, flags: Int) {
        guard path.count > 1, path.last == ".", names(typeOffset) else { return }
        var suffix = ""
        for scalar in path.reversed() { suffix.unicodeScalars.append(scalar) }
        // As the index does: without the first character (the dot, with any mark on it).
        found.append((String(suffix.dropFirst()), flags & 0xFF))
    }

    /// Whether the name at `offset`, resolved through the cache's aliases, is the type.
    ///
    /// The cheap comparisons with the type and its aliases pass few leaves; those are then
    /// resolved as the index resolves every leaf (`canonicalTypeOffset(at:)`), so that a
    /// corrupt alias list (a name listed as an alias of two types, entries out of order for
    /// the binary search) gives the walk and the index the same answer.
    private func names(_ offset: Int) -> Bool {
        let reader = cache.reader
        let candidate =
            type.withUnsafeBytes({ reader.compare($0, toStringAt: offset) }) == 0
            || aliases.contains { alias in
                alias.withUnsafeBytes { reader.compare($0, toStringAt: offset) } == 0
            }
        guard candidate, let canonical = cache.canonicalTypeOffset(at: offset) else {
            return false
        }
        return type.withUnsafeBytes { reader.compare($0, toStringAt: canonical) } == 0
    }
}
