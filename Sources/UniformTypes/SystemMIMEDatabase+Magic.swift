#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SystemMIMEDatabase {
    /// One type whose magic matched, and how strongly.
    package struct MagicMatch: Sendable {
        /// The canonical MIME type.
        package var mimeType: String
        /// The rule's priority (0–100).
        package var priority: Int
        /// The nesting depth of the matchlet chain that matched (0: a top-level matchlet).
        package var depth: Int
        /// How many bytes that chain's values compared, summed.
        package var matchedByteCount: Int
    }

    /// The MIME types whose magic rules match these bytes (the head of a file), highest
    /// priority first, as shared-mime-info's mime.cache MAGIC section defines them
    /// (matchlets: range start/length, value, optional mask, word size, nested matchlets).
    ///
    /// A rule matches when any of its top-level matchlets does; a matchlet matches when its
    /// value (under its mask, if any) is found at one of the offsets of its range and, if it
    /// has children, one of them matches too. Values with a word size of 2 or 4 (`host16`,
    /// `host32`) are stored big-endian and compared in host byte order. Nothing beyond
    /// `head` is looked at: a rule that needs more bytes does not match.
    ///
    /// With several caches, the first cache that has magic for a type supplies all of it.
    /// Types are canonical (an alias named by a rule is resolved) and appear once, with
    /// their highest matching priority; rules of equal priority keep cache order. Each match
    /// carries the depth and compared bytes of the first matchlet chain that matched (value
    /// lengths, summed), so that a caller can weigh it against other sources' matches.
    /// - Parameter head: The first bytes of a file; ``magicExtent`` says how many can matter.
    /// - Returns: The matching types with their priorities (0–100), highest first.
    package func magicMatches(_ head: [UInt8]) -> [MagicMatch] {
        var hits: [MIMECache.MagicHit] = []
        head.withUnsafeBytes { bytes in
            for cacheIndex in caches.indices {
                // A corrupt cache (cyclic or fanned-out children) ends after a bounded amount
                // of work instead of running for ever, and leaves the others theirs.
                var budget = caches[cacheIndex].magicWorkBudget
                caches[cacheIndex].magicHits(
                    in: bytes,
                    cacheIndex: cacheIndex,
                    budget: &budget,
                    into: &hits
                )
            }
        }
        guard !hits.isEmpty else { return [] }
        if hits.count > 1 {
            hits.sort { left, right in
                if left.priority != right.priority { return left.priority > right.priority }
                if left.cacheIndex != right.cacheIndex { return left.cacheIndex < right.cacheIndex }
                return left.order < right.order
            }
        }
        var matches: [MagicMatch] = []
        matches.reserveCapacity(hits.count)
        for hit in hits {
            guard let type = caches[hit.cacheIndex].canonicalType(at: hit.typeOffset) else {
                continue
            }
            if caches.count > 1, (magicOwner(of: type) ?? hit.cacheIndex) != hit.cacheIndex {
                continue
            }
            // Few hits as a rule: a linear check beats hashing them.
            guard !matches.contains(where: { $0.mimeType == type }) else { continue }
            matches.append(
                MagicMatch(
                    mimeType: type,
                    priority: hit.priority,
                    depth: hit.depth,
                    matchedByteCount: hit.matchedByteCount
                )
            )
        }
        return matches
    }

    /// Of `candidates` (MIME types, such as a glob tie), the one the magic rules pick:
    /// the highest-priority match that is a candidate or a sub-class of one; nil if none.
    ///
    /// The matches are taken highest priority first. For each, a candidate that is the
    /// matched type wins; failing that, a candidate derived from it (GIO's tie-break: a
    /// name claiming `application/vnd.oasis.opendocument.text` where the magic says
    /// `application/zip`); failing that, a candidate it is derived from (the magic says
    /// `text/x-systemd-unit`, a name claims `text/plain`). Candidates are compared after
    /// resolving aliases and case; sub-class-of is followed transitively, with every
    /// `text/*` type a kind of `text/plain` and every type a kind of
    /// `application/octet-stream`, as the shared-mime-info specification implies.
    ///
    /// Unlike GIO, which asks only whether its single best sniffed type relates to a name's
    /// types, a lower-priority match may still decide when the higher ones relate to no
    /// candidate. GIO's rule that a match of priority 80 or more overrides the name is the
    /// caller's to apply, with the priorities from ``magicMatches(_:)``.
    /// - Parameters:
    ///   - head: The first bytes of the file.
    ///   - candidates: The MIME types to choose from, in the caller's order of preference.
    /// - Returns: The chosen candidate, spelled as given; nil when no match relates to any.
    package func mimeType(matching head: [UInt8], among candidates: [String]) -> String? {
        guard !candidates.isEmpty else { return nil }
        let matches = magicMatches(head)
        guard !matches.isEmpty else { return nil }
        let canonicalCandidates = candidates.map { canonicalMIMEType(for: $0) ?? $0 }
        var candidateAncestors: [[String]]?
        for match in matches {
            if let index = canonicalCandidates.firstIndex(of: match.mimeType) {
                return candidates[index]
            }
            let ancestorLists = candidateAncestors ?? canonicalCandidates.map(supertypeChain)
            candidateAncestors = ancestorLists
            if let index = ancestorLists.firstIndex(where: { $0.contains(match.mimeType) }) {
                return candidates[index]
            }
            let matchAncestors = supertypeChain(of: match.mimeType)
            if let index = canonicalCandidates.firstIndex(where: matchAncestors.contains) {
                return candidates[index]
            }
        }
        return nil
    }

    /// How many bytes of a file's head the magic rules can look at: the largest extent any
    /// cache declares, capped at 1 MiB.
    ///
    /// Reading this many bytes (or the whole file, if shorter) gives ``magicMatches(_:)``
    /// all it can use. The cap keeps a corrupt cache from asking for an unbounded read.
    package var magicExtent: Int {
        var extent = 0
        for cache in caches {
            let reader = cache.reader
            if let listOffset = reader.u32(MIMECache.magicHeaderField),
                let cacheExtent = reader.u32(listOffset + 4)
            {
                extent = max(extent, cacheExtent)
            }
        }
        return min(extent, MIMECache.maximumMagicExtent)
    }

    /// Every type `mimeType` is a kind of, transitively, without itself, breadth first;
    /// `text/plain` for `text/*` and `application/octet-stream` for all come last.
    private func supertypeChain(of mimeType: String) -> [String] {
        var found: [String] = []
        var queue = parents(of: mimeType)
        var next = 0
        // A cycle or a very deep chain in a corrupt cache stops here.
        while next < queue.count, found.count < 64 {
            let parent = queue[next]
            next += 1
            guard parent != mimeType, !found.contains(parent) else { continue }
            found.append(parent)
            queue += parents(of: parent)
        }
        if mimeType.utf8.starts(with: "text/".utf8), mimeType != "text/plain",
            !found.contains("text/plain")
        {
            found.append("text/plain")
        }
        if mimeType != "application/octet-stream", !found.contains("application/octet-stream") {
            found.append("application/octet-stream")
        }
        return found
    }
}

