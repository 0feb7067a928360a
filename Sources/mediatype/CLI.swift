import MediaClassification
import UniformTypes

/// The process exit status of the CLI contract.
struct ExitStatus: Equatable, Comparable {
    var rawValue: Int32
    /// Yes / ok.
    static let success = ExitStatus(rawValue: 0)
    /// No: rejected, does not conform.
    static let no = ExitStatus(rawValue: 1)
    /// A path could not be read (wins over `no` in a batch).
    static let unreadable = ExitStatus(rawValue: 2)
    /// A bad command line (`EX_USAGE`).
    static let usage = ExitStatus(rawValue: 64)

    static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A command line the CLI cannot run, with the text to print.
struct UsageError: Error, Equatable {
    var message: String
    var command: String?
}

/// How results are printed.
enum OutputFormat: Equatable {
    case text
    case json
    case ndjson
}

/// Options every command takes, and the shape of text output.
struct GlobalOptions: Equatable {
    var declarationFiles: [String] = []
    var useSystemMIMEDatabase = true
    var format: OutputFormat = .text
    /// `-b`: no path before each text record.
    var brief = false
    /// `--mime-type`: the MIME type alone as the answer.
    var mimeTypeOnly = false
    /// `--print0`: the path written as it is and ended by a NUL, as `file -0` does.
    var print0 = false
    /// `--allow-unknown`: keep `--allow` entries that nothing declares.
    var allowUnknown = false
}

/// Where the paths of a batch come from and how it runs.
struct BatchOptions: Equatable {
    var paths: [[UInt8]] = []
    var recursive = false
    var filesFrom: [UInt8]?
    var nulSeparated = false
    var jobs = Classifier.processorCount
    var unordered = false
    var followSymlinks = true
    /// `--all`: every source's candidates beside the answer.
    var listsCandidates = false
    /// `--serve-safety`, `accepts --strict`: look for polyglot material.
    var checksServeSafety = false
    /// `classify --properties`, and `accepts` when a limit or a codec needs them: read the
    /// media properties.
    var readsProperties = false

    /// `-`: classify standard input (alone).
    var readsStandardInput = false
    /// `--name`: the name standard input's content goes by.
    var standardInputName: String?

    var hasInput: Bool { !paths.isEmpty || filesFrom != nil || readsStandardInput }
}

/// What `accepts` checks beyond the allowed set.
struct UploadChecks: Equatable {
    /// `--declared-type`: the MIME type a client declared.
    var declaredType: String?
    /// `--strict`: reject content a browser or another parser could read as something else.
    var strict = false
    /// `--max-duration`, `--max-pixels`, `--max-width`, `--max-height`, `--max-size`.
    var limits = AcceptanceLimits()
}

/// The parsed command line.
enum Command: Equatable {
    case classify(BatchOptions)
    case accepts(
        allowed: [String],
        policy: AcceptancePolicy,
        checks: UploadChecks,
        batch: BatchOptions
    )
    case info(types: [String])
    case conforms(type: String, supertype: String)
    case types(conformingTo: String?)
    case tree(root: String?)
    case importFiles(
        into: String,
        allowed: [String],
        layout: String,
        dryRun: Bool,
        paths: [[UInt8]]
    )
    case completions(shell: Shell)
    case help(command: String?)
    case version
}

enum CLI {
    static let version = "0.1.0"

    static func run(_ arguments: [[UInt8]]) -> ExitStatus {
        let parsed: (Command, GlobalOptions)
        do {
            parsed = try parse(arguments)
        } catch {
            return report(error)
        }
        let (command, options) = parsed
        switch command {
        case .help(let name):
            Output.standard.write(Help.text(for: name))
            return .success
        case .version:
            Output.standard.line("mediatype \(version)")
            return .success
        case .completions(let shell):
            Output.standard.write(Completions.script(for: shell))
            return .success
        default:
            break
        }
        let registry: TypeRegistry
        do {
            registry = try makeRegistry(options)
        } catch {
            Output.error.line("mediatype: invalid declaration: \(error)")
            Output.error.flush()
            return .usage
        }
        TypeRegistry.makeShared(registry)
        let runner = Runner(registry: registry, options: options)
        switch command {
        case .classify(let batch):
            return runner.classify(batch)
        case .accepts(let allowed, let policy, let checks, let batch):
            return runner.accepts(allowed, policy: policy, checks: checks, batch: batch)
        case .info(let types):
            return runner.info(types)
        case .conforms(let type, let supertype):
            return runner.conforms(type, to: supertype)
        case .types(let supertype):
            return runner.types(conformingTo: supertype)
        case .tree(let root):
            return runner.tree(root)
        case .importFiles(let into, let allowed, let layout, let dryRun, let paths):
            return runner.importFiles(
                into: into,
                allowed: allowed,
                layout: layout,
                dryRun: dryRun,
                paths: paths
            )
        case .help, .version, .completions:
            return .success
        }
    }

