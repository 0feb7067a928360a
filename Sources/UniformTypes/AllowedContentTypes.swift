/// A set of allowed types, parsed once from the syntaxes pickers and upload forms use, that
/// accepts or rejects a type and says why.
///
/// Entries can be type identifiers (`public.movie`), classic constant names (`kUTTypeMovie`),
/// MIME types (`video/mp4`), MIME patterns (`video/*`, `*/*`), filename extensions (`.pdf`),
/// or an HTML `accept` attribute holding several of them (`image/*,.pdf`). An empty set
/// accepts nothing.
///
/// How each entry matches a type:
/// - A type entry (identifier, classic name, MIME type) accepts the types that conform to it:
///   `public.movie` takes `public.mpeg-4`, `com.apple.m4v-video` and
///   `com.apple.quicktime-movie`, not `public.mpeg-4-audio`.
/// - A pattern `top/*` accepts by family first: `video/*` takes every type that conforms to
///   `public.movie`, `audio/*` to `public.audio`, `image/*` to `public.image`, `text/*` to
///   `public.text`, `font/*` to `public.font`. Those five patterns never take a type of
///   another of those families through a MIME tag: `public.3gpp` (a movie) also declares
///   `audio/3gpp`, yet `audio/*` does not take it. Any other type, and any other pattern,
///   matches by the type's MIME tags: `application/*` takes `com.adobe.pdf`
///   (`application/pdf`) and `public.json` (`application/json`).
/// - `*/*` accepts every type of data (anything that conforms to `public.data`), not folders,
///   links, FIFOs or devices.
/// - An extension entry accepts the types the extension declares and their subtypes: `.mp4`
///   takes `public.mpeg-4` and `public.mpeg-4-audio`.
/// - A MIME type may carry an RFC 6381 `codecs` parameter, quoted or not
///   (`video/mp4; codecs="avc1, mp4a.40.2"`, `audio/webm; codecs=opus`); no other parameter
///   is taken. The type matches as above, and the file's codecs must be listed too (see
///   ``Entry/codecs``), which MediaClassification's acceptance decision checks.
public struct AllowedContentTypes: Sendable, Hashable, CustomStringConvertible {
    /// One parsed entry.
    public enum Entry: Sendable, Hashable, CustomStringConvertible {
        /// A type, from an identifier, a classic constant name or a MIME type.
        case type(UTType, written: String)
        /// A MIME pattern: `video/*` (top level) or `*/*` (anything).
        case mimePattern(topLevel: String?, written: String)
        /// A filename extension: the types it declares.
        case filenameExtension(String, types: [UTType], written: String)

        /// The entry as the user wrote it.
        public var description: String {
            switch self {
            case .type(_, let written), .mimePattern(_, let written),
                .filenameExtension(_, _, let written):
                written
            }
        }
    }