extension MIMECache {
    /// One matching entry of a magic list: its priority, the offset of its type's name, and
    /// where it came from (for a stable order among equal priorities).
    struct MagicHit {
        var priority: Int
        var typeOffset: Int
        var cacheIndex: Int
        var order: Int
        var depth: Int
        var matchedByteCount: Int
    }

    /// The header field (byte offset) that holds the offset of the magic list.
    static let magicHeaderField = 24
    /// The size of a `Match` entry of the magic list.
    static let magicMatchSize = 16
    /// The size of a `Matchlet`.
    static let matchletSize = 32
    /// The deepest nesting of matchlets followed; the system database nests 6 deep.
    static let maximumMatchletDepth = 32
    /// The work allowed on this cache for one `magicMatches` call, counted as one unit per
    /// matchlet visited plus one per offset tried: 8 units a byte of the file, at least
    /// 2^20.
    ///
    /// Trying every matchlet of the system database (150 KB, 1,197 matchlets) over a head
    /// of any length costs 77,421 units; a cache that needs more than its budget has shared
    /// or cyclic children, which `update-mime-database` never writes.
    var magicWorkBudget: Int { max(1 << 20, mapping.size * 8) }
    /// The largest head ``SystemMIMEDatabase/magicExtent`` asks for.
    static let maximumMagicExtent = 1 << 20

    /// Quick tests for the entries of the magic list.
    ///
    /// For an entry whose top-level matchlets are all plain tests at one offset (no mask,
    /// bytes not words), as most of the system database's rules are (`\x89PNG` at 0,
    /// `%PDF-` at 0, ...), the first byte each needs at its offset: one of them must be in
    /// the head for the entry to match. An entry of another shape has no quick test and is
    /// always tried. With them a lookup tries the matchlets of a handful of entries instead
    /// of all of them.
    struct MagicPrefilter: Sendable {
        /// `tests[starts[i]..<starts[i + 1]]` for entry `i`; `starts[i] == -1`: no quick test.
        var starts: [Int32]
        var ends: [Int32]
        /// (offset, byte) pairs, any of which lets the entry be tried.
        var offsets: [UInt32]
        var bytes: [UInt8]

