import MediaClassification
import MediaLibrary
import UniformTypes

extension Runner {
    /// Runs `mediatype import`: moves files into a library folder and prints each outcome.
    ///
    /// Exit status: 0 when every file was imported (or already was), 1 when some were
    /// rejected, 2 when some failed, 64 for a bad `--allow` or `--layout`, or an empty
    /// `--into`. A library path that is a symbolic link to a folder is followed, once.
    func importFiles(
        into library: String,
        allowed allowedEntries: [String],
        layout layoutName: String,
        dryRun: Bool,
        paths: [[UInt8]]
    ) -> ExitStatus {
        guard !library.isEmpty else {
            Output.error.line("Error: --into needs a folder, not an empty path")
            return .usage
        }
        let allowed: AllowedContentTypes
        if allowedEntries.isEmpty {
            allowed = AllowedContentTypes(types: [.image, .movie])
        } else {
            guard let parsed = parseAllowed(allowedEntries, command: "import") else {
                return .usage
            }
            allowed = parsed
        }
        guard let layout = MediaLibrary.Layout(rawValue: layoutName) else {
            Output.error.line("Error: --layout takes flat or by-family, not '\(layoutName)'")
            return .usage
        }
        let mediaLibrary = MediaLibrary(
            rootBytes: Array(library.utf8),
            allowed: allowed,
            layout: layout,
            dryRun: dryRun,
            classifier: Classifier(
                registry: registry,
                options: Classifier.Options(followSymlinks: false)
            )
        )
        let emitter = Emitter(format: format)
        var status = ExitStatus.success
        for outcome in mediaLibrary.importFiles(paths) {
            switch outcome {
            case .rejected: status = max(status, .no)
            case .failed: status = max(status, .unreadable)
            default: break
            }
            if format == .text, case .failed(let source, let error) = outcome {
                Output.error.line(
                    "mediatype: \(displayPath(source)): \(error.message) (\(error.code))"
                )
            } else {
                emitter.emit(importJSON(outcome)) { importText(outcome) }
            }
        }
        emitter.finish()
        return status
    }

    private func importJSON(_ outcome: ImportOutcome) -> JSON {
        var fields = pathFields(outcome.source)
        var result = ""
        var destination: JSON = .null
        var renamed: JSON = .null
        var classification: Classification?
        var reason: JSON = .null
        var error: JSON = .null
        switch outcome {
        case .imported(_, let target, let renamedExtension, let found),
            .wouldImport(_, let target, let renamedExtension, let found):
            if case .imported = outcome { result = "imported" } else { result = "wouldImport" }
            destination = .string(String(decoding: target, as: UTF8.self))
            renamed = .bool(renamedExtension)
            classification = found
        case .alreadyImported(_, let target):
            result = "alreadyImported"
            destination = .string(String(decoding: target, as: UTF8.self))
        case .rejected(_, let decision):
            result = "rejected"
            classification = decision.classification
            reason = .string(decision.reason)
        case .failed(_, let failure):
            result = "failed"
            error = .object([
                ("code", .string(failure.code.rawValue)), ("message", .string(failure.message)),
            ])
        }
        fields += [
            ("result", .string(result)),
            ("destination", destination),
            ("renamedExtension", renamed),
            ("identifier", .optional(classification?.type.identifier)),
            ("mimeType", .optional(classification?.mimeType)),
            ("reason", reason),
            ("error", error),
        ]
        return .object(fields)
    }

    private func importText(_ outcome: ImportOutcome) -> String {
        let source = displayPath(outcome.source)
        switch outcome {
        case .imported(_, let target, let renamedExtension, let found),
            .wouldImport(_, let target, let renamedExtension, let found):
            let verb = if case .imported = outcome { "imported" } else { "would import" }
            let note = renamedExtension ? " (extension corrected for \(found.type.identifier))" : ""
            return "\(source): \(verb) as \(displayPath(target))\(note)"
        case .alreadyImported(_, let target):
            return "\(source): already imported as \(displayPath(target))"
        case .rejected(_, let decision):
            return "\(source): rejected: \(decision.reason)"
        case .failed(_, let failure):
            return "\(source): failed: \(failure.message)"
        }
    }
}
