/// A set of allowed types, parsed once from the syntaxes pickers and upload forms use, that
/// accepts or rejects a type and says why.
///
/// Entries can be type identifiers (`public.movie`), classic constant names (`kUTTypeMovie`),
/// MIME types (`video/mp4`), MIME patterns (`video/*`, `*/*`), filename extensions (`.pdf`),
/// or an HTML `accept` attribute holding several of them (`image/*,.pdf`). A type is accepted
/// when it conforms to an allowed type; an empty set accepts nothing.
public struct AllowedContentTypes: Sendable {
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

    /// Parses entries; each may itself be a comma-separated list (an HTML `accept` string).
    ///
    /// - Parameters:
    ///   - specifications: The entries.
    ///   - registry: The registry that resolves identifiers, MIME types and extensions.
    /// - Throws: ``ParseError`` naming the first malformed or unknown entry.
    public init(_ specifications: [String], registry: TypeRegistry = .shared) throws(ParseError) {
        var entries: [Entry] = []
        for specification in specifications {
            for piece in specification.split(separator: ",", omittingEmptySubsequences: false) {
                let written = String(piece).trimmingSpaces()
                guard !written.isEmpty else {
                    if specification.trimmingSpaces().isEmpty || specifications.count == 1 {
                        throw ParseError(entry: specification, reason: "empty entry")
                    }
                    continue
                }
                entries.append(try Self.parse(written, registry: registry))
            }
        }
        self.entries = entries
    }

    /// Creates a set from types.
    public init(types: [UTType]) {
        entries = types.map { .type($0, written: $0.identifier) }
    }

    private static func parse(_ written: String, registry: TypeRegistry) throws(ParseError)
        -> Entry
    {
        if written.hasPrefix(".") {
            let tag = String(written.dropFirst())
            guard !tag.isEmpty, !tag.contains("/"), !tag.contains(" ") else {
                throw ParseError(entry: written, reason: "not a filename extension")
            }
            let types = registry.types(tag: tag, tagClass: .filenameExtension, conformingTo: nil)
            return .filenameExtension(tag.lowercased(), types: types, written: written)
        }
        if written.contains("/") {
            let parts = written.lowercased().split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
                parts.allSatisfy({ isToken($0) })
            else {
                throw ParseError(entry: written, reason: "not a MIME type (type/subtype)")
            }
            if parts[1] == "*" {
                if parts[0] == "*" { return .mimePattern(topLevel: nil, written: written) }
                return .mimePattern(topLevel: String(parts[0]), written: written)
            }
            guard parts[0] != "*" else {
                throw ParseError(entry: written, reason: "'*/subtype' is not a MIME pattern")
            }
            guard let type = registry.type(tag: written, tagClass: .mimeType, conformingTo: nil)
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
        text == "*"
            || text.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                    || (byte >= 0x61 && byte <= 0x7A) || "!#$&^_.+-".utf8.contains(byte)
            }
    }

    /// The entry that accepts a type, or nil when none does.
    ///
    /// A type entry accepts types that conform to it; a MIME pattern accepts types of its
    /// family (`video/*` takes movies, whatever their MIME tags) or whose MIME types have its
    /// top level; an extension entry accepts the types that extension declares and their
    /// subtypes.
    public func matchingEntry(for type: UTType) -> Entry? {
        entries.first { entry in
            switch entry {
            case .type(let allowed, _):
                return type.conforms(to: allowed)
            case .mimePattern(let topLevel, _):
                guard let topLevel else { return true }
                return Self.matches(type, topLevel: topLevel)
            case .filenameExtension(_, let types, _):
                return types.contains { type.conforms(to: $0) }
            }
        }
    }

    /// Whether the set accepts a type.
    public func accepts(_ type: UTType) -> Bool { matchingEntry(for: type) != nil }

    private static func matches(_ type: UTType, topLevel: String) -> Bool {
        let family: UTType? =
            switch topLevel {
            case "video": .movie
            case "audio": .audio
            case "image": .image
            case "text": .text
            case "font": .font
            default: nil
            }
        if let family, type.conforms(to: family) { return true }
        let prefix = topLevel + "/"
        return (type.tags[.mimeType] ?? []).contains { $0.lowercased().hasPrefix(prefix) }
    }
}
