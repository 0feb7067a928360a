import UniformTypes

/// The signature sources, asked in one pass and mapped onto the registry.
///
/// Every source's matches (Apache Tika's database and the project's additions compiled in,
/// the system's shared-mime-info magic, the signatures of loaded declaration files) are merged
/// into one list, strongest first: a higher priority wins, then a deeper or longer match. A
/// match whose type is a supertype of another match's type is dropped, since the other
/// refines it (`application/zip` and an OpenDocument type leave the OpenDocument type).
///
/// Nothing is decoded or opened until a file needs it: a batch of files the structural
/// parsers decide never decodes the compiled table or opens the system database.
struct SignatureSources: Sendable {
    /// The registry the matches are mapped onto.
    let registry: TypeRegistry
    /// The signatures of loaded declaration files, by type.
    let declared: [(type: UTType, signatures: [ContentSignature])]

    /// The types already found for MIME types: a batch names the same few again and again,
    /// and each lookup may go through the system database's alias and case tables.
    private let typesByMIMEType = Locked<[String: UTType?]>([:])

    init(registry: TypeRegistry) {
        self.registry = registry
        self.declared = registry.typesWithContentSignatures
    }

    /// The compiled-in database, decoded at its first use in the process.
    var database: SignatureDatabase { SignatureDatabase.builtin }
    /// The system database, when the registry uses one (opened at first use).
    var systemDatabase: SystemMIMEDatabase? { registry.mimeDatabase }

    /// A match mapped onto the registry.
    struct Found {
        var match: SignatureMatch
        var type: UTType
    }

    /// The matches for a head, strongest first, each mapped onto a type; on text (`isText`,
    /// what the text analysis read) the system database is asked up to a stronger
    /// compiled-in match.
    func matches(_ head: [UInt8], fileSize: UInt64, isText: Bool = false) -> [Found] {
        let database = self.database
        var lists = [database.matches(head, fileSize: fileSize)]
        // The system database is asked when the compiled-in one is unsure: no match, or a
        // best match below priority 60 (GIO's own strong rules are 80 and above, and Tika's
        // 60-and-above rules are long or nested). A strong compiled-in match is not refined
        // by the system database's magic, whose scan is the costliest part of this step.
        // Text is the exception up to 80: Tika's HTML rule (60) reads `<html>` in a PHP page
        // that shared-mime-info's `<?php` rule (80) names.
        let strongest = lists[0].first?.priority ?? 0
        if strongest < (isText ? 80 : 60), let systemDatabase {
            var system = SignatureMatch.systemDatabaseMatches(
                systemDatabase.magicMatches(head).map {
                    ($0.mimeType, $0.priority, $0.depth, $0.matchedByteCount)
                }
            )
            if let root = Self.xmlRoot(head),
                let mimeType = systemDatabase.mimeType(
                    forXMLNamespace: root.namespaceURI,
                    localName: root.localName
                )
            {
                system.append(
                    SignatureMatch(
                        mimeType: mimeType,
                        priority: SignatureMatch.xmlRootPriority,
                        source: .systemDatabase,
                        kind: .xmlRoot
                    )
                )
            }
            if !system.isEmpty { lists.append(system) }
        }
        let merged =
            lists.count == 1 && lists[0].count < 2
            ? lists[0] : database.removingSupertypes(database.merged(lists))
        let mapped = merged.compactMap { match in
            type(forMIMEType: match.mimeType).map { Found(match: match, type: $0) }
        }
        // The same rule on the registry's hierarchy, which also knows the system database's
        // and Apple's parents: shared-mime-info's root element `jnlp` refines Tika's `<?xml`.
        let found =
            mapped.count < 2
            ? mapped
            : mapped.filter { candidate in
                !mapped.contains {
                    $0.type != candidate.type && $0.type.conforms(to: candidate.type)
                }
            }
        guard !declared.isEmpty else { return found }
        let own = declaredMatches(head)
        guard !own.isEmpty else { return found }
        // A declared type refines what it conforms to (a `com.example.pack` that is a ZIP
        // archive beats the ZIP signature); at equal strength a declaration comes first.
        let refined = found.filter { other in !own.contains { $0.type.conforms(to: other.type) } }
        let all = own + refined
        return all.indices.sorted { left, right in
            if SignatureMatch.isStronger(all[left].match, than: all[right].match) { return true }
            if SignatureMatch.isStronger(all[right].match, than: all[left].match) { return false }
            return left < right
        }
        .map { all[$0] }
    }

    /// The strongest loaded declaration whose signature matches and whose type refines
    /// `type` (a declared kind of ZIP archive, after the ZIP parser has spoken); nil when none.
    func declaredRefinement(of type: UTType, head: [UInt8]) -> Found? {
        guard !declared.isEmpty else { return nil }
        return declaredMatches(head).filter { $0.type != type && $0.type.conforms(to: type) }
            .min { SignatureMatch.isStronger($0.match, than: $1.match) }
    }

    /// The root element of an XML head, read only when the head can be XML.
    private static func xmlRoot(_ head: [UInt8]) -> SignatureXMLRoot? {
        guard let first = head.first,
            first == UInt8(ascii: "<") || first >= 0xEF || first == 0
                || first == UInt8(ascii: " ") || first == UInt8(ascii: "\n")
                || first == UInt8(ascii: "\r")
                || first == UInt8(ascii: "\t")
        else { return nil }
        return head.withUnsafeBufferPointer { SignatureXMLRoot.read($0) }
    }

