/// A type of data: an image, a movie, a JPEG, an MPEG-4 movie, a folder.
///
/// Mirrors Apple's `UTType` from `UniformTypeIdentifiers` by name and meaning, so that picker
/// code ports by recompiling. A type is identified by a reverse-DNS identifier
/// (`public.mpeg-4`), conforms to other types (`public.mpeg-4` conforms to `public.movie`,
/// which conforms to `public.audiovisual-content`), and carries tags: filename extensions and
/// MIME types. Types that nothing declares are *dynamic*: their identifier (`dyn.a…`) encodes
/// their tags, exactly as macOS computes it.
///
/// Identifiers compare case-insensitively. A type resolves against the registry it was made
/// from, by default ``TypeRegistry/shared``.
public struct UTType: Sendable {
    /// The registry the type resolves against, not retained by this field: `owner` keeps it
    /// alive unless it lives until the process ends (``TypeRegistry/livesForever``).
    ///
    /// A declared type of the built-in or a published registry, which is nearly every type,
    /// then holds no counted reference at all, and making, copying or dropping one does no
    /// reference counting. That counting was most of the time of a tag lookup.
    unowned(unsafe) let registry: TypeRegistry
    /// The declared type's index in `registry`; -1 for a dynamic type.
    private let index: Int
    /// What keeps the type's parts alive, one reference so that a copy counts at most one:
    /// for a dynamic type its ``DynamicType`` (which keeps a registry that may be freed);
    /// for a declared type nil when `registry` lives for good, else `registry`.
    private let owner: (any AnyObject & Sendable)?

    /// What the type is: a declared type's index, or a dynamic type.
    enum Storage: Sendable {
        case declared(Int)
        case dynamic(DynamicType)

        /// The same, with a dynamic type's content holding no registry.
        var withoutKeeper: Storage {
            guard case .dynamic(let dynamic) = self else { return self }
            return .dynamic(dynamic.kept(by: nil))
        }
    }

    /// The declared type's index, or nil for a dynamic type (without making a ``Storage``).
    @inline(__always)
    var declaredIndex: Int? { index >= 0 ? index : nil }

    /// The dynamic type's content, or nil for a declared type.
    @inline(__always)
    var dynamicType: DynamicType? {
        // Sound: `owner` is a `DynamicType` exactly when `index` is negative (the initializers
        // below are the only writers).
        index < 0 ? unsafeDowncast(owner.unsafelyUnwrapped, to: DynamicType.self) : nil
    }

    @inline(__always)
    var storage: Storage {
        if let dynamicType { return .dynamic(dynamicType) }
        return .declared(index)
    }

    /// A type no declaration defines; a class, so that a `UTType` stays small and copies
    /// cheaply.
    final class DynamicType: Sendable {
        let identifier: String
        let conformsTo: [String]
        let tags: [DynamicIdentifier.Tag]
        /// Ancestor bits in the registry's index space (a row like the registry's).
        let ancestorBits: [UInt64]
        let source: TypeSource
        /// The registry of a `UTType` holding this content, when that registry may be freed.
        ///
        /// Content a registry remembers (``TypeRegistry/madeTypes``) has none, or the registry
        /// would keep itself alive through it.
        let keeper: TypeRegistry?

        init(
            identifier: String,
            conformsTo: [String],
            tags: [DynamicIdentifier.Tag],
            ancestorBits: [UInt64],
            source: TypeSource,
            keeper: TypeRegistry? = nil
        ) {
            self.identifier = identifier
            self.conformsTo = conformsTo
            self.tags = tags
            self.ancestorBits = ancestorBits
            self.source = source
            self.keeper = keeper
        }

        /// This content with `keeper` as its keeper: itself when it already has it.
        func kept(by keeper: TypeRegistry?) -> DynamicType {
            if self.keeper === keeper { return self }
            return DynamicType(
                identifier: identifier,
                conformsTo: conformsTo,
                tags: tags,
                ancestorBits: ancestorBits,
                source: source,
                keeper: keeper
            )
        }
    }

    init(registry: TypeRegistry, index: Int) {
        self.registry = registry
        self.index = index
        owner = registry.livesForever ? nil : registry
    }

