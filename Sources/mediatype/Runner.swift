import MediaClassification
import UniformTypes

/// Runs parsed commands and prints their results.
struct Runner {
    let registry: TypeRegistry
    let options: GlobalOptions
    var format: OutputFormat { options.format }
    let out = Output.standard

    init(registry: TypeRegistry, options: GlobalOptions) {
        self.registry = registry
        self.options = options
    }

    // MARK: - Emitting

    /// Writes results as they come in every format: `--json` as one array written a member at
    /// a time (`[`, then each object, `,` between, `]` at the end), so memory does not grow
    /// with the number of results.
    final class Emitter {
        let format: OutputFormat
        private var count = 0
        init(format: OutputFormat) { self.format = format }

        /// Prints one result; builds only the form the format needs.
        func emit(_ object: @autoclosure () -> JSON, text: () -> String) {
            switch format {
            case .text: Output.standard.line(text())
            case .ndjson: Output.standard.write(object(), newline: true)
            case .json:
                Output.standard.write(count == 0 ? "[" : ",")
                Output.standard.write(object())
            }
            count += 1
        }

        /// Prints a text record: the path's bytes as given (shown, or raw and ended by a NUL
        /// for `--print0`), then `rest`, without a string made of the path.
        func emit(path: [UInt8], rest: String) {
            Output.standard.line(prefix: path, rest)
            count += 1
        }

        /// Closes the array for `--json` (`[]` when nothing was written).
        func finish() {
            guard format == .json else { return }
            Output.standard.line(count == 0 ? "[]" : "]")
        }
    }

    /// Prints a bad argument found once the registry is loaded (an unknown type, a mistyped
    /// `--allow` entry), with close names the registry knows, and the command's usage.
    /// - Returns: ``ExitStatus/usage``.
    func refuse(_ message: String, command: String) -> ExitStatus {
        CLI.report(UsageError(message: message, command: command))
    }

    /// " (did you mean a, b?)" for a name the registry does not know, or "".
    func didYouMean(_ written: String) -> String {
        let close = AllowedContentTypes.suggestions(for: written, registry: registry)
        return close.isEmpty ? "" : " (did you mean \(close.joined(separator: ", "))?)"
    }

    /// The type a command line names, or nil after refusing the command line.
    func resolve(_ written: String, command: String) -> UTType? {
        if let type = registry.type(written: written) { return type }
        if written.contains("*") {
            _ = refuse("'\(written)' is a pattern; it names no single type", command: command)
            return nil
        }
        _ = refuse("no such type '\(written)'\(didYouMean(written))", command: command)
        return nil
    }

    /// Parses `--allow` entries; refuses malformed ones, and ones that name nothing declared
    /// (likely typos) unless `--allow-unknown` keeps them, with suggestions.
    /// - Returns: The set, or nil after refusing the command line.
    func parseAllowed(_ entries: [String], command: String) -> AllowedContentTypes? {
        let allowed: AllowedContentTypes
        do {
            allowed = try AllowedContentTypes(entries, registry: registry)
        } catch {
            _ = refuse("--allow \(error)\(didYouMean(error.entry))", command: command)
            return nil
        }
        let unknown = allowed.undeclaredEntries(in: registry)
        guard options.allowUnknown || unknown.isEmpty else {
            let described = unknown.map { entry in
                let kind =
                    switch entry {
                    case .filenameExtension: "extension"
                    case .mimePattern: "top-level MIME type"
                    case .type: "MIME type"
                    }
                return "--allow '\(entry)': no declared type has this \(kind)"
                    + didYouMean(entry.description)
            }
            _ = refuse(
                described.joined(separator: "\nError: ")
                    + "\n(--allow-unknown keeps such an entry on purpose)",
                command: command
            )
            return nil
        }
        return allowed
    }

    // MARK: - classify

