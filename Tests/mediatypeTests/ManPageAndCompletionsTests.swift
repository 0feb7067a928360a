import Foundation
import TestSupport
import Testing

/// A program found on `PATH`, or nil.
private func program(_ name: String) -> String? { programOnPath(name) }

/// Runs a program with its standard output and error collected.
private func run(
    _ program: String,
    _ arguments: [String],
    in folder: URL? = nil
) throws -> CLIResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    return try collect(process)
}

/// The commands the real binary's `--help` lists, and every option each command's
/// `--help` lists (the top level's under the name "").
private func helpOptions() throws -> [String: Set<String>] {
    let top = try runMediatype(["--help"]).stdout
    let commands = top.components(separatedBy: "SUBCOMMANDS:\n")[1]
        .components(separatedBy: "\n\n")[0]
        .split(separator: "\n")
        .compactMap { $0.split(separator: " ").first.map(String.init) }
    var result: [String: Set<String>] = ["": options(inHelp: top)]
    for command in commands {
        let help = try runMediatype([command, "--help"])
        #expect(help.status == 0, "\(command)")
        result[command] = options(inHelp: help.stdout)
    }
    return result
}

/// The option spellings at the start of help lines (`  -r, --recursive   ...`).
private func options(inHelp help: String) -> Set<String> {
    var found: Set<String> = []
    for line in help.split(separator: "\n") where line.hasPrefix("  -") {
        let label = line.dropFirst(2).components(separatedBy: "  ")[0]
        for part in label.split(separator: ",") {
            let word = part.trimmingCharacters(in: .whitespaces).split(separator: " ")[0]
            if word.hasPrefix("-") { found.insert(String(word)) }
        }
    }
    return found
}

@Suite struct ManPageTests {
    private let manPage = packageRoot.appendingPathComponent("docs/mediatype.1")

    @Test func theManPageMentionsEveryCommandAndOptionOfTheHelp() throws {
        // `\-` is how mdoc writes a hyphen; compare the words as they render.
        let source = try String(contentsOf: manPage, encoding: .utf8)
            .replacingOccurrences(of: "\\-", with: "-")
        let words = Set(source.split(whereSeparator: { " \n".contains($0) }).map(String.init))
        let lines = source.split(separator: "\n").map(String.init)
        let all = try helpOptions()
        #expect(all.count > 8, "\(all.keys)")
        for (command, options) in all {
            if !command.isEmpty {
                #expect(lines.contains { $0.hasPrefix(".It Cm \(command)") }, "\(command)")
            }
            #expect(!options.isEmpty, "\(command)")
            for option in options {
                // `.Fl json` renders as `-json`, `.Fl -json` as `--json`.
                let flag = String(option.dropFirst())
                let mentioned = lines.contains { line in
                    let parts = line.split(separator: " ").map(String.init)
                    return zip(parts, parts.dropFirst()).contains { $0 == "Fl" && $1 == flag }
                }
                #expect(mentioned, "\(command): \(option) is not in docs/mediatype.1")
            }
        }
        for status in ["0", "1", "2", "64"] {
            #expect(words.contains(status) && source.contains(".It \(status)\n"), "\(status)")
        }
    }

    @Test(.enabled(if: program("mandoc") != nil, "mandoc is not installed"))
    func mandocRendersItWithoutWarnings() throws {
        let mandoc = try #require(program("mandoc"))
        let lint = try run(mandoc, ["-T", "lint", "-W", "warning", manPage.path])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.isEmpty && lint.stderr.isEmpty, "\(lint.stdout)\(lint.stderr)")
        let rendered = try run(mandoc, ["-T", "ascii", manPage.path])
        #expect(rendered.status == 0)
        #expect(rendered.stdout.contains("MEDIATYPE(1)"))
    }

    @Test(.enabled(if: program("groff") != nil, "groff is not installed"))
    func groffRendersItWithoutWarnings() throws {
        let groff = try #require(program("groff"))
        let result = try run(groff, ["-mdoc", "-ww", "-z", manPage.path])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }
}

