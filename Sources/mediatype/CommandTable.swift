/// The commands and their options: the one table that the parser, the help texts and the
/// shell completion scripts all read, so that none of them can name an option another lacks.

/// What an option's value is, for completion.
enum ValueKind: Equatable {
    /// A flag: no value.
    case none
    /// A path to a file.
    case file
    /// A path to a folder.
    case directory
    /// One of a few words.
    case choices([String])
    /// A type name, a number or a list: nothing to complete.
    case text
}

/// One option of a command.
struct OptionSpec {
    /// Its spellings, short first: `["-r", "--recursive"]`.
    var names: [String]
    /// The value's placeholder in help (`<file>`), or nil for a flag.
    var value: String?
    /// The help text, wrapped by hand; lines after the first are indented under it.
    var help: [String]
    /// What the value is, for completion.
    var kind: ValueKind = .none
    /// Whether it may be given more than once (for completion).
    var repeatable = false

    /// The long spelling, which the parser switches on.
    var canonical: String { names.last ?? "" }

    /// The help's first sentence on one line, for the completion menus.
    var summary: String {
        var sentence = ""
        for word in help.joined(separator: " ").split(separator: " ") {
            sentence += sentence.isEmpty ? word : " " + word
            if word.hasSuffix(".") { break }
        }
        return sentence
    }
}

/// One command: its help text and options.
struct CommandSpec {
    var name: String
    /// One line for the list of subcommands.
    var abstract: String
    /// The OVERVIEW paragraph.
    var overview: [String]
    /// The USAGE lines.
    var usage: [String]
    /// The ARGUMENTS section: a name and its help lines.
    var arguments: [(name: String, help: [String])] = []
    var options: [OptionSpec] = []
    /// Text after the options (notes, examples), without a final newline; empty for none.
    var footer: String = ""
    /// Whether the options every command takes (`--json`, `--declarations`, ...) apply.
    var takesGlobalOptions = true
    /// What the operands are, for completion.
    var operandKind: ValueKind = .file
}

enum CommandTable {
    /// The options every command takes (but `completions`).
    static let global: [OptionSpec] = [
        OptionSpec(names: ["--json"], help: ["Print one JSON array."]),
        OptionSpec(names: ["--ndjson"], help: ["Print one JSON object a line, as results come."]),
        OptionSpec(
            names: ["--declarations"],
            value: "<file>",
            help: [
                "Load type declarations (Info.plist XML or binary, or JSON);",
                "repeatable.",
            ],
            kind: .file,
            repeatable: true
        ),
        OptionSpec(
            names: ["--no-system-mime-database"],
            help: ["Ignore the system's shared-mime-info database."]
        ),
        help,
    ]

    static let help = OptionSpec(names: ["-h", "--help"], help: ["Show help."])
    static let version = OptionSpec(names: ["--version"], help: ["Show the version."])

    /// Options of the batch commands (`classify`, `accepts`): where paths come from.
    static let batch: [OptionSpec] = [
        OptionSpec(
            names: ["-r", "--recursive"],
            help: ["Classify the files in folders, and in their subfolders."]
        ),
        OptionSpec(
            names: ["--files-from"],
            value: "<file>",
            help: ["Read paths from a file, one a line ('-': standard input)."],
            kind: .file
        ),
        OptionSpec(names: ["-0", "--null"], help: ["The list is NUL-separated."]),
        OptionSpec(
            names: ["-j", "--jobs"],
            value: "<n>",
            help: [
                "How many files to classify at once (default: the number of",
                "processors). Results keep the input order.",
            ],
            kind: .text
        ),
        OptionSpec(
            names: ["--unordered"],
            help: ["Print each result as soon as it is ready, in any order."]
        ),
        OptionSpec(
            names: ["--no-follow"],
            help: [
                "Report a symbolic link as public.symlink instead of",
                "classifying what it points at.",
            ]
        ),
    ]