    /// Why an entry was refused.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The entry as written.
        public var entry: String
        /// What is wrong with it.
        public var reason: String
        /// The entry and the reason.
        public var description: String { "'\(entry)': \(reason)" }
    }

    /// The parsed entries, in the order given.
    public let entries: [Entry]
    /// The family types and `public.data`, resolved in the set's registry, so that matching
    /// is a lookup in the registry's conformance bits rather than a search by identifier.
    private let families: [Family]
    private let anyData: UTType
    /// Whether some entry names codecs, found once so that deciding without them stays a
    /// conformance test.
    let hasCodecEntries: Bool

    private struct Family: Sendable {
        var topLevel: String
        var type: UTType
        var name: String
    }

    /// True when the set has no entries and so accepts nothing.
    public var isEmpty: Bool { entries.isEmpty }

    /// The entries as written, joined by commas (an HTML `accept` string).
    public var description: String { entries.map(\.description).joined(separator: ",") }

    /// Parses entries; each may itself be a comma-separated list (an HTML `accept` string).
    ///
    /// A comma inside a quoted parameter value (`video/mp4; codecs="avc1, mp4a.40.2"`) does
    /// not end an entry. No specifications give the empty set, which accepts nothing. An empty entry (`""`, or
    /// an empty piece such as the end of `image/*,`) is refused rather than ignored, so that
    /// a typo never widens or silently narrows the set.
    /// - Parameters:
    ///   - specifications: The entries.
    ///   - registry: The registry that resolves identifiers, MIME types and extensions.
    /// - Throws: ``ParseError`` naming the first malformed or unknown entry.
    public init(_ specifications: [String], registry: TypeRegistry = .shared) throws(ParseError) {
        var entries: [Entry] = []
        for specification in specifications {
            for piece in Self.splitEntries(specification) {
                let written = String(piece).trimmingSpaces()
                guard !written.isEmpty else {
                    throw ParseError(
                        entry: specification,
                        reason: specification.trimmingSpaces().isEmpty
                            ? "empty entry" : "empty entry in the list (a stray comma)"
                    )
                }
                entries.append(try Self.parse(written, registry: registry))
            }
        }
        self.entries = entries
        hasCodecEntries = entries.contains { $0.codecs != nil }
        (families, anyData) = Self.resolveFamilies(in: registry)
    }

    /// Parses one specification, which may be a comma-separated list (an HTML `accept` string).
    ///
    /// - Parameters:
    ///   - specification: The entries, such as `image/*,.pdf`.
    ///   - registry: The registry that resolves identifiers, MIME types and extensions.
    /// - Throws: ``ParseError`` naming the first malformed or unknown entry.
    public init(parsing specification: String, registry: TypeRegistry = .shared)
        throws(ParseError)
    {
        try self.init([specification], registry: registry)
    }

    /// Creates a set from types.
    public init(types: [UTType]) {
        entries = types.map { .type($0, written: $0.identifier) }
        hasCodecEntries = false
        (families, anyData) = Self.resolveFamilies(in: .shared)
    }

    /// The type each family's top level names (`audio` is `public.audio`).
    private static let familyTypes: [String: UTType] = [
        "video": .movie, "audio": .audio, "image": .image, "text": .text, "font": .font,
    ]

    private static func resolveFamilies(in registry: TypeRegistry) -> ([Family], UTType) {
        let table: [(String, UTType, String)] = [
            ("video", .movie, "a movie"),
            ("audio", .audio, "audio"),
            ("image", .image, "an image"),
            ("text", .text, "text"),
            ("font", .font, "a font"),
        ]
        let families = table.map { topLevel, type, name in
            Family(
                topLevel: topLevel,
                type: registry.type(withIdentifier: type.identifier) ?? type,
                name: name
            )
        }
        return (families, registry.type(withIdentifier: UTType.data.identifier) ?? .data)
    }

    /// One entry as written; also ``TypeRegistry/type(written:)``'s reading of a type.
    static func parse(_ written: String, registry: TypeRegistry) throws(ParseError)
        -> Entry
    {
        if written.hasPrefix(".") {
            let tag = String(written.dropFirst())
            guard !tag.isEmpty, !tag.hasPrefix("."),
                !tag.unicodeScalars.contains(where: { "/\\*; \t".unicodeScalars.contains($0) })
            else {
                throw ParseError(entry: written, reason: "not a filename extension")
            }
            let types = registry.types(tag: tag, tagClass: .filenameExtension, conformingTo: nil)
            return .filenameExtension(tag.lowercased(), types: types, written: written)
        }
        if written.contains("/") {
            var bare = written
            var codecs: [String]?
            if let semicolon = written.firstIndex(of: ";") {
                bare = String(written[..<semicolon]).trimmingSpaces()
                codecs = try Self.codecs(
                    inParameters: written[written.index(after: semicolon)...],
                    entry: written
                )
            }
            let lowered = bare.lowercased()
            let parts = lowered.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
                parts.allSatisfy({ isToken($0) })
            else {
                throw ParseError(entry: written, reason: "not a MIME type (type/subtype)")
            }
            if parts[1] == "*" {
                guard codecs == nil else {
                    throw ParseError(
                        entry: written,
                        reason: "codecs go with a MIME type, not with a pattern"
                    )
                }
                if parts[0] == "*" { return .mimePattern(topLevel: nil, written: written) }
                return .mimePattern(topLevel: String(parts[0]), written: written)
            }
            guard parts[0] != "*" else {
                throw ParseError(entry: written, reason: "'*/subtype' is not a MIME pattern")
            }
            guard !parts[1].contains("*") else {
                throw ParseError(entry: written, reason: "a wildcard must be the whole subtype")
            }
            // A tag two types declare goes to the one of its top level's family: `audio/webm`
            // is WebM audio, not the WebM movie that declares it too.
            let family = familyTypes[String(parts[0])].flatMap {
                registry.type(withIdentifier: $0.identifier)
            }
            let inFamily = family.flatMap { family in
                registry.types(tag: lowered, tagClass: .mimeType, conformingTo: family)
                    .first { $0.isDeclared }
            }
            guard
                let type = inFamily
                    ?? registry.type(tag: lowered, tagClass: .mimeType, conformingTo: nil)
            else {
                throw ParseError(entry: written, reason: "not a MIME type")
            }
            return .type(type, written: written)
        }
        if written.hasPrefix("kUTType") {
            guard let identifier = ClassicTypeConstants.identifier(forName: written),
                let type = registry.type(withIdentifier: identifier)
            else {
                throw ParseError(entry: written, reason: "unknown classic type constant")
            }
            return .type(type, written: written)
        }
        guard written.contains("."), let type = registry.type(withIdentifier: written) else {
            throw ParseError(
                entry: written,
                reason: written.contains(".")
                    ? "no type has this identifier"
                    : "not an identifier, MIME type, pattern or .extension"
            )
        }
        return .type(type, written: written)
    }

    private static func isToken(_ text: Substring) -> Bool {
        text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x61 && byte <= 0x7A) || "!#$&^_.+-*".utf8.contains(byte)
        }
    }

    /// The entry that accepts a type, or nil when none does.
    ///
    /// Entries are tried in the order given; the first that accepts the type is returned.
    /// See ``AllowedContentTypes`` for how each kind of entry matches.
    public func matchingEntry(for type: UTType) -> Entry? {
        entries.first { matches(type, $0) }
    }

    /// Whether the set accepts a type.
    public func accepts(_ type: UTType) -> Bool { matchingEntry(for: type) != nil }

    /// Names a type and says which entry accepts it, or why none does.
    ///
    /// - Parameter type: The type to judge.
    /// - Returns: A phrase to follow "the content is", such as
    ///   "public.mpeg-4, which conforms to public.movie (kUTTypeMovie)" or
    ///   "public.mpeg-4-audio (audio), which none of kUTTypeMovie accepts".
    public func explanation(for type: UTType) -> String {
        if let entry = matchingEntry(for: type) {
            return "\(type.identifier), \(howMatched(type, entry))"
        }
        if entries.isEmpty { return "\(type.identifier), which an empty set does not accept" }
        let kind = familyName(of: type).map { " (\($0))" } ?? ""
        let list = entries.map(\.description).joined(separator: ", ")
        return "\(type.identifier)\(kind), which none of \(list) accepts"
    }

    /// How an entry matched a type, as a relative clause.
    func howMatched(_ type: UTType, _ entry: Entry) -> String {
        switch entry {
        case .type(let allowed, let written):
            let name =
                written == allowed.identifier ? written : "\(allowed.identifier) (\(written))"
            return type == allowed ? "which is \(name)" : "which conforms to \(name)"
        case .mimePattern(nil, let written):
            return "which is data, so \(written) takes it"
        case .mimePattern(let topLevel?, let written):
            if let family = family(ofTopLevel: topLevel), type.conforms(to: family) {
                return "which conforms to \(family.identifier), so \(written) takes it"
            }
            let prefix = topLevel + "/"
            let tag = Self.mimeTypes(of: type).first { $0.lowercased().hasPrefix(prefix) }
            return "whose MIME type \(tag ?? prefix) is in \(written)"
        case .filenameExtension(_, let types, let written):
            guard let declared = types.first(where: { type.conforms(to: $0) }) else {
                return "which \(written) declares"
            }
            return type == declared
                ? "which \(written) declares"
                : "which conforms to \(declared.identifier), declared by \(written)"
        }
    }

    private func family(ofTopLevel topLevel: String) -> UTType? {
        families.first { $0.topLevel == topLevel }?.type
    }

    private func familyName(of type: UTType) -> String? {
        families.first { type.conforms(to: $0.type) }?.name
    }

    func matches(_ type: UTType, _ entry: Entry) -> Bool {
        switch entry {
        case .type(let allowed, _):
            return type.conforms(to: allowed)
        case .mimePattern(nil, _):
            return type.conforms(to: anyData)
        case .mimePattern(let topLevel?, _):
            return matches(type, topLevel: topLevel)
        case .filenameExtension(_, let types, _):
            return types.contains { type.conforms(to: $0) }
        }
    }

    private func matches(_ type: UTType, topLevel: String) -> Bool {
        if let family = family(ofTopLevel: topLevel) {
            if type.conforms(to: family) { return true }
            // Another family's type is not taken through a MIME tag: `audio/*` refuses
            // `public.3gpp`, a movie, although it declares `audio/3gpp`.
            if familyName(of: type) != nil { return false }
        }
        let prefix = topLevel + "/"
        return Self.mimeTypes(of: type).contains { $0.lowercased().hasPrefix(prefix) }
    }

    /// A type's MIME tags, read from its declaration when it has one (cheaper than ``UTType/tags``).
    private static func mimeTypes(of type: UTType) -> [String] {
        type.declaration?.mimeTypes ?? type.tags[.mimeType] ?? []
    }
}

extension AllowedContentTypes {
    /// Sets are equal when their entries are, in the same order.
    public static func == (lhs: AllowedContentTypes, rhs: AllowedContentTypes) -> Bool {
        lhs.entries == rhs.entries
    }

    /// Hashes the entries.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(entries)
    }
}
