public import UniformTypes

/// Classifies files by their content, and compares the content with the file's name.
///
/// The structural sniffers read the containers where libmagic is coarse or slow; libmagic
/// decides the rest; the result is mapped onto the registry; the name's extension breaks ties
/// for generic answers (plain text, XML, ZIP, unknown data) and is reported when it disagrees.
///
/// A classifier is safe to share between tasks: each libmagic handle is lent to one task at a
/// time, and handles are opened only when a file needs one.
public final class Classifier: Sendable {
    /// How a classifier treats paths.
    public struct Options: Sendable, Hashable {
        /// Classify what a symbolic link points at (default) rather than the link itself.
        public var followSymlinks: Bool = true
        /// Creates options with the defaults.
        public init(followSymlinks: Bool = true) {
            self.followSymlinks = followSymlinks
        }
    }

    /// How many bytes from the start of a file are read before anything is decided.
    public static let headSize = 64 * 1024

    /// The registry the results are types of.
    public let registry: TypeRegistry
    /// The options.
    public let options: Options
    private let pool = MagicPool()
    private let known: KnownTypes

    /// Creates a classifier.
    ///
    /// - Parameters:
    ///   - registry: The registry to map results onto; the shared one by default.
    ///   - options: How paths are treated.
    public init(registry: TypeRegistry = .shared, options: Options = Options()) {
        self.registry = registry
        self.options = options
        self.known = KnownTypes(registry: registry)
    }

    /// Classifies the file at a path.
    ///
    /// Only regular files are opened; a folder, FIFO, socket or device gets its kind's type
    /// (`public.folder`, `public.fifo`, ...) without being opened.
    /// - Parameter path: The file's path.
    /// - Returns: What the file is, with the evidence and what its name claims.
    /// - Throws: ``ClassificationError`` when the path cannot be read.
    public func classify(fileAt path: String) throws(ClassificationError) -> Classification {
        try classify(pathBytes: Array(path.utf8))
    }

    /// Classifies the file at a path given as bytes (names on Linux need not be UTF-8).
    package func classify(pathBytes: [UInt8]) throws(ClassificationError) -> Classification {
        guard !pathBytes.isEmpty, !pathBytes.contains(0) else {
            throw ClassificationError(.notFound, "the path is empty or holds a NUL byte")
        }
        let cPath = pathBytes.map { CChar(bitPattern: $0) } + [0]
        let name = FileName(pathBytes: pathBytes)
        let kind = try FileAccess.kind(ofPath: cPath, followSymlinks: options.followSymlinks)
        switch kind {
        case .regular:
            let file = try FileAccess.openRegular(cPath, followSymlinks: options.followSymlinks)
            let headCount = Int(min(UInt64(Self.headSize), file.size))
            guard let head = file.read(at: 0, count: headCount) else {
                throw ClassificationError(.ioError, "the file could not be read")
            }
            let input = SniffInput(head: head, fileSize: max(file.size, UInt64(head.count))) {
                offset,
                count in
                file.read(at: offset, count: count)
            }
            return try classify(input, name: name)
        case .directory: return kindAnswer(known.folder, "a folder")
        case .symbolicLink: return kindAnswer(known.symlink, "a symbolic link, not followed")
        case .fifo: return kindAnswer(known.fifo, "a named pipe; not opened")
        case .socket: return kindAnswer(known.socket, "a socket; not opened")
        case .characterDevice: return kindAnswer(known.characterDevice, "a character device")
        case .blockDevice: return kindAnswer(known.blockDevice, "a block device")
        case .unknown: return kindAnswer(known.item, "an unknown kind of file")
        }
    }

    /// Classifies bytes held in memory, as if they were a file of that name.
    ///
    /// - Parameters:
    ///   - bytes: The whole content.
    ///   - fileName: The name whose extension breaks ties, or nil.
    /// - Returns: What the bytes are, with the evidence and what the name claims.
    /// - Throws: ``ClassificationError`` when libmagic fails.
    public func classify(bytes: [UInt8], fileName: String? = nil) throws(ClassificationError)
        -> Classification
    {
        let name = FileName(pathBytes: Array((fileName ?? "").utf8))
        return try classify(SniffInput(bytes: bytes), name: name)
    }