    static let standardInputName = OptionSpec(
        names: ["--name"],
        value: "<name>",
        help: [
            "With '-': the name standard input's content goes by; its",
            "extension breaks ties as a path's name does.",
        ],
        kind: .text
    )

    static let brief = OptionSpec(
        names: ["-b", "--brief"],
        help: ["Do not prefix each line with the path (text output)."]
    )
    static let print0 = OptionSpec(
        names: ["--print0"],
        help: [
            "End each path with a NUL instead of quoting it, as file -0",
            "does: 'path\\0: answer' (text output).",
        ]
    )

    static let allowedHelp = [
        "Allowed types: identifiers (public.movie), classic names",
        "(kUTTypeMovie), MIME types (video/mp4), patterns (video/*,",
        "*/*), extensions (.pdf), or an HTML accept string",
        "('image/*,.pdf'). Repeatable.",
    ]

    static let allowUnknown = OptionSpec(
        names: ["--allow-unknown"],
        help: [
            "Keep --allow entries that nothing declares (a MIME type or",
            "extension unknown here); without it they are refused as typos.",
        ]
    )

    /// `accepts`' limits on the media properties and the file size.
    static let limitOptions: [OptionSpec] = [
        OptionSpec(
            names: ["--max-duration"],
            value: "<duration>",
            help: [
                "Reject media longer than this: seconds (30, 30s), minutes (2m,",
                "1.5m) or hours (1h).",
            ],
            kind: .text
        ),
        OptionSpec(
            names: ["--max-pixels"],
            value: "<n>",
            help: ["Reject pictures with more pixels than this (12000000, 12M, 8.3MP)."],
            kind: .text
        ),
        OptionSpec(
            names: ["--max-width"],
            value: "<px>",
            help: ["Reject pictures wider than this, as shown (after a rotation)."],
            kind: .text
        ),
        OptionSpec(
            names: ["--max-height"],
            value: "<px>",
            help: ["Reject pictures taller than this, as shown (after a rotation)."],
            kind: .text
        ),
        OptionSpec(
            names: ["--max-size"],
            value: "<size>",
            help: [
                "Reject files larger than this: bytes (123), powers of 1000",
                "(10KB, 10MB, 1GB) or of 1024 (5KiB, 5MiB, 1GiB).",
            ],
            kind: .text
        ),
    ]

    static let acceptsFooter = """
        An --allow MIME type may list codecs (RFC 6381): 'video/mp4; codecs="avc1, mp4a.40.2"'
        takes an MP4 whose every track's codec one of them takes ('avc1' takes avc1.64001F).
        A limit or codec the file does not state rejects it; the reason, and JSON's
        violations, say which property failed and its value.
        Exit 0 only when every path is accepted.
        """

    static let classifyFooter = """
        EXAMPLES:
          mediatype classify clip.mp4
          mediatype classify --json Fixtures/*
          mediatype classify -b --mime-type photo.jpg
          curl -s https://example.com/f | mediatype classify --name f.yaml -
        """

    static let importFooter = """
        A name that exists gets a suffix ('clip 2.mov'); an extension that lies about the
        content is corrected ('clip.jpg' holding a movie lands as 'clip.mov'). A journal in the
        library lets a run interrupted at any moment be finished by the next one.
        Exit 0 when all were imported (or already there), 1 when some were rejected, 2 on errors.
        """

    static let completionsFooter = """
        EXAMPLES:
          source <(mediatype completions bash)
          mediatype completions zsh > ~/.zsh/completions/_mediatype
          mediatype completions fish > ~/.config/fish/completions/mediatype.fish
        """

    /// Every command, in the order the help lists them.
    ///
    /// Each is built when first asked for: a run of one command builds that one alone (all
    /// of them, with their help texts, were a tenth of a one-file run's instructions).
    static var commands: [CommandSpec] {
        [
            classifyCommand, acceptsCommand, infoCommand, conformsCommand, typesCommand,
            treeCommand, importCommand, completionsCommand,
        ]
    }

