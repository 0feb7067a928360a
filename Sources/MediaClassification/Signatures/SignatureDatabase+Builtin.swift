#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SignatureDatabase {
    /// Loads the matching tables the generator laid out (``builtinMatchingTables``): no text
    /// is parsed, the types are left to ``builtinDescriptions``.
    ///
    /// - Parameter tables: The number stream Scripts/generate-signatures.py writes.
    init(builtinTables tables: StaticString) {
        self.init()
        isBuiltin = true
        guard tables.hasPointerRepresentation else { return }
        tables.withUTF8Buffer { load($0) }
    }

    /// The name index and the ancestors of ``builtin``, loaded at first use.
    static let builtinTypeTables = SignatureBuiltinTypeTables(
        index: builtinTypeIndex,
        typeCount: builtin.typeNameOffsets.count - 1
    )

    /// The generated table's text, as ``builtin`` was generated from it: for the tests.
    package static var builtinTableText: String { builtinTable.description }

    private mutating func load(_ stream: UnsafeBufferPointer<UInt8>) {
        var reader = NumberReader(stream: stream)
        let typeCount = reader.next()
        let matchletCount = reader.next()
        let ruleCount = reader.next()
        let xmlRuleCount = reader.next()
        let valueByteCount = reader.next()
        let regexCount = reader.next()
        valueBytes = Self.builtinValueBytes.withUTF8Buffer {
            Self.decodeHex($0, count: valueByteCount)
        }
        typeNameOffsets.reserveCapacity(typeCount + 1)
        for _ in 0...typeCount { typeNameOffsets.append(Int32(reader.next())) }
        matchlets.reserveCapacity(matchletCount)
        childIndices.reserveCapacity(max(0, matchletCount - ruleCount))
        var patterns: [[UInt8]] = []
        patterns.reserveCapacity(regexCount)
        regexQuickSets.reserveCapacity(regexCount)
        var valueOffset: Int32 = 0
        for _ in 0..<matchletCount {
            let code = reader.next()
            var matchlet = Matchlet(
                kind: Matchlet.Kind(rawValue: UInt8(truncatingIfNeeded: code)) ?? .never,
                start: Int32(reader.next()),
                end: Int32(reader.next())
            )
            let valueCount = reader.next()
            let maskCount = reader.next()
            let childCount = reader.next()
            matchlet.childStart = Int32(childIndices.count)
            matchlet.childCount = Int32(childCount)
            for _ in 0..<childCount { childIndices.append(Int32(reader.next())) }
            switch matchlet.kind {
            case .bytes, .ignoringCase:
                matchlet.valueStart = valueOffset
                matchlet.valueCount = Int32(valueCount)
                matchlet.maskStart = valueOffset + Int32(valueCount)
                matchlet.maskCount = Int32(maskCount)
                valueOffset += Int32(valueCount + maskCount)
            case .regex:
                // Compiled when first needed (``regex(_:)``).
                matchlet.regex = Int32(patterns.count)
                patterns.append((0..<valueCount).map { _ in reader.nextByte() })
                var quick: SignatureByteSet?
                if reader.next() == 1 {
                    var set = SignatureByteSet()
                    for word in 0..<16 {
                        let bits = reader.next()
                        for bit in 0..<16 where bits & 1 << bit != 0 {
                            set.insert(UInt8(word * 16 + bit))
                        }
                    }
                    quick = set
                }
                regexQuickSets.append(quick)
            case .minimum, .never:
                break
            }
            matchlets.append(matchlet)
        }
        rules.reserveCapacity(ruleCount)
        for _ in 0..<ruleCount {
            let type = Int32(reader.next())
            let priority = Int32(reader.next())
            let source: SignatureMatch.Source = reader.next() == 0 ? .tika : .extra
            rules.append(
                MagicRule(
                    type: type,
                    priority: priority,
                    source: source,
                    root: Int32(reader.next())
                )
            )
        }
        for _ in 0..<xmlRuleCount {
            let type = Int32(reader.next())
            let source: SignatureMatch.Source = reader.next() == 0 ? .tika : .extra
            let namespaceLength = reader.next()
            let localLength = reader.next()
            let namespace = reader.string(namespaceLength)
            let local = reader.string(localLength)
            // No namespace in a Tika or project rule: a root in no namespace (see XMLRule).
            xmlRules.append(
                XMLRule(type: type, source: source, namespaceURI: namespace ?? "", localName: local)
            )
        }
        regexCache = SignatureRegexCache(patterns: patterns)
        buildIndex()
    }

    /// Bytes written in hex, lower-case, `count` of them; line breaks are skipped.
    private static func decodeHex(_ text: UnsafeBufferPointer<UInt8>, count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var position = 0
            var written = 0
            while position + 1 < text.count, written < count {
                let high = text[position]
                guard high != 0x0A else {
                    position += 1
                    continue
                }
                let low = text[position + 1]
                // '0'...'9' are 0x30...0x39, 'a'...'f' 0x61...0x66.
                let value = (high & 0x0F &+ (high >> 6) &* 9) << 4 | (low & 0x0F &+ (low >> 6) &* 9)
                buffer[written] = value
                written += 1
                position += 2
            }
            for index in written..<count { buffer[index] = 0 }
            initialized = count
        }
    }

    /// The regular expression of a matchlet's ``Matchlet/regex`` index; nil when it does not
    /// compile.
    func regex(_ index: Int32) -> SignatureRegex? {
        guard index >= 0 else { return nil }
        if let regexCache { return regexCache[Int(index)] }
        return regexes[Int(index)]
    }

    /// Whether each quick set of ``builtin``'s regular expressions holds every byte a match at
    /// the test's offset can begin with (as the compiled pattern's ``SignatureRegex/prefix`` or
    /// ``SignatureRegex/firstBytes`` says), the pattern compiling: for the tests.
    package func regexQuickSetsHold() -> Bool {
        for (index, quick) in regexQuickSets.enumerated() {
            guard let quick else { continue }
            guard let regex = regex(Int32(index)) else { return false }
            var needed = regex.firstBytes ?? .all
            if let first = regex.prefix.first { needed = first }
            for byte in 0...255 as ClosedRange<Int>
            where needed.contains(UInt8(byte)) && !quick.contains(UInt8(byte)) {
                return false
            }
        }
        return true
    }

    /// How many of ``builtin``'s regular expressions have a quick set: for the tests.
    package var regexQuickSetCount: Int { regexQuickSets.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    /// Whether the name index and the ancestors are those of `other`, a database decoded
    /// from the same text: for the tests.
    package func hasTypeTables(of other: SignatureDatabase) -> Bool {
        for (name, type) in other.indexByName where index(of: name) != type { return false }
        for name in ["", "a", "zzzz/zzzz", "application/", "text/plainx"]
        where index(of: name) != other.indexByName[name] {
            return false
        }
        for (index, type) in other.typeList.enumerated()
        where Self.builtinTypeTables.typeInfo(index) != type {
            return false
        }
        return ancestors == other.ancestorList
            && other.typeList.indices.allSatisfy { source(ofType: $0) == other.typeList[$0].source }
    }

    /// Whether the matching tables are those of `other`, a database decoded from the same
    /// text: for the tests.
    package func hasMatchingTables(of other: SignatureDatabase) -> Bool {
        guard matchlets.count == other.matchlets.count, childIndices == other.childIndices,
            valueBytes == other.valueBytes, rules.count == other.rules.count,
            xmlRules.count == other.xmlRules.count, rulesByFirstByte == other.rulesByFirstByte,
            otherRules == other.otherRules
        else { return false }
        for (mine, theirs) in zip(matchlets, other.matchlets) {
            // A regular expression that does not compile is a `never` test once decoded.
            let kind = mine.kind == .regex && regex(mine.regex) == nil ? .never : mine.kind
            guard kind == theirs.kind, mine.start == theirs.start, mine.end == theirs.end,
                mine.childStart == theirs.childStart, mine.childCount == theirs.childCount
            else { return false }
            if kind == .bytes || kind == .ignoringCase {
                guard mine.valueStart == theirs.valueStart, mine.valueCount == theirs.valueCount,
                    mine.maskStart == theirs.maskStart, mine.maskCount == theirs.maskCount
                else { return false }
            }
            if kind == .regex {
                guard let ours = regex(mine.regex), let their = other.regex(theirs.regex),
                    ours.steps.count == their.steps.count
                else { return false }
            }
        }
        for (mine, theirs) in zip(rules, other.rules) {
            guard mine.type == theirs.type, mine.priority == theirs.priority,
                mine.source == theirs.source, mine.root == theirs.root,
                mine.quickOffset == theirs.quickOffset, mine.quickByte == theirs.quickByte,
                mine.quickMask == theirs.quickMask
            else { return false }
        }
        for (mine, theirs) in zip(xmlRules, other.xmlRules) {
            guard mine.type == theirs.type, mine.source == theirs.source,
                mine.namespaceURI == theirs.namespaceURI, mine.localName == theirs.localName
            else { return false }
        }
        for type in 0..<other.types.count where mimeType(ofType: type) != other.types[type].mimeType
        {
            return false
        }
        return true
    }

    /// The MIME type of a type index: for ``builtin``, read from ``builtinTypeNames`` without
    /// decoding the types.
    func mimeType(ofType index: Int) -> String {
        guard isBuiltin else { return typeList[index].mimeType }
        let start = Int(typeNameOffsets[index])
        let end = Int(typeNameOffsets[index + 1]) - 1
        return Self.builtinTypeNames.withUTF8Buffer { names in
            String(decoding: UnsafeBufferPointer(rebasing: names[start..<end]), as: UTF8.self)
        }
    }

    /// Where the type of a type index was first declared.
    func source(ofType index: Int) -> SignatureMatch.Source {
        isBuiltin ? Self.builtinTypeTables.sources[index] : typeList[index].source
    }

    /// Reads the numbers of ``builtinMatchingTables``.
    ///
    /// A number is hex digits, `a`...`p` but for the last one, `A`...`P`; anything else (the
    /// line breaks) is skipped.
    struct NumberReader {
        let stream: UnsafeBufferPointer<UInt8>
        var position = 0

        init(stream: UnsafeBufferPointer<UInt8>) { self.stream = stream }

        /// The next number; 0 at the end of the stream.
        mutating func next() -> Int {
            var value = 0
            while position < stream.count {
                let byte = stream[position]
                position += 1
                if byte >= 0x61 {
                    value = value << 4 | Int(byte &- 0x61)
                } else if byte >= 0x41 {
                    return value << 4 | Int(byte &- 0x41)
                }
            }
            return value
        }

        mutating func nextByte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }

        /// A string of `length - 1` bytes, nil when `length` is 0.
        mutating func string(_ length: Int) -> String? {
            guard length > 0 else { return nil }
            let bytes = (1..<length).map { _ in nextByte() }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}

/// The regular expressions of ``SignatureDatabase/builtin``, each compiled the first time it
/// is needed: most files never reach most of them.
///
/// Unchecked: ``compiled`` is only touched with ``mutex`` held. A `pthread_mutex_t` rather
/// than `Synchronization.Mutex`, whose lock ThreadSanitizer does not see on Linux (see
/// UniformTypes' `PthreadMutex`; the signature engine builds without that module).
final class SignatureRegexCache: @unchecked Sendable {
    private let patterns: [[UInt8]]
    /// Each pattern's compilation: nil until compiled, then the result.
    private var compiled: [SignatureRegex??]
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init(patterns: [[UInt8]]) {
        self.patterns = patterns
        compiled = Array(repeating: nil, count: patterns.count)
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// The compiled pattern; nil when it does not compile.
    subscript(index: Int) -> SignatureRegex? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let regex = compiled[index] { return regex }
        let regex = SignatureRegex(pattern: patterns[index])
        compiled[index] = .some(regex)
        return regex
    }
}

/// The name index and the ancestors of ``SignatureDatabase/builtin``, loaded from
/// ``SignatureDatabase/builtinTypeIndex`` the first time a name is looked up.
struct SignatureBuiltinTypeTables: Sendable {
    /// Where each key starts in ``SignatureDatabase/builtinNameKeys``, and the end.
    private var keyOffsets: [Int32] = []
    /// The type of each key.
    private var keyTypes: [Int32] = []
    /// Each type's ancestors.
    private(set) var ancestors: [[Int32]] = []
    /// Each type's source.
    private(set) var sources: [SignatureMatch.Source] = []
    /// Where each type's `T` line starts in ``SignatureDatabase/builtinTable``, and the end.
    private var lineOffsets: [Int32] = []
    /// Where each type's block of rules starts there, and the end.
    private var ruleOffsets: [Int32] = []

    init(index: StaticString, typeCount: Int) {
        guard index.hasPointerRepresentation else { return }
        index.withUTF8Buffer { stream in
            var reader = SignatureDatabase.NumberReader(stream: stream)
            let keyCount = reader.next()
            keyOffsets.reserveCapacity(keyCount + 1)
            for _ in 0...keyCount { keyOffsets.append(Int32(reader.next())) }
            keyTypes.reserveCapacity(keyCount)
            for _ in 0..<keyCount { keyTypes.append(Int32(reader.next())) }
            ancestors.reserveCapacity(typeCount)
            sources.reserveCapacity(typeCount)
            for _ in 0..<typeCount {
                sources.append(reader.next() == 0 ? .tika : .extra)
                let count = reader.next()
                ancestors.append((0..<count).map { _ in Int32(reader.next()) })
            }
            lineOffsets = (0...typeCount).map { _ in Int32(reader.next()) }
            ruleOffsets = (0...typeCount).map { _ in Int32(reader.next()) }
        }
    }

    /// A type's entry, decoded alone from its lines of ``SignatureDatabase/builtinTable``.
    func typeInfo(_ index: Int) -> SignatureDatabase.TypeInfo? {
        guard index >= 0, index + 1 < lineOffsets.count, index + 1 < ruleOffsets.count else {
            return nil
        }
        return SignatureDatabase.typeInfo(
            in: SignatureDatabase.builtinTable,
            line: Int(lineOffsets[index])..<Int(lineOffsets[index + 1]) - 1,
            rules: Int(
                ruleOffsets[index]
            )..<max(Int(ruleOffsets[index]), Int(ruleOffsets[index + 1]) - 1)
        )
    }

    /// The type of a lower-cased MIME type or alias: a binary search of the sorted keys.
    func index(of name: String) -> Int? {
        guard !keyTypes.isEmpty else { return nil }
        var name = name
        return name.withUTF8 { query in
            SignatureDatabase.builtinNameKeys.withUTF8Buffer { keys -> Int? in
                func key(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                    let start = Int(keyOffsets[index])
                    let end = Int(keyOffsets[index + 1]) - 1
                    return UnsafeBufferPointer(rebasing: keys[start..<end])
                }
                var low = 0
                var high = keyTypes.count
                while low < high {
                    let middle = (low + high) / 2
                    if key(middle).lexicographicallyPrecedes(query) {
                        low = middle + 1
                    } else {
                        high = middle
                    }
                }
                guard low < keyTypes.count, key(low).elementsEqual(query) else { return nil }
                return Int(keyTypes[low])
            }
        }
    }
}