    private func kindAnswer(_ type: UTType, _ detail: String) -> Classification {
        Classification(type: type, evidence: .kind, detail: detail)
    }

    // MARK: - Content, then name

    private func classify(_ input: SniffInput, name: FileName) throws(ClassificationError)
        -> Classification
    {
        var result = try classifyContent(input)
        applyName(name, head: input.head, to: &result)
        if result.isAnimated == nil, isImage(result.type) { result.isAnimated = false }
        return result
    }

    private func classifyContent(_ input: SniffInput) throws(ClassificationError)
        -> Classification
    {
        if input.fileSize == 0 {
            return Classification(type: known.data, evidence: .empty, detail: "empty file")
        }
        for sniffer in Self.structuralSniffers {
            if let found = sniffer(input),
                let type = registry.type(withIdentifier: found.identifier)
            {
                return Classification(
                    type: type,
                    evidence: .container,
                    detail: found.detail,
                    isAnimated: isImage(type) ? found.isAnimated : nil
                )
            }
        }
        if let found = TextSniffer.sniff(input),
            let type = registry.type(withIdentifier: found.identifier)
        {
            return Classification(type: type, evidence: .text, detail: found.detail)
        }
        let magic: String
        do {
            // An in-memory input's head is the whole buffer: libmagic sees the same bounded
            // head as for a file.
            let head =
                input.head.count > Self.headSize
                ? Array(input.head.prefix(Self.headSize)) : input.head
            magic = try pool.withCookie { cookie throws(MagicError) in
                try cookie.mimeType(of: head)
            }
        } catch {
            throw ClassificationError(.magicFailure, error.message)
        }
        let type = typeForMagic(magic)
        return Classification(
            type: type,
            evidence: .magic,
            detail: "libmagic: \(magic)",
            magicMIMEType: magic,
            isAnimated: isImage(type) ? false : nil
        )
    }

    /// The sniffers that read binary structure, in the order they are asked.
    private static let structuralSniffers: [@Sendable (SniffInput) -> SniffResult?] = [
        ContainerSniffer.sniff, MediaSniffer.sniff, ImageSniffer.sniff, BinarySniffer.sniff,
    ]

    private func isImage(_ type: UTType) -> Bool {
        type.conforms(to: known.image)
    }

    /// The type for a MIME type libmagic printed: declared first, then the system database,
    /// then a dynamic type.
    func typeForMagic(_ mimeType: String) -> UTType {
        switch mimeType.lowercased() {
        case "application/x-empty", "inode/x-empty": return known.data
        default: break
        }
        return registry.type(tag: mimeType, tagClass: .mimeType, conformingTo: nil) ?? known.data
    }

    /// Lets the name's extension break ties, and records whether it agrees with the content.
    ///
    /// The declared types of the extension are tried first; the system database's are added
    /// only when those decide nothing, since finding them costs more.
    private func applyName(_ name: FileName, head: [UInt8], to result: inout Classification) {
        guard let filenameExtension = name.filenameExtension else { return }
        let declared = registry.declaredTypes(tag: filenameExtension, tagClass: .filenameExtension)
        if !declared.isEmpty, decide(result: &result, claimed: declared, final: false) { return }
        let all = registry.types(
            tag: filenameExtension,
            tagClass: .filenameExtension,
            conformingTo: nil
        )
        let claimed = all.filter { !$0.isDynamic || $0.isDeclared }
        guard !claimed.isEmpty else {
            result.extensionType = all.first
            return
        }
        _ = decide(result: &result, claimed: claimed, final: true, head: head)
    }

