public import UniformTypes

/// What a file is, read from its bytes, and what its name claims.
public struct Classification: Sendable {
    /// What decided the type.
    public enum Evidence: String, Sendable, Hashable, CaseIterable {
        /// A structural parser read the container (boxes, chunks, entries, headers).
        case container
        /// libmagic's rules.
        case magic
        /// The bytes are text; the text parser (and maybe the name) chose the text type.
        case text
        /// The bytes said nothing known; the name's extension alone gave the type.
        case name
        /// Not a regular file: a folder, a FIFO, a device, a socket, a link not followed.
        case kind
        /// The file is empty; with an extension, the name gave the type.
        case empty
    }

    /// The type of the content.
    public var type: UTType
    /// What decided it.
    public var evidence: Evidence
    /// A short note on how it was decided (for example `ftyp isom; hdlr soun`).
    public var detail: String
    /// The MIME type libmagic printed, when it was consulted.
    public var magicMIMEType: String?
    /// The type the file name's extension claims, or nil when the name has no extension.
    public var extensionType: UTType?
    /// Whether the extension agrees with the content: nil when there is no extension or the
    /// extension declares nothing known.
    public var extensionAgrees: Bool?
    /// True for an animated image (GIF, APNG, WebP), false for a still one, nil otherwise.
    public var isAnimated: Bool?

    /// The content's MIME type: the type's preferred one, or (for a type that declares none)
    /// the MIME type its aliases or its parent give; see ``UTType/displayMIMEType``.
    public var mimeType: String? { type.displayMIMEType }

    /// Creates a classification.
    public init(
        type: UTType,
        evidence: Evidence,
        detail: String = "",
        magicMIMEType: String? = nil,
        extensionType: UTType? = nil,
        extensionAgrees: Bool? = nil,
        isAnimated: Bool? = nil
    ) {
        self.type = type
        self.evidence = evidence
        self.detail = detail
        self.magicMIMEType = magicMIMEType
        self.extensionType = extensionType
        self.extensionAgrees = extensionAgrees
        self.isAnimated = isAnimated
    }
}