        /// Whether entry `index` can match `head`.
        @inline(__always)
        func admits(_ index: Int, _ head: UnsafeRawBufferPointer) -> Bool {
            let start = Int(starts[index])
            guard start >= 0 else { return true }
            for test in start..<Int(ends[index]) {
                let offset = Int(offsets[test])
                if offset < head.count, head[offset] == bytes[test] { return true }
            }
            return false
        }
    }

    /// This cache's quick tests, made once.
    func prefilter() -> MagicPrefilter {
        magicPrefilter.value {
            let reader = self.reader
            var filter = MagicPrefilter(starts: [], ends: [], offsets: [], bytes: [])
            filter.starts.reserveCapacity(magicMatches.count)
            filter.ends.reserveCapacity(magicMatches.count)
            for index in 0..<magicMatches.count {
                let entry = magicMatches.entry(index)
                let start = filter.offsets.count
                var usable = false
                if let count = reader.u32(entry + 8), let first = reader.u32(entry + 12),
                    count > 0, count <= 64, first >= 0, first <= reader.size,
                    count <= (reader.size - first) / Self.matchletSize
                {
                    usable = true
                    for matchlet in 0..<count {
                        let at = first + matchlet * Self.matchletSize
                        let rangeStart = reader.u32InBounds(at)
                        let rangeLength = reader.u32InBounds(at + 4)
                        let wordSize = reader.u32InBounds(at + 8)
                        let valueLength = reader.u32InBounds(at + 12)
                        let valueOffset = reader.u32InBounds(at + 16)
                        let maskOffset = reader.u32InBounds(at + 20)
                        guard rangeLength == 1, wordSize <= 1, maskOffset == 0,
                            valueLength > 0, rangeStart <= Int(UInt32.max),
                            valueOffset >= 0, valueOffset < reader.size
                        else {
                            usable = false
                            break
                        }
                        filter.offsets.append(UInt32(rangeStart))
                        filter.bytes.append(
                            reader.base.load(fromByteOffset: valueOffset, as: UInt8.self)
                        )
                    }
                }
                if usable {
                    filter.starts.append(Int32(start))
                } else {
                    filter.offsets.removeSubrange(start...)
                    filter.bytes.removeSubrange(start...)
                    filter.starts.append(-1)
                }
                filter.ends.append(Int32(filter.offsets.count))
            }
            return filter
        }
    }

    /// Appends to `hits` each match of this cache's magic list that matches `head`.
    func magicHits(
        in head: UnsafeRawBufferPointer,
        cacheIndex: Int,
        budget: inout Int,
        into hits: inout [MagicHit]
    ) {
        let reader = self.reader
        let filter = prefilter()
        for index in 0..<magicMatches.count {
            guard budget > 0 else { return }
            guard filter.admits(index, head) else { continue }
            let entry = magicMatches.entry(index)
            // The table lies in the file (checked at open), so these reads succeed.
            guard let priority = reader.u32(entry),
                let typeOffset = reader.u32(entry + 4),
                let count = reader.u32(entry + 8),
                let first = reader.u32(entry + 12)
            else { continue }
            if let chain = anyMatchlet(
                count: count,
                at: first,
                head: head,
                depth: 0,
                reader: reader,
                budget: &budget
            ) {
                hits.append(
                    MagicHit(
                        priority: priority,
                        typeOffset: typeOffset,
                        cacheIndex: cacheIndex,
                        order: index,
                        depth: chain.depth,
                        matchedByteCount: chain.bytes
                    )
                )
            }
        }
    }

    /// Whether any of the `count` matchlets stored from `offset` matches `head`: the first
    /// chain that does (its deepest level and the value bytes it compared), or nil.
    private func anyMatchlet(
        count: Int,
        at offset: Int,
        head: UnsafeRawBufferPointer,
        depth: Int,
        reader: MIMECacheReader,
        budget: inout Int
    ) -> (depth: Int, bytes: Int)? {
        guard count > 0, depth < Self.maximumMatchletDepth, offset >= 0, offset <= reader.size,
            count <= (reader.size - offset) / Self.matchletSize
        else { return nil }
        for index in 0..<count {
            guard budget > 0 else { return nil }
            budget -= 1
            // The guard above keeps every matchlet of this run inside the file.
            let matchlet = offset + index * Self.matchletSize
            let pattern = MagicPattern(
                rangeStart: reader.u32InBounds(matchlet),
                rangeLength: reader.u32InBounds(matchlet + 4),
                wordSize: reader.u32InBounds(matchlet + 8),
                valueLength: reader.u32InBounds(matchlet + 12),
                valueOffset: reader.u32InBounds(matchlet + 16),
                maskOffset: reader.u32InBounds(matchlet + 20)
            )
            guard pattern.matches(head, reader: reader, budget: &budget) else { continue }
            let childCount = reader.u32InBounds(matchlet + 24)
            let firstChild = reader.u32InBounds(matchlet + 28)
            if childCount == 0 { return (depth, pattern.valueLength) }
            if let child = anyMatchlet(
                count: childCount,
                at: firstChild,
                head: head,
                depth: depth + 1,
                reader: reader,
                budget: &budget
            ) {
                return (child.depth, pattern.valueLength + child.bytes)
            }
        }
        return nil
    }
}