    /// The loaded declarations' signatures that match the head.
    private func declaredMatches(_ head: [UInt8]) -> [Found] {
        var root: SignatureXMLRoot??
        var result: [Found] = []
        for (type, signatures) in declared {
            var best: SignatureMatch?
            for signature in signatures {
                guard let length = Self.matchedLength(signature.test, head, root: &root) else {
                    continue
                }
                let match = SignatureMatch(
                    mimeType: type.preferredMIMEType ?? type.identifier,
                    priority: signature.priority,
                    matchedByteCount: length,
                    source: .declaration,
                    kind: { if case .xmlRoot = signature.test { .xmlRoot } else { .magic } }()
                )
                if best.map({ SignatureMatch.isStronger(match, than: $0) }) ?? true { best = match }
            }
            if let best { result.append(Found(match: best, type: type)) }
        }
        return result
    }

    /// How many bytes a declared signature compared when it matches the head; nil when not.
    private static func matchedLength(
        _ test: ContentSignature.Test,
        _ head: [UInt8],
        root: inout SignatureXMLRoot??
    ) -> Int? {
        switch test {
        case .bytes(let value, let mask, let offsets):
            let last = min(offsets.upperBound, head.count - value.count)
            guard last >= offsets.lowerBound else { return nil }
            for start in offsets.lowerBound...last {
                var equal = true
                for index in value.indices {
                    let byte = head[start + index]
                    let masked = mask.map { byte & $0[index] } ?? byte
                    let wanted = mask.map { value[index] & $0[index] } ?? value[index]
                    if masked != wanted {
                        equal = false
                        break
                    }
                }
                if equal { return value.count }
            }
            return nil
        case .xmlRoot(let localName, let namespace):
            if root == nil { root = .some(xmlRoot(head)) }
            guard let found = root ?? nil, found.localName == localName,
                namespace.map({ $0 == found.namespaceURI }) ?? true
            else { return nil }
            return localName.utf8.count + (namespace?.utf8.count ?? 0)
        }
    }

    /// The registry's type for a MIME type a signature names.
    ///
    /// The type the registry declares (built in, loaded, or from the system database) for
    /// the MIME type or one of the database's aliases of it; failing that, for Tika's own
    /// pseudo-types (`application/x-tika-msoffice`), the nearest declared ancestor; failing
    /// that, the dynamic type of the MIME type, which keeps the name the signature gave and
    /// conforms to its top-level family (`image/` to `public.image`, ...).
    func type(forMIMEType mimeType: String) -> UTType? {
        if let known = typesByMIMEType.withLock({ $0[mimeType] }) { return known }
        let found = findType(forMIMEType: mimeType)
        typesByMIMEType.withLock { cache in
            // Signatures name a bounded set of MIME types; the bound only guards the memory.
            if cache.count < 4096 { cache[mimeType] = found }
        }
        return found
    }

    private func findType(forMIMEType mimeType: String) -> UTType? {
        // A declared type may name the parameters too (`application/onenote;format=onetoc2`
        // for a OneNote table of contents, beside the section's bare name): the registry
        // matches the whole name first, then the bare one.
        if let declared = declaredType(mimeType) { return declared }
        let bare = TypeRegistry.stripParameters(mimeType)
        let info = database.type(named: bare) ?? database.type(named: mimeType)
        for alias in info?.aliases ?? [] {
            if let declared = declaredType(TypeRegistry.stripParameters(alias)) { return declared }
        }
        if bare.hasPrefix("application/x-tika-") {
            for ancestor in database.supertypes(of: bare) {
                if let declared = declaredType(TypeRegistry.stripParameters(ancestor)) {
                    return declared
                }
            }
        }
        return registry.type(tag: bare, tagClass: .mimeType, conformingTo: nil)
    }

    private func declaredType(_ mimeType: String) -> UTType? {
        guard let type = registry.type(tag: mimeType, tagClass: .mimeType, conformingTo: nil),
            type.isDeclared
        else { return nil }
        return type
    }

    /// Whether any source has a content signature for the type: if it has, bytes that match
    /// none are not that type, whatever the name says.
    ///
    /// The type's aliases count as its own names: Apple's table gives Core Audio files, SGI
    /// images and most camera raw formats no MIME type, and the databases' magic for them is
    /// filed under `audio/x-caf`, `image/x-sgi`, `image/x-canon-cr2`, ...
    func hasSignature(_ type: UTType) -> Bool {
        // A declaration file's signatures are its types' own, MIME type or none.
        if declared.contains(where: { $0.type == type }) { return true }
        for mimeType in (type.tags[.mimeType] ?? []) + type.mimeAliases {
            if database.hasSignature(mimeType: mimeType) { return true }
            if let systemDatabase, systemDatabase.hasMagic(for: mimeType) { return true }
        }
        return false
    }
}

extension SignatureDatabase {
    /// Whether a magic or XML root rule names the type (a MIME type or alias).
    ///
    /// Asked only for files whose bytes matched nothing, so a scan of the rules is enough.
    func hasSignature(mimeType: String) -> Bool {
        guard let type = index(of: TypeRegistry.stripParameters(mimeType)) else {
            return false
        }
        let target = Int32(type)
        return rules.contains { $0.type == target } || xmlRules.contains { $0.type == target }
    }
}
