/// One allowed set for the web form, the Linux file chooser and the server check.
extension AllowedContentTypes {
    /// The set as an HTML `accept` attribute value: MIME types, `type/*` patterns and
    /// `.ext` extensions, comma-separated.
    ///
    /// A pattern or an extension entry is written as it is. A type entry becomes the MIME
    /// types and extensions of every type declared in `registry` that conforms to it (a browser
    /// knows `video/mp4`, not `public.movie`): `public.movie` gives `video/mp4`, `.mp4`,
    /// `video/quicktime`, `.mov`, .... A `*/*` entry makes the whole value empty: an empty
    /// `accept` restricts nothing.
    /// - Parameter registry: The registry whose declarations expand type entries.
    /// - Returns: The attribute value, without duplicates, in the entries' order.
    public func htmlAcceptAttribute(in registry: TypeRegistry = .shared) -> String {
        var tokens: [String] = []
        var seen: Set<String> = []
        func add(_ token: String) {
            if seen.insert(token).inserted { tokens.append(token) }
        }
        for entry in entries {
            switch entry {
            case .mimePattern(nil, _):
                return ""
            case .mimePattern(let topLevel?, _):
                add(topLevel + "/*")
            case .filenameExtension(let filenameExtension, _, _):
                add("." + filenameExtension)
            case .type(let type, _):
                for member in Self.declaredTypes(conformingTo: type, in: registry) {
                    for mimeType in member.tags[.mimeType] ?? [] { add(mimeType) }
                    for filenameExtension in member.tags[.filenameExtension] ?? [] {
                        add("." + filenameExtension)
                    }
                }
            }
        }
        return tokens.joined(separator: ",")
    }

    /// The set as an xdg-desktop-portal `FileChooser` filter (`(sa(us))`): glob patterns
    /// (kind 0) and MIME types (kind 1).
    ///
    /// A pattern entry is a MIME type pattern (`image/*`; `*/*` is the glob `*`); an extension
    /// entry is the globs `*.ext` and `*.EXT`; a type entry is the MIME types of every type
    /// declared in `registry` that conforms to it.
    /// - Parameters:
    ///   - name: The filter's name, shown in the chooser.
    ///   - registry: The registry whose declarations expand type entries.
    /// - Returns: The filter.
    public func portalFilter(named name: String, in registry: TypeRegistry = .shared)
        -> PortalFileFilter
    {
        var patterns: [PortalFileFilter.Pattern] = []
        var seen: Set<PortalFileFilter.Pattern> = []
        func add(_ pattern: PortalFileFilter.Pattern) {
            if seen.insert(pattern).inserted { patterns.append(pattern) }
        }
        for entry in entries {
            switch entry {
            case .mimePattern(nil, _):
                add(.init(kind: .glob, pattern: "*"))
            case .mimePattern(let topLevel?, _):
                add(.init(kind: .mimeType, pattern: topLevel + "/*"))
            case .filenameExtension(let filenameExtension, _, _):
                add(.init(kind: .glob, pattern: "*." + filenameExtension.lowercased()))
                add(.init(kind: .glob, pattern: "*." + filenameExtension.uppercased()))
            case .type(let type, _):
                for member in Self.declaredTypes(conformingTo: type, in: registry) {
                    for mimeType in member.tags[.mimeType] ?? [] {
                        add(.init(kind: .mimeType, pattern: mimeType))
                    }
                }
            }
        }
        return PortalFileFilter(name: name, patterns: patterns)
    }

    /// The type itself, then every other type declared in `registry` that conforms to it.
    private static func declaredTypes(conformingTo type: UTType, in registry: TypeRegistry)
        -> [UTType]
    {
        var types = [type]
        for declaration in registry.declarations where declaration.identifier != type.identifier {
            if let member = registry.type(withIdentifier: declaration.identifier),
                member.conforms(to: type)
            {
                types.append(member)
            }
        }
        return types
    }
}

/// A filter of the xdg-desktop-portal `FileChooser` (`OpenFile`'s `filters` option): a name
/// and its patterns, the D-Bus type `(sa(us))`.
public struct PortalFileFilter: Sendable, Hashable, CustomStringConvertible {
    /// One pattern of a filter.
    public struct Pattern: Sendable, Hashable {
        /// What the pattern is.
        public enum Kind: UInt32, Sendable, Hashable {
            /// A glob on the name (`*.pdf`).
            case glob = 0
            /// A MIME type or pattern (`image/png`, `image/*`).
            case mimeType = 1
        }

        /// What the pattern is.
        public var kind: Kind
        /// The glob or MIME type.
        public var pattern: String

        /// Creates a pattern.
        public init(kind: Kind, pattern: String) {
            self.kind = kind
            self.pattern = pattern
        }
    }

    /// The name the chooser shows.
    public var name: String
    /// The patterns, in order.
    public var patterns: [Pattern]

    /// Creates a filter.
    public init(name: String, patterns: [Pattern]) {
        self.name = name
        self.patterns = patterns
    }

    /// The filter in GVariant text form, as `gdbus call` takes it:
    /// `('Images', [(uint32 1, 'image/*'), (0, '*.pdf')])`.
    public var description: String {
        func quoted(_ text: String) -> String {
            "'" + text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
        }
        let list = patterns.enumerated().map { index, pattern in
            "(\(index == 0 ? "uint32 " : "")\(pattern.kind.rawValue), \(quoted(pattern.pattern)))"
        }
        return "(\(quoted(name)), [\(list.joined(separator: ", "))])"
    }
}

extension String {
    /// The string with every `target` replaced (without Foundation).
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