    /// Runs a batch: paths come lazily from the source, are classified a chunk at a time on
    /// the workers, and reach `body` in input order.
    func runBatch(
        _ batch: BatchOptions,
        body: ([UInt8], Result<Classification, ClassificationError>) -> Void
    ) {
        let classifier = Classifier(
            registry: registry,
            options: Classifier.Options(
                followSymlinks: batch.followSymlinks,
                listsCandidates: batch.listsCandidates,
                checksServeSafety: batch.checksServeSafety,
                readsProperties: batch.readsProperties
            )
        )
        if batch.readsStandardInput {
            // A pipe is read up to the classifier's stream limit; a redirected file by pread.
            let outcome = Result { () throws(ClassificationError) -> Classification in
                try classifier.classify(
                    fileDescriptor: 0,
                    fileName: batch.standardInputName
                )
            }
            body(Array("-".utf8), outcome)
            return
        }
        var source = PathSource(
            operands: batch.paths,
            recursive: batch.recursive,
            filesFrom: batch.filesFrom,
            nulSeparated: batch.nulSeparated
        )
        let progress = Progress()
        var chunk: [PathItem] = []
        // The chunk being classified while the one before it is emitted, with its items (the
        // unreadable ones among them keep their places).
        var inFlight: (items: [PathItem], work: ChunkInFlight)?
        func emit(_ items: [PathItem], _ results: [BatchResult]) {
            var results = results.makeIterator()
            for item in items {
                switch item {
                case .path:
                    if let next = results.next() { body(next.pathBytes, next.result) }
                case .unreadable(let path, let error):
                    body(path, .failure(error))
                }
            }
            progress.advance(by: items.count)
        }
        func flush(last: Bool) {
            let paths = chunk.compactMap { item -> [UInt8]? in
                if case .path(let path) = item { return path }
                return nil
            }
            if batch.unordered {
                for case .unreadable(let path, let error) in chunk {
                    body(path, .failure(error))
                }
                classifier.classifyChunkAsTheyFinish(paths, jobs: batch.jobs) { result in
                    body(result.pathBytes, result.result)
                }
                progress.advance(by: chunk.count)
                chunk.removeAll(keepingCapacity: true)
                return
            }
            if last, inFlight == nil {
                // A batch of one chunk (one file, most often) has nothing to overlap: it is
                // classified here, without a thread to start.
                emit(chunk, classifier.classifyChunk(paths, jobs: batch.jobs))
                chunk.removeAll(keepingCapacity: true)
                return
            }
            let started = classifier.startChunk(paths, jobs: batch.jobs)
            if let previous = inFlight { emit(previous.items, previous.work.results()) }
            inFlight = (chunk, started)
            chunk.removeAll(keepingCapacity: true)
        }
        while let item = source.next() {
            chunk.append(item)
            if chunk.count == Classifier.batchChunkSize { flush(last: false) }
        }
        if !chunk.isEmpty { flush(last: true) }
        if let last = inFlight { emit(last.items, last.work.results()) }
        progress.finish()
    }

    func classify(_ batch: BatchOptions) -> ExitStatus {
        let emitter = Emitter(format: format)
        var status = ExitStatus.success
        runBatch(batch) { path, outcome in
            switch outcome {
            case .success(let result):
                emitRecord(
                    path,
                    emitter: emitter,
                    json: classificationJSON(
                        path,
                        result,
                        candidates: batch.listsCandidates,
                        media: batch.readsProperties
                    )
                ) {
                    classificationAnswer(result)
                        + (batch.readsProperties ? Self.propertiesSummary(result.properties) : "")
                        + (batch.listsCandidates ? Self.candidateLines(result) : "")
                }
            case .failure(let error):
                status = max(status, .unreadable)
                reportError(error, path: path, emitter: emitter) {
                    classificationJSON(
                        path,
                        nil,
                        error: error,
                        candidates: batch.listsCandidates,
                        media: batch.readsProperties
                    )
                }
            }
        }
        emitter.finish()
        return status
    }