    init(registry: TypeRegistry, dynamic: DynamicType) {
        self.registry = registry
        index = -1
        owner = dynamic.kept(by: registry.livesForever ? nil : registry)
    }

    init(registry: TypeRegistry, storage: Storage) {
        switch storage {
        case .declared(let index): self.init(registry: registry, index: index)
        case .dynamic(let dynamic): self.init(registry: registry, dynamic: dynamic)
        }
    }

    // MARK: - Creating types

    /// Creates a type from its identifier, or returns nil when no type has it.
    ///
    /// Declared identifiers and `dyn.` identifiers (decoded back into their tags) resolve.
    /// - Parameter identifier: A type identifier such as `public.movie`.
    public init?(_ identifier: String) {
        guard let type = TypeRegistry.withShared({ $0.type(withIdentifier: identifier) }) else {
            return nil
        }
        self = type
    }

    /// Creates the type for a filename extension, or a dynamic type when none is declared.
    ///
    /// - Parameters:
    ///   - filenameExtension: An extension without the leading dot (`jpg`), any case.
    ///   - supertype: A type the result must conform to; `public.data` by default.
    ///
    /// The initializer fails when `supertype` is dynamic or the extension is empty.
    public init?(
        filenameExtension: borrowing String,
        conformingTo supertype: borrowing UTType = .data
    ) {
        guard
            let type = TypeRegistry.withShared({ registry in
                registry.type(
                    tag: filenameExtension,
                    tagClass: .filenameExtension,
                    within: supertype
                )
            })
        else { return nil }
        self = type
    }

    /// Creates the type for a MIME type, or a dynamic type when none is declared.
    ///
    /// Matching is case-insensitive; parameters (`; charset=…`) are ignored unless a type
    /// declares them; other spellings (`audio/x-wav`) fold onto the declared type.
    /// - Parameters:
    ///   - mimeType: A MIME type such as `video/mp4`.
    ///   - supertype: A type the result must conform to; `public.data` by default.
    public init?(mimeType: borrowing String, conformingTo supertype: borrowing UTType = .data) {
        guard
            let type = TypeRegistry.withShared({ registry in
                registry.type(tag: mimeType, tagClass: .mimeType, within: supertype)
            })
        else { return nil }
        self = type
    }

    /// Creates the preferred type for a tag of any class.
    ///
    /// - Parameters:
    ///   - tag: The tag, such as `jpg`.
    ///   - tagClass: The tag's class.
    ///   - supertype: A type the result must conform to, or nil for any.
    public init?(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) {
        guard
            let type = TypeRegistry.withShared({ registry in
                registry.type(
                    tag: tag,
                    tagClass: tagClass,
                    conformingTo: supertype
                )
            })
        else { return nil }
        self = type
    }

    /// Every type that declares a tag, public types first, then in declaration order.
    ///
    /// - Parameters:
    ///   - tag: The tag, such as `mp4`.
    ///   - tagClass: The tag's class.
    ///   - supertype: A type each result must conform to, or nil for any.
    /// - Returns: The declared types; a single dynamic type when none is declared.
    public static func types(
        tag: String,
        tagClass: UTTagClass,
        conformingTo supertype: UTType?
    ) -> [UTType] {
        TypeRegistry.withShared { registry in
            registry.types(tag: tag, tagClass: tagClass, conformingTo: supertype)
        }
    }

    // MARK: - Properties

    /// The type's identifier, such as `public.mpeg-4`.
    public var identifier: String {
        switch storage {
        case .declared(let index): registry.identifier(at: index)
        case .dynamic(let dynamic): dynamic.identifier
        }
    }

    /// The declaration behind a declared type, or nil for a dynamic type.
    public var declaration: TypeDeclaration? {
        guard case .declared(let index) = storage else { return nil }
        return registry.declaration(at: index)
    }

