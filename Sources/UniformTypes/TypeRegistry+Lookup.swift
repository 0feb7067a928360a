extension TypeRegistry {
    /// The type with this identifier: declared, a decodable `dyn.` identifier, or nil.
    public func type(withIdentifier identifier: String) -> UTType? {
        if let index = index(of: identifier) { return UTType(registry: self, index: index) }
        guard let payload = DynamicIdentifier.decode(identifier) else { return nil }
        if payload.conformsTo == ["public.data"], payload.tags.count == 1,
            let tag = payload.tags.first, tag.tagClass == .mimeType,
            let databaseType = databaseType(forMIMEType: tag.value, depth: 0)
        {
            return databaseType
        }
        return dynamicType(conformsTo: payload.conformsTo, tags: payload.tags)
    }

    /// The type a person means by `written`, as a command line or a configuration file
    /// names one: `.ext` (a filename extension), `type/subtype` (a MIME type), a classic
    /// constant name (`kUTTypeMovie`), or an identifier (declared or `dyn.`).
    ///
    /// Read by the same rules as an entry of ``AllowedContentTypes``, so that a command line
    /// accepts a type in one place exactly as it does in the other.
    /// - Parameter written: The text as written.
    /// - Returns: The type, or nil when the text names none: malformed, unknown, a MIME
    ///   pattern such as `video/*`, which names no single type, or a MIME type with codecs.
    public func type(written: String) -> UTType? {
        switch try? AllowedContentTypes.parse(written, registry: self) {
        case .type(let type, let written): written.contains(";") ? nil : type
        case .filenameExtension(_, let types, _): types.first
        case .mimePattern, nil: nil
        }
    }

    /// The preferred type for a tag: the first declared one, then the system MIME database's,
    /// else a dynamic type.
    ///
    /// - Parameters:
    ///   - tag: The tag, such as `jpg` or `image/jpeg`.
    ///   - tagClass: The tag's class.
    ///   - supertype: A type the result must conform to, or nil for any.
    /// - Returns: The type, or nil when `supertype` rules every candidate out.
    public func type(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) -> UTType?
    {
        guard let supertype else {
            return declaredType(tag: tag, tagClass: tagClass, ancestor: -1)
                ?? madeType(tag: tag, tagClass: tagClass, ancestor: -1, supertype: nil)
        }
        return type(tag: tag, tagClass: tagClass, within: supertype)
    }

    /// ``type(tag:tagClass:conformingTo:)`` with a supertype, borrowed: the `UTType`
    /// initializers pass theirs (`.data` by default) without copying it.
    func type(tag: String, tagClass: UTTagClass, within supertype: UTType) -> UTType? {
        // The common case: a supertype of these declarations, tested by index.
        if let ancestor = supertype.declaredIndex, supertype.registry.layout == layout {
            return declaredType(tag: tag, tagClass: tagClass, ancestor: ancestor)
                ?? madeType(tag: tag, tagClass: tagClass, ancestor: ancestor, supertype: supertype)
        }
        // A dynamic supertype, or one from other declarations (tested by identifier).
        return types(tag: tag, tagClass: tagClass, conformingTo: supertype).first
    }

    /// The first declared type for a tag that conforms to the type at `ancestor` (-1: to any
    /// type), found without building the candidate list; nil when none does.
    @inline(__always)
    private func declaredType(tag: String, tagClass: UTTagClass, ancestor: Int) -> UTType? {
        let positions: Range<Int>
        switch tagClass.kind {
        case .filenameExtension: positions = candidates(forExtension: tag)
        case .mimeType: positions = candidates(forMIMEType: tag)
        case .other: positions = 0..<0
        }
        for position in positions {
            let index = Int(tables.words[position])
            if ancestor < 0 || conforms(index, to: ancestor) {
                return UTType(registry: self, index: index)
            }
        }
        return nil
    }

    /// ``types(tag:tagClass:conformingTo:)``'s first answer, remembered by tag, tag class and
    /// the supertype's index (-1 for none) in this registry.
    private func madeType(
        tag: String,
        tagClass: UTTagClass,
        ancestor: Int,
        supertype: UTType?
    ) -> UTType? {
        let key = MadeTypes.Key(tag: tag, tagClass: tagClass, supertype: ancestor)
        if let known = madeTypes.answer(for: key) {
            return known.map { UTType(registry: self, storage: $0) }
        }
        let made = types(tag: tag, tagClass: tagClass, conformingTo: supertype).first
        // Remembered without a keeper: the registry must not keep itself alive.
        madeTypes.remember(made.map { $0.storage.withoutKeeper }, for: key)
        return made
    }

    /// Every type for a tag, public types first, then in declaration order; the system
    /// database's type after the declared ones; a single dynamic type when there is none.
    public func types(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?)
        -> [UTType]
    {
        var tag = tag
        if tagClass == .filenameExtension, tag.hasPrefix(".") { tag.removeFirst() }
        guard !tag.isEmpty else { return [] }
        if let supertype, supertype.isDynamic, supertype.source != .systemMIMEDatabase {
            return []
        }
        let accepts: (UTType) -> Bool = { type in supertype.map { type.conforms(to: $0) } ?? true }
        var result = declaredTypes(tag: tag, tagClass: tagClass).filter(accepts)
        if let mimeDatabase {
            for type in databaseTypes(tag: tag, tagClass: tagClass, database: mimeDatabase)
            where accepts(type) && !result.contains(type) {
                result.append(type)
            }
        }
        if !result.isEmpty { return result }
        let parent = supertype?.identifier ?? "public.data"
        let dynamic = dynamicType(
            conformsTo: [parent],
            tags: [DynamicIdentifier.Tag(tagClass: tagClass, value: tag.lowercased())]
        )
        return accepts(dynamic) ? [dynamic] : []
    }

    /// The declared types (no database, no dynamic) for a tag, public first.
    package func declaredTypes(tag: String, tagClass: UTTagClass) -> [UTType] {
        let indices: [Int]
        switch tagClass {
        case .filenameExtension: indices = self.indices(forExtension: tag)
        case .mimeType: indices = self.indices(forMIMEType: tag)
        default: indices = []
        }
        return indices.map { UTType(registry: self, index: $0) }
    }

    private func databaseTypes(
        tag: String,
        tagClass: UTTagClass,
        database: SystemMIMEDatabase
    ) -> [UTType] {
        switch tagClass {
        case .filenameExtension:
            return database.mimeTypes(forExtension: tag).compactMap { mimeType in
                declaredTypes(tag: mimeType, tagClass: .mimeType).first
                    ?? databaseType(forMIMEType: mimeType, depth: 0)
            }
        case .mimeType:
            return databaseType(forMIMEType: tag, depth: 0).map { [$0] } ?? []
        default:
            return []
        }
    }

    /// The type the system MIME database gives a MIME type it knows and no declaration has:
    /// a dynamic type whose identifier encodes its canonical MIME type alone.
    func databaseType(forMIMEType mimeType: String, depth: Int) -> UTType? {
        guard let database = mimeDatabase, depth < 16,
            let canonical = database.canonicalMIMEType(for: Self.stripParameters(mimeType))
        else { return nil }
        if let declared = declaredTypes(tag: canonical, tagClass: .mimeType).first {
            return declared
        }
        var parents: [String] = []
        var bits = [UInt64](repeating: 0, count: wordsPerType)
        for parentMIME in database.parents(of: canonical) {
            guard let parent = databaseType(forMIMEType: parentMIME, depth: depth + 1) else {
                continue
            }
            parents.append(parent.identifier)
            addAncestors(of: parent, to: &bits)
        }
        if let family = Self.family(ofMIMEType: canonical)
            ?? (parents.isEmpty ? Self.family(ofGenericIcon: database, canonical) : nil),
            let index = index(of: family)
        {
            addAncestors(of: UTType(registry: self, index: index), to: &bits)
        }
        if parents.isEmpty, let data = index(of: "public.data") {
            parents.append("public.data")
            addAncestors(of: UTType(registry: self, index: data), to: &bits)
        }
        // The extensions come from the database when asked for (UTType.tags): finding them
        // needs the database's reverse index, which classification never does.
        let tags = [DynamicIdentifier.Tag(tagClass: .mimeType, value: canonical)]
        let identifier = DynamicIdentifier.encode(
            conformsTo: ["public.data"],
            tags: [DynamicIdentifier.Tag(tagClass: .mimeType, value: canonical)]
        )
        return UTType(
            registry: self,
            dynamic: UTType.DynamicType(
                identifier: identifier,
                conformsTo: parents,
                tags: tags,
                ancestorBits: bits,
                source: .systemMIMEDatabase
            )
        )
    }

    /// A dynamic type for tags no declaration has.
    ///
    /// A MIME tag's top level implies a family
    /// (`video/` conforms to `public.movie`) without changing the identifier.
    func dynamicType(conformsTo: [String], tags: [DynamicIdentifier.Tag]) -> UTType {
        var bits = [UInt64](repeating: 0, count: wordsPerType)
        for parent in conformsTo {
            if let type = type(withIdentifier: parent), !type.isDynamic {
                addAncestors(of: type, to: &bits)
            }
        }
        for tag in tags where tag.tagClass == .mimeType {
            if let family = Self.family(ofMIMEType: tag.value), let index = index(of: family) {
                addAncestors(of: UTType(registry: self, index: index), to: &bits)
            }
        }
        let identifier = DynamicIdentifier.encode(conformsTo: conformsTo, tags: tags)
        return UTType(
            registry: self,
            dynamic: UTType.DynamicType(
                identifier: identifier,
                conformsTo: conformsTo,
                tags: tags,
                ancestorBits: bits,
                source: .dynamic
            )
        )
    }

    private func addAncestors(of type: UTType, to bits: inout [UInt64]) {
        switch type.storage {
        case .declared(let index):
            for ancestor in ancestorIndices(of: index) {
                bits[ancestor >> 6] |= 1 << UInt64(ancestor & 63)
            }
        case .dynamic(let dynamic):
            for word in 0..<min(wordsPerType, dynamic.ancestorBits.count) {
                bits[word] |= dynamic.ancestorBits[word]
            }
        }
    }

    /// The family the database's generic icon gives a type whose MIME type has no telling top
    /// level (`application/`) and which the database places under no other type.
    ///
    /// shared-mime-info files such types by their icon alone: `application/x-font-pcf` is
    /// `font-x-generic`, a Game Boy ROM `application-x-executable`, KWord's documents
    /// `x-office-document`. The icons are the Icon Naming Specification's generic MIME type
    /// names. The text ones (`text-x-generic`, `text-x-script`, `text-html`) are left out, as
    /// the database gives them to binary types too (PKCS #7, compressed manual pages); so are
    /// the media ones, since a picker takes an image, audio or movie type as something its
    /// decoders play, and the database shows the image icon for drawing programs' documents
    /// (Karbon, Kontour, Visio stencils) and the video icon for playlists and session
    /// descriptions.
    static func family(ofGenericIcon database: SystemMIMEDatabase, _ mimeType: String) -> String? {
        switch database.listedGenericIconName(of: mimeType) {
        case "font-x-generic": "public.font"
        case "package-x-generic": "public.archive"
        case "application-x-executable": "public.executable"
        case "x-office-document": "public.composite-content"
        case "x-office-presentation": "public.presentation"
        case "x-office-spreadsheet": "public.spreadsheet"
        default: nil
        }
    }

    /// The family a MIME type's top level implies, as an identifier.
    static func family(ofMIMEType mimeType: String) -> String? {
        let lowered = mimeType.lowercased()
        guard let slash = lowered.firstIndex(of: "/") else { return nil }
        switch lowered[..<slash] {
        case "video": return "public.movie"
        case "audio": return "public.audio"
        case "image": return "public.image"
        case "text": return "public.text"
        case "font": return "public.font"
        default: return nil
        }
    }
}
