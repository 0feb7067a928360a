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

    init(registry: TypeRegistry) {
        self.registry = registry
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

    /// The matches for a head, strongest first, each mapped onto a type.
    func matches(_ head: [UInt8], fileSize: UInt64) -> [Found] {
        let database = self.database
        var lists = [database.matches(head, fileSize: fileSize)]
        if let systemDatabase {
            let system = systemDatabase.magicMatches(head)
            if !system.isEmpty { lists.append(SignatureMatch.systemDatabaseMatches(system)) }
        }
        let merged =
            lists.count == 1 && lists[0].count < 2
            ? lists[0] : database.removingSupertypes(SignatureMatch.merged(lists))
        return merged.compactMap { match in
            type(forMIMEType: match.mimeType).map { Found(match: match, type: $0) }
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
        let bare = Self.withoutParameters(mimeType)
        if let declared = declaredType(bare) { return declared }
        let info = database.type(named: bare) ?? database.type(named: mimeType)
        for alias in info?.aliases ?? [] {
            if let declared = declaredType(Self.withoutParameters(alias)) { return declared }
        }
        if bare.hasPrefix("application/x-tika-") {
            for ancestor in database.supertypes(of: bare) {
                if let declared = declaredType(Self.withoutParameters(ancestor)) { return declared }
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

    /// `type/subtype` without `;parameters` (Tika names some types with a parameter).
    static func withoutParameters(_ mimeType: String) -> String {
        guard let semicolon = mimeType.utf8.firstIndex(of: UInt8(ascii: ";")) else {
            return mimeType
        }
        return String(mimeType[..<semicolon])
    }

    /// Whether any source has a content signature for the type: if it has, bytes that match
    /// none are not that type, whatever the name says.
    func hasSignature(_ type: UTType) -> Bool {
        for mimeType in type.tags[.mimeType] ?? [] {
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
        guard let type = index(of: SignatureSources.withoutParameters(mimeType)) else {
            return false
        }
        let target = Int32(type)
        return rules.contains { $0.type == target } || xmlRules.contains { $0.type == target }
    }
}