    /// Prints one record of a batch: JSON, or the text answer after the path as `-b` and
    /// `--print0` shape it.
    private func emitRecord(
        _ path: [UInt8],
        emitter: Emitter,
        json: @autoclosure () -> JSON,
        answer: () -> String
    ) {
        if format == .text, options.print0 {
            emitter.emit(path: path + [0], rest: options.brief ? answer() : ": " + answer())
            return
        }
        if format == .text, !options.brief {
            emitter.emit(path: displayPathBytes(path), rest: ": " + answer())
            return
        }
        // JSON, or text with `-b`: the answer alone.
        emitter.emit(json(), text: answer)
    }

    /// An unreadable path: on standard error in text (after the results before it, since
    /// ``Output`` flushes standard output first), else as an object with every key.
    private func reportError(
        _ error: ClassificationError,
        path: [UInt8],
        emitter: Emitter,
        object: () -> JSON
    ) {
        if format == .text {
            Output.error.line(
                "mediatype: \(displayPath(path)): \(error.message) (\(error.code.rawValue))"
            )
        } else {
            emitter.emit(object()) { "" }
        }
    }

    /// The `error` member: null, or the code and message.
    func errorJSON(_ error: ClassificationError?) -> JSON {
        guard let error else { return .null }
        return .object([
            ("code", .string(error.code.rawValue)), ("message", .string(error.message)),
        ])
    }

    /// A `classify` object; the same keys, in the same order, with or without a result.
    func classificationJSON(
        _ path: [UInt8],
        _ result: Classification?,
        error: ClassificationError? = nil,
        candidates: Bool = false,
        media: Bool = false
    ) -> JSON {
        let listed: [(String, JSON)] =
            candidates
            ? [
                (
                    "candidates",
                    result.map { .array($0.candidates.map(Self.candidateJSON)) } ?? .null
                )
            ]
            : []
        let properties: [(String, JSON)] =
            media ? [("media", Self.mediaJSON(result?.properties))] : []
        return .object(
            pathFields(path) + [
                ("identifier", .optional(result?.type.identifier)),
                ("mimeType", .optional(result?.mimeType)),
                (
                    "supertypes",
                    result.map { JSON.strings($0.type.supertypeList.map(\.identifier)) } ?? .null
                ),
                ("description", .optional(result?.type.localizedDescription)),
                ("evidence", .optional(result?.evidence.rawValue)),
                ("confidence", .optional(result?.confidence.rawValue)),
                ("detail", .optional(result?.detail)),
                ("extensionType", .optional(result?.extensionType?.identifier)),
                ("extensionAgrees", .optional(result?.extensionAgrees)),
                ("animated", .optional(result?.isAnimated)),
                ("prefixLength", result?.prefixLength.map { .number($0) } ?? .null),
                ("serveSafety", Self.serveSafetyJSON(result?.serveSafety)),
            ] + listed + properties + [("error", errorJSON(error))]
        )
    }

    /// `serveSafety`: null when not checked, else the findings.
    static func serveSafetyJSON(_ findings: [ServeSafetyFinding]?) -> JSON {
        guard let findings else { return .null }
        return .array(
            findings.map { finding in
                .object([
                    ("kind", .string(finding.kind.rawValue)),
                    ("offset", .number(Int(clamping: finding.offset))),
                    ("appendedType", .optional(finding.appendedType?.identifier)),
                    ("detail", .string(finding.detail)),
                ])
            }
        )
    }

    /// One member of `candidates`: what a source said.
    static func candidateJSON(_ candidate: Candidate) -> JSON {
        .object([
            ("source", .string(candidate.source.rawValue)),
            ("identifier", .string(candidate.type.identifier)),
            ("mimeType", .optional(candidate.mimeType)),
            ("priority", candidate.priority.map { .number($0) } ?? .null),
            ("confidence", .string(candidate.confidence.rawValue)),
            ("detail", .string(candidate.detail)),
        ])
    }

    /// `--all` in text: a line a candidate after the answer, as `file -k` adds its matches.
    static func candidateLines(_ result: Classification) -> String {
        result.candidates.map { candidate in
            var line = "\n  - \(candidate.source.rawValue): \(candidate.type.identifier)"
            if let mime = candidate.mimeType { line += " (\(mime))" }
            if let priority = candidate.priority { line += " priority \(priority)" }
            return line + ", \(candidate.confidence.rawValue)"
        }
        .joined()
    }