    static let classifyCommand = CommandSpec(
        name: "classify",
        abstract: "Classify files by their content.",
        overview: ["Classify files by their content."],
        usage: [
            "mediatype classify [--json|--ndjson] [-b] [--mime-type] [--print0] [--all] [-r]",
            "                   [--files-from <file>] [-0] [--jobs <n>] [--no-follow]",
            "                   [--serve-safety] [--properties] <path> ...",
            "mediatype classify [options] [--name <name>] -",
        ],
        arguments: [
            (
                "<path>",
                [
                    "Files to classify. '-' alone: standard input (a pipe is read",
                    "up to 64 KiB, and a longer stream is judged on that prefix).",
                    "Use -- before a path that starts with -.",
                ]
            )
        ],
        options: batch + [
            standardInputName,
            brief,
            OptionSpec(
                names: ["--mime-type"],
                help: [
                    "Print the MIME type only, without parameters, as file",
                    "--mime-type does (text output).",
                ]
            ),
            print0,
            OptionSpec(
                names: ["--serve-safety"],
                help: [
                    "Look for what a browser or another parser could read as",
                    "something else: data after an image's or PDF's end, HTML in",
                    "an image, script in SVG (JSON: serveSafety).",
                ]
            ),
            OptionSpec(
                names: ["--all"],
                help: [
                    "List every source's answer (structure, signatures, text,",
                    "libmagic, name) with its priority and confidence, as file -k.",
                ]
            ),
            OptionSpec(
                names: ["--properties"],
                help: [
                    "Read the media properties from the headers: dimensions,",
                    "rotation, codecs, frame rate, audio, duration ('1920x1080",
                    "avc1.64001F 29.97 fps 12.4 s'; JSON: media).",
                ]
            ),
        ],
        footer: classifyFooter
    )

    static let acceptsCommand = CommandSpec(
        name: "accepts",
        abstract: "Decide whether an allowed set takes files.",
        overview: ["Decide whether an allowed set of types takes each file, and say why."],
        usage: [
            "mediatype accepts --allow <list> [--allow-unknown]",
            "                  [--policy content|extension|both] [--declared-type <mime>]",
            "                  [--strict] [--max-duration <duration>] [--max-pixels <n>]",
            "                  [--max-width <px>] [--max-height <px>] [--max-size <size>]",
            "                  [--json|--ndjson] [-b] [--print0] <path> ...",
            "mediatype accepts --allow <list> [options] [--name <name>] -",
        ],
        arguments: [
            (
                "<path>",
                [
                    "Files to judge. '-' alone: standard input, as for classify.",
                    "Use -- before a path that starts with -.",
                ]
            )
        ],
        options: [
            OptionSpec(
                names: ["--allow"],
                value: "<list>",
                help: allowedHelp,
                kind: .text,
                repeatable: true
            ),
            allowUnknown,
            OptionSpec(
                names: ["--policy"],
                value: "<policy>",
                help: [
                    "content (default): by what the bytes are; extension: by the",
                    "name alone; both: the content must be allowed and the name",
                    "must agree with it.",
                ],
                kind: .choices(["content", "extension", "both"])
            ),
            OptionSpec(
                names: ["--declared-type"],
                value: "<mime>",
                help: [
                    "The MIME type the client declared (an upload's Content-Type):",
                    "compared with the name and the bytes; the reason names what",
                    "disagrees. Under --policy both a declared type that",
                    "disagrees with the content rejects; otherwise it is reported.",
                ],
                kind: .text
            ),
            OptionSpec(
                names: ["--strict"],
                help: [
                    "Reject a file that is not safe to serve, as classify",
                    "--serve-safety finds: a polyglot, appended data, HTML in an",
                    "image, script in SVG.",
                ]
            ),
        ] + limitOptions + batch + [standardInputName, brief, print0],
        footer: acceptsFooter
    )

