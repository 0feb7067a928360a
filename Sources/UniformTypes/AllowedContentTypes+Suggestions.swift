extension AllowedContentTypes.Entry {
    /// Whether the entry names something a registry knows: a declared type (built-in, from a
    /// declaration file or from the system MIME database), an extension some declared type
    /// claims, a pattern over a top-level MIME type some known type uses (`video/*`), `*/*`,
    /// or a `dyn.` identifier written on purpose.
    ///
    /// False for a MIME type, an extension or a pattern that nothing declares, such as the
    /// typos `image/jpge`, `.jpgg` or `vidoe/*`: the set keeps them, as dynamic types or as a
    /// pattern, and so such an entry silently accepts nothing a file is classified as.
    /// - Parameter registry: The registry the set was parsed with.
    /// - Returns: False when the entry is likely a typo.
    public func namesDeclaredType(in registry: TypeRegistry = .shared) -> Bool {
        switch self {
        case .mimePattern(nil, _):
            return true
        case .mimePattern(let topLevel?, _):
            return AllowedContentTypes.knownTopLevels(in: registry).contains(topLevel)
        case .type(let type, let written):
            return type.isDeclared || written.lowercased().hasPrefix("dyn.")
        case .filenameExtension(_, let types, _):
            return types.contains { $0.isDeclared }
        }
    }
}

extension AllowedContentTypes {
    /// The entries that name nothing the registry knows (see
    /// ``Entry/namesDeclaredType(in:)``), in order.
    ///
    /// A caller that takes sets from people can refuse these as likely typos, and offer
    /// ``suggestions(for:registry:limit:)`` in their place.
    /// - Parameter registry: The registry the set was parsed with.
    /// - Returns: The entries that name nothing known; empty when every entry does.
    public func undeclaredEntries(in registry: TypeRegistry = .shared) -> [Entry] {
        entries.filter { !$0.namesDeclaredType(in: registry) }
    }

    /// The top levels (`video`, `application`, ...) of the MIME types a registry knows.
    static func knownTopLevels(in registry: TypeRegistry) -> Set<String> {
        var levels: Set<String> = []
        for mimeType in knownMIMETypes(in: registry) {
            if let slash = mimeType.firstIndex(of: "/") {
                levels.insert(String(mimeType[..<slash]).lowercased())
            }
        }
        return levels
    }

    /// Names the registry knows that are close to a mistyped one, nearest first.
    ///
    /// The candidates are of the same kind as `written`: MIME types (declared ones and the
    /// system MIME database's) for `type/subtype`, patterns over their top levels for
    /// `type/*`, filename extensions for `.ext`, classic
    /// constant names for `kUTType…`, type identifiers otherwise. Closeness is the edit
    /// distance with adjacent transpositions (`jpge` is one edit from `jpeg`), compared
    /// without regard to ASCII case. Only the nearest names are offered, and only when they
    /// are at most one edit away for names shorter than six characters, two for longer ones.
    /// - Parameters:
    ///   - written: The name as written, such as `image/jpge`, `.jpgg` or `public.mpge-4`.
    ///   - registry: The registry whose names are offered.
    ///   - limit: The most suggestions to return.
    /// - Returns: Up to `limit` names spelled as the registry spells them (`.jpeg` with its
    ///   dot); empty when nothing is close.
    public static func suggestions(
        for written: String,
        registry: TypeRegistry = .shared,
        limit: Int = 3
    ) -> [String] {
        let text = written.trimmingSpaces()
        guard !text.isEmpty, limit > 0 else { return [] }
        var prefix = ""
        var needle = text.lowercased()
        let candidates: [String]
        if needle.hasPrefix(".") {
            prefix = "."
            needle.removeFirst()
            candidates = knownExtensions(in: registry)
        } else if needle.hasSuffix("/*") {
            candidates = knownTopLevels(in: registry).sorted().map { $0 + "/*" }
        } else if needle.contains("/") {
            candidates = knownMIMETypes(in: registry)
        } else if text.hasPrefix("kUTType") {
            candidates = ClassicTypeConstants.all.map(\.name)
        } else {
            candidates = registry.declarations.map(\.identifier)
        }
        let needleScalars = Array(needle.unicodeScalars)
        let allowance = needleScalars.count >= 6 ? 2 : 1
        var scored: [(distance: Int, order: Int, name: String)] = []
        var seen: Set<String> = []
        for (order, candidate) in candidates.enumerated() {
            let lowered = candidate.lowercased()
            guard lowered != needle, seen.insert(lowered).inserted else { continue }
            let distance = editDistance(
                needleScalars,
                Array(lowered.unicodeScalars),
                limit: allowance
            )
            if distance <= allowance { scored.append((distance, order, candidate)) }
        }
        guard let nearest = scored.map(\.distance).min() else { return [] }
        return scored.filter { $0.distance == nearest }.sorted { $0.order < $1.order }
            .prefix(limit).map { prefix + $0.name }
    }

    /// The MIME types of the declarations, then the system database's.
    static func knownMIMETypes(in registry: TypeRegistry) -> [String] {
        var names = registry.declarations.flatMap(\.mimeTypes)
        if let database = registry.mimeDatabase { names += database.allMIMETypes }
        return names
    }

    /// The filename extensions of the declarations, then the system database's.
    private static func knownExtensions(in registry: TypeRegistry) -> [String] {
        var names = registry.declarations.flatMap(\.filenameExtensions)
        if let database = registry.mimeDatabase {
            names += database.reverseIndex.extensions.values.joined().sorted()
        }
        return names
    }

    /// The optimal-string-alignment distance between two strings, or `limit + 1` as soon as
    /// it must exceed `limit`.
    static func editDistance(
        _ source: [Unicode.Scalar],
        _ target: [Unicode.Scalar],
        limit: Int
    ) -> Int {
        if abs(source.count - target.count) > limit { return limit + 1 }
        if source.isEmpty || target.isEmpty { return max(source.count, target.count) }
        let width = target.count + 1
        var previousPrevious = [Int](repeating: 0, count: width)
        var previous = Array(0...target.count)
        var current = [Int](repeating: 0, count: width)
        for row in 1...source.count {
            current[0] = row
            var rowMinimum = row
            for column in 1...target.count {
                let cost = source[row - 1] == target[column - 1] ? 0 : 1
                var value = min(previous[column] + 1, current[column - 1] + 1)
                value = min(value, previous[column - 1] + cost)
                if row > 1, column > 1, source[row - 1] == target[column - 2],
                    source[row - 2] == target[column - 1]
                {
                    value = min(value, previousPrevious[column - 2] + 1)
                }
                current[column] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[target.count]
    }
}