    /// The text answer for a file: identifier (MIME type) and notes, or with `--mime-type`
    /// the MIME type alone.
    func classificationAnswer(_ result: Classification) -> String {
        if options.mimeTypeOnly { return Self.mimeTypeForText(result) }
        var line = result.type.identifier
        if let mime = result.mimeType { line += " (\(mime))" }
        if result.evidence == .name { line += " [by name only]" }
        if let prefix = result.prefixLength { line += " [from the first \(prefix) bytes]" }
        for finding in result.serveSafety ?? [] {
            line += " [not safe to serve: \(finding.detail)]"
        }
        if result.extensionAgrees == false, let claimed = result.extensionType {
            line += " [the extension claims \(claimed.identifier)]"
        }
        return line
    }

    /// The MIME type `--mime-type` prints.
    ///
    /// The type's without parameters (`text/plain` for Apple's `text/plain;charset=utf-8`, as
    /// `file --mime-type` leaves the charset to `--mime`), else file(1)'s word for a file
    /// kind (`inode/directory`, ...), else `application/octet-stream`. JSON keeps the type's
    /// own MIME type, parameters and all.
    static func mimeTypeForText(_ result: Classification) -> String {
        if let mime = result.mimeType { return TypeRegistry.stripParameters(mime) }
        let kinds: [(UTType, String)] = [
            (.directory, "inode/directory"), (.symbolicLink, "inode/symlink"),
        ]
        for (kind, mime) in kinds where result.type.conforms(to: kind) { return mime }
        let named: [String: String] = [
            "public.fifo": "inode/fifo", "public.socket": "inode/socket",
            "public.character-device": "inode/chardevice",
            "public.block-device": "inode/blockdevice",
        ]
        return named[result.type.identifier] ?? "application/octet-stream"
    }

    // MARK: - accepts

    func accepts(
        _ allowedEntries: [String],
        policy: AcceptancePolicy,
        checks: UploadChecks,
        batch: BatchOptions
    ) -> ExitStatus {
        guard let allowed = parseAllowed(allowedEntries, command: "accepts") else { return .usage }
        var batch = batch
        // Read the properties only when a limit or an entry with codecs needs them.
        batch.readsProperties = checks.limits.needsProperties || allowed.requiresCodecs
        let classifier = Classifier(registry: registry)
        let emitter = Emitter(format: format)
        var status = ExitStatus.success
        runBatch(batch) { path, outcome in
            switch outcome {
            case .success(let result):
                let decision = classifier.decide(
                    result,
                    allowed: allowed,
                    policy: policy,
                    declaredMIMEType: checks.declaredType,
                    strict: checks.strict,
                    limits: checks.limits
                )
                if !decision.accepted { status = max(status, .no) }
                let object = acceptsJSON(
                    path,
                    accepted: decision.accepted,
                    matchedBy: decision.matchedBy,
                    reason: decision.reason,
                    result: result,
                    error: nil,
                    decision: decision
                )
                emitRecord(path, emitter: emitter, json: object) {
                    "\(decision.accepted ? "accepted" : "rejected"): \(decision.reason)"
                }
            case .failure(let error):
                status = max(status, .unreadable)
                reportError(error, path: path, emitter: emitter) {
                    acceptsJSON(
                        path,
                        accepted: false,
                        matchedBy: nil,
                        reason: error.message,
                        result: nil,
                        error: error,
                        decision: nil
                    )
                }
            }
        }
        emitter.finish()
        return status
    }