    static let infoCommand = CommandSpec(
        name: "info",
        abstract: "Show a type's identifier, parents, supertypes and tags.",
        overview: ["Show a type: identifier, parents, supertypes, tags, description, source."],
        usage: ["mediatype info [--json|--ndjson] <type> ..."],
        arguments: [
            (
                "<type>",
                [
                    "An identifier (public.mpeg-4), .ext, a MIME type, or a",
                    "classic name (kUTTypeMovie).",
                ]
            )
        ],
        operandKind: .text
    )

    static let conformsCommand = CommandSpec(
        name: "conforms",
        abstract: "Ask whether one type conforms to another.",
        overview: ["Ask whether a type conforms to another; exit 0 yes, 1 no."],
        usage: ["mediatype conforms [--json|--ndjson] <type> <supertype>"],
        operandKind: .text
    )

    static let typesCommand = CommandSpec(
        name: "types",
        abstract: "List the declared types.",
        overview: ["List the declared types."],
        usage: ["mediatype types [--json|--ndjson] [--conforming-to <type>]"],
        options: [
            OptionSpec(
                names: ["--conforming-to"],
                value: "<type>",
                help: ["Only the types that conform to this one."],
                kind: .text
            )
        ],
        operandKind: .none
    )

    static let treeCommand = CommandSpec(
        name: "tree",
        abstract: "Draw the type hierarchy below a type.",
        overview: [
            "Draw the hierarchy below a type (all roots when none is given). A type with",
            "several parents shows under each, marked.",
        ],
        usage: ["mediatype tree [--json|--ndjson] [<type>]"],
        footer: "With --json or --ndjson, one object a drawn line, in drawing order.",
        operandKind: .text
    )

    static let importCommand = CommandSpec(
        name: "import",
        abstract: "Move files into a media library, checked by content.",
        overview: [
            "Move files into a media library folder, only when their content is an",
            "allowed type; the source is removed only once the library's copy is safe.",
        ],
        usage: [
            "mediatype import --into <dir> [--allow <list>] [--allow-unknown]",
            "                 [--layout flat|by-family] [--dry-run] [--json|--ndjson]",
            "                 <path> ...",
        ],
        options: [
            OptionSpec(
                names: ["--into"],
                value: "<dir>",
                help: ["The library folder (made if missing)."],
                kind: .directory
            ),
            OptionSpec(
                names: ["--allow"],
                value: "<list>",
                help: ["Allowed types, as for 'accepts'; images and movies by default."],
                kind: .text,
                repeatable: true
            ),
            allowUnknown,
            OptionSpec(
                names: ["--layout"],
                value: "<layout>",
                help: ["flat (default) or by-family (Images/, Movies/, Audio/, Other/)."],
                kind: .choices(["flat", "by-family"])
            ),
            OptionSpec(names: ["--dry-run"], help: ["Say what would happen; move nothing."]),
        ],
        footer: importFooter
    )

    static let completionsCommand = CommandSpec(
        name: "completions",
        abstract: "Print a shell completion script (bash, zsh or fish).",
        overview: [
            "Print a completion script for a shell, made from the same table of commands",
            "and options as this help.",
        ],
        usage: ["mediatype completions bash|zsh|fish"],
        arguments: [("<shell>", ["bash, zsh or fish."])],
        options: [help],
        footer: completionsFooter,
        takesGlobalOptions: false,
        operandKind: .choices(["bash", "zsh", "fish"])
    )

    /// The command named `name`, or nil.
    static func command(_ name: String) -> CommandSpec? {
        switch name {
        case "classify": classifyCommand
        case "accepts": acceptsCommand
        case "info": infoCommand
        case "conforms": conformsCommand
        case "types": typesCommand
        case "tree": treeCommand
        case "import": importCommand
        case "completions": completionsCommand
        default: nil
        }
    }

    /// Every option a command takes: its own, then the global ones when they apply.
    static func options(of command: CommandSpec) -> [OptionSpec] {
        command.takesGlobalOptions ? command.options + global : command.options
    }

    /// The option of a command spelled `spelling`, or nil.
    static func option(_ spelling: String, of command: CommandSpec) -> OptionSpec? {
        options(of: command).first { $0.names.contains(spelling) }
    }
}
