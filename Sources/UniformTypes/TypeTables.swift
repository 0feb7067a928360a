/// A registry's declarations in lookup-ready form: the keys in one byte buffer, and every
/// index (open-addressing hash tables, spans, candidate lists, parents) in one array of
/// 32-bit words, cut into sections.
///
/// The built-in registry's tables are generated at build time by
/// `Scripts/generate-builtin-types.py`, so the process does no work to make them; registries
/// built at run time (declaration files) get the same tables from ``TypeRegistry/Builder``.
/// A test checks that the two agree word for word.
///
/// Keys are stored lower-cased; a lookup lower-cases ASCII letters as it hashes and compares,
/// and allocates nothing. The words and key bytes are read through pointers, so that a
/// lookup does not retain and release arrays; the built-in tables are not even copied: their
/// pointers are the generated data's own, so a process only touches the pages it reads.
final class TypeTables: @unchecked Sendable, Equatable {
    // Sound: `keyBytes` and `words` point either into static data (a `StaticString`, valid
    // for the life of the process) or into the buffers of `keyOwner` and `wordOwner`, arrays
    // this object holds and never mutates, so their storage neither moves nor is freed while
    // the object lives. Nothing writes through the pointers.

    /// A run of ``words``.
    struct Section: Sendable, Equatable {
        var start: Int
        var count: Int
    }

    /// The sections of one set of tags (extensions, MIME types or aliases).
    struct TagSections: Sendable, Equatable {
        /// Per entry: its key's offset and length in ``TypeTables/keyBytes``.
        var spans: Section
        /// Per entry `e`, and one more: where its types start in ``candidates``.
        var candidateStarts: Section
        /// The types of every entry, laid end to end (public first, then declaration order).
        var candidates: Section
        /// The hash table: 0 for an empty slot, else the entry's index plus one.
        var slots: Section

        /// The number of keys.
        var count: Int { spans.count / 2 }
    }

    /// The lower-cased keys back to back, each followed by a newline: identifiers, then
    /// extensions, MIME types and aliases.
    let keyBytes: UnsafeBufferPointer<UInt8>
    /// Every section, in the order of ``sectionCount``.
    let words: UnsafeBufferPointer<UInt32>
    /// The array behind ``keyBytes`` when they are not static data.
    private let keyOwner: [UInt8]
    /// The array behind ``words``.
    private let wordOwner: [UInt32]
    /// Per type: its identifier key's offset and length.
    let identifierSpans: Section
    /// The identifier hash table: 0 for an empty slot, else the type's index plus one.
    let identifierSlots: Section
    /// Per type `i`, and one more: where its parents start in ``parents``.
    let parentStarts: Section
    /// Each type's direct parents, laid end to end.
    let parents: Section
    /// Filename extensions.
    let extensions: TagSections
    /// MIME types as declared.
    let mimeTypes: TagSections
    /// Other spellings of MIME types, each with the one type it stands for.
    let aliases: TagSections

    /// The number of sections, in the order `words` holds them: identifier spans and slots,
    /// parent starts and parents, then spans, candidate starts, candidates and slots of
    /// extensions, MIME types and aliases.
    static let sectionCount = 16

    /// Tables over generated data: static keys and a generated array of words, not copied.
    convenience init(staticKeys: StaticString, words: [UInt32], counts: [Int]) {
        self.init(
            keys: UnsafeBufferPointer(
                start: staticKeys.utf8Start,
                count: staticKeys.utf8CodeUnitCount
            ),
            keyOwner: [],
            words: words,
            counts: counts
        )
    }

    /// Tables over keys and words made at run time.
    convenience init(keys: [UInt8], words: [UInt32], counts: [Int]) {
        // The pointer stays valid: `keyOwner` keeps the array, which is never mutated.
        let pointer = keys.withUnsafeBufferPointer { $0 }
        self.init(keys: pointer, keyOwner: keys, words: words, counts: counts)
    }

