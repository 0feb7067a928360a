import MediaClassification
import UniformTypes

/// Runs parsed commands and prints their results.
struct Runner {
    let registry: TypeRegistry
    let format: OutputFormat
    let out = Output.standard

    init(registry: TypeRegistry, format: OutputFormat) {
        self.registry = registry
        self.format = format
    }

    // MARK: - Emitting

    /// Collects JSON objects for `--json`, streams them for `--ndjson`.
    final class Emitter {
        let format: OutputFormat
        var collected: [JSON] = []
        init(format: OutputFormat) { self.format = format }

        /// Prints one result; builds only the form the format needs.
        func emit(_ object: @autoclosure () -> JSON, text: () -> String) {
            switch format {
            case .text: Output.standard.line(text())
            case .ndjson: Output.standard.line(object().text)
            case .json: collected.append(object())
            }
        }

        func finish() {
            if format == .json { Output.standard.line(JSON.array(collected).text) }
        }
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
            options: Classifier.Options(followSymlinks: batch.followSymlinks)
        )
        var source = PathSource(
            operands: batch.paths,
            recursive: batch.recursive,
            filesFrom: batch.filesFrom,
            nulSeparated: batch.nulSeparated
        )
        let progress = Progress()
        var chunk: [PathItem] = []
        func flush() {
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
            var results = classifier.classifyChunk(paths, jobs: batch.jobs).makeIterator()
            for item in chunk {
                switch item {
                case .path:
                    if let next = results.next() { body(next.pathBytes, next.result) }
                case .unreadable(let path, let error):
                    body(path, .failure(error))
                }
            }
            progress.advance(by: chunk.count)
            chunk.removeAll(keepingCapacity: true)
        }
        while let item = source.next() {
            chunk.append(item)
            if chunk.count == Classifier.batchChunkSize { flush() }
        }
        if !chunk.isEmpty { flush() }
        progress.finish()
    }

    func classify(_ batch: BatchOptions) -> ExitStatus {
        let emitter = Emitter(format: format)
        var status = ExitStatus.success
        runBatch(batch) { path, outcome in
            switch outcome {
            case .success(let result):
                emitter.emit(classificationJSON(path, result)) {
                    classificationText(path, result)
                }
            case .failure(let error):
                status = max(status, .unreadable)
                reportError(error, path: path, emitter: emitter, fields: classifyErrorFields)
            }
        }
        emitter.finish()
        return status
    }

    private let classifyErrorFields: [(String, JSON)] = [
        ("identifier", .null), ("mimeType", .null), ("supertypes", .array([])),
        ("description", .null), ("evidence", .null), ("extensionType", .null),
        ("extensionAgrees", .null),
    ]

    private func reportError(
        _ error: ClassificationError,
        path: [UInt8],
        emitter: Emitter,
        fields: [(String, JSON)]
    ) {
        let object = JSON.object(
            pathFields(path) + fields + [
                (
                    "error",
                    .object([
                        ("code", .string(error.code.rawValue)),
                        ("message", .string(error.message)),
                    ])
                )
            ]
        )
        if format == .text {
            Output.error.line("mediatype: \(displayPath(path)): \(error.message) (\(error.code))")
        } else {
            emitter.emit(object) { "" }
        }
    }

    func classificationJSON(_ path: [UInt8], _ result: Classification) -> JSON {
        .object(
            pathFields(path) + [
                ("identifier", .string(result.type.identifier)),
                ("mimeType", .optional(result.mimeType)),
                ("supertypes", JSON.strings(result.type.supertypeList.map(\.identifier))),
                ("description", .optional(result.type.localizedDescription)),
                ("evidence", .string(result.evidence.rawValue)),
                ("detail", .string(result.detail)),
                ("extensionType", .optional(result.extensionType?.identifier)),
                ("extensionAgrees", .optional(result.extensionAgrees)),
                ("animated", .optional(result.isAnimated)),
                ("error", .null),
            ]
        )
    }

    func classificationText(_ path: [UInt8], _ result: Classification) -> String {
        var line = "\(displayPath(path)): \(result.type.identifier)"
        if let mime = result.mimeType { line += " (\(mime))" }
        if result.evidence == .name { line += " [by name only]" }
        if result.extensionAgrees == false, let claimed = result.extensionType {
            line += " [the extension claims \(claimed.identifier)]"
        }
        return line
    }

    // MARK: - accepts

    func accepts(_ allowedEntries: [String], policy: AcceptancePolicy, batch: BatchOptions)
        -> ExitStatus
    {
        let allowed: AllowedContentTypes
        do {
            allowed = try AllowedContentTypes(allowedEntries, registry: registry)
        } catch {
            Output.error.line("Error: --allow \(error)")
            return .usage
        }
        let classifier = Classifier(registry: registry)
        let emitter = Emitter(format: format)
        var status = ExitStatus.success
        runBatch(batch) { path, outcome in
            switch outcome {
            case .success(let result):
                let decision = classifier.decide(result, allowed: allowed, policy: policy)
                if !decision.accepted { status = max(status, .no) }
                let object = JSON.object(
                    pathFields(path) + [
                        ("accepted", .bool(decision.accepted)),
                        ("matchedBy", .optional(decision.matchedBy)),
                        ("reason", .string(decision.reason)),
                        ("identifier", .string(result.type.identifier)),
                        ("mimeType", .optional(result.mimeType)),
                        ("evidence", .string(result.evidence.rawValue)),
                        ("extensionType", .optional(result.extensionType?.identifier)),
                        ("extensionAgrees", .optional(result.extensionAgrees)),
                        ("error", .null),
                    ]
                )
                emitter.emit(object) {
                    let verdict = decision.accepted ? "accepted" : "rejected"
                    return "\(displayPath(path)): \(verdict): \(decision.reason)"
                }
            case .failure(let error):
                status = max(status, .unreadable)
                reportError(
                    error,
                    path: path,
                    emitter: emitter,
                    fields: [
                        ("accepted", .bool(false)), ("matchedBy", .null),
                        ("reason", .string(error.message)),
                    ]
                )
            }
        }
        emitter.finish()
        return status
    }

    // MARK: - info, conforms, types, tree

    func info(_ written: [String]) -> ExitStatus {
        let emitter = Emitter(format: format)
        var status = ExitStatus.success
        for text in written {
            guard let type = registry.type(written: text) else {
                Output.error.line("mediatype: '\(text)': no such type")
                status = max(status, .no)
                continue
            }
            emitter.emit(typeJSON(type)) { typeText(type) }
        }
        emitter.finish()
        return status
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
        guard let type = registry.type(written: typeText) else {
            Output.error.line("mediatype: '\(typeText)': no such type")
            return .usage
        }
        guard let supertype = registry.type(written: supertypeText) else {
            Output.error.line("mediatype: '\(supertypeText)': no such type")
            return .usage
        }
        let answer = type.conforms(to: supertype)
        let object = JSON.object([
            ("type", .string(type.identifier)), ("supertype", .string(supertype.identifier)),
            ("conforms", .bool(answer)),
        ])
        switch format {
        case .text:
            out.line(
                "\(type.identifier) \(answer ? "conforms" : "does not conform") to \(supertype.identifier)"
            )
        case .json: out.line(JSON.array([object]).text)
        case .ndjson: out.line(object.text)
        }
        return answer ? .success : .no
    }

    func types(conformingTo written: String?) -> ExitStatus {
        var supertype: UTType?
        if let written {
            guard let resolved = registry.type(written: written) else {
                Output.error.line("mediatype: '\(written)': no such type")
                return .usage
            }
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
            guard let root = registry.type(written: written) else {
                Output.error.line("mediatype: '\(written)': no such type")
                return .usage
            }
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
        func draw(_ type: UTType, prefix: String, isLast: Bool, depth: Int, isRoot: Bool) {
            let branch = isRoot ? "" : (isLast ? "└── " : "├── ")
            let multiple =
                !isRoot && type.parents.count > 1
                ? " (also under \(type.parents.count - 1) more)" : ""
            let seen = printed.contains(type)
            out.line(prefix + branch + type.identifier + multiple + (seen ? " …" : ""))
            guard !seen, depth < 64 else { return }
            printed.insert(type)
            let kids = children[type] ?? []
            let childPrefix = isRoot ? "" : prefix + (isLast ? "    " : "│   ")
            for (index, child) in kids.enumerated() {
                draw(
                    child,
                    prefix: childPrefix,
                    isLast: index == kids.count - 1,
                    depth: depth + 1,
                    isRoot: false
                )
            }
        }
        for root in roots { draw(root, prefix: "", isLast: true, depth: 0, isRoot: true) }
        return .success
    }

    // MARK: - Paths

    /// `path`, and `pathBytes` (base64) when the name is not valid UTF-8.
    func pathFields(_ path: [UInt8]) -> [(String, JSON)] {
        let text = String(decoding: path, as: UTF8.self)
        if String(validating: path, as: UTF8.self) == nil {
            return [("path", .string(text)), ("pathBytes", .string(base64(path)))]
        }
        return [("path", .string(text))]
    }

    /// The path for text output: as it is when plain, quoted and escaped as a JSON string when
    /// it holds control characters, quotes or is not UTF-8, so a newline cannot split a line.
    func displayPath(_ path: [UInt8]) -> String {
        let text = String(decoding: path, as: UTF8.self)
        let plain =
            String(validating: path, as: UTF8.self) != nil
            && !path.contains { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") }
        if plain { return text }
        var quoted = ""
        JSON.writeString(text, to: &quoted)
        return quoted
    }
}