    /// Applies the tie-break rules to the claimed types, in order.
    ///
    /// When not `final`, only
    /// the rules whose answer more candidates (later in the list) could not change are
    /// applied; returns whether one decided.
    private func decide(
        result: inout Classification,
        claimed: [UTType],
        final: Bool,
        head: [UInt8] = []
    ) -> Bool {
        let content = result.type
        if result.evidence == .empty || content == known.data {
            let first = magicChoice(among: claimed, head: head) ?? claimed[0]
            result.type = first
            result.extensionType = first
            if result.evidence != .empty { result.evidence = .name }
            result.detail += result.detail.isEmpty ? "decided by the name" : "; decided by the name"
            result.extensionAgrees = true
            return true
        }
        if claimed.contains(content) {
            result.extensionType = content
            result.extensionAgrees = true
            return true
        }
        let subtypes = claimed.filter { $0.isSubtype(of: content) }
        if let refined = magicChoice(among: subtypes, head: head) ?? subtypes.first {
            result.type = refined
            result.extensionType = refined
            result.extensionAgrees = true
            result.detail += "; refined by the name to \(refined.identifier)"
            return true
        }
        guard final else { return false }
        result.extensionType = claimed[0]
        if let agreeing = claimed.first(where: { content.conforms(to: $0) }) {
            result.extensionType = agreeing
            result.extensionAgrees = true
            return true
        }
        let textTypes = claimed.filter { $0.conforms(to: known.text) }
        if known.isGenericText(content),
            let textType = magicChoice(among: textTypes, head: head) ?? textTypes.first
        {
            result.type = textType
            result.extensionType = textType
            result.extensionAgrees = true
            result.detail += "; text type from the name"
            return true
        }
        result.extensionAgrees = false
        return true
    }
}

extension Classifier {
    /// Of several types the system database gives one extension (`.service`: D-Bus service
    /// or systemd unit), the one its magic rules pick for these bytes, as GIO decides.
    fileprivate func magicChoice(among candidates: [UTType], head: [UInt8]) -> UTType? {
        let fromDatabase = candidates.filter { $0.source == .systemMIMEDatabase }
        guard fromDatabase.count > 1, !head.isEmpty, let database = registry.mimeDatabase else {
            return nil
        }
        let mimeTypes = fromDatabase.compactMap(\.preferredMIMEType)
        guard let pick = database.mimeType(matching: head, among: mimeTypes) else { return nil }
        let canonical = database.canonicalMIMEType(for: pick) ?? pick
        return fromDatabase.first {
            $0.preferredMIMEType == pick || $0.preferredMIMEType == canonical
        }
    }
}

/// The types the classifier names often, resolved once.
struct KnownTypes: Sendable {
    let item, data, text, plainText, image, folder, symlink: UTType
    let fifo, socket, characterDevice, blockDevice: UTType
    private let genericText: [UTType]

    init(registry: TypeRegistry) {
        func type(_ identifier: String) -> UTType {
            registry.type(withIdentifier: identifier) ?? UTType.data
        }
        item = type("public.item")
        data = type("public.data")
        text = type("public.text")
        plainText = type("public.plain-text")
        image = type("public.image")
        folder = type("public.folder")
        symlink = type("public.symlink")
        fifo = type("public.fifo")
        socket = type("public.socket")
        characterDevice = type("public.character-device")
        blockDevice = type("public.block-device")
        genericText = [
            text, plainText, type("public.utf8-plain-text"), type("public.utf16-plain-text"),
            type("public.utf16-external-plain-text"),
        ]
    }

    func isGenericText(_ type: UTType) -> Bool { genericText.contains(type) }
}

/// The last component of a path and its extension.
struct FileName: Sendable {
    /// The extension without the dot, lower-cased; nil when the name has none (a leading dot
    /// alone, as in `.profile`, is not an extension).
    let filenameExtension: String?

    init(pathBytes: [UInt8]) {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        let base = pathBytes.lastIndex(of: slash).map { pathBytes[($0 + 1)...] } ?? pathBytes[...]
        guard let lastDot = base.lastIndex(of: dot), lastDot > base.startIndex,
            lastDot + 1 < base.endIndex
        else {
            filenameExtension = nil
            return
        }
        let bytes = base[(lastDot + 1)...]
        filenameExtension = String(validating: bytes, as: UTF8.self)?.lowercased()
    }
}