    /// Lays sections out in ``words``.
    ///
    /// - Parameters:
    ///   - keys: The keys, in static data or in `keyOwner`.
    ///   - keyOwner: The array `keys` points into, or empty for static data.
    ///   - words: The sections back to back.
    ///   - counts: The length of each section, ``sectionCount`` of them.
    private init(
        keys: UnsafeBufferPointer<UInt8>,
        keyOwner: [UInt8],
        words: [UInt32],
        counts: [Int]
    ) {
        var sections: [Section] = []
        var start = 0
        for index in 0..<Self.sectionCount {
            let count = index < counts.count ? counts[index] : 0
            sections.append(Section(start: start, count: count))
            start += count
        }
        func tags(_ first: Int) -> TagSections {
            TagSections(
                spans: sections[first],
                candidateStarts: sections[first + 1],
                candidates: sections[first + 2],
                slots: sections[first + 3]
            )
        }
        keyBytes = keys
        self.keyOwner = keyOwner
        wordOwner = words
        // The pointer stays valid: `wordOwner` keeps the array, which is never mutated.
        self.words = words.withUnsafeBufferPointer { $0 }
        identifierSpans = sections[0]
        identifierSlots = sections[1]
        parentStarts = sections[2]
        parents = sections[3]
        extensions = tags(4)
        mimeTypes = tags(8)
        aliases = tags(12)
    }

    /// The number of types.
    var count: Int { identifierSpans.count / 2 }

    /// Equal when every key byte and every word is, laid out alike.
    static func == (lhs: TypeTables, rhs: TypeTables) -> Bool {
        lhs.keyBytes.elementsEqual(rhs.keyBytes) && lhs.words.elementsEqual(rhs.words)
            && lhs.identifierSpans == rhs.identifierSpans
            && lhs.identifierSlots == rhs.identifierSlots
            && lhs.parentStarts == rhs.parentStarts && lhs.parents == rhs.parents
            && lhs.extensions == rhs.extensions && lhs.mimeTypes == rhs.mimeTypes
            && lhs.aliases == rhs.aliases
    }

    // MARK: - Hashing

