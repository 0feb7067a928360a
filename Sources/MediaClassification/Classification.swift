public import UniformTypes

/// What a file is, read from its bytes, and what its name claims.
public struct Classification: Sendable {
    /// What decided the type.
    public enum Evidence: String, Sendable, Hashable, CaseIterable {
        /// A structural parser read the container (boxes, chunks, entries, headers).
        case container
        /// A content signature: Apache Tika's database compiled in, the project's own additions,
        /// the system's shared-mime-info database (magic and XML namespaces), or a signature a
        /// type declaration file gives.
        case signature
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
    /// How sure the answer is; see ``Confidence``.
    public var confidence: Confidence
    /// Every source's answers, strongest first, when the classifier was asked for them
    /// (``Classifier/Options/listsCandidates``, `classify --all`); empty otherwise.
    public var candidates: [Candidate] = []
    /// The number of bytes a prefix answer was decided from; nil when the whole content was seen.
    ///
    /// Set when a stream reached its read limit before its end. See ``Classifier/classify(chunks:fileName:limit:)``.
    public var prefixLength: Int?

    /// What a browser or another parser could read as something else (trailing data, HTML in
    /// an image, script in SVG), when the classifier checked
    /// (``Classifier/Options/checksServeSafety``); nil when it did not, empty when it found
    /// nothing.
    public var serveSafety: [ServeSafetyFinding]?

    /// The types of the other signatures of priority under 80 the bytes matched besides the
    /// answer (a weaker signature's, or the text analysis's), not the answer's supertypes:
    /// among these, a name's claim decides (Write and Word for DOS share their first bytes).
    package var otherSignatureTypes: [UTType] = []

    /// Whether the answer was decided from a prefix of a longer stream, not the whole content.
    public var isPrefix: Bool { prefixLength != nil }
    /// What the file states about its media (dimensions, duration, codecs, ...), when the
    /// classifier was asked for it (``Classifier/Options/readsProperties``) and the type is an
    /// image or audiovisual content whose headers could be read; nil otherwise.
    public var properties: MediaProperties?
    /// The content's size in bytes: a regular file's size, or the length of bytes in memory
    /// or of a stream that ended within the read limit; nil for what is not a regular file
    /// and for a stream judged on its prefix (``prefixLength``).
    public var fileSize: UInt64?

    /// The content's MIME type: the type's preferred one, or (for a type that declares none)
    /// the MIME type its aliases or its parent give; see `UTType.displayMIMEType`.
    public var mimeType: String? { type.displayMIMEType }

    /// Creates a classification.
    public init(
        type: UTType,
        evidence: Evidence,
        detail: String = "",
        magicMIMEType: String? = nil,
        extensionType: UTType? = nil,
        extensionAgrees: Bool? = nil,
        isAnimated: Bool? = nil,
        confidence: Confidence? = nil
    ) {
        self.type = type
        self.evidence = evidence
        self.detail = detail
        self.magicMIMEType = magicMIMEType
        self.extensionType = extensionType
        self.extensionAgrees = extensionAgrees
        self.isAnimated = isAnimated
        self.confidence = confidence ?? Confidence(defaultFor: evidence)
    }
}

/// How sure a classification is, from a name-only guess to a parsed structure.
///
/// The levels are ordered: `name < low < medium < high < certain`.
public enum Confidence: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Only the file's name gave the type: the bytes matched nothing known.
    case name
    /// A weak signature (priority below 40), or libmagic's or the text analysis's generic
    /// answer (plain text, unknown data), or a reading of text other formats share (an
    /// ECMAScript module line).
    case low
    /// A signature of ordinary strength (priority 40–59), or libmagic's specific answer, or
    /// the text analysis's specific one (a script's `#!` line, CSV, ...).
    case medium
    /// A strong signature (priority 60 or more): a long or nested match, an XML root
    /// element with its namespace, a ZIP package whose first entry names its type.
    case high
    /// A structural parser read the format (boxes, chunks, headers, a JSON or XML parse),
    /// or the file's kind (folder, FIFO, device, empty) says it.
    case certain

    /// The level a piece of evidence has when nothing more is known.
    init(defaultFor evidence: Classification.Evidence) {
        switch evidence {
        case .container, .kind, .empty: self = .certain
        case .signature, .magic, .text: self = .medium
        case .name: self = .name
        }
    }

    /// The level of a signature of this priority (0–100).
    package init(signaturePriority priority: Int) {
        self = priority >= 60 ? .high : priority >= 40 ? .medium : .low
    }

    private var rank: Int {
        switch self {
        case .name: 0
        case .low: 1
        case .medium: 2
        case .high: 3
        case .certain: 4
        }
    }

    /// Whether `left` is the less sure level.
    public static func < (left: Confidence, right: Confidence) -> Bool { left.rank < right.rank }
}

/// One source's answer for a file, as `classify --all` lists them (like `file -k`).
public struct Candidate: Sendable, Hashable {
    /// Where an answer came from.
    public enum Source: String, Sendable, Hashable, CaseIterable {
        /// A structural parser.
        case structure
        /// Apache Tika's signature database, compiled in.
        case tika
        /// The project's own signatures, in Tika's format, compiled in.
        case extra
        /// The system's shared-mime-info database (magic rules, XML namespaces).
        case systemDatabase = "system-mime-database"
        /// A signature given by a type declaration file.
        case declarations
        /// libmagic.
        case libmagic
        /// The text analysis.
        case text
        /// The file's name (its extension, a literal name, a multi-dot glob).
        case name
    }

    /// The type this source names.
    public var type: UTType
    /// The MIME type as the source spelled it, when it gave one.
    public var mimeType: String?
    /// Where the answer came from.
    public var source: Source
    /// The signature's priority (0–100), for signature sources.
    public var priority: Int?
    /// How sure this answer alone is.
    public var confidence: Confidence
    /// A short note: the rule's kind, the parser's finding.
    public var detail: String

    /// Creates a candidate.
    public init(
        type: UTType,
        mimeType: String?,
        source: Source,
        priority: Int? = nil,
        confidence: Confidence,
        detail: String = ""
    ) {
        self.type = type
        self.mimeType = mimeType
        self.source = source
        self.priority = priority
        self.confidence = confidence
        self.detail = detail
    }
}
