/// One signature that matched the head of a file: the type it names, and how strongly.
///
/// Matches sort by ``priority`` (highest first), then by specificity: the deeper
/// ``depth`` of nested tests and then the more ``matchedByteCount`` bytes compared, so that a
/// rule that tests more of the file beats a generic one of the same priority.
package struct SignatureMatch: Sendable, Hashable, CustomStringConvertible {
    /// Where a signature comes from.
    package enum Source: UInt8, Sendable, Hashable, Comparable, CustomStringConvertible {
        /// Apache Tika's MIME database (`Data/tika/tika-mimetypes.xml`).
        case tika
        /// The project's own additions (`Data/signatures-extra.xml`).
        case extra
        /// The system's shared-mime-info database (`mime.cache`).
        case systemDatabase
        /// A declaration file loaded at run time.
        case declaration

        /// Orders sources as listed.
        package static func < (left: Self, right: Self) -> Bool { left.rawValue < right.rawValue }

        /// The source's name, as in the case name.
        package var description: String {
            switch self {
            case .tika: "tika"
            case .extra: "extra"
            case .systemDatabase: "systemDatabase"
            case .declaration: "declaration"
            }
        }
    }

    /// What kind of test matched.
    package enum Kind: UInt8, Sendable, Hashable, CustomStringConvertible {
        /// Byte patterns (Tika's `<magic>` or a `mime.cache` magic rule).
        case magic
        /// The root element of an XML document (Tika's `<root-XML>`).
        case xmlRoot
        /// A ZIP archive whose first entry, stored, is named `mimetype` and holds the type.
        case zipMimetypeEntry

        /// The kind's name, as in the case name.
        package var description: String {
            switch self {
            case .magic: "magic"
            case .xmlRoot: "xmlRoot"
            case .zipMimetypeEntry: "zipMimetypeEntry"
            }
        }
    }

    /// The MIME type the signature names, canonical where the database knows an alias.
    package var mimeType: String
    /// Tika's magic priority (0-100; 50 when a rule gives none).
    package var priority: Int
    /// How deeply nested the deepest test that matched is: 0 for a single top-level test.
    package var depth: Int
    /// How many bytes the tests that matched compared (their values' lengths, or the length
    /// of a regular expression's match).
    package var matchedByteCount: Int
    /// Where the signature comes from.
    package var source: Source
    /// What kind of test matched.
    package var kind: Kind

    /// Creates a match.
    ///
    /// - Parameters:
    ///   - mimeType: The MIME type named.
    ///   - priority: The signature's priority.
    ///   - depth: The nesting depth of the deepest test that matched.
    ///   - matchedByteCount: How many bytes the matching tests compared.
    ///   - source: Where the signature comes from.
    ///   - kind: What kind of test matched.
    package init(
        mimeType: String,
        priority: Int,
        depth: Int = 0,
        matchedByteCount: Int = 0,
        source: Source,
        kind: Kind = .magic
    ) {
        self.mimeType = mimeType
        self.priority = priority
        self.depth = depth
        self.matchedByteCount = matchedByteCount
        self.source = source
        self.kind = kind
    }

    /// The priority given to a match of an XML root element: above Tika's generic XML magic
    /// (`<?xml`, 50), below the magic of formats that merely contain XML.
    package static let xmlRootPriority = 60
    /// The priority given to a ZIP archive's `mimetype` entry: it names the format outright.
    package static let zipMimetypeEntryPriority = 90

    /// Whether `left` sorts before `right`: higher priority, then deeper, then more bytes.
    ///
    /// Matches equal on all three keep their order under a stable sort.
    /// - Parameters:
    ///   - left: A match.
    ///   - right: Another match.
    /// - Returns: True when `left` is the stronger match.
    package static func isStronger(_ left: Self, than right: Self) -> Bool {
        if left.priority != right.priority { return left.priority > right.priority }
        if left.depth != right.depth { return left.depth > right.depth }
        return left.matchedByteCount > right.matchedByteCount
    }

    /// A short text for logs and test output: type, priority, depth/bytes, source, kind.
    package var description: String {
        "\(mimeType) (\(priority), \(depth)/\(matchedByteCount), \(source), \(kind))"
    }
}

extension SignatureMatch {
    /// The matches of the system database's magic (what
    /// `SystemMIMEDatabase.magicMatches(_:)` returns) as signature matches.
    ///
    /// Each keeps the depth and compared bytes of the matchlet chain that matched, so that
    /// at equal priority the more specific test wins whichever source it comes from
    /// (shared-mime-info's `ftypaax` at 4 over Tika's bare `ftyp`).
    /// - Parameter matches: The system database's matches, highest priority first.
    /// - Returns: One match a type, source ``Source/systemDatabase``, kind ``Kind/magic``.
    package static func systemDatabaseMatches(
        _ matches: [(mimeType: String, priority: Int, depth: Int, matchedByteCount: Int)]
    ) -> [SignatureMatch] {
        matches.map {
            SignatureMatch(
                mimeType: $0.mimeType,
                priority: $0.priority,
                depth: $0.depth,
                matchedByteCount: $0.matchedByteCount,
                source: .systemDatabase
            )
        }
    }

    /// Several lists of matches as one, strongest first, one match a MIME type.
    ///
    /// The sort is stable: among matches equally strong, earlier lists come first, so pass
    /// the lists in the order of trust (the engine's, then the system database's). Of several
    /// matches naming one type (compared ASCII case-insensitively), the strongest is kept.
    /// - Parameter lists: The lists to merge.
    /// - Returns: The merged list.
    package static func merged(_ lists: [[SignatureMatch]]) -> [SignatureMatch] {
        var all: [SignatureMatch] = []
        for list in lists { all += list }
        return sortedUnique(all)
    }

    /// `matches` sorted strongest first (stably) with one match a MIME type.
    ///
    /// - Parameters:
    ///   - matches: The matches.
    ///   - key: The name two matches of one type share (by default the MIME type, lowered).
    /// - Returns: The sorted matches, the strongest of each type kept.
    static func sortedUnique(
        _ matches: [SignatureMatch],
        key: (String) -> String = signatureLowercased
    ) -> [SignatureMatch] {
        guard matches.count > 1 else { return matches }
        let order = matches.indices.sorted { left, right in
            if isStronger(matches[left], than: matches[right]) { return true }
            if isStronger(matches[right], than: matches[left]) { return false }
            return left < right
        }
        var seen: Set<String> = []
        var result: [SignatureMatch] = []
        result.reserveCapacity(matches.count)
        for index in order where seen.insert(key(matches[index].mimeType)).inserted {
            result.append(matches[index])
        }
        return result
    }
}

/// `text` with ASCII capitals lowered (MIME types compare case-insensitively).
func signatureLowercased(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return text }
    return String(
        decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 },
        as: UTF8.self
    )
}

extension SignatureMatch {
    /// Whether the match is only a guess from comment markers: a rule of priority 10 and
    /// below (shared-mime-info's one-marker rules), or one below 30 that compared three
    /// bytes or fewer (Tika's MATLAB rule: `%` first and `\n%` a line later).
    var isCommentMarkerGuess: Bool {
        priority <= 10 || (priority < 30 && matchedByteCount <= 3)
    }

    /// Whether the match compared eight bytes or fewer: on text, a few letters.
    ///
    /// Nested tests count by the bytes they compared: shared-mime-info's 669 rule (`if` at 0 and
    /// four masked bytes that a line of text meets) is still a few letters; a longer value,
    /// or more tests, read more of a header.
    var isLettersOnly: Bool {
        kind == .magic && matchedByteCount <= 8
    }
}