    /// The type's tags by class, each list in preferred order.
    public var tags: [UTTagClass: [String]] {
        switch storage {
        case .declared(let index):
            let declaration = registry.declaration(at: index)
            var result: [UTTagClass: [String]] = [:]
            if !declaration.filenameExtensions.isEmpty {
                result[.filenameExtension] = declaration.filenameExtensions
            }
            if !declaration.mimeTypes.isEmpty { result[.mimeType] = declaration.mimeTypes }
            return result
        case .dynamic(let dynamic):
            var result: [UTTagClass: [String]] = [:]
            for tag in dynamic.tags { result[tag.tagClass, default: []].append(tag.value) }
            if dynamic.source == .systemMIMEDatabase, let database = registry.mimeDatabase,
                let mimeType = result[.mimeType]?.first
            {
                let extensions = database.filenameExtensions(of: mimeType)
                if !extensions.isEmpty { result[.filenameExtension] = extensions }
            }
            return result
        }
    }

    /// The preferred filename extension, without the dot.
    public var preferredFilenameExtension: String? { tags[.filenameExtension]?.first }

    /// The preferred MIME type.
    public var preferredMIMEType: String? {
        switch storage {
        case .declared(let index): registry.preferredMIMEType(at: index)
        case .dynamic(let dynamic): dynamic.tags.first { $0.tagClass == .mimeType }?.value
        }
    }

    /// The other spellings of MIME types that name this type.
    ///
    /// From Data/mime-aliases.tsv and loaded declarations' aliases: `audio/x-caf` for
    /// `com.apple.coreaudio-format`, which Apple's table gives no MIME type. Empty for a
    /// dynamic type.
    package var mimeAliases: [String] {
        guard case .declared(let index) = storage else { return [] }
        return registry.aliases(of: index)
    }

    /// The MIME type to show for the type: its preferred one, else the first alias that names
    /// it (`video/mp2t` for `public.mpeg-2-transport-stream`), else the nearest ancestor's
    /// (`video/mp2t` for an M2TS stream, `application/x-font-type1` for a PFA font).
    ///
    /// Apple's table leaves some types without a MIME type, and gives a few one of another
    /// family (`video/x-ms-wma` for WMA audio); this fills the gap, and prefers an alias of the
    /// type's own family (`audio/x-ms-wma`), for output without changing the type's declared
    /// ``tags``.
    public var displayMIMEType: String? {
        guard case .declared(let index) = storage else { return preferredMIMEType }
        if let preferred = preferredMIMEType {
            // Only a media MIME type of another media family is replaced (a WMA's `video/`);
            // an `application/` one stays (`application/postscript` for EPS).
            let media = ["audio/", "video/", "image/"]
            guard media.contains(where: { preferred.hasPrefix($0) }),
                let family = Self.mediaFamily(of: self), !preferred.hasPrefix(family),
                let alias = registry.aliases(of: index).first(where: { $0.hasPrefix(family) })
            else { return preferred }
            return alias
        }
        // Breadth first over the ancestors, nearest first; a bounded walk (chains are short).
        var queue = [index]
        var seen: Set<Int> = [index]
        var next = 0
        while next < queue.count, next < 64 {
            let current = queue[next]
            next += 1
            if current != index, let mime = registry.preferredMIMEType(at: current) {
                return mime
            }
            if let alias = registry.firstAlias(of: current) { return alias }
            for parent in registry.parentIndices(of: current) where seen.insert(parent).inserted {
                queue.append(parent)
            }
        }
        return nil
    }

    /// `audio/`, `video/` or `image/` for a type of that family (audio before movie, so that
    /// an audio-only movie type is audio), nil for others.
    private static func mediaFamily(of type: UTType) -> String? {
        if type.conforms(to: .audio) { return "audio/" }
        if type.conforms(to: .movie) { return "video/" }
        if type.conforms(to: .image) { return "image/" }
        return nil
    }

    /// A short description of the type, such as "MPEG-4 movie".
    public var localizedDescription: String? {
        switch storage {
        case .declared(let index): registry.declaration(at: index).description
        case .dynamic(let dynamic):
            dynamic.source == .systemMIMEDatabase
                ? preferredMIMEType.map { "\($0) document" } : nil
        }
    }

    /// Where the type's declaration came from.
    public var source: TypeSource {
        switch storage {
        case .declared(let index): registry.declaration(at: index).source
        case .dynamic(let dynamic): dynamic.source
        }
    }

    /// The types this one conforms to directly, as declared.
    public var parents: [UTType] {
        switch storage {
        case .declared(let index):
            return registry.parentIndices(of: index).map { UTType(registry: registry, index: $0) }
        case .dynamic(let dynamic):
            return dynamic.conformsTo.compactMap { registry.type(withIdentifier: $0) }
        }
    }

