/// The help texts, in swift-argument-parser's layout, rendered from ``CommandTable``.
enum Help {
    /// The column where option help starts.
    static let helpColumn = 26

    static let exitStatus = """
        EXIT STATUS:
          0 yes / ok, 1 no (rejected, does not conform), 2 a path could not be read (wins
          over 1), 64 bad command line (an unknown command, option or type name, or an
          allowed type, --allow, that names nothing declared). Errors go to standard error.
        """

    /// The global options and the exit status; with `--version` before `--help` at the top.
    static func global(topLevel: Bool = false) -> String {
        var options = CommandTable.global
        if topLevel { options.insert(CommandTable.version, at: options.count - 1) }
        return "OPTIONS (every command but completions):\n" + render(options) + "\n" + exitStatus
            + "\n"
    }

    static var overview: String {
        var text = """
            OVERVIEW: Tell what a file is, by its content, as a Uniform Type Identifier, and whether
            an allowed set of types takes it.

            USAGE: mediatype <subcommand> [options] ...

            SUBCOMMANDS:

            """
        for command in CommandTable.commands {
            text += entry("  " + command.name, [command.abstract])
        }
        text += "\n  See 'mediatype <subcommand> --help' for details.\n\n"
        return text
    }

    /// The help of one command, without the global options.
    static func commandText(_ command: CommandSpec) -> String {
        var blocks: [String] = []
        blocks.append(
            "OVERVIEW: " + command.overview.joined(separator: "\n") + "\n"
        )
        var usage = ""
        for (index, line) in command.usage.enumerated() {
            usage += (index == 0 ? "USAGE: " : "       ") + line + "\n"
        }
        blocks.append(usage)
        if !command.arguments.isEmpty {
            var text = "ARGUMENTS:\n"
            for argument in command.arguments {
                text += entry("  " + argument.name, argument.help)
            }
            blocks.append(text)
        }
        let own = command.takesGlobalOptions ? command.options : []
        if !own.isEmpty { blocks.append("OPTIONS:\n" + render(own)) }
        if !command.takesGlobalOptions {
            blocks.append("OPTIONS:\n" + render(command.options))
        }
        if !command.footer.isEmpty { blocks.append(command.footer + "\n") }
        return blocks.joined(separator: "\n") + "\n"
    }

    static func text(for command: String?) -> String {
        if let command, let spec = CommandTable.command(command) {
            guard spec.takesGlobalOptions else { return commandText(spec) }
            return commandText(spec) + global()
        }
        return overview + global(topLevel: true)
    }

    static func usage(for command: String?) -> String {
        if let command, let spec = CommandTable.command(command) {
            let lines = spec.usage.enumerated().map { index, line in
                (index == 0 ? "USAGE: " : "       ") + line
            }
            return lines.joined(separator: "\n") + "\n  See 'mediatype \(command) --help'.\n"
        }
        return "USAGE: mediatype <subcommand> [options] ...\n  See 'mediatype --help'.\n"
    }

    /// Options as help lines: spellings and value, then the help at ``helpColumn``.
    static func render(_ options: [OptionSpec]) -> String {
        options.map { option in
            var label = "  " + option.names.joined(separator: ", ")
            if let value = option.value { label += " " + value }
            return entry(label, option.help)
        }.joined()
    }

    /// A label and its help lines; the help starts on the next line when the label is long.
    static func entry(_ label: String, _ help: [String]) -> String {
        let indent = String(repeating: " ", count: helpColumn)
        var lines: [String] = []
        if label.count <= helpColumn - 2 {
            let padding = String(repeating: " ", count: helpColumn - label.count)
            lines.append(label + padding + (help.first ?? ""))
            lines += help.dropFirst().map { indent + $0 }
        } else {
            lines.append(label)
            lines += help.map { indent + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
