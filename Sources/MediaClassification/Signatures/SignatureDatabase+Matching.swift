// The fuzz harness (Scripts/fuzz.sh) compiles the engine alone, with MarkupTagBoundary's
// file beside it instead of the UniformTypes module.
#if canImport(UniformTypes)
import UniformTypes
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One test of a magic rule (Tika's `<match>`), its value in ``SignatureDatabase``'s byte
/// pool and its children in the child-index pool.
struct Matchlet: Sendable {
    enum Kind: UInt8, Sendable {
        /// The value's bytes, under the mask, at an offset of the range.
        case bytes
        /// The same, letters compared ASCII case-insensitively (`stringignorecase`).
        case ignoringCase
        /// A regular expression matching from an offset of the range.
        case regex
        /// At least `start` of the children match (`minShouldMatch`).
        case minimum
        /// A test that is not supported: never matches.
        case never
    }

    var kind: Kind
    /// The first and last offset tried (for ``Kind/minimum``, `start` is the count).
    var start: Int32
    var end: Int32
    var valueStart: Int32 = 0
    var valueCount: Int32 = 0
    var maskStart: Int32 = 0
    /// 0 when the test has no mask; a mask shorter than the value leaves the rest unmasked.
    var maskCount: Int32 = 0
    var regex: Int32 = -1
    var childStart: Int32 = 0
    var childCount: Int32 = 0
}

/// One top-level test of a `<magic>` block with the block's type and priority: Tika makes a
/// separate rule of each.
struct MagicRule: Sendable {
    var type: Int32
    var priority: Int32
    var source: SignatureMatch.Source
    var root: Int32
    /// A byte the rule needs at ``quickOffset`` (under ``quickMask``), tested before the
    /// rule is evaluated; -1 when there is none.
    var quickOffset: Int32 = -1
    var quickByte: UInt8 = 0
    var quickMask: UInt8 = 0xFF
}

/// One `<root-XML>` rule; a nil name or namespace matches any, an empty namespace only a root
/// in no namespace (the built-in rules' reading of a rule without one; a declaration's rule
/// without `XMLNamespace` takes any).
struct XMLRule: Sendable {
    var type: Int32
    var source: SignatureMatch.Source
    var namespaceURI: String?
    var localName: String?
}

extension SignatureDatabase {
    /// The work one call of ``matches(_:fileSize:)`` may do, in steps (a test evaluated, an
    /// offset tried, a step of a regular expression): far above what any real file needs
    /// (the fixtures need under 20,000), low enough that hostile input stays cheap.
    static let workBudget = 1 << 20
    /// The steps one regular expression may take on one file.
    static let regexBudget = 1 << 17
    /// The longest stretch a regular expression reads from where it starts: Tika's window.
    static let regexWindow = 8 * 1024

    /// The signatures that match the head of a file, strongest first.
    ///
    /// Tests magic (every match type of Tika's, offset ranges, masks, nested tests: a test's
    /// children are alternatives of which one must match too; a block's top-level tests are
    /// alternatives), the root element of an XML document against the `root-XML` rules, and
    /// a ZIP archive's `mimetype` entry (its source is the one that declares the type it
    /// names, ``SignatureMatch/Source/extra`` when neither does). Nothing beyond the bytes
    /// given is looked at: a test that needs more does not match (Tika would compare the
    /// missing bytes as zeros). One match a MIME type (the strongest), sorted as
    /// ``SignatureMatch/isStronger(_:than:)`` orders them.
    ///
    /// The work is bounded (``workBudget`` steps a call, ``regexBudget`` a regular
    /// expression): on input built to exhaust it, the tests left untried do not match.
    /// - Parameters:
    ///   - head: The first bytes of the file (64 KiB is plenty; Tika reads 8 KiB past an
    ///     offset).
    ///   - fileSize: The file's size, when known: a head longer than it is cut to it.
    /// - Returns: The matches; empty when nothing matches.
    package func matches(_ head: [UInt8], fileSize: UInt64? = nil) -> [SignatureMatch] {
        head.withUnsafeBufferPointer { buffer in
            var count = buffer.count
            if let fileSize, fileSize < UInt64(count) { count = Int(fileSize) }
            return matches(in: UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// ``matches(_:fileSize:)`` over bytes in memory.
    ///
    /// - Parameter head: The first bytes of the file.
    /// - Returns: The matches, strongest first.
    package func matches(in head: UnsafeBufferPointer<UInt8>) -> [SignatureMatch] {
        guard !head.isEmpty else { return [] }
        var found: [SignatureMatch] = []
        var budget = Self.workBudget
        for rule in rulesByFirstByte[Int(head[0])] {
            evaluate(rule: Int(rule), head, &budget, into: &found)
        }
        for rule in otherRules {
            let quick = rules[Int(rule)]
            if quick.quickOffset >= 0 {
                let offset = Int(quick.quickOffset)
                guard offset < head.count, head[offset] & quick.quickMask == quick.quickByte
                else { continue }
            }
            evaluate(rule: Int(rule), head, &budget, into: &found)
        }
        xmlMatches(head, into: &found)
        if let named = zipMimetypeMatch(in: head) { found.append(named) }
        return SignatureMatch.sortedUnique(found)
    }

    /// The match of a ZIP archive whose first entry, stored, is `mimetype` naming a type
    /// (``SignatureZipMimetype``), or nil when the head does not open with such an entry.
    private func zipMimetypeMatch(in head: UnsafeBufferPointer<UInt8>) -> SignatureMatch? {
        guard let mimeType = SignatureZipMimetype.mimeType(head) else { return nil }
        // The archive names the type itself: the source is the one that declares it.
        let known = index(of: mimeType)
        return SignatureMatch(
            mimeType: known.map { self.mimeType(ofType: $0) } ?? mimeType,
            priority: SignatureMatch.zipMimetypeEntryPriority,
            depth: 1,
            matchedByteCount: 38 + mimeType.utf8.count,
            source: known.map { self.source(ofType: $0) } ?? .extra,
            kind: .zipMimetypeEntry
        )
    }

    private func evaluate(
        rule index: Int,
        _ head: UnsafeBufferPointer<UInt8>,
        _ budget: inout Int,
        into found: inout [SignatureMatch]
    ) {
        let rule = rules[index]
        guard budget > 0,
            let hit = evaluate(matchlet: Int(rule.root), head, depth: 0, &budget)
        else { return }
        found.append(
            SignatureMatch(
                mimeType: mimeType(ofType: Int(rule.type)),
                priority: Int(rule.priority),
                depth: hit.depth,
                matchedByteCount: hit.bytes,
                source: rule.source,
                kind: .magic
            )
        )
    }

    /// Whether a test and one of its children (recursively) match: the depth of the deepest
    /// test on the best matching path, and the bytes its tests compared; nil if none.
    private func evaluate(
        matchlet index: Int,
        _ head: UnsafeBufferPointer<UInt8>,
        depth: Int,
        _ budget: inout Int
    ) -> (depth: Int, bytes: Int)? {
        budget -= 1
        guard budget > 0 else { return nil }
        let matchlet = matchlets[index]
        let children = Int(matchlet.childStart)..<Int(matchlet.childStart + matchlet.childCount)
        let own: Int
        switch matchlet.kind {
        case .never:
            return nil
        case .minimum:
            var matched = 0
            var deepest = depth
            var bytes = 0
            let needed = Int(matchlet.start)
            for child in children {
                // Too few children left to reach the count: the test fails whatever they
                // say (a rule that wants a header at offset 0 and a header further on stops
                // at the first on binary data, before searching for the second).
                if matched + (children.upperBound - child) < needed { return nil }
                guard
                    let hit = evaluate(
                        matchlet: Int(childIndices[child]),
                        head,
                        depth: depth + 1,
                        &budget
                    )
                else { continue }
                matched += 1
                deepest = max(deepest, hit.depth)
                bytes += hit.bytes
            }
            return matched >= needed ? (deepest, bytes) : nil
        case .bytes, .ignoringCase:
            guard findValue(matchlet, head, &budget) else { return nil }
            own = Int(matchlet.valueCount)
        case .regex:
            guard let length = findRegex(matchlet, head, &budget) else { return nil }
            own = length
        }
        guard !children.isEmpty else { return (depth, own) }
        var best: (depth: Int, bytes: Int)?
        for child in children {
            guard
                let hit = evaluate(
                    matchlet: Int(childIndices[child]),
                    head,
                    depth: depth + 1,
                    &budget
                )
            else { continue }
            if let current = best,
                current.depth > hit.depth
                    || (current.depth == hit.depth && current.bytes >= hit.bytes)
            {
                continue
            }
            best = hit
        }
        guard let best else { return nil }
        return (best.depth, own + best.bytes)
    }

    /// Whether the test's value (under its mask) is at an offset of its range.
    private func findValue(
        _ matchlet: Matchlet,
        _ head: UnsafeBufferPointer<UInt8>,
        _ budget: inout Int
    ) -> Bool {
        let length = Int(matchlet.valueCount)
        let first = Int(matchlet.start)
        guard length <= head.count, first <= head.count - length else { return false }
        let last = min(Int(matchlet.end), head.count - length)
        return valueBytes.withUnsafeBufferPointer { pool -> Bool in
            let value = UnsafeBufferPointer(
                rebasing: pool[Int(matchlet.valueStart)..<Int(matchlet.valueStart) + length]
            )
            let maskCount = Int(matchlet.maskCount)
            let mask = UnsafeBufferPointer(
                rebasing: pool[Int(matchlet.maskStart)..<Int(matchlet.maskStart) + maskCount]
            )
            let ignoringCase = matchlet.kind == .ignoringCase
            // A start tag's opening (`<script`) that the file continues into a longer name.
            func cutsName(at position: Int) -> Bool {
                let end = position + length
                return MarkupTagBoundary.cutsName(
                    value: UnsafeRawBufferPointer(value),
                    next: end < head.count ? head[end] : nil
                )
            }
            // A first byte the mask keeps whole: find it with memchr, then compare the rest.
            if let valueFirst = value.first, maskCount == 0 || mask[0] == 0xFF,
                !ignoringCase || !Self.isASCIILetter(valueFirst)
            {
                if first == last {
                    return equal(head, at: first, value, mask, ignoringCase)
                        && !cutsName(at: first)
                }
                guard let base = head.baseAddress else { return false }
                var position = first
                while position <= last {
                    budget -= 1
                    guard budget > 0,
                        let hit = memchr(base + position, Int32(valueFirst), last - position + 1)
                    else { return false }
                    let offset =
                        UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
                    if equal(head, at: offset, value, mask, ignoringCase), !cutsName(at: offset) {
                        return true
                    }
                    position = offset + 1
                }
                return false
            }
            // A letter compared in either case (`stringignorecase` "From:"): a letter's two
            // cases differ only in bit 0x20, so one comparison finds both.
            if let valueFirst = value.first, maskCount == 0, ignoringCase {
                budget -= (last - first + 1)
                guard budget > 0 else { return false }
                let folded = valueFirst | 0x20
                for position in first...last
                where head[position] | 0x20 == folded
                    && equal(head, at: position, value, mask, ignoringCase)
                    && !cutsName(at: position)
                {
                    return true
                }
                return false
            }
            budget -= (last - first + 1)
            guard budget > 0 else { return false }
            for position in first...last {
                var equal = true
                for offset in 0..<length {
                    var actual = head[position + offset]
                    var expected = value[offset]
                    if offset < maskCount { actual &= mask[offset] }
                    if ignoringCase {
                        actual = SignatureRegex.Matcher.lowercased(actual)
                        expected = SignatureRegex.Matcher.lowercased(expected)
                    }
                    if actual != expected {
                        equal = false
                        break
                    }
                }
                if equal, !cutsName(at: position) { return true }
            }
            return false
        }
    }

    /// Whether the value's bytes are at `position`, under the mask where it has one (a mask
    /// shorter than the value leaves the rest unmasked), letters in either case when
    /// `ignoringCase`.
    @inline(__always)
    private func equal(
        _ head: UnsafeBufferPointer<UInt8>,
        at position: Int,
        _ value: UnsafeBufferPointer<UInt8>,
        _ mask: UnsafeBufferPointer<UInt8>,
        _ ignoringCase: Bool
    ) -> Bool {
        if !mask.isEmpty {
            for offset in 0..<value.count {
                var actual = head[position + offset]
                var expected = value[offset]
                if offset < mask.count { actual &= mask[offset] }
                if ignoringCase {
                    actual = SignatureRegex.Matcher.lowercased(actual)
                    expected = SignatureRegex.Matcher.lowercased(expected)
                }
                if actual != expected { return false }
            }
            return true
        }
        if ignoringCase {
            for offset in 0..<value.count
            where SignatureRegex.Matcher.lowercased(head[position + offset])
                != SignatureRegex.Matcher.lowercased(value[offset])
            {
                return false
            }
            return true
        }
        for offset in 0..<value.count where head[position + offset] != value[offset] {
            return false
        }
        return true
    }

    // The engine is compiled on its own for fuzzing (Scripts/fuzz.sh), without the sniffers'
    // ByteFields, so it keeps its own copy of this one-line test.
    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// The length of a match of the test's regular expression from an offset of its range,
    /// each try reading at most Tika's 8 KiB window; nil if none.
    private func findRegex(
        _ matchlet: Matchlet,
        _ head: UnsafeBufferPointer<UInt8>,
        _ budget: inout Int
    ) -> Int? {
        guard matchlet.regex >= 0 else { return nil }
        let first = Int(matchlet.start)
        if !regexQuickSets.isEmpty, first < head.count, matchlet.end == matchlet.start,
            let quick = regexQuickSets[Int(matchlet.regex)], !quick.contains(head[first])
        {
            // What the pattern costs when it fails at its one offset, without compiling it.
            budget -= 1
            return nil
        }
        guard let regex = regex(matchlet.regex), first < head.count else { return nil }
        let last = min(Int(matchlet.end), head.count - 1)
        var regexBudget = min(budget, Self.regexBudget)
        let given = regexBudget
        defer { budget -= given - regexBudget }
        guard
            let found = regex.firstMatch(
                in: head,
                from: first,
                through: last,
                window: Self.regexWindow,
                budget: &regexBudget
            )
        else { return nil }
        return found.end - found.start
    }

    /// Whether the document's root element shows it is not of `mimeTypes`, whose `root-XML`
    /// rules name their vocabulary: false when they have no such rule or the head has no
    /// root element to read.
    ///
    /// A vocabulary has more roots than its rules name (DocBook's `part`, XSLT's
    /// `transform`), so a root in a namespace is refuted only when no rule is in that
    /// namespace (WordprocessingML's `settings` is no Maven settings file). A root in no
    /// namespace is refuted only by a vocabulary whose every rule has a namespace, and only
    /// when no rule names its local name: documents leave out the namespace their schema
    /// gives (a `pom.xml` whose `project` declares none), but a `catalog` is no XHTML page.
    func rootElementRefutes(_ mimeTypes: Set<String>, head: UnsafeBufferPointer<UInt8>) -> Bool {
        let rules = mimeTypes.flatMap { xmlRulesByMIMEType[$0] ?? [] }
        guard !rules.isEmpty, let root = SignatureXMLRoot.read(head) else { return false }
        if !root.namespaceURI.isEmpty {
            return !rules.contains { rule in
                rule.namespaceURI == nil || rule.namespaceURI == root.namespaceURI
            }
        }
        return !rules.contains { rule in
            (rule.namespaceURI ?? "").isEmpty || rule.localName == nil
                || rule.localName == root.localName
        }
    }

    /// Appends the matches of the `root-XML` rules for the document's root element.
    private func xmlMatches(_ head: UnsafeBufferPointer<UInt8>, into found: inout [SignatureMatch])
    {
        guard !xmlRules.isEmpty, let root = SignatureXMLRoot.read(head) else { return }
        for rule in xmlRules {
            if let localName = rule.localName, localName != root.localName { continue }
            if let namespace = rule.namespaceURI, namespace != root.namespaceURI { continue }
            let named =
                (rule.localName == nil ? 0 : 1) + ((rule.namespaceURI ?? "").isEmpty ? 0 : 1)
            found.append(
                SignatureMatch(
                    mimeType: mimeType(ofType: Int(rule.type)),
                    priority: SignatureMatch.xmlRootPriority,
                    depth: named,
                    matchedByteCount: (rule.localName?.utf8.count ?? 0)
                        + (rule.namespaceURI?.utf8.count ?? 0),
                    source: rule.source,
                    kind: .xmlRoot
                )
            )
        }
    }

    /// Buckets the rules that start with a fixed string at offset 0 by its first byte, and
    /// gives the others a quick test where their first test is at one fixed offset.
    mutating func buildIndex() {
        xmlRulesByMIMEType = Dictionary(grouping: xmlRules) { mimeType(ofType: Int($0.type)) }
        rulesByFirstByte = Array(repeating: [], count: 256)
        otherRules = []
        for index in rules.indices {
            let root = matchlets[Int(rules[index].root)]
            let fixed = root.start == root.end && root.valueCount > 0
            let firstByte = fixed ? valueBytes[Int(root.valueStart)] : 0
            let firstMask = fixed && root.maskCount > 0 ? valueBytes[Int(root.maskStart)] : 0xFF
            if fixed, root.start == 0, firstMask == 0xFF, root.kind == .bytes {
                rulesByFirstByte[Int(firstByte)].append(Int32(index))
            } else if fixed, root.start == 0, firstMask == 0xFF, root.kind == .ignoringCase {
                let lower = SignatureRegex.Matcher.lowercased(firstByte)
                rulesByFirstByte[Int(lower)].append(Int32(index))
                let upper = lower >= 0x61 && lower <= 0x7A ? lower & ~0x20 : lower
                if upper != lower { rulesByFirstByte[Int(upper)].append(Int32(index)) }
            } else {
                if fixed, root.kind == .bytes {
                    rules[index].quickOffset = root.start
                    rules[index].quickByte = firstByte
                    rules[index].quickMask = firstMask
                }
                otherRules.append(Int32(index))
            }
        }
    }
}