extension MIMECacheReader {
    /// The big-endian `CARD32` at `offset`, which the caller has checked to lie in the file.
    @inline(__always)
    fileprivate func u32InBounds(_ offset: Int) -> Int {
        Int(UInt32(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }
}

/// The test of one matchlet, without its children: a value, and perhaps a mask, looked for
/// at each offset of a range.
private struct MagicPattern {
    var rangeStart: Int
    var rangeLength: Int
    var wordSize: Int
    var valueLength: Int
    var valueOffset: Int
    /// 0 when the matchlet has no mask.
    var maskOffset: Int

    /// Whether the value is found in `head` at an offset of the range, charging `budget`
    /// one unit per offset tried.
    ///
    /// A matchlet whose value or mask lies outside the file, whose word size is not 1, 2 or
    /// 4, or whose value is not a whole number of words does not match.
    func matches(
        _ head: UnsafeRawBufferPointer,
        reader: MIMECacheReader,
        budget: inout Int
    ) -> Bool {
        let size = reader.size
        guard valueOffset <= size, valueLength <= size - valueOffset else { return false }
        let hasMask = maskOffset != 0
        if hasMask {
            guard maskOffset <= size, valueLength <= size - maskOffset else { return false }
        }
        let word: Int
        switch wordSize {
        case 0, 1: word = 1
        case 2, 4: word = wordSize
        default: return false
        }
        guard valueLength % word == 0 else { return false }
        // Values of `host16`/`host32` matchlets are stored big-endian; on a little-endian
        // host each word is compared reversed.
        let swapped = word > 1 && 1.littleEndian == 1

        // The offsets tried are rangeStart ..< rangeStart + rangeLength, and only those
        // where the whole value fits in the head. Written so that nothing can overflow.
        let count = head.count
        guard rangeLength > 0, rangeStart <= count, valueLength <= count - rangeStart,
            let headBase = head.baseAddress
        else { return false }
        let positions = min(rangeLength, count - rangeStart - valueLength + 1)
        budget -= positions
        guard budget >= 0 else { return false }
        guard valueLength > 0 else { return true }

        let value = reader.base + valueOffset
        let first = rangeStart
        let last = rangeStart + positions - 1
        // A start tag's opening (`<script`) that the file continues into a longer name.
        func cutsName(at position: Int) -> Bool {
            let end = position + valueLength
            return MarkupTagBoundary.cutsName(
                value: UnsafeRawBufferPointer(start: value, count: valueLength),
                next: end < count ? head[end] : nil
            )
        }
        if !hasMask && !swapped {
            let firstByte = value.load(as: UInt8.self)
            if positions == 1 {
                // Most rules test one offset: check the first byte before calling memcmp.
                return headBase.load(fromByteOffset: first, as: UInt8.self) == firstByte
                    && memcmp(headBase + first, value, valueLength) == 0
                    && !cutsName(at: first)
            }
            // Find the first byte with memchr, then compare the rest.
            var position = first
            while position <= last {
                guard let found = memchr(headBase + position, Int32(firstByte), last - position + 1)
                else { return false }
                let candidate = UnsafeRawPointer(found)
                position = candidate - headBase
                if memcmp(candidate, value, valueLength) == 0, !cutsName(at: position) {
                    return true
                }
                position += 1
            }
            return false
        }
        let mask = hasMask ? reader.base + maskOffset : nil
        for position in first...last {
            var equal = true
            for index in 0..<valueLength {
                // With swapping, byte `index` of the head pairs with the byte at the mirrored
                // place within the same word of the stored value (and mask).
                let stored =
                    swapped ? (index - index % word) + (word - 1 - index % word) : index
                let expected = value.load(fromByteOffset: stored, as: UInt8.self)
                let actual = headBase.load(fromByteOffset: position + index, as: UInt8.self)
                let bits = mask?.load(fromByteOffset: stored, as: UInt8.self) ?? 0xFF
                if (expected ^ actual) & bits != 0 {
                    equal = false
                    break
                }
            }
            if equal, !cutsName(at: position) { return true }
        }
        return false
    }
}