@Suite struct CompletionsTests {
    /// Writes `mediatype completions <shell>` to a file and returns its path.
    private func script(_ shell: String, in folder: String) throws -> String {
        let result = try runMediatype(["completions", shell])
        #expect(result.status == 0, "\(result.stderr)")
        let path = "\(folder)/mediatype.\(shell)"
        try Data(result.stdout.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func anUnknownShellIsABadCommandLine() throws {
        for arguments in [["completions"], ["completions", "tcsh"], ["completions", "bash", "x"]] {
            let result = try runMediatype(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func everyScriptOffersEveryOptionOfTheHelp() throws {
        let all = try helpOptions()
        let bash = try runMediatype(["completions", "bash"]).stdout
        let zsh = try runMediatype(["completions", "zsh"]).stdout
        let fish = try runMediatype(["completions", "fish"]).stdout
        for (command, options) in all where !command.isEmpty {
            // bash: the command's list of options is exactly the help's.
            let prefix = "    \(command)) options='"
            let line = try #require(bash.split(separator: "\n").first { $0.hasPrefix(prefix) })
            let offered = line.dropFirst(prefix.count).prefix { $0 != "'" }.split(separator: " ")
            #expect(Set(offered.map(String.init)) == options, "bash, \(command)")
            #expect(zsh.contains("    \(command))\n"), "zsh, \(command)")
            #expect(fish.contains("__fish_seen_subcommand_from \(command)\""), "fish, \(command)")
            for option in options {
                let long = option.hasPrefix("--")
                let name = long ? String(option.dropFirst(2)) : String(option.dropFirst())
                #expect(fish.contains(long ? "-l \(name)" : "-s \(name)"), "fish, \(option)")
                #expect(zsh.contains(option), "zsh, \(option)")
            }
        }
    }

    /// What the bash completion function offers for a command line (the last word is the
    /// one being completed).
    private func bashCompletions(_ words: [String], script: String) throws -> [String] {
        let bash = try #require(program("bash"))
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let command = """
            source '\(script)' || exit 3
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _mediatype; printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try run(bash, ["--norc", "-c", command], in: packageRoot)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test(.enabled(if: program("bash") != nil, "bash is not installed"))
    func bashLoadsAndCompletesCommandsOptionsAndValues() throws {
        let folder = try makeTemporaryFolder(prefix: "mediatype-completions")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try script("bash", in: folder)
        let syntax = try run(try #require(program("bash")), ["-n", path])
        #expect(syntax.status == 0, "\(syntax.stderr)")
        let commands = try bashCompletions(["mediatype", ""], script: path)
        for command in ["classify", "accepts", "info", "import", "completions", "--version"] {
            #expect(commands.contains(command), "\(commands)")
        }
        #expect(try bashCompletions(["mediatype", "cl"], script: path) == ["classify"])
        let options = try bashCompletions(["mediatype", "accepts", "--"], script: path)
        for option in ["--allow", "--allow-unknown", "--policy", "--print0", "--json"] {
            #expect(options.contains(option), "\(options)")
        }
        #expect(!options.contains("--mime-type"), "classify's option is not offered to accepts")
        let policies = try bashCompletions(["mediatype", "accepts", "--policy", ""], script: path)
        #expect(policies == ["content", "extension", "both"])
        let files = try bashCompletions(
            ["mediatype", "classify", "Fixtures/image.p"],
            script: path
        )
        #expect(files.contains("Fixtures/image.png"), "\(files)")
        let shells = try bashCompletions(["mediatype", "completions", ""], script: path)
        #expect(shells == ["bash", "zsh", "fish"])
    }

    @Test(.enabled(if: program("zsh") != nil, "zsh is not installed"))
    func zshLoadsTheScriptAndRegistersTheFunction() throws {
        let folder = try makeTemporaryFolder(prefix: "mediatype-completions")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try script("zsh", in: folder)
        let zsh = try #require(program("zsh"))
        let result = try run(
            zsh,
            [
                "-f", "-c",
                "autoload -U compinit; compinit -u -d \(folder)/zcompdump; source \(path)"
                    + " && print -r -- $_comps[mediatype]",
            ]
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout == "_mediatype\n")
    }

    @Test(.enabled(if: program("fish") != nil, "fish is not installed"))
    func fishLoadsAndCompletesCommandsOptionsAndValues() throws {
        let folder = try makeTemporaryFolder(prefix: "mediatype-completions")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try script("fish", in: folder)
        let fish = try #require(program("fish"))
        func complete(_ line: String) throws -> [String] {
            let result = try run(
                fish,
                ["--no-config", "-c", "source \(path); and complete -C '\(line)'"],
                in: packageRoot
            )
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map {
                String($0.split(separator: "\t", omittingEmptySubsequences: false)[0])
            }
        }
        #expect(try complete("mediatype acc") == ["accepts"])
        #expect(try complete("mediatype accepts --pol") == ["--policy"])
        #expect(
            Set(try complete("mediatype accepts --policy ")) == ["content", "extension", "both"]
        )
        #expect(try complete("mediatype classify --mime-t") == ["--mime-type"])
        #expect(try complete("mediatype classify Fixtures/image.p").contains("Fixtures/image.png"))
    }
}