    /// The tables' hash of a key, with ASCII letters lower-cased: the low 32 bits of
    /// ``ASCIICase/foldedHash(_:)``, which `Scripts/generate-builtin-types.py` computes alike.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        UInt32(truncatingIfNeeded: ASCIICase.foldedHash(UnsafeRawBufferPointer(bytes)).value)
    }

    /// The slot count for a number of keys: a power of two at least twice the count.
    static func capacity(forKeys count: Int) -> Int {
        var capacity = 8
        while capacity < count * 2 { capacity *= 2 }
        return capacity
    }

    // MARK: - Lookup

    /// The entry whose key equals `query` (ASCII letters in any case), or nil.
    ///
    /// `query` must hold no byte above 0x7F that differs in case from the key: callers
    /// lower-case non-ASCII text first (``withLookupBytes(_:_:)``).
    func find(_ query: UnsafeBufferPointer<UInt8>, slots: Section, spans: Section) -> Int? {
        guard slots.count > 0 else { return nil }
        let mask = slots.count - 1
        var position = Int(Self.hash(query)) & mask
        while true {
            let slot = words[slots.start + position]
            if slot == 0 { return nil }
            let entry = Int(slot) - 1
            let offset = Int(words[spans.start + entry * 2])
            let length = Int(words[spans.start + entry * 2 + 1])
            if length == query.count, keyEquals(offset: offset, query) { return entry }
            position = (position + 1) & mask
        }
    }

    /// Whether the key at `offset` (as long as `query`) equals `query` with ASCII letters
    /// lowered.
    @inline(__always)
    private func keyEquals(offset: Int, _ query: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let keyBase = keyBytes.baseAddress, let queryBase = query.baseAddress else {
            return query.isEmpty
        }
        return ASCIICase.equal(keyBase + offset, queryBase, count: query.count, leftIsLowered: true)
    }

    /// The entry of a tag table whose key equals `query`, or nil.
    func find(_ query: UnsafeBufferPointer<UInt8>, in table: TagSections) -> Int? {
        find(query, slots: table.slots, spans: table.spans)
    }

    /// The positions in ``words`` of an entry's types.
    func candidates(of entry: Int, in table: TagSections) -> Range<Int> {
        let first = Int(words[table.candidateStarts.start + entry])
        let end = Int(words[table.candidateStarts.start + entry + 1])
        return table.candidates.start + first..<table.candidates.start + end
    }

    /// The positions in ``words`` of a type's direct parents.
    func parents(of index: Int) -> Range<Int> {
        let first = Int(words[parentStarts.start + index])
        let end = Int(words[parentStarts.start + index + 1])
        return parents.start + first..<parents.start + end
    }

    /// The key bytes of entry `entry` in a span section (valid while the tables live).
    func keySlice(_ spans: Section, _ entry: Int) -> UnsafeBufferPointer<UInt8> {
        let offset = Int(words[spans.start + entry * 2])
        return UnsafeBufferPointer(
            rebasing: keyBytes[offset..<offset + Int(words[spans.start + entry * 2 + 1])]
        )
    }

    /// The key of entry `entry` in a span section, as a string.
    func key(_ spans: Section, _ entry: Int) -> String {
        String(decoding: keySlice(spans, entry), as: UTF8.self)
    }

    /// Calls `body` with the UTF-8 of `text`; when it finds nothing and `text` is not ASCII,
    /// again with `text` lower-cased, since ``find(_:slots:spans:)`` lowers ASCII letters only.
    ///
    /// A first answer is right even for non-ASCII text: keys are fully lower-cased, so bytes
    /// equal to a key after ASCII lowering are that key's lower-cased spelling. Only a miss
    /// needs the full lowering, and only a miss pays for the ASCII check.
    @inline(__always)
    static func withLookupBytes<Result>(
        _ text: String,
        _ body: (UnsafeBufferPointer<UInt8>) -> Result?
    ) -> Result? {
        let outcome = text.utf8.withContiguousStorageIfAvailable { bytes -> Outcome<Result> in
            if let found = body(bytes) { return .done(found) }
            return isASCII(bytes) ? .absent : .notASCII
        }
        switch outcome {
        case .done(let found): return found
        case .absent: return nil
        case .notASCII, nil:
            var lowered = text.lowercased()
            return lowered.withUTF8(body)
        }
    }

    /// Whether every byte is below 0x80; eight bytes at a time.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var high: UInt64 = 0
        var index = 0
        while index + 8 <= bytes.count {
            high |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            high |= UInt64(bytes[index])
            index += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    private enum Outcome<Result> {
        case done(Result)
        case absent
        case notASCII
    }

    // MARK: - Building

    /// Assembles tables from keys and lists, in section order; used by the run-time builder
    /// and mirrored by the generator script (same key order, hash, capacity and probing).
    struct Assembler {
        private var keyBytes: [UInt8] = []
        private var sections: [[UInt32]] = []

        /// Adds the identifier keys (lower-cased, distinct) and their hash table.
        mutating func addIdentifiers(_ keys: [String]) {
            let spans = append(keys)
            sections += [spans, slots(spans: spans)]
        }

        /// Adds each type's parents.
        mutating func addParents(_ parents: [[Int]]) {
            var starts: [UInt32] = [0]
            var flat: [UInt32] = []
            for list in parents {
                flat += list.map { UInt32($0) }
                starts.append(UInt32(flat.count))
            }
            sections += [starts, flat]
        }

        /// Adds a tag table: keys (lower-cased, distinct) and their types, in order.
        mutating func addTags(_ entries: [(key: String, candidates: [Int])]) {
            let spans = append(entries.map(\.key))
            var starts: [UInt32] = [0]
            var candidates: [UInt32] = []
            for entry in entries {
                candidates += entry.candidates.map { UInt32($0) }
                starts.append(UInt32(candidates.count))
            }
            sections += [spans, starts, candidates, slots(spans: spans)]
        }

        /// The tables, once every section is added.
        func tables() -> TypeTables {
            TypeTables(
                keys: keyBytes,
                words: sections.flatMap { $0 },
                counts: sections.map(\.count)
            )
        }

        /// Appends keys to the key bytes; returns their spans.
        private mutating func append(_ keys: [String]) -> [UInt32] {
            var spans: [UInt32] = []
            spans.reserveCapacity(keys.count * 2)
            for key in keys {
                spans += [UInt32(keyBytes.count), UInt32(key.utf8.count)]
                keyBytes.append(contentsOf: key.utf8)
                keyBytes.append(10)
            }
            return spans
        }

        /// A hash table over the keys at `spans` (all distinct).
        private func slots(spans: [UInt32]) -> [UInt32] {
            let count = spans.count / 2
            let capacity = TypeTables.capacity(forKeys: count)
            var slots = [UInt32](repeating: 0, count: capacity)
            keyBytes.withUnsafeBufferPointer { keys in
                for entry in 0..<count {
                    let key = UnsafeBufferPointer(
                        rebasing: keys[
                            Int(spans[entry * 2])..<Int(spans[entry * 2] + spans[entry * 2 + 1])
                        ]
                    )
                    var position = Int(TypeTables.hash(key)) & (capacity - 1)
                    while slots[position] != 0 { position = (position + 1) & (capacity - 1) }
                    slots[position] = UInt32(entry + 1)
                }
            }
            return slots
        }
    }
}
