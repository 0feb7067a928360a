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
        /// Fill ``Classification/candidates`` with every source's answers (structure,
        /// signatures, text, libmagic, name), as `classify --all` does; off by default, since
        /// it asks every source where one usually decides.
        public var listsCandidates: Bool = false
        /// Fill ``Classification/serveSafety`` with what a browser or another parser could
        /// read as something else (data after an image's or PDF's end, HTML in an image,
        /// script in SVG); off by default, since finding an image's end reads all of it.
        public var checksServeSafety: Bool = false
        /// Fill ``Classification/properties`` (dimensions, duration, codecs, ...) for images
        /// and audiovisual content, read by bounded parsers after the type is decided; off by
        /// default.
        public var readsProperties: Bool = false
        /// Creates options with the defaults.
        public init(
            followSymlinks: Bool = true,
            listsCandidates: Bool = false,
            checksServeSafety: Bool = false,
            readsProperties: Bool = false
        ) {
            self.followSymlinks = followSymlinks
            self.listsCandidates = listsCandidates
            self.checksServeSafety = checksServeSafety
            self.readsProperties = readsProperties
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
    private let signatures: SignatureSources
    /// What the system database said of each pair of types (claim, content).
    ///
    /// A batch asks the same few pairs for every file, and each answer walks the database's
    /// parent links through its name tables. Bounded: past ``refinementMemoLimit`` pairs the
    /// rest are worked out each time.
    private let refinementMemo = Locked<[TypePair: Bool]>([:])
    private static let refinementMemoLimit = 4096

    /// Creates a classifier.
    ///
    /// - Parameters:
    ///   - registry: The registry to map results onto; the shared one by default.
    ///   - options: How paths are treated.
    public init(registry: TypeRegistry = .shared, options: Options = Options()) {
        self.registry = registry
        self.options = options
        self.known = KnownTypes(registry: registry)
        self.signatures = SignatureSources(registry: registry)
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
            return try classify(file, name: name)
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
    /// - Throws: Nothing today: bytes in memory are always read, and a detector that fails
    ///   (libmagic) is recorded in ``Classification/detail``. The clause is kept so that
    ///   callers need not change if a source that can fail is added.
    public func classify(bytes: [UInt8], fileName: String? = nil) throws(ClassificationError)
        -> Classification
    {
        let name = FileName(pathBytes: Array((fileName ?? "").utf8))
        return classify(SniffInput(bytes: bytes), name: name)
    }

    /// Classifies an open regular file: its head, then bounded reads where a parser needs
    /// them, all through the one descriptor.
    func classify(_ file: OpenFile, name: FileName) throws(ClassificationError) -> Classification {
        let headCount = Int(min(UInt64(Self.headSize), file.size))
        guard let head = file.read(at: 0, count: headCount) else {
            throw ClassificationError(.ioError, "the file could not be read")
        }
        let input = SniffInput(head: head, fileSize: max(file.size, UInt64(head.count))) {
            offset,
            count in
            file.read(at: offset, count: count)
        }
        return classify(input, name: name)
    }

    private func kindAnswer(_ type: UTType, _ detail: String) -> Classification {
        Classification(type: type, evidence: .kind, detail: detail)
    }

    // MARK: - Content, then name

    func classify(_ input: SniffInput, name: FileName) -> Classification {
        var result = decideContent(input)
        result.fileSize = input.fileSize
        applyName(name, head: input.head, to: &result)
        if options.listsCandidates {
            result.candidates = contentCandidates(input)
            if let claimed = result.extensionType {
                result.candidates.append(
                    Candidate(
                        type: claimed,
                        mimeType: claimed.preferredMIMEType,
                        source: .name,
                        confidence: .name,
                        detail: name.filenameExtension.map { "extension .\($0)" } ?? "whole name"
                    )
                )
            }
        }
        if result.isAnimated == nil, isImage(result.type) { result.isAnimated = false }
        if options.checksServeSafety { checkServeSafety(input, &result) }
        if options.readsProperties {
            result.properties = MediaProperties.read(input.withFreshBudget(), type: result.type)
        }
        return result
    }

    /// Fills ``Classification/serveSafety`` for content already classified.
    func checkServeSafety(_ input: SniffInput, _ result: inout Classification) {
        guard input.fileSize > 0 else {
            result.serveSafety = []
            return
        }
        let identifier = result.type.identifier
        result.serveSafety = ServeSafety.findings(
            identifier: identifier,
            isRasterImage: isImage(result.type) && identifier != "public.svg-image",
            input: input
        ) { [self] trailing in
            decideContent(trailing).type
        }
    }

    /// What the bytes say, in the order docs/classification.md gives.
    ///
    /// The structural parsers, then the signatures of every source by strength, then the
    /// text analysis (which may refine a generic text or XML signature), then libmagic. A
    /// readable file always gets an answer: a detector that fails says so in `detail`.
    private func decideContent(_ input: SniffInput) -> Classification {
        if input.fileSize == 0 {
            return Classification(type: known.data, evidence: .empty, detail: "empty file")
        }
        if let found = structuralAnswer(input) {
            // A loaded declaration may name a kind of what the parser read (a declared
            // `com.example.pack` that conforms to public.zip-archive): its signature refines.
            if let refined = signatures.declaredRefinement(of: found.type, head: input.head) {
                var answer = signatureAnswer(refined)
                answer.detail = found.detail + "; " + answer.detail
                return answer
            }
            // A gzip stream is a wrapper: a strong signature reads past it (KOffice 1
            // documents name their type in the gzip header's file-name field, "KOffice
            // application/x-kword"). So does a plain ZIP or tar for a strong signature of a
            // kind of ZIP or tar: a ZIP whose stored first entry `mimetype` names a type the
            // container parser has no rule for (OpenRaster, Krita: the engine's mimetype-entry
            // rule, priority 90), shared-mime-info's zipped FictionBook (a first entry named
            // *.fb2), an OVA appliance (a tar whose first member is *.ovf). Only a kind of the
            // container is taken: a ZIP whose entry names `image/png` (or a type nobody
            // declared) is still a ZIP to a picker.
            // The gzip payload reader's answers (a compressed tar, SVGZ) are gzip streams
            // too: the header's file name outweighs what the member holds (a KOffice 1
            // document is a gzipped tar).
            let wrapper =
                found.type.conforms(to: known.gzipArchive) ? known.gzipArchive : found.type
            if wrapper == known.gzipArchive || wrapper == known.zipArchive
                || wrapper == known.tarArchive,
                let named = wrappedType(of: wrapper, in: input)
            {
                var answer = signatureAnswer(named)
                answer.detail = found.detail + "; " + answer.detail
                return answer
            }
            return found
        }
        if let behind = contentBehindID3(input) { return behind }
        // An in-memory input's head is the whole buffer: every source sees the same bounded
        // head as for a file.
        var head =
            input.head.count > Self.headSize ? Array(input.head.prefix(Self.headSize)) : input.head
        let text = textAnswer(input)
        // On bytes the text analysis found no text in, a signature that says only "plain
        // text" (Tika's byte-order-mark rules: FF FE, FE FF, EF BB BF) and shared-mime-info's
        // one-marker guesses (priority 10 and below: a first `%` taken for MATLAB) are no
        // evidence: binary data starts with those bytes as often as anything else. Nor is a
        // few-byte signature that WeakEvidence's reading refutes.
        // Nor, on text, is a short run of letters that a binary format opens with (Magika's
        // negative cases: `CWS` in a line about the CWS project, `FLV` in release notes): its
        // header goes on with lengths and versions, which text has none of.
        func evidence(in head: [UInt8], fileSize: UInt64) -> [SignatureSources.Found] {
            signatures.matches(head, fileSize: fileSize, isText: text != nil).filter {
                !known.structurallyOwned.contains($0.type)
                    && (text != nil || (!known.isGenericText($0.type) && $0.match.priority > 10))
                    && known.bytesBearOut($0.type, head: head, fileSize: fileSize)
                    && !(text != nil && $0.match.isLettersOnly
                        && known.isBinaryOnly($0.type, source: $0.match.source))
            }
        }
        var matches = evidence(in: head, fileSize: input.fileSize)
        // Text in UTF-16 or UTF-32, or in UTF-8 behind a byte-order mark, is read again as
        // UTF-8 without the mark when its own bytes matched nothing but "text": the text
        // rules of every source are written in ASCII from offset 0 (a SubRip cue's `-->`,
        // `[Desktop Entry]`, `//` opening C), and libmagic reads such text converted too.
        // So is text whose lines end with CR alone, with LFs: the rules look for LF.
        // Rules for the bytes as they are (a byte-order mark then `W\0i\0n\0`) were asked
        // first.
        // What the decision below reads of the text itself (its root element and XML
        // declaration, its `#!` line) is read in the transcoding too, as the text analysis
        // read it.
        if text != nil, let reading = Self.signatureText(of: head, fileSize: input.fileSize) {
            if matches.allSatisfy({ known.isGenericText($0.type) }) {
                let transcoded = evidence(in: reading.head, fileSize: reading.fileSize)
                if transcoded.contains(where: { !known.isGenericText($0.type) }) {
                    matches = transcoded
                }
            }
            head = reading.head
        }
        guard let best = matches.first else {
            if let text { return text }
            let magic = magicAnswer(head, fileSize: input.fileSize)
            // Nothing knew the bytes: an audio stream behind a few unknown ones, or a ZIP
            // directory at the end, is read last.
            if magic.type == known.data, let late = lateAnswer(input) { return late }
            return magic
        }
        let signature = signatureAnswer(best)
        if let text, text.type == signature.type {
            var same = text
            same.detail += "; \(signature.detail)"
            return same
        }
        if let text {
            // The text analysis parsed what a signature only glimpsed: it wins over a generic
            // text or XML signature (`<?xml` that is SVG, a byte-order mark on JSON), over a
            // signature it refines, and, when it found something specific (a `#!` line's
            // interpreter, JSON, HTML), over any signature that does not refine it (`#!/`
            // read as a shell script where the line names node).
            // Guesses from comment markers (shared-mime-info's rules of priority 10 and
            // below: a first `%`, `##` or `//` taken for MATLAB, TeX or Modelica; Tika's
            // MATLAB rule at 25: `%` first and `\n%` in the first 120 bytes) are not
            // evidence: PostScript, LaTeX, Erlang and Prolog open so as often. On text they
            // only break a tie by name.
            let sigGeneric =
                known.isGenericText(signature.type) || signature.type == known.xml
                || best.match.isCommentMarkerGuess
            let textSpecific = !known.isGenericText(text.type) && text.type != known.xml
            let refines = text.type.conforms(to: signature.type)
            let refined = signature.type.conforms(to: text.type)
            // A document that opens with an XML declaration is XML: a signature of a kind of
            // text that is not XML glimpsed markup inside it (shared-mime-info's HTML rule
            // `<head` in the first 256 bytes, which an element `<heading>` has). A rule that
            // read the root element glimpsed nothing: a page of `<link>`, `<meta>` and
            // `<title>` behind a declaration (TIKA-327) is HTML, as Tika's rule says.
            let declaredXML =
                best.match.kind != .xmlRoot
                && text.type.conforms(to: known.xml) && !signature.type.conforms(to: known.xml)
                && signature.type.conforms(to: known.text)
                && ImageSniffer.xmlRootElement(head[...])?.hasDeclaration == true
            // A strong signature (priority 80 and up: long or anchored, as Tika's `<tmx` root
            // rule) is not outweighed by a specific text answer that does not refine it: the
            // text analysis reads markup loosely (`<body>` near the start of a TMX file).
            // So is a root-element rule, which names the document's root and its namespace,
            // against the text analysis's HTML: a TTML or SPARQL-results document has a
            // `<head>` child that it takes for HTML. (An `html` root is left to the text
            // analysis: without an XML declaration, a page in XHTML's namespace is read as
            // HTML, as browsers do.)
            let rootRule =
                best.match.kind == .xmlRoot
                && (text.type == known.html || text.type == known.xhtml)
                && ImageSniffer.xmlRootElement(head[...])?.name.lowercased() != "html"
            let strong = best.match.priority >= 80 || rootRule
            // A `#!` line that names a program the interpreter table does not know (so no
            // shell) is a script of that program: Tika's `#!/` rule guesses a shell script
            // from the two bytes alone.
            let otherInterpreter =
                text.type == known.script && signature.type.conforms(to: known.shellScript)
            // A `#!` line that names a known interpreter outweighs a weaker signature of another
            // interpreter's scripts read in the body: shared-mime-info's Perl rule `BEGIN {` in
            // the first 256 bytes, which an awk program inside a shell script holds (Apple's
            // Perl type is a kind of shell script, so the signature would seem to refine it).
            let shebangOutweighs =
                !strong && TextSniffer.shebang(head[...])?.identifier == text.type.identifier
                && TextSniffer.interpreterScriptTypes.contains(signature.type.identifier)
            // A tentative reading (C's preprocessor lines, an ECMAScript `import`) does not
            // outweigh a signature of something that is not text: an X bitmap is C source.
            let tentativeOnNonText =
                text.confidence == .low && !signature.type.conforms(to: known.text)
            // INI is a grammar that other formats share (desktop entries, keyfiles, Windows
            // setup files): a signature naming one of them says more than the text analysis.
            let sharedGrammar = text.type == known.ini
            if sigGeneric || refines
                || (textSpecific && !refined && !strong && !tentativeOnNonText && !sharedGrammar)
                || declaredXML
                || otherInterpreter || shebangOutweighs
            {
                var refined = text
                refined.detail += "; \(signature.detail)"
                refined.otherSignatureTypes = Self.others(in: matches, than: text.type)
                return refined
            }
        }
        if best.match.priority < 40, text == nil {
            // A weak signature (a short value at a fixed offset) on binary data: libmagic's
            // specific answer, if it has one, is better evidence. (On text, a weak signature
            // stands, and a name claiming another kind of text outweighs it.)
            let magic = magicAnswer(head, fileSize: input.fileSize)
            if magic.type != known.data, !known.isGenericText(magic.type),
                magic.type != signature.type
            {
                return magic
            }
        }
        if let refinement = WeakEvidence.refinement(
            of: signature.type.identifier,
            head: head,
            fileSize: input.fileSize
        ),
            refinement.identifier != signature.type.identifier,
            let refined = registry.type(withIdentifier: refinement.identifier)
        {
            // Tika's and shared-mime-info's rules read only `MZ`, or `BOOKMOBI`; the header
            // the stub points to tells a DOS program from 16-bit Windows and VxD/OS/2 ones,
            // the MOBI header's version a Kindle Format 8 book from a Mobipocket one.
            var answer = signature
            answer.type = refined
            answer.detail += "; \(refinement.note)"
            return answer
        }
        guard best.match.priority < 80 else { return signature }
        var answer = signature
        answer.otherSignatureTypes = Self.others(in: matches, than: signature.type)
        return answer
    }

    /// The types of the matches below 80 that are neither `type` nor one of its supertypes:
    /// the other readings of the bytes, among which a name may pick.
    private static func others(
        in matches: [SignatureSources.Found],
        than type: UTType
    ) -> [UTType] {
        matches.lazy.filter { $0.match.priority < 80 }.map(\.type).filter {
            $0 != type && !type.conforms(to: $0)
        }
    }

    /// The strongest signature (priority 60 or more) that reads past a gzip, ZIP or tar
    /// answer: any other type for gzip, a kind of the container for ZIP and tar.
    private func wrappedType(of container: UTType, in input: SniffInput) -> SignatureSources.Found?
    {
        // The same bounded head the signatures see in the decision below.
        let head =
            input.head.count > Self.headSize ? Array(input.head.prefix(Self.headSize)) : input.head
        return signatures.matches(head, fileSize: input.fileSize).first {
            $0.match.priority >= 60 && $0.type != container && !container.conforms(to: $0.type)
                && (container == known.gzipArchive || $0.type.conforms(to: container)
                    || isPackageOfTheDatabase($0, in: container))
                && known.bytesBearOut($0.type, head: head, fileSize: input.fileSize)
        }
    }

    /// Whether a ZIP's first entry `mimetype` names a type that only the system database
    /// declares, with no parent but data.
    ///
    /// A KOffice 1.4 document (`application/x-karbon`, `application/x-kchart`) is one:
    /// shared-mime-info knows it by name and glob but links it to no container. The database
    /// says nothing against the package, and the package says what it is. A type the
    /// registry places under media or text (an `image/` name, a parent) stays a ZIP; the
    /// families a generic icon gives (a spreadsheet, a document) are no such place.
    private func isPackageOfTheDatabase(
        _ found: SignatureSources.Found,
        in container: UTType
    ) -> Bool {
        container == known.zipArchive && found.match.kind == .zipMimetypeEntry
            && found.type.isDynamic && found.type.source == .systemMIMEDatabase
            && found.type.parents.allSatisfy { $0 == known.data }
            && ![known.image, known.audiovisual, known.text].contains {
                found.type.conforms(to: $0)
            }
    }

    /// Every content source's answer, each asked on its own (the decision stops at the first
    /// that is sure): structure, each signature match, the text analysis, libmagic.
    private func contentCandidates(_ input: SniffInput) -> [Candidate] {
        guard input.fileSize > 0 else { return [] }
        func candidate(_ answer: Classification, _ source: Candidate.Source) -> Candidate {
            Candidate(
                type: answer.type,
                mimeType: answer.magicMIMEType ?? answer.type.preferredMIMEType,
                source: source,
                confidence: answer.confidence,
                detail: answer.detail
            )
        }
        var list: [Candidate] = []
        if let structural = structuralAnswer(input) {
            list.append(candidate(structural, .structure))
        } else if let late = lateAnswer(input) {
            // What is read last (a stream behind unknown bytes, a ZIP directory at the end) is
            // a reading of the structure too.
            list.append(candidate(late, .structure))
        }
        let head =
            input.head.count > Self.headSize ? Array(input.head.prefix(Self.headSize)) : input.head
        let text = textAnswer(input)
        var matches = signatures.matches(head, fileSize: input.fileSize, isText: text != nil)
            .map { (found: $0, transcoded: false) }
        // Wide, marked or CR-ended text is also read as the decision reads it.
        if text != nil, let reading = Self.signatureText(of: head, fileSize: input.fileSize) {
            matches += signatures.matches(reading.head, fileSize: reading.fileSize, isText: true)
                .map { (found: $0, transcoded: true) }
        }
        for (found, transcoded) in matches {
            let source: Candidate.Source
            switch found.match.source {
            case .tika: source = .tika
            case .extra: source = .extra
            case .systemDatabase: source = .systemDatabase
            case .declaration: source = .declarations
            }
            list.append(
                Candidate(
                    type: found.type,
                    mimeType: found.match.mimeType,
                    source: source,
                    priority: found.match.priority,
                    confidence: Confidence(signaturePriority: found.match.priority),
                    detail: Self.describe(found.match)
                        + (transcoded ? ", in its UTF-8 reading" : "")
                )
            )
        }
        if let text { list.append(candidate(text, .text)) }
        list.append(candidate(magicAnswer(head, fileSize: input.fileSize), .libmagic))
        return list
    }

    /// What bytes nothing knew may still be, read last at medium confidence: an MPEG audio
    /// stream behind them (``AudioStreamSniffer/sniffAfterUnknownBytes(_:)``), or a ZIP
    /// archive whose directory ends the file (``ContainerSniffer/zipByEndRecord(_:)``: a
    /// split archive's last volume).
    private func lateAnswer(_ input: SniffInput) -> Classification? {
        guard
            let late = AudioStreamSniffer.sniffAfterUnknownBytes(input)
                ?? ContainerSniffer.zipByEndRecord(input) ?? BinarySniffer.partitionedDisk(input),
            let type = registry.type(withIdentifier: late.identifier)
        else { return nil }
        return Classification(
            type: type,
            evidence: .container,
            detail: late.detail,
            confidence: .medium
        )
    }

    /// The first structural parser's answer, if one is sure.
    private func structuralAnswer(_ input: SniffInput) -> Classification? {
        for sniffer in Self.structuralSniffers {
            if let found = sniffer(input),
                let type = registry.type(withIdentifier: found.identifier)
            {
                var answer = Classification(
                    type: type,
                    evidence: .container,
                    detail: found.detail,
                    isAnimated: isImage(type) ? found.isAnimated : nil,
                    confidence: found.isTentative ? .medium : nil
                )
                answer.otherSignatureTypes = found.alternatives.compactMap {
                    registry.type(withIdentifier: $0)
                }
                return answer
            }
        }
        return nil
    }

    private func signatureAnswer(_ found: SignatureSources.Found) -> Classification {
        Classification(
            type: found.type,
            evidence: .signature,
            detail: "signature \(found.match.mimeType) (\(Self.describe(found.match)))",
            confidence: Confidence(signaturePriority: found.match.priority)
        )
    }

    /// `tika magic, priority 50`, as `detail` and `--all` say where a match came from.
    static func describe(_ match: SignatureMatch) -> String {
        let source: String
        switch match.source {
        case .tika: source = "Tika"
        case .extra: source = "mediatype"
        case .systemDatabase: source = "shared-mime-info"
        case .declaration: source = "declarations"
        }
        let kind: String
        switch match.kind {
        case .magic: kind = "magic"
        case .xmlRoot: kind = "XML root element"
        case .zipMimetypeEntry: kind = "ZIP mimetype entry"
        }
        return "\(source) \(kind), priority \(match.priority)"
    }

    /// What follows the ID3v2 tags at the start of a file that no parser read behind them.
    ///
    /// Some taggers put a tag before a whole WAV, AIFF or DTS file; the media sniffer reads
    /// the containers it knows behind the tags, and this step the rest (DTS by its
    /// signature). The bytes after the tags are classified as a file of their own, and an
    /// audio or video answer from a parser, a signature or libmagic is taken; anything else
    /// leaves the file to the usual order (where Tika's `ID3` rules name MP3 or AAC).
    private func contentBehindID3(_ input: SniffInput) -> Classification? {
        guard let end = AudioStreamSniffer.endOfLeadingTags(input),
            let inner = input.shifted(by: end, headCount: Self.headSize),
            !inner.head.starts(with: Array("ID3".utf8))
        else { return nil }
        var answer = decideContent(inner)
        guard answer.type.conforms(to: known.audiovisual),
            [.container, .signature, .magic].contains(answer.evidence)
        else { return nil }
        answer.detail = "ID3v2 tags of \(end) bytes skipped; " + answer.detail
        return answer
    }

    /// The head of a text as the signatures' text rules read it
    /// (``TextSniffer/signatureText(of:)``), with the file size that reading stands for: its
    /// own length when the head was the whole file.
    private static func signatureText(of head: [UInt8], fileSize: UInt64)
        -> (head: [UInt8], fileSize: UInt64)?
    {
        guard let text = TextSniffer.signatureText(of: head) else { return nil }
        return (text, UInt64(head.count) >= fileSize ? UInt64(text.count) : fileSize)
    }

    /// The text analysis's answer, if the head is text.
    private func textAnswer(_ input: SniffInput) -> Classification? {
        guard let found = TextSniffer.sniff(input),
            let type = registry.type(withIdentifier: found.identifier)
        else { return nil }
        var answer = Classification(
            type: type,
            evidence: .text,
            detail: found.detail,
            confidence: known.isGenericText(type) || found.isTentative ? .low : .medium
        )
        answer.otherSignatureTypes = found.alternatives.compactMap {
            registry.type(withIdentifier: $0)
        }
        return answer
    }

    /// libmagic's answer for the head; a failure of libmagic is an answer too (unknown data,
    /// with the reason in `detail`), never an error for a file that could be read.
    private func magicAnswer(_ head: [UInt8], fileSize: UInt64) -> Classification {
        let magic: String
        do {
            magic = try pool.withCookie { cookie throws(MagicError) in
                try cookie.mimeType(of: head)
            }
        } catch {
            return Classification(
                type: known.data,
                evidence: .magic,
                detail: "libmagic failed: \(error.message)",
                confidence: .low
            )
        }
        let type = typeForMagic(magic)
        // libmagic answers text/plain for bytes padded with NULs (it reads text up to
        // trailing zeros: a header over an empty body, LLVM bitcode's stub) and for bytes
        // that are all letters of ISO 8859 (raw white pixels, FF FF FF FF): text holds no
        // NUL byte (UTF-16 without a byte-order mark, which does, libmagic does not call
        // text either) and some ASCII, a space or a line end if nothing else.
        let notText =
            known.isGenericText(type)
            && (head.contains(0)
                || !head.contains { (0x09...0x0D).contains($0) || (0x20..<0x7F).contains($0) })
        guard !notText, known.bytesBearOut(type, head: head, fileSize: fileSize) else {
            return Classification(
                type: known.data,
                evidence: .magic,
                detail: "libmagic: \(magic), which the bytes do not bear out",
                confidence: .low
            )
        }
        let generic = type == known.data || known.isGenericText(type)
        return Classification(
            type: type,
            evidence: .magic,
            detail: "libmagic: \(magic)",
            magicMIMEType: magic,
            isAnimated: isImage(type) ? false : nil,
            confidence: generic ? .low : .medium
        )
    }

    /// The sniffers that read binary structure, in the order they are asked.
    private static let structuralSniffers: [@Sendable (SniffInput) -> SniffResult?] = [
        ContainerSniffer.sniff, MediaSniffer.sniff, ImageSniffer.sniff, BinarySniffer.sniff,
        FontSniffer.sniff,
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

    /// Lets the name break ties, and records whether it agrees with the content.
    ///
    /// The name's claims are its extension's declared types, then the system database's
    /// types for the extension; a name with no extension, or with several dots, or of text
    /// or unknown content, is also looked up whole in the system database (literal names such
    /// as `Makefile` and `pom.xml`, multi-dot globs such as `*.tar.gz`), and a longer match
    /// comes first. Except for text that a signature named, the declared types are tried
    /// first; the database's are added only when those decide nothing, since finding them
    /// costs more.
    private func applyName(_ name: FileName, head: [UInt8], to result: inout Classification) {
        let isText = result.type.conforms(to: known.text)
        let whole = wholeNameClaims(name, textOrUnknown: isText || result.type == known.data)
        guard let filenameExtension = name.filenameExtension else {
            if !whole.isEmpty {
                _ = decide(result: &result, claimed: whole, final: true, head: head)
            }
            return
        }
        let declared = registry.declaredTypes(tag: filenameExtension, tagClass: .filenameExtension)
        // Text a signature named, or the text analysis read tentatively, is matched against
        // every type the extension may name: shared-mime-info gives `.t` to Perl as well as
        // to troff, and a Perl signature on a `.t` file agrees with the name rather than
        // yielding to the declared troff; `.cl` is OpenCL there, and C's lines say so.
        let tentative =
            result.evidence == .signature
            || result.evidence == .text && result.confidence == .low
        if whole.isEmpty, !declared.isEmpty, !(isText && tentative),
            decide(result: &result, claimed: declared, final: false, head: head)
        {
            return
        }
        let all = registry.types(
            tag: filenameExtension,
            tagClass: .filenameExtension,
            conformingTo: nil
        )
        var claimed = whole
        for type in all where (!type.isDynamic || type.isDeclared) && !claimed.contains(type) {
            claimed.append(type)
        }
        guard !claimed.isEmpty else {
            result.extensionType = all.first
            if result.evidence == .empty, all.first != nil { result.extensionAgrees = false }
            return
        }
        _ = decide(result: &result, claimed: claimed, final: true, head: head)
    }

    /// The types the system database gives the whole name, when the name has no extension
    /// or several dots, or when the content is text or unknown; empty otherwise, or when they
    /// are what the extension alone gives.
    ///
    /// A literal pattern with one dot (`pom.xml`, `meson.build`, `project.godot`) names a
    /// text file, so a one-dot name is looked up whole only for text or unknown content.
    private func wholeNameClaims(_ name: FileName, textOrUnknown: Bool) -> [UTType] {
        // The name first: most names have one dot, and then for media and documents the
        // database (opened on first use, a quarter of a one-file run) is not needed at all.
        guard name.filenameExtension == nil || name.dotCount > 1 || textOrUnknown,
            let base = name.baseName,
            let database = registry.mimeDatabase
        else { return [] }
        let mimeTypes = database.mimeTypes(forFileName: base)
        guard !mimeTypes.isEmpty else { return [] }
        if let filenameExtension = name.filenameExtension,
            mimeTypes == database.mimeTypes(forExtension: filenameExtension)
        {
            return []
        }
        return mimeTypes.compactMap {
            registry.type(tag: $0, tagClass: .mimeType, conformingTo: nil)
        }
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
        if result.evidence == .empty {
            // No content, so no type: the name's claim is reported, never taken.
            result.extensionType = claimed[0]
            result.extensionAgrees = false
            return true
        }
        if content == known.data {
            // Unknown bytes take the first claim they do not refute; the system database's
            // magic orders its own claims first. A claim of another kind of thing (text, a
            // folder) passes the turn to the next one (`.vb` names Visual Basic source, then a
            // Virtual Boy ROM); a claim whose format the bytes fail (a signature, a parser, a
            // container) ends the search, as the name's format is then refuted and its
            // variants with it (`.mov` claims QuickTime audio too). When no claim is taken, the
            // answer stays data, with the refusal that ended the search (or the first) as
            // the detail.
            let picked = magicChoice(among: claimed, head: head)
            let ordered = picked.map { pick in [pick] + claimed.filter { $0 != pick } } ?? claimed
            var firstRefusal: String?
            var ending: String?
            for claim in ordered {
                if let (refusal, otherKind) = refusal(of: claim, head: head) {
                    firstRefusal = firstRefusal ?? refusal
                    if otherKind { continue }
                    ending = refusal
                    break
                }
                result.type = claim
                result.evidence = .name
                result.confidence = .name
                result.extensionType = claim
                result.extensionAgrees = true
                var reason = "decided by the name"
                if claim != ordered[0], let firstRefusal { reason += " (\(firstRefusal))" }
                result.detail += Self.joined(result.detail, reason)
                return true
            }
            // The system database may add claims the declared types lack (`.vb` is a Virtual
            // Boy ROM there too): the final call, with every claim, decides.
            guard final else { return false }
            result.extensionType = ordered[0]
            result.extensionAgrees = false
            if let refusal = ending ?? firstRefusal {
                result.detail += Self.joined(result.detail, refusal)
            }
            return true
        }
        if let index = claimed.firstIndex(of: content) {
            // The claims come longest match first: `x.tar.gz` claims a gzip-compressed tar
            // (the whole name's glob) before gzip (its extension's). A longer claim that
            // refines the content's type is the more specific answer, as in GIO.
            if let refined = refiningClaim(among: claimed[..<index], of: content, head: head) {
                result.takeClaim(
                    refined,
                    note: Self.joined(
                        result.detail,
                        "refined by the name to \(refined.identifier)"
                    )
                )
                return true
            }
            result.extensionType = content
            result.extensionAgrees = true
            return true
        }
        if content.identifier == "public.c-plus-plus-source",
            claimed.contains(where: {
                $0.identifier == "public.c-header" || $0.identifier == "public.c-plus-plus-header"
            }),
            let header = registry.type(withIdentifier: "public.c-plus-plus-header")
        {
            // The text tells C++ from C, not a header from a source file: a header's name
            // says which. C++ headers are named `.h` as often as `.hpp`, and Apple's table
            // gives `.h` to C alone, so a `.h` name on C++ makes a header of C++ too.
            result.takeClaim(header, note: "; a C++ header by its name")
            return true
        }
        if [.signature, .text, .container].contains(result.evidence),
            let pick = claimed.first(where: { claim in
                result.otherSignatureTypes.contains { claim.conforms(to: $0) }
            })
        {
            // The bytes match several signatures, none strong: the name picks among them, as
            // GIO lets a name decide over magic below priority 80 (0x31BE opens both a Write
            // and a Word for DOS file; `.wri` says which). A structural parser's alternatives
            // are picked so too (a JPEG with an MP index, named `.mpo`).
            result.takeClaim(
                pick,
                note: "; the name picks \(pick.identifier), whose signature matched too"
            )
            return true
        }
        if result.evidence == .signature && result.confidence < .high
            || result.evidence == .text && result.confidence == .low,
            content.conforms(to: known.text),
            let refined = refiningClaim(among: claimed[...], of: content, head: head)
        {
            // Among the name's claims, one that is a kind of what the signature or a tentative
            // reading found agrees with the bytes and outweighs the others: `.mm` names
            // Objective-C++ and troff's mm macros, and a troff signature says which; `.cl`
            // names Common Lisp and OpenCL (a kind of C), and C's lines say which.
            result.takeClaim(refined, note: "; refined by the name to \(refined.identifier)")
            return true
        }
        if result.evidence == .signature, result.confidence < .high,
            content.conforms(to: known.text),
            let textType = claimed.first(where: {
                $0.conforms(to: known.text) && !known.isGenericText($0) && $0 != known.xml
            })
        {
            // A keyword signature on text (`/*` for C at priority 30, `use strict` for Perl at
            // 40) does not outweigh a name that claims another specific kind of text: as in
            // GIO, where magic below priority 80 yields to the name. A name claiming only
            // plain text or XML does not override it (a certificate named .txt stays one).
            result.takeClaim(
                textType,
                note: "; the name's \(textType.identifier) outweighs the signature"
            )
            return true
        }
        if result.evidence == .text, result.confidence == .low, !known.isGenericText(content),
            let textType = claimed.first(where: { claim in
                claim.conforms(to: known.text) && !known.isGenericText(claim)
                    && !known.isStructuredText(claim) && !content.conforms(to: claim)
            })
        {
            // A tentative reading of the text (an ECMAScript `import` line, written in Slint,
            // QML and TypeScript alike; a template's tags, written in HTML pages) yields to a
            // name claiming another kind of text, as GIO lets a name decide when no strong
            // magic matched. XML and JSON, which the analysis reads by their grammar, do not.
            result.takeClaim(
                textType,
                note: "; the name's \(textType.identifier) outweighs the text analysis"
            )
            return true
        }
        if content == known.xml, result.evidence == .text,
            ImageSniffer.xmlRootElement(head[...])?.hasDeclaration != true,
            let textType = claimed.first(where: {
                $0.conforms(to: known.text) && !known.isGenericText($0)
                    && !$0.conforms(to: known.xml)
            })
        {
            // Markup without an XML declaration is XML only by its look: a Vue or Svelte
            // component (`<template>` first), a JSP or a template is markup too, and a name
            // that claims such a kind of text decides. A declaration settles XML.
            result.takeClaim(
                textType,
                note: "; the name's \(textType.identifier) refines markup without a declaration"
            )
            return true
        }
        if content.tags.isEmpty, content.isDeclared, content.parents.count > 1,
            let sibling = claimed.first(where: { claim in
                claim.isDeclared && content.parents.allSatisfy { claim.conforms(to: $0) }
            })
        {
            // A type with no tags of its own is a kind the bytes single out within its
            // parents by convention, not by structure (ASF video whose codec is not Windows
            // Media Video). A name claiming a type of all the same parents (`.wmv`) is the
            // maker's word on that convention, and stands.
            result.takeClaim(
                sibling,
                note: "; the name's \(sibling.identifier) is of the same kind"
            )
            return true
        }
        if [.container, .signature, .magic].contains(result.evidence),
            let variant = claimed.first(where: {
                RoleVariants.isVariant($0.identifier, of: content.identifier)
            })
        {
            // The same bytes put to another use (a template, a slide show, a ringtone): the
            // name says which, as the application that opens it reads it.
            result.takeClaim(
                variant,
                note: "; the name's \(variant.identifier) is this format in another use"
            )
            return true
        }
        // A kind of the content's type, in the registry or by the system database's
        // sub-class-of links (a Snap package is a SquashFS image to shared-mime-info).
        if let refined = refiningClaim(among: claimed[...], of: content, head: head) {
            result.takeClaim(refined, note: "; refined by the name to \(refined.identifier)")
            return true
        }
        guard final else { return false }
        result.extensionType = claimed[0]
        if let agreeing = claimed.first(where: { content.conforms(to: $0) }) {
            result.extensionType = agreeing
            result.extensionAgrees = true
            return true
        }
        // Plain text is not XML, JSON or HTML: the text analysis would have said so. A claim
        // of one of those (`.ts` as a Qt Linguist XML file, where the text is TypeScript)
        // does not fit the content.
        let structured = [known.xml, known.json, known.html]
        let textTypes = claimed.filter { claim in
            claim.conforms(to: known.text) && !structured.contains { claim.conforms(to: $0) }
                && opensAsStructure(claim, head: head)
        }
        if known.isGenericText(content),
            let textType = magicChoice(among: textTypes, head: head) ?? textTypes.first
        {
            result.takeClaim(textType, note: "; text type from the name")
            result.confidence = min(result.confidence, .low)
            return true
        }
        result.extensionAgrees = false
        return true
    }

    /// `"; "` before `note` when `detail` already says something.
    private static func joined(_ detail: String, _ note: String) -> String {
        detail.isEmpty ? note : "; " + note
    }
}

extension Classifier {
    /// Of the claims that are kinds of `content` (``refinesByName(_:_:head:)``), the one the
    /// system database's magic picks, else the first.
    fileprivate func refiningClaim(
        among claims: ArraySlice<UTType>,
        of content: UTType,
        head: [UInt8]
    ) -> UTType? {
        let refining = claims.filter { refinesByName($0, content, head: head) }
        return magicChoice(among: refining, head: head) ?? refining.first
    }

    /// Whether a longer name pattern's `claim` is a kind of `content`.
    ///
    /// A kind in the registry, or in the system database, whose sub-class-of links hold where
    /// Apple's table has none (its XZ-compressed tar is no kind of XZ file; shared-mime-info's
    /// is). The database is asked only about a content type with a MIME type of its own: a
    /// kind the bytes single out below its MIME type (ASF video, shown as ASF) is not refined
    /// by the MIME type's kinds.
    ///
    /// A kind of XML, HTML or JSON refines only bytes that open as one (`<`, or `{`, `[` or a
    /// comment's `/`, after a byte-order mark and white space): shared-mime-info makes XML a
    /// kind of plain text, and Standard ML source named `.sml` is no SMIL presentation. Text
    /// is refined only to a kind of text in the registry.
    ///
    /// A content type whose parser reads the field that names its kinds (a Palm database's
    /// type and creator) is not refined by a name at all: the parser leaves the kinds a
    /// database signs to their signatures, so a Palm application named `.prc` is no
    /// Mobipocket book.
    fileprivate func refinesByName(_ claim: UTType, _ content: UTType, head: [UInt8]) -> Bool {
        guard opensAsStructure(claim, head: head), !known.kindsReadByParser.contains(content)
        else { return false }
        if claim.isSubtype(of: content) { return true }
        // Text is refined only to a kind of text: the database makes an OpenPGP signature a
        // kind of plain text (for its armour), and Standard ML named `.sig` is no signature.
        guard !content.conforms(to: known.text) || claim.conforms(to: known.text) else {
            return false
        }
        guard claim != content else { return false }
        let pair = TypePair(claim: claim, content: content)
        if let remembered = refinementMemo.withLock({ $0[pair] }) { return remembered }
        let answer = refinesInDatabase(claim, content)
        refinementMemo.withLock { memo in
            if memo.count < Self.refinementMemoLimit { memo[pair] = answer }
        }
        return answer
    }

    /// A name's claim and the content's type, the key of the refinements remembered.
    struct TypePair: Hashable {
        let claim: UTType
        let content: UTType
    }

    /// Whether the system database makes `claim`'s MIME type a kind of `content`'s (through
    /// any number of sub-class-of links, 32 types at most).
    private func refinesInDatabase(_ claim: UTType, _ content: UTType) -> Bool {
        guard let database = registry.mimeDatabase, let claimMIME = claim.displayMIMEType,
            let contentMIME = content.preferredMIMEType
        else { return false }
        let target = database.canonicalMIMEType(for: contentMIME) ?? contentMIME
        var seen: Set<String> = []
        var queue = [database.canonicalMIMEType(for: claimMIME) ?? claimMIME]
        while let next = queue.popLast(), seen.count < 32 {
            guard seen.insert(next).inserted else { continue }
            let parents = database.parents(of: next)
            if parents.contains(target) { return true }
            queue += parents
        }
        return false
    }

    /// Whether the head opens as `type`'s structure when it is a kind of XML, HTML or JSON,
    /// or an armoured OpenPGP message.
    ///
    /// True for other types, for an empty head (nothing read) and for UTF-16 or UTF-32 text.
    /// A kind of XML whose signatures name its root elements must have a root they allow.
    private func opensAsStructure(_ type: UTType, head: [UInt8]) -> Bool {
        if type.identifier == "org.openpgp.armored-message" {
            // OpenPGP's armour (RFC 9580, section 6.2) opens with its header line; `.asc` is
            // AsciiDoc's extension too, and an AsciiDoc page is no armoured message.
            return TextSniffer.contains(head.prefix(1024)[...], "-----BEGIN PGP ")
        }
        let openers: [UInt8]
        if type.conforms(to: known.xml) || type.conforms(to: known.html) {
            openers = [UInt8(ascii: "<")]
        } else if type.conforms(to: known.json) {
            // `/` too: JSON with comments (`tsconfig.json`, editor settings) opens with one.
            openers = [UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "/")]
        } else {
            return true
        }
        let start = TextSniffer.contentStart(head)
        guard !TextSniffer.opensWithWideByteOrderMark(head), start < head.count else {
            return true
        }
        guard openers.contains(head[start]) else { return false }
        // A kind of XML known by its root element is not a document with another root: a
        // WordprocessingML `settings.xml` is no Maven file, whatever shared-mime-info's
        // literal name says.
        if type.conforms(to: known.xml), let mimeTypes = type.tags[.mimeType], !mimeTypes.isEmpty {
            return !head.withUnsafeBufferPointer {
                SignatureDatabase.builtin.rootElementRefutes(Set(mimeTypes), head: $0)
            }
        }
        return true
    }

    /// Why bytes no content source knew cannot be `claim`, and whether the claim is another
    /// kind of thing altogether (text, a folder) rather than a format the bytes fail; nil
    /// when the name may decide.
    private func refusal(of claim: UTType, head: [UInt8]) -> (String, otherKind: Bool)? {
        let claims = "the name claims \(claim.identifier)"
        if claim.conforms(to: known.directory) {
            // A package or folder type (Keynote's `.key` bundle, an `.app`) names a folder;
            // a regular file is never one.
            return ("\(claims), a folder type, and this is a file", true)
        }
        if claim.conforms(to: known.text) {
            // The text analysis found no text: a name claiming a kind of text (`.vb`,
            // Visual Basic, on a Virtual Boy ROM; `.ts`, TypeScript, on transport-stream
            // packets no parser confirmed) does not fit the bytes.
            return ("\(claims), a kind of text, and the bytes are not text", true)
        }
        if let container = known.containerTheBytesLack(claim, head: head) {
            // Every file of the claimed format is a ZIP package or an OLE2 compound file
            // (Office Open XML, Java and Android archives, Windows Installer): bytes that do
            // not open as one are not that format.
            return ("\(claims), \(container), and the bytes are not one", false)
        }
        if known.parserRecognised.contains(claim)
            || (signatures.hasSignature(claim) && !known.partlySigned.contains(claim))
        {
            // The claimed format has a signature (or a parser that reads every file of it)
            // and the bytes match none: not that format, whatever the name says.
            return ("\(claims), whose signature the bytes lack", false)
        }
        return nil
    }

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

extension Classification {
    /// Takes the name's claimed `type` as the answer, the claim agreeing, with `note` added to
    /// the detail as given.
    fileprivate mutating func takeClaim(_ type: UTType, note: String) {
        self.type = type
        extensionType = type
        extensionAgrees = true
        detail += note
    }
}

/// The types the classifier names often, resolved once.
struct KnownTypes: Sendable {
    let item, data, text, plainText, xml, json, html, xhtml, ini, image: UTType
    let folder, directory, symlink: UTType
    let fifo, socket, characterDevice, blockDevice, zipArchive, gzipArchive, tarArchive: UTType
    let script, shellScript: UTType
    let audiovisual: UTType
    private let genericText: [UTType]

    /// Types whose signatures a structural parser's silence refutes.
    ///
    /// Their parsers read every file that their signatures match: Tika's ICO rule is four
    /// bytes (`00 00 01 00`, which JBIG and many headers also start with) and its MPEG audio
    /// rule accepts any frame sync after zero bytes, and their TrueType rule is the version
    /// `00 01 00 00` alone, where the parsers check the icon directory, a chain of frames and
    /// the font's table directory; its ACES rule is every scan-line OpenEXR file's version
    /// field, where the parser looks for the container's flag. When they did not claim the
    /// file, a signature of these types is not evidence.
    let structurallyOwned: [UTType]

    /// Types whose every file a structural parser here recognises by its header.
    ///
    /// No signature database describes them: research images (SPIDER, IFUNC, FTEX),
    /// farbfeld, Aseprite, PFM, PSB, OptimFROG, TAK, MAUD, and the TIFF-based camera raws the
    /// raw parser tells apart by maker. Bytes that parser did not claim are not of the type,
    /// as for a type with a signature, whatever the name says.
    let parserRecognised: [UTType]

    /// Types whose every file is an OLE2 compound file (the Office formats that had other
    /// layouts before OLE2, Word, Excel, Works, are not listed; their signatures speak).
    private let compoundFiles: [UTType]

    /// Types whose every file is a ZIP package besides the kinds of ZIP and of Office Open XML
    /// (Apple files the OOXML formats under `org.openxmlformats.openxml`, not ZIP).
    private let zipPackages: [UTType]

    private let openXML: UTType

    /// The container every file of `type` is (`"a ZIP package"`, `"an OLE2 compound file"`)
    /// when the head does not open as one; nil when it does, or when the type has no such
    /// container.
    func containerTheBytesLack(_ type: UTType, head: [UInt8]) -> String? {
        if type.conforms(to: zipArchive) || type.conforms(to: openXML)
            || zipPackages.contains(type)
        {
            let zip =
                head.count >= 4 && head[0] == 0x50 && head[1] == 0x4B
                && [(3, 4), (5, 6), (7, 8)].contains { head[2] == $0.0 && head[3] == $0.1 }
            return zip ? nil : "a ZIP package"
        }
        if compoundFiles.contains(type) {
            let ole = head.starts(with: ContainerSniffer.compoundFileSignature)
            return ole ? nil : "an OLE2 compound file"
        }
        return nil
    }

    /// Types whose structural parser reads the field that names their kinds (a Palm
    /// database's type and creator codes, which say PalmDOC or Mobipocket) and answers only
    /// for the kinds no signature names: a name claiming a kind does not refine them.
    let kindsReadByParser: [UTType]

    /// Types with a signature for one variant only: bytes that fail it may be the other.
    ///
    /// Binary STL has no magic (an 80-byte header of any content, then a count); the
    /// databases' `solid` rule describes ASCII STL alone.
    let partlySigned: [UTType]

    /// Types that are not a kind of text but whose files may be text from end to end: the
    /// rest are binary formats, whose few letters of signature on text are no evidence.
    ///
    /// PDF, FDF and PostScript documents, mail, `ar`, ASCII cpio and WARC archives, uuencoded
    /// files, ASCII STL, FBX and DXF models, clear-text CGM, VICAR labels, plain Netpbm
    /// images, X pixmaps and bitmaps, Emacs Lisp bytecode of Emacs 18 (`byte-code` calls),
    /// HP-GL plots.
    private let textCapable: [UTType]

    /// Text formats that shared-mime-info does not make a kind of `text/plain`.
    private let textCapableMIMETypes: Set<String> = [
        "image/x-skencil", "application/x-tgif", "application/x-t602",
        "application/x-quicktime-media-link",
    ]

    /// Whether a type's files are binary.
    ///
    /// A declared type (Apple's table or the project's) is binary when it is not a kind of
    /// text nor one of ``textCapable``. A type known only by a MIME type (a `dyn.` identifier)
    /// is judged only when the system database named it: shared-mime-info makes its text
    /// formats kinds of `text/plain`, but for the few in ``textCapableMIMETypes``, while
    /// Tika's database often does not (its Mathematica notebooks are text with no parent).
    /// A signature a loaded declaration file gives is its author's claim, and stands.
    func isBinaryOnly(_ type: UTType, source: SignatureMatch.Source) -> Bool {
        guard source != .declaration, !type.conforms(to: text) else { return false }
        if type.isDynamic {
            guard source == .systemDatabase, let mimeType = type.preferredMIMEType else {
                return false
            }
            return !mimeType.hasPrefix("text/") && !textCapableMIMETypes.contains(mimeType)
        }
        return !textCapable.contains(where: { type.conforms(to: $0) })
    }

    /// Types whose few-byte signatures ``WeakEvidence`` checks further, resolved once.
    private let weaklySigned: [(type: UTType, check: WeakEvidence.Check)]

    /// Whether the bytes bear out a signature's (or libmagic's) claim of the type: true for
    /// a type without a check, else what its ``WeakEvidence`` check finds.
    func bytesBearOut(_ type: UTType, head: [UInt8], fileSize: UInt64) -> Bool {
        // A type from the system MIME database has a `dyn.` identifier; its MIME type
        // names it.
        guard
            let check = weaklySigned.first(where: { $0.type == type })?.check
                ?? (type.isDynamic
                    ? type.preferredMIMEType.flatMap { WeakEvidence.checkedMIMETypes[$0] } : nil)
        else {
            return true
        }
        return WeakEvidence.holds(check, head: head, fileSize: fileSize)
    }

    init(registry: TypeRegistry) {
        func type(_ identifier: String) -> UTType {
            registry.type(withIdentifier: identifier) ?? UTType.data
        }
        item = type("public.item")
        data = type("public.data")
        text = type("public.text")
        plainText = type("public.plain-text")
        xml = type("public.xml")
        json = type("public.json")
        html = type("public.html")
        xhtml = type("public.xhtml")
        ini = type("org.winehq.ini")
        image = type("public.image")
        folder = type("public.folder")
        directory = type("public.directory")
        symlink = type("public.symlink")
        fifo = type("public.fifo")
        socket = type("public.socket")
        characterDevice = type("public.character-device")
        blockDevice = type("public.block-device")
        zipArchive = type("public.zip-archive")
        gzipArchive = type("org.gnu.gnu-zip-archive")
        tarArchive = type("public.tar-archive")
        script = type("public.script")
        shellScript = type("public.shell-script")
        audiovisual = type("public.audiovisual-content")
        let owned = [
            "com.microsoft.ico", "com.microsoft.cursor", "public.mp3", "public.truetype-ttf-font",
            "org.oscars.aces-image",
        ]
        structurallyOwned = owned.compactMap { registry.type(withIdentifier: $0) }
        let recognised = [
            "edu.wadsworth.spider-image", "com.labeye.ifunc-image",
            "com.particle-systems.ftex-texture", "org.suckless.farbfeld-image",
            "org.aseprite.aseprite-image", "net.sourceforge.netpbm.pfm",
            "com.adobe.photoshop-large-image", "org.losslessaudio.optimfrog", "de.thbeck.tak",
            "com.macrosystem.maud-audio", "com.adobe.raw-image", "com.nikon.raw-image",
            "com.nikon.nrw-raw-image", "com.sony.arw-raw-image", "com.pentax.raw-image",
            "com.samsung.raw-image", "com.kodak.raw-image", "com.hasselblad.3fr-raw-image",
            "com.phaseone.raw-image", "com.leafamerica.raw-image", "com.leica.rwl-raw-image",
            "com.epson.raw-image", "org.jpeg.pgx-image", "mil.dod.cals-raster-image",
            "com.dec.sixel-image", "com.alias.pix-image", "uk.ac.cam.htk-waveform",
            "public.radiance",
        ]
        parserRecognised = recognised.compactMap { registry.type(withIdentifier: $0) }
        kindsReadByParser = [type("com.palm.database")]
        openXML = type("org.openxmlformats.openxml")
        zipPackages = [
            "com.microsoft.xps", "com.microsoft.msix", "com.microsoft.msixbundle",
            "com.apple.pkpass",
        ].compactMap { registry.type(withIdentifier: $0) }
        compoundFiles = [
            "com.microsoft.installer", "com.microsoft.outlook.msg", "com.microsoft.project.mpp",
            "com.kodak.flashpix-image", "com.hancom.hwp5",
        ].compactMap { registry.type(withIdentifier: $0) }
        partlySigned = [type("public.standard-tesselated-geometry-format")]
        textCapable = [
            "com.adobe.pdf", "com.adobe.fdf", "com.adobe.postscript", "public.email-message",
            "com.apple.mail.email", "org.gnu.ar-archive", "public.cpio-archive",
            "org.archive.warc", "public.uuencoded-archive",
            "public.standard-tesselated-geometry-format", "com.autodesk.fbx", "com.autodesk.dxf",
            "org.iso.cgm", "gov.nasa.vicar-image", "net.sourceforge.netpbm.pnm",
            "net.sourceforge.netpbm.pbm", "net.sourceforge.netpbm.pgm",
            "net.sourceforge.netpbm.ppm", "public.xbitmap-image", "org.x.xpixmap",
            "org.gnu.emacs-lisp-bytecode", "com.hp.hpgl",
        ].compactMap { registry.type(withIdentifier: $0) }
        weaklySigned = WeakEvidence.checkedTypes.compactMap { entry in
            registry.type(withIdentifier: entry.identifier).map { ($0, entry.check) }
        }
        genericText = [
            text, plainText, type("public.utf8-plain-text"), type("public.utf16-plain-text"),
            type("public.utf16-external-plain-text"),
        ]
    }

    func isGenericText(_ type: UTType) -> Bool { genericText.contains(type) }

    /// Whether a type is XML or JSON, or a kind of one: text whose structure the text
    /// analysis checks rather than guesses. (HTML is not among them: pages are written with
    /// template tags around them, which the analysis may read first.)
    func isStructuredText(_ type: UTType) -> Bool {
        type.conforms(to: xml) || type.conforms(to: json)
    }
}

/// The last component of a path and its extension.
struct FileName: Sendable {
    /// The extension without the dot, lower-cased; nil when the name has none (a leading dot
    /// alone, as in `.profile`, is not an extension).
    let filenameExtension: String?
    /// The last component, when it is valid UTF-8 and not empty.
    let baseName: String?
    /// How many dots the last component holds.
    let dotCount: Int

    init(pathBytes: [UInt8]) {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        let base = pathBytes.lastIndex(of: slash).map { pathBytes[($0 + 1)...] } ?? pathBytes[...]
        baseName = base.isEmpty ? nil : UTF8Text.string(validating: base)
        dotCount = base.reduce(0) { $0 + ($1 == dot ? 1 : 0) }
        guard let lastDot = base.lastIndex(of: dot), lastDot > base.startIndex,
            lastDot + 1 < base.endIndex
        else {
            filenameExtension = nil
            return
        }
        let bytes = base[(lastDot + 1)...]
        filenameExtension = UTF8Text.string(validating: bytes)?.lowercased()
    }
}
