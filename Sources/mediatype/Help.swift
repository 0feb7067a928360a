/// The help texts, in swift-argument-parser's layout.
enum Help {
    static let global = """
        OPTIONS (every command):
          --json                  Print one JSON array.
          --ndjson                Print one JSON object a line, as results come.
          --declarations FILE     Load type declarations (Info.plist XML or binary, or JSON);
                                  repeatable.
          --no-system-mime-database
                                  Ignore the system's shared-mime-info database.
          -h, --help              Show help.

        EXIT STATUS:
          0 yes / ok, 1 no (rejected, does not conform, unknown type), 2 a path could not be
          read (wins over 1), 64 bad command line.

        """

    static let overview = """
        OVERVIEW: Tell what a file is, by its content, as a Uniform Type Identifier, and whether
        an allowed set of types takes it.

        USAGE: mediatype <subcommand> [options] ...

        SUBCOMMANDS:
          classify                Classify files by their content.
          accepts                 Decide whether an allowed set takes files.
          info                    Show a type's identifier, parents, supertypes and tags.
          conforms                Ask whether one type conforms to another.
          types                   List the declared types.
          tree                    Draw the type hierarchy below a type.

          See 'mediatype <subcommand> --help' for details.

        """

    static let commands: [String: String] = [
        "classify": """
        OVERVIEW: Classify files by their content.

        USAGE: mediatype classify [--json|--ndjson] [--no-follow] <path> ...

        ARGUMENTS:
          <path>                  Files to classify. Use -- before a path that starts with -.

        OPTIONS:
          --no-follow             Report a symbolic link as public.symlink instead of
                                  classifying what it points at.

        EXAMPLES:
          mediatype classify clip.mp4
          mediatype classify --json Fixtures/*

        """,
        "accepts": """
        OVERVIEW: Decide whether an allowed set of types takes each file, and say why.

        USAGE: mediatype accepts --allow <list> [--policy content|extension|both]
                                 [--json|--ndjson] <path> ...

        OPTIONS:
          --allow <list>          Allowed types: identifiers (public.movie), classic names
                                  (kUTTypeMovie), MIME types (video/mp4), patterns (video/*,
                                  */*), extensions (.pdf), or an HTML accept string
                                  ('image/*,.pdf'). Repeatable.
          --policy <policy>       content (default): by what the bytes are; extension: by the
                                  name alone; both: the content must be allowed and the name
                                  must agree with it.

        Exit 0 only when every path is accepted.

        """,
        "info": """
        OVERVIEW: Show a type: identifier, parents, supertypes, tags, description, source.

        USAGE: mediatype info [--json|--ndjson] <type> ...

        ARGUMENTS:
          <type>                  An identifier (public.mpeg-4), .ext, a MIME type, or a
                                  classic name (kUTTypeMovie).

        """,
        "conforms": """
        OVERVIEW: Ask whether a type conforms to another; exit 0 yes, 1 no.

        USAGE: mediatype conforms [--json] <type> <supertype>

        """,
        "types": """
        OVERVIEW: List the declared types.

        USAGE: mediatype types [--json|--ndjson] [--conforming-to <type>]

        """,
        "tree": """
        OVERVIEW: Draw the hierarchy below a type (all roots when none is given). A type with
        several parents shows under each, marked.

        USAGE: mediatype tree [<type>]

        """,
    ]

    static func text(for command: String?) -> String {
        if let command, let text = commands[command] { return text + "\n" + global }
        return overview + global
    }

    static func usage(for command: String?) -> String {
        if let command, let text = commands[command] {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            var usage: [Substring] = []
            for line in lines.drop(while: { !$0.hasPrefix("USAGE:") }) {
                if line.isEmpty { break }
                usage.append(line)
            }
            return usage.joined(separator: "\n") + "\n  See 'mediatype \(command) --help'.\n"
        }
        return "USAGE: mediatype <subcommand> [options] ...\n  See 'mediatype --help'.\n"
    }
}