    /// An `accepts` object; the same keys, in the same order, with or without a result.
    func acceptsJSON(
        _ path: [UInt8],
        accepted: Bool,
        matchedBy: String?,
        reason: String,
        result: Classification?,
        error: ClassificationError?,
        decision: AcceptanceDecision?
    ) -> JSON {
        .object(
            pathFields(path) + [
                ("accepted", .bool(accepted)),
                ("matchedBy", .optional(matchedBy)),
                ("reason", .string(reason)),
                ("identifier", .optional(result?.type.identifier)),
                ("mimeType", .optional(result?.mimeType)),
                ("evidence", .optional(result?.evidence.rawValue)),
                ("extensionType", .optional(result?.extensionType?.identifier)),
                ("extensionAgrees", .optional(result?.extensionAgrees)),
                ("prefixLength", result?.prefixLength.map { .number($0) } ?? .null),
                ("serveSafety", Self.serveSafetyJSON(result?.serveSafety)),
                ("declaredType", .optional(decision?.declaredMIMEType)),
                (
                    "disagreements",
                    decision.map { JSON.strings($0.disagreements.map(\.rawValue)) } ?? .null
                ),
                ("violations", .array((decision?.violations ?? []).map(Self.violationJSON))),
                ("error", errorJSON(error)),
            ]
        )
    }

    /// One member of `violations`: the property, the file's value (null when it does not
    /// state it), the limit and the sentence.
    static func violationJSON(_ violation: LimitViolation) -> JSON {
        .object([
            ("property", .string(violation.property.rawValue)),
            ("value", .optional(violation.value)),
            ("limit", .string(violation.limit)),
            ("reason", .string(violation.reason)),
        ])
    }

    // MARK: - info, conforms, types, tree

    /// Every type named is resolved before any is printed: an unknown name is a bad command
    /// line (exit 64), as in every command.
    func info(_ written: [String]) -> ExitStatus {
        var types: [UTType] = []
        for text in written {
            guard let type = resolve(text, command: "info") else { return .usage }
            types.append(type)
        }
        let emitter = Emitter(format: format)
        for type in types { emitter.emit(typeJSON(type)) { typeText(type) } }
        emitter.finish()
        return .success
    }

    func typeJSON(_ type: UTType) -> JSON {
        .object([
            ("identifier", .string(type.identifier)),
            ("parents", JSON.strings(type.parents.map(\.identifier))),
            ("supertypes", JSON.strings(type.supertypeList.map(\.identifier))),
            ("filenameExtensions", JSON.strings(type.tags[.filenameExtension] ?? [])),
            ("mimeTypes", JSON.strings(type.tags[.mimeType] ?? [])),
            ("description", .optional(type.localizedDescription)),
            ("isDeclared", .bool(type.isDeclared)),
            ("isDynamic", .bool(type.isDynamic)),
            ("source", .string(type.source.description)),
        ])
    }

    func typeText(_ type: UTType) -> String {
        var lines = [type.identifier]
        if let description = type.localizedDescription {
            lines.append("  description: \(description)")
        }
        lines.append("  parents: " + type.parents.map(\.identifier).joined(separator: ", "))
        lines.append(
            "  supertypes: " + type.supertypeList.map(\.identifier).joined(separator: ", ")
        )
        let extensions = type.tags[.filenameExtension] ?? []
        if !extensions.isEmpty {
            lines.append("  extensions: " + extensions.joined(separator: ", "))
        }
        let mimeTypes = type.tags[.mimeType] ?? []
        if !mimeTypes.isEmpty { lines.append("  MIME types: " + mimeTypes.joined(separator: ", ")) }
        // A type from the system database is declared there but has a `dyn.` identifier.
        let dynamicNote = type.isDynamic && type.source != .dynamic ? " (dyn. identifier)" : ""
        lines.append("  source: \(type.source)\(dynamicNote)")
        return lines.joined(separator: "\n")
    }

    func conforms(_ typeText: String, to supertypeText: String) -> ExitStatus {
        guard let type = resolve(typeText, command: "conforms"),
            let supertype = resolve(supertypeText, command: "conforms")
        else { return .usage }
        let answer = type.conforms(to: supertype)
        let object = JSON.object([
            ("type", .string(type.identifier)), ("supertype", .string(supertype.identifier)),
            ("conforms", .bool(answer)),
        ])
        let emitter = Emitter(format: format)
        emitter.emit(object) {
            "\(type.identifier) \(answer ? "conforms" : "does not conform") to \(supertype.identifier)"
        }
        emitter.finish()
        return answer ? .success : .no
    }