    /// Every type this one conforms to, directly or through others, excluding itself.
    public var supertypes: Set<UTType> {
        Set(supertypeList)
    }

    /// The supertypes in registry order (nearest declarations first is not implied).
    package var supertypeList: [UTType] {
        switch storage {
        case .declared(let index):
            return registry.ancestorIndices(of: index).compactMap { ancestor in
                ancestor == index ? nil : UTType(registry: registry, index: ancestor)
            }
        case .dynamic(let dynamic):
            var result: [UTType] = []
            for (wordOffset, word) in dynamic.ancestorBits.enumerated() where word != 0 {
                for bit in 0..<64 where word & (1 << UInt64(bit)) != 0 {
                    result.append(UTType(registry: registry, index: wordOffset * 64 + bit))
                }
            }
            return result
        }
    }

    /// True when a declaration defines the type (built-in, file, or the system database).
    public var isDeclared: Bool {
        if case .declared = storage { return true }
        return source == .systemMIMEDatabase
    }

    /// True for a type made from tags that nothing declares (`dyn.…`).
    ///
    /// A type made by ``init(exportedAs:conformingTo:)`` for an undeclared identifier has
    /// the identifier it was given, and is not dynamic.
    public var isDynamic: Bool {
        if case .dynamic(let dynamic) = storage {
            return dynamic.identifier.utf8.starts(with: "dyn.".utf8)
        }
        return false
    }

    /// True for a type in Apple's reserved `public.` domain.
    public var isPublic: Bool {
        identifier.lowercased().hasPrefix("public.")
    }

    // MARK: - Conformance

    /// True when this type is `type` or conforms to it, directly or indirectly.
    public func conforms(to type: UTType) -> Bool {
        if registry.layout == type.registry.layout, case .declared(let ancestor) = type.storage {
            switch storage {
            case .declared(let index):
                return registry.conforms(index, to: ancestor)
            case .dynamic(let dynamic):
                let word = ancestor >> 6
                return word < dynamic.ancestorBits.count
                    && dynamic.ancestorBits[word] & (1 << UInt64(ancestor & 63)) != 0
            }
        }
        if self == type { return true }
        guard let resolved = registry.type(withIdentifier: type.identifier),
            case .declared = resolved.storage
        else { return false }
        return conforms(to: resolved)
    }

    /// True when this type conforms to `type` and is not `type` itself.
    public func isSubtype(of type: UTType) -> Bool {
        self != type && conforms(to: type)
    }

    /// True when `type` conforms to this type and is not this type itself.
    public func isSupertype(of type: UTType) -> Bool {
        self != type && type.conforms(to: self)
    }
}

extension UTType: Hashable {
    /// Types are equal when their identifiers are, ignoring case.
    public static func == (lhs: UTType, rhs: UTType) -> Bool {
        if lhs.registry.layout == rhs.registry.layout, case .declared(let left) = lhs.storage,
            case .declared(let right) = rhs.storage
        {
            return left == right
        }
        return lhs.identifier.lowercased() == rhs.identifier.lowercased()
    }

    /// Hashes the lower-cased identifier.
    public func hash(into hasher: inout Hasher) {
        switch storage {
        case .declared(let index):
            let tables = registry.tables
            hasher.combine(
                bytes: UnsafeRawBufferPointer(tables.keySlice(tables.identifierSpans, index))
            )
            withExtendedLifetime(tables) {}
        case .dynamic(let dynamic):
            var key = dynamic.identifier.lowercased()
            key.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }
}

extension UTType: CustomStringConvertible, CustomDebugStringConvertible {
    /// The identifier.
    public var description: String { identifier }
    /// The identifier, with the description when there is one.
    public var debugDescription: String {
        localizedDescription.map { "\(identifier) (\($0))" } ?? identifier
    }
}

extension UTType: Codable {
    /// Decodes a type from its identifier, resolved against the shared registry.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let identifier = try container.decode(String.self)
        guard let type = UTType(identifier) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "unknown type identifier '\(identifier)'"
            )
        }
        self = type
    }

    /// Encodes the type's identifier.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }
}