    /// Prints a bad command line's error and its command's usage on standard error.
    /// - Returns: ``ExitStatus/usage``.
    static func report(_ error: UsageError) -> ExitStatus {
        Output.error.line("Error: \(error.message)")
        Output.error.line("")
        Output.error.write(Help.usage(for: error.command))
        Output.error.flush()
        return .usage
    }

    static func makeRegistry(_ options: GlobalOptions) throws(TypeDeclarationError)
        -> TypeRegistry
    {
        var registry = options.useSystemMIMEDatabase ? TypeRegistry.builtin : .builtinOnly
        if !options.declarationFiles.isEmpty {
            var declarations: [TypeDeclaration] = []
            for file in options.declarationFiles {
                declarations += try DeclarationFile.load(path: file)
            }
            registry = try registry.adding(declarations)
        }
        return registry
    }

    // MARK: - Parsing

    static func parse(_ arguments: [[UInt8]]) throws(UsageError) -> (Command, GlobalOptions) {
        var options = GlobalOptions()
        var words = arguments[...]
        guard let first = words.popFirst() else {
            throw UsageError(message: "missing command", command: nil)
        }
        let name = String(decoding: first, as: UTF8.self)
        switch name {
        case "-h", "--help", "help":
            let topic = words.first.map { String(decoding: $0, as: UTF8.self) }
            return (.help(command: topic), options)
        case "--version":
            return (.version, options)
        default:
            break
        }
        guard let spec = CommandTable.command(name) else {
            throw UsageError(message: "unknown command '\(name)'", command: nil)
        }
        var operands: [[UInt8]] = []
        var allowed: [String] = []
        var policy = AcceptancePolicy.content
        var conformingTo: String?
        var batch = BatchOptions()
        var checks = UploadChecks()
        var endOfOptions = false
        var into: String?
        var layout = "flat"
        var dryRun = false
        func value(for option: String) throws(UsageError) -> String {
            guard let next = words.popFirst() else {
                throw UsageError(message: "\(option) needs a value", command: name)
            }
            return String(decoding: next, as: UTF8.self)
        }
        while let word = words.popFirst() {
            let text = String(decoding: word, as: UTF8.self)
            if text == "-", !endOfOptions, name == "classify" || name == "accepts" {
                // `-` is standard input; after `--` it is a file named `-`.
                batch.readsStandardInput = true
                continue
            }
            if endOfOptions || !text.hasPrefix("-") || text == "-" {
                operands.append(word)
                continue
            }
            if text == "--" {
                endOfOptions = true
                continue
            }
            var spelling = text
            var inlineValue: String?
            if text.hasPrefix("--"), let equals = text.firstIndex(of: "=") {
                spelling = String(text[..<equals])
                inlineValue = String(text[text.index(after: equals)...])
            }
            // The table says which options a command takes; the switch says what they do.
            guard let option = CommandTable.option(spelling, of: spec) else {
                throw UsageError(message: "unknown option '\(text)' for \(name)", command: name)
            }
            if option.value == nil, inlineValue != nil {
                throw UsageError(message: "\(spelling) takes no value", command: name)
            }
            func take() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                return try value(for: spelling)
            }
            switch option.canonical {
            case "--help": return (.help(command: name), options)
            case "--json": options.format = .json
            case "--ndjson": options.format = .ndjson
            case "--declarations": options.declarationFiles.append(try take())
            case "--no-system-mime-database": options.useSystemMIMEDatabase = false
            case "--brief": options.brief = true
            case "--mime-type": options.mimeTypeOnly = true
            case "--print0": options.print0 = true
            case "--allow-unknown": options.allowUnknown = true
            case "--no-follow": batch.followSymlinks = false
            case "--all": batch.listsCandidates = true
            case "--recursive": batch.recursive = true
            case "--null": batch.nulSeparated = true
            case "--unordered": batch.unordered = true
            case "--files-from": batch.filesFrom = Array(try take().utf8)
            case "--name": batch.standardInputName = try take()
            case "--declared-type":
                let written = try take()
                guard written.contains("/") else {
                    throw UsageError(
                        message:
                            "--declared-type takes a MIME type (type/subtype), not '\(written)'",
                        command: name
                    )
                }
                checks.declaredType = written
            case "--strict":
                checks.strict = true
                batch.checksServeSafety = true
            case "--serve-safety": batch.checksServeSafety = true
            case "--properties": batch.readsProperties = true
            case "--max-duration": checks.limits.maximumDuration = try LimitValues.duration(take())
            case "--max-pixels": checks.limits.maximumPixelCount = try LimitValues.pixels(take())
            case "--max-width":
                checks.limits.maximumWidth = try LimitValues.dimension(take(), option: spelling)
            case "--max-height":
                checks.limits.maximumHeight = try LimitValues.dimension(take(), option: spelling)
            case "--max-size": checks.limits.maximumFileSize = try LimitValues.size(take())
            case "--jobs":
                let written = try take()
                guard let jobs = Int(written), jobs >= 1, jobs <= 256 else {
                    throw UsageError(
                        message: "--jobs takes a number from 1 to 256, not '\(written)'",
                        command: name
                    )
                }
                batch.jobs = jobs
            case "--allow": allowed.append(try take())
            case "--into": into = try take()
            case "--layout": layout = try take()
            case "--dry-run": dryRun = true
            case "--policy":
                let written = try take()
                guard let parsed = AcceptancePolicy(rawValue: written) else {
                    throw UsageError(
                        message: "--policy takes content, extension or both, not '\(written)'",
                        command: name
                    )
                }
                policy = parsed
            case "--conforming-to": conformingTo = try take()
            default:
                throw UsageError(message: "unknown option '\(text)' for \(name)", command: name)
            }
        }
        if options.format != .text {
            for (used, flag) in [
                (options.brief, "--brief"), (options.mimeTypeOnly, "--mime-type"),
                (options.print0, "--print0"),
            ] where used {
                throw UsageError(
                    message: "\(flag) shapes text output; it does not go with --json or --ndjson",
                    command: name
                )
            }
        }
        if batch.readsStandardInput,
            !operands.isEmpty || batch.filesFrom != nil || batch.recursive
        {
            throw UsageError(
                message: "'-' reads standard input and goes alone (no paths, -r or --files-from)",
                command: name
            )
        }
        if batch.standardInputName != nil, !batch.readsStandardInput {
            throw UsageError(
                message: "--name names standard input; it goes only with '-'",
                command: name
            )
        }
        let strings = operands.map { String(decoding: $0, as: UTF8.self) }
        switch name {
        case "classify":
            batch.paths = operands
            guard batch.hasInput else {
                throw UsageError(message: "classify needs at least one path", command: name)
            }
            return (.classify(batch), options)
        case "accepts":
            guard !allowed.isEmpty else {
                throw UsageError(message: "accepts needs --allow LIST", command: name)
            }
            batch.paths = operands
            guard batch.hasInput else {
                throw UsageError(message: "accepts needs at least one path", command: name)
            }
            let command = Command.accepts(
                allowed: allowed,
                policy: policy,
                checks: checks,
                batch: batch
            )
            return (command, options)
        case "import":
            guard let into else {
                throw UsageError(message: "import needs --into DIR", command: name)
            }
            guard !operands.isEmpty else {
                throw UsageError(message: "import needs at least one path", command: name)
            }
            let command = Command.importFiles(
                into: into,
                allowed: allowed,
                layout: layout,
                dryRun: dryRun,
                paths: operands
            )
            return (command, options)
        case "info":
            guard !strings.isEmpty else {
                throw UsageError(message: "info needs at least one type", command: name)
            }
            return (.info(types: strings), options)
        case "conforms":
            guard strings.count == 2 else {
                throw UsageError(message: "conforms needs TYPE and SUPERTYPE", command: name)
            }
            return (.conforms(type: strings[0], supertype: strings[1]), options)
        case "types":
            guard strings.isEmpty else {
                throw UsageError(message: "types takes no operands", command: name)
            }
            return (.types(conformingTo: conformingTo), options)
        case "completions":
            guard strings.count == 1, let shell = Shell(rawValue: strings[0]) else {
                throw UsageError(
                    message: "completions takes one shell: bash, zsh or fish",
                    command: name
                )
            }
            return (.completions(shell: shell), options)
        default:
            guard strings.count <= 1 else {
                throw UsageError(message: "tree takes at most one type", command: name)
            }
            return (.tree(root: strings.first), options)
        }
    }
}