    func types(conformingTo written: String?) -> ExitStatus {
        var supertype: UTType?
        if let written {
            guard let resolved = resolve(written, command: "types") else { return .usage }
            supertype = resolved
        }
        let emitter = Emitter(format: format)
        for declaration in registry.declarations {
            guard let type = registry.type(withIdentifier: declaration.identifier) else { continue }
            if let supertype, !type.conforms(to: supertype) { continue }
            emitter.emit(typeJSON(type)) {
                type.identifier + (type.localizedDescription.map { "\t\($0)" } ?? "")
            }
        }
        emitter.finish()
        return .success
    }

    func tree(_ written: String?) -> ExitStatus {
        let roots: [UTType]
        if let written {
            guard let root = resolve(written, command: "tree") else { return .usage }
            roots = [root]
        } else {
            roots = registry.declarations.compactMap { declaration in
                declaration.conformsTo.isEmpty
                    ? registry.type(withIdentifier: declaration.identifier) : nil
            }
        }
        var children: [UTType: [UTType]] = [:]
        for declaration in registry.declarations {
            guard let type = registry.type(withIdentifier: declaration.identifier) else { continue }
            for parent in type.parents { children[parent, default: []].append(type) }
        }
        var printed: Set<UTType> = []
        let emitter = Emitter(format: format)
        func draw(
            _ type: UTType,
            under parent: UTType?,
            prefix: String,
            isLast: Bool,
            depth: Int,
            isRoot: Bool
        ) {
            let branch = isRoot ? "" : (isLast ? "└── " : "├── ")
            let multiple =
                !isRoot && type.parents.count > 1
                ? " (also under \(type.parents.count - 1) more)" : ""
            let seen = printed.contains(type)
            let object = JSON.object([
                ("identifier", .string(type.identifier)),
                ("parent", .optional(parent?.identifier)),
                ("depth", .number(depth)),
                ("parents", JSON.strings(type.parents.map(\.identifier))),
                ("repeated", .bool(seen)),
            ])
            emitter.emit(object) {
                prefix + branch + type.identifier + multiple + (seen ? " …" : "")
            }
            guard !seen, depth < 64 else { return }
            printed.insert(type)
            let kids = children[type] ?? []
            let childPrefix = isRoot ? "" : prefix + (isLast ? "    " : "│   ")
            for (index, child) in kids.enumerated() {
                draw(
                    child,
                    under: type,
                    prefix: childPrefix,
                    isLast: index == kids.count - 1,
                    depth: depth + 1,
                    isRoot: false
                )
            }
        }
        for root in roots {
            draw(root, under: nil, prefix: "", isLast: true, depth: 0, isRoot: true)
        }
        emitter.finish()
        return .success
    }

    // MARK: - Paths

    /// `path`, and `pathBytes`: base64 when the name is not valid UTF-8, else null (every
    /// object of a command has the same keys).
    func pathFields(_ path: [UInt8]) -> [(String, JSON)] {
        let text = String(decoding: path, as: UTF8.self)
        if !UTF8Text.isValid(path) {
            return [("path", .string(text)), ("pathBytes", .string(base64(path)))]
        }
        return [("path", .string(text)), ("pathBytes", .null)]
    }

    /// The path for text output, as bytes: as it is when plain (valid UTF-8 without control
    /// characters or quotes), quoted and escaped as a JSON string when it holds control
    /// characters, quotes or is not UTF-8, so a newline cannot split a line.
    func displayPathBytes(_ path: [UInt8]) -> [UInt8] {
        let plain =
            UTF8Text.isValid(path)
            && !path.contains { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") }
        if plain { return path }
        var quoted: [UInt8] = []
        JSON.writeString(String(decoding: path, as: UTF8.self), to: &quoted)
        return quoted
    }

    /// ``displayPathBytes(_:)`` as a string, for messages.
    func displayPath(_ path: [UInt8]) -> String {
        String(decoding: displayPathBytes(path), as: UTF8.self)
    }
}
